import FSMCore
/// `fsmc import` in the compiler core: an SCXML chart to the text of a spec, checked as any spec.
public struct SCXMLImport: Sendable {
    /// The spec, when the chart imports and the spec compiles without errors.
    public var text: String?
    /// What the import found in the chart, located in the chart.
    public var chartDiagnostics: [Diagnostic]
    /// What compiling the spec found (for example a loop of eventless transitions), located in
    /// the spec text.
    public var specDiagnostics: [Diagnostic]
    /// The spec that was not given as ``text`` because it has errors, for showing them.
    public var rejectedText: String?
    /// The name of the fsmc state each SCXML state id became: the id made an identifier, and a
    /// `_` after a name the language reserves (`door.open` → `doorOpen`, `initial` →
    /// `initial_`; docs/SCXML.md). What a tool that runs the chart beside its spec reads the
    /// chart's configurations through. Empty when the chart does not import.
    public var stateNames: [String: String]
    /// The name of the fsmc event each SCXML event name became, mapped as ``stateNames``.
    public var eventNames: [String: String]

    /// Turns every warning into an error, and withholds the spec if there was any.
    public mutating func treatWarningsAsErrors() {
        for index in chartDiagnostics.indices where chartDiagnostics[index].severity == .warning {
            chartDiagnostics[index].severity = .error
        }
        for index in specDiagnostics.indices where specDiagnostics[index].severity == .warning {
            specDiagnostics[index].severity = .error
        }
        if (chartDiagnostics + specDiagnostics).contains(where: { $0.severity == .error }), let text {
            rejectedText = text
            self.text = nil
        }
    }

    /// Imports a chart.
    ///
    /// - Parameters:
    ///   - fallbackName: the machine's name when `<scxml>` has no `name`.
    ///   - chartName: the chart's file name, for the spec's first comment line.
    public static func run(_ source: SourceText, fallbackName: String, chartName: String) -> SCXMLImport {
        let (model, chartDiagnostics, stateNames, eventNames) = SCXMLImporter.importChart(source, fallbackName: fallbackName)
        guard let model else {
            return SCXMLImport(text: nil, chartDiagnostics: chartDiagnostics, specDiagnostics: [], rejectedText: nil, stateNames: [:], eventNames: [:])
        }
        let text = SpecText.spec(model, header: ["Imported by fsmc from \(chartName); docs/SCXML.md describes the mapping."])
        let compilation = Compiler.compile(SourceText(text))
        return SCXMLImport(
            text: compilation.hasErrors ? nil : text, chartDiagnostics: chartDiagnostics, specDiagnostics: compilation.diagnostics,
            rejectedText: compilation.hasErrors ? text : nil, stateNames: stateNames, eventNames: eventNames)
    }
}
