import FSMCompiler

/// A spec the client has open: its text as the client last sent it, compiled.
struct OpenDocument {
    var uri: String
    var version: Int?
    var source: SourceText
    var compilation: Compilation
    var index: SymbolIndex

    init(uri: String, version: Int?, text: String) {
        self.uri = uri
        self.version = version
        source = SourceText(text)
        compilation = Compiler.compile(source)
        // The compiler stops before parsing only on invalid UTF-8, which a JSON string cannot
        // hold; parse anyway so that every document has an index.
        index = SymbolIndex(compilation.syntax ?? Parser.parse(source).syntax)
    }

    /// The text after applying an edit: a range replaced with new text, or the whole text
    /// replaced when the range is `nil`.
    func text(replacing range: EditorRange?, with newText: String) -> String {
        guard let range else { return newText }
        let start = source.offset(of: range.start)
        let end = max(start, source.offset(of: range.end))
        let bytes = source.bytes[..<start] + Array(newText.utf8) + source.bytes[end...]
        return String(decoding: bytes, as: UTF8.self)
    }
}
