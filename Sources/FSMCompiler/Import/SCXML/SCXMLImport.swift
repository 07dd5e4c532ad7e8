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
    /// The specs of the child machines the chart's `<invoke>`s hold inline (grandchildren
    /// included, in document order), each compiled beside the others; given when ``text`` is.
    public var children: [Child] = []

    /// A child machine's spec: a chart inside an `<invoke>`'s `<content>`.
    public struct Child: Sendable, Equatable {
        /// The machine's name, which the parent's `invoke Name as id` names it by, and the
        /// name of its file beside the parent's (`SignIn.fsm`).
        public var name: String
        public var text: String
        /// What compiling the spec found, located in ``text``.
        public var diagnostics: [Diagnostic]
    }

    /// Turns every warning into an error, and withholds the spec if there was any.
    public mutating func treatWarningsAsErrors() {
        for index in chartDiagnostics.indices where chartDiagnostics[index].severity == .warning {
            chartDiagnostics[index].severity = .error
        }
        for index in specDiagnostics.indices where specDiagnostics[index].severity == .warning {
            specDiagnostics[index].severity = .error
        }
        for child in children.indices {
            for index in children[child].diagnostics.indices where children[child].diagnostics[index].severity == .warning {
                children[child].diagnostics[index].severity = .error
            }
        }
        let childErrors = children.contains { $0.diagnostics.contains { $0.severity == .error } }
        if childErrors || (chartDiagnostics + specDiagnostics).contains(where: { $0.severity == .error }), let text {
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
        let imported = SCXMLImporter.importChartWithChildren(source, fallbackName: fallbackName)
        guard let model = imported.model else {
            return SCXMLImport(text: nil, chartDiagnostics: imported.diagnostics, specDiagnostics: [], rejectedText: nil, stateNames: [:], eventNames: [:])
        }
        let header = ["Imported by fsmc from \(chartName); docs/SCXML.md describes the mapping."]
        let childTexts = imported.children.map { (name: $0.name, text: SpecText.spec($0, header: header)) }
        // Each spec is compiled with the others as its target's machines, as the plugin
        // builds them together.
        let children = childTexts.map { child in
            let siblings = childTexts.filter { $0.name != child.name }.map { SourceText($0.text) }
            let compilation = Compiler.compile(SourceText(child.text), machines: MachineCatalog(specs: siblings))
            return Child(name: child.name, text: child.text, diagnostics: compilation.diagnostics)
        }
        let text = SpecText.spec(model, header: header)
        let compilation = Compiler.compile(SourceText(text), machines: MachineCatalog(specs: childTexts.map { SourceText($0.text) }))
        let hasErrors = compilation.hasErrors || children.contains { $0.diagnostics.contains { $0.severity == .error } }
        return SCXMLImport(
            text: hasErrors ? nil : text, chartDiagnostics: imported.diagnostics, specDiagnostics: compilation.diagnostics,
            rejectedText: hasErrors ? text : nil, stateNames: imported.stateNames, eventNames: imported.eventNames, children: children)
    }
}
