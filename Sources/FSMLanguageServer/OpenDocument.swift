import FSMCompiler

/// A spec the client has open: its text as the client last sent it, compiled against the
/// machines of its target's other specs (``LanguageServer/siblingSpecs(ofDocumentAt:)``).
struct OpenDocument {
    var uri: String
    var version: Int?
    var source: SourceText
    /// The compiler's diagnostics, with a note at each property that holds, sorted by position.
    var diagnostics: [Diagnostic]
    /// The checked model, when the spec has no errors.
    var model: MachineModel?
    var index: SymbolIndex

    init(uri: String, version: Int?, text: String, machines: MachineCatalog = MachineCatalog()) {
        self.init(uri: uri, version: version, source: SourceText(text), machines: machines)
    }

    init(uri: String, version: Int?, source: SourceText, machines: MachineCatalog) {
        self.uri = uri
        self.version = version
        self.source = source
        guard source.bytes.count <= Compiler.maximumSpecSize else {
            // As `fsmc check` refuses such a file: one error, and nothing to navigate.
            let start = source.location(at: 0)
            let megabytes = Double(source.bytes.count) / Double(1 << 20)
            diagnostics = [Diagnostic(
                .error, "the spec is larger than 1 MB, the most fsmc reads in a spec (it is \((megabytes * 10).rounded() / 10) MB)",
                at: SourceRange(start, start))]
            index = SymbolIndex(Parser.parse(SourceText("")).syntax)
            return
        }
        let compilation = Compiler.compile(source, machines: machines)
        diagnostics = compilation.diagnostics
        // A property that fails is an error with its counterexample; one that holds says so
        // where it is written, as information, so the editor shows every property's result.
        if let report = compilation.propertyReport {
            let holding = report.results.filter { $0.verdict == .holds }.map { result in
                Diagnostic(.note, "property holds: proved over \(report.exploredSituations) situations", at: result.property.range)
            }
            diagnostics = (diagnostics + holding).enumerated()
                .sorted { ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset) }.map(\.element)
        }
        model = compilation.model
        // The compiler stops before parsing only on invalid UTF-8, which a JSON string cannot
        // hold; parse anyway so that every document has an index.
        index = SymbolIndex(compilation.syntax ?? Parser.parse(source).syntax)
    }

    /// Whether the document is too large for fsmc to read, as its one diagnostic says.
    var isTooLarge: Bool { source.bytes.count > Compiler.maximumSpecSize }

    /// The text after applying an edit: a range replaced with new text, or the whole text
    /// replaced when the range is `nil`.
    static func text(of source: SourceText, replacing range: EditorRange?, with newText: String) -> SourceText {
        guard let range else { return SourceText(newText) }
        let start = source.offset(of: range.start)
        let end = max(start, source.offset(of: range.end))
        return SourceText(bytes: Array(source.bytes[..<start] + Array(newText.utf8) + source.bytes[end...]))
    }
}
