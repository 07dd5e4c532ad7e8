/// `fsmc import` in the compiler core: an SCXML chart to the text of a spec, checked as any spec.
public struct SCXMLImport: Sendable {
    /// The spec, when the chart imports and the spec compiles without errors.
    public var text: String?
    /// What the import found in the chart, located in the chart.
    public var chartDiagnostics: [Diagnostic]
    /// What compiling the spec found (for example a loop of eventless transitions), located in
    /// the spec text.
    public var specDiagnostics: [Diagnostic]

    /// Imports a chart.
    ///
    /// - Parameters:
    ///   - fallbackName: the machine's name when `<scxml>` has no `name`.
    ///   - chartName: the chart's file name, for the spec's first comment line.
    public static func run(_ source: SourceText, fallbackName: String, chartName: String) -> SCXMLImport {
        let (model, chartDiagnostics) = SCXMLImporter.importChart(source, fallbackName: fallbackName)
        guard let model else { return SCXMLImport(text: nil, chartDiagnostics: chartDiagnostics, specDiagnostics: []) }
        let text = SpecText.spec(model, header: ["Imported by fsmc from \(chartName); docs/SCXML.md describes the mapping."])
        let compilation = Compiler.compile(SourceText(text))
        return SCXMLImport(text: compilation.hasErrors ? nil : text, chartDiagnostics: chartDiagnostics, specDiagnostics: compilation.diagnostics)
    }
}
