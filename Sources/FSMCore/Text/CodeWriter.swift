/// Builds indented source text line by line; shared by every text emitter.
///
/// The text grows as UTF-8 bytes, which appending copies in one go; growing a `String` line by
/// line costs several times as much, which shows in specs of 100,000 transitions.
package struct CodeWriter {
    private var bytes: [UInt8] = []
    private let indentUnit: [UInt8]
    /// What starts a line at the current depth: `indentUnit` once per level, kept whole so
    /// that a line copies it in one go.
    private var indentation: [UInt8] = []

    package init(indentUnit: String = "    ") {
        self.indentUnit = Array(indentUnit.utf8)
    }

    /// Makes room for `count` bytes of text, so that a large text does not outgrow (and copy)
    /// its buffer again and again on the way.
    package mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    /// The text written so far.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends one line at the current indentation; an empty string gives an empty line.
    package mutating func line(_ content: String = "") {
        if !content.isEmpty {
            bytes.append(contentsOf: indentation)
            bytes.append(contentsOf: content.utf8)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends one line exactly as given, without the current indentation: for lines whose
    /// columns matter (``SpecLocatedText``) and for compiler directives.
    package mutating func unindentedLine(_ content: String) {
        bytes.append(contentsOf: content.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends one line, not empty, made of `parts`, at the current indentation: for the lines
    /// written for every transition, where joining the parts into one string first would cost
    /// more than copying them.
    package mutating func line(_ parts: String...) {
        bytes.append(contentsOf: indentation)
        for part in parts {
            bytes.append(contentsOf: part.utf8)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends one line at the current indentation, its text written in parts by `body` with
    /// ``write(_:)``: like the `line(_:)` of parts, for lines whose parts vary.
    package mutating func line(writing body: (inout CodeWriter) -> Void) {
        bytes.append(contentsOf: indentation)
        body(&self)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends text to the line that ``line(writing:)`` is writing.
    package mutating func write(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Whether nothing was written.
    package var isEmpty: Bool { bytes.isEmpty }

    /// Appends the lines of `other`, written apart (at its own depth), at the current
    /// indentation: for code written first to find out whether it is empty.
    package mutating func append(_ other: CodeWriter) {
        for line in other.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast() {
            if !line.isEmpty { bytes.append(contentsOf: indentation) }
            bytes.append(contentsOf: line)
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    /// Appends the lines written by `body`, one level deeper.
    package mutating func indented(_ body: (inout CodeWriter) -> Void) {
        indentation.append(contentsOf: indentUnit)
        body(&self)
        indentation.removeLast(indentUnit.count)
    }

    /// `opening {`, the body one level deeper, then `}` (or `closing`).
    package mutating func block(_ opening: String, closing: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(opening + " {")
        indented(body)
        line(closing)
    }

    /// A closure or other construct whose opening line already ends in `{ … in`.
    package mutating func closure(_ opening: String, closing: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(opening)
        indented(body)
        line(closing)
    }

    /// A function declaration and its body; the parameters go one per line when the
    /// signature would be longer than `maximumLineLength`.
    package mutating func function(_ name: String, parameters: [String], returns: String = "", _ body: (inout CodeWriter) -> Void) {
        let indentWidth = indentation.count
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
    package mutating func documentation(_ documentation: String?) {
        guard let documentation else { return }
        for docLine in documentation.split(separator: "\n", omittingEmptySubsequences: false) {
            line(docLine.isEmpty ? "///" : "/// " + docLine)
        }
    }

    /// Removes a trailing empty line, so that the last member of a block needs no care.
    package mutating func trimTrailingBlankLine() {
        if bytes.count >= 2, bytes[bytes.count - 1] == UInt8(ascii: "\n"), bytes[bytes.count - 2] == UInt8(ascii: "\n") {
            bytes.removeLast()
        }
    }
}
