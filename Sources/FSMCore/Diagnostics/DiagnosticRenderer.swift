/// Renders diagnostics as `path:line:column: severity: message` lines, the format compilers,
/// editors and build systems understand.
public struct DiagnosticRenderer: Sendable {
    /// The path printed in front of each location.
    public var path: String
    /// The source text, used to show the offending line with a caret under it.
    public var source: SourceText?

    /// - Parameters:
    ///   - path: the file's path as the user should see it.
    ///   - source: pass the source to print the line and a caret under each diagnostic
    ///     (for terminals); `nil` prints the location lines only (for build logs and tests).
    public init(path: String, source: SourceText? = nil) {
        self.path = path
        self.source = source
    }

    /// One diagnostic, with its notes, as text ending in a newline.
    public func render(_ diagnostic: Diagnostic) -> String {
        var text = line(diagnostic.severity, diagnostic.message, diagnostic.range)
        if let suggestion = diagnostic.suggestion, source != nil, suggestion.range.start.line == diagnostic.range.start.line {
            let sourceLine = source?.line(suggestion.range.start.line) ?? ""
            text += caretIndent(sourceLine, column: suggestion.range.start.column) + suggestion.replacement + "\n"
        }
        for note in diagnostic.notes {
            text += line(.note, note.message, note.range)
        }
        return text
    }

    /// All diagnostics, in the given order.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }

    private func line(_ severity: Diagnostic.Severity, _ message: String, _ range: SourceRange) -> String {
        var text = "\(path):\(range.start.line):\(range.start.column): \(severity.rawValue): \(message)\n"
        if let source, let sourceLine = source.line(range.start.line) {
            text += sourceLine + "\n"
            let width = range.end.line == range.start.line
                ? max(1, characterCount(sourceLine, from: range.start.column, to: range.end.column)) : 1
            text += caretIndent(sourceLine, column: range.start.column) + "^" + String(repeating: "~", count: width - 1) + "\n"
        }
        return text
    }

    /// How many characters (Unicode scalars) of `line` lie between two 1-based byte columns,
    /// so that a `~` underline is as wide as non-ASCII text.
    private func characterCount(_ line: String, from start: Int, to end: Int) -> Int {
        var count = 0
        var bytes = 0
        for character in line.unicodeScalars {
            if bytes >= end - 1 { break }
            if bytes >= start - 1 { count += 1 }
            bytes += UTF8.width(character)
        }
        return count
    }

    /// White space that lines a caret up under `column` (a 1-based byte column) of `line`,
    /// keeping tabs so that terminals expand them alike.
    private func caretIndent(_ line: String, column: Int) -> String {
        var indent = ""
        var bytes = 0
        for character in line.unicodeScalars {
            if bytes >= column - 1 { break }
            bytes += UTF8.width(character)
            indent += character == "\t" ? "\t" : " "
        }
        return indent
    }
}
