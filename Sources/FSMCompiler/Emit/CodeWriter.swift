/// Builds indented source text line by line; shared by every text emitter.
struct CodeWriter {
    private(set) var text = ""
    private var indentation = 0
    private let indentUnit: String

    init(indentUnit: String = "    ") {
        self.indentUnit = indentUnit
    }

    /// Appends one line at the current indentation; an empty string gives an empty line.
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            for _ in 0..<indentation { text += indentUnit }
            text += content
        }
        text += "\n"
    }

    /// Appends the lines written by `body`, one level deeper.
    mutating func indented(_ body: (inout CodeWriter) -> Void) {
        indentation += 1
        body(&self)
        indentation -= 1
    }

    /// `opening {`, the body one level deeper, then `}` (or `closing`).
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(opening + " {")
        indented(body)
        line(closing)
    }

    /// A closure or other construct whose opening line already ends in `{ … in`.
    mutating func closure(_ opening: String, closing: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(opening)
        indented(body)
        line(closing)
    }

    /// A function declaration and its body; the parameters go one per line when the
    /// signature would be longer than `maximumLineLength`.
    mutating func function(_ name: String, parameters: [String], returns: String = "", _ body: (inout CodeWriter) -> Void) {
        let indentWidth = indentation * indentUnit.count
        let oneLine = "\(name)(\(parameters.joined(separator: ", ")))\(returns)"
        guard indentWidth + oneLine.count + 2 > Self.maximumLineLength, !parameters.isEmpty else {
            block(oneLine, body)
            return
        }
        line("\(name)(")
        indented { writer in
            for (index, parameter) in parameters.enumerated() {
                writer.line(parameter + (index < parameters.count - 1 ? "," : ""))
            }
        }
        line(")\(returns) {")
        indented(body)
        line("}")
    }

    /// Lines longer than this get wrapped where the writer knows how.
    static let maximumLineLength = 100

    /// A `///` doc comment, one line per line of `documentation`.
    mutating func documentation(_ documentation: String?) {
        guard let documentation else { return }
        for docLine in documentation.split(separator: "\n", omittingEmptySubsequences: false) {
            line(docLine.isEmpty ? "///" : "/// " + docLine)
        }
    }

    /// Removes a trailing empty line, so that the last member of a block needs no care.
    mutating func trimTrailingBlankLine() {
        if text.hasSuffix("\n\n") { text.removeLast() }
    }
}
