import FSMCore
/// A spec as the formatter sees it: its tokens and its comments in order, each with the line
/// breaks written before it and where it stood.
///
/// The lexer drops comments and folds line breaks into tokens; the formatter needs both
/// exactly, so it reads them back from the white space between the lexer's tokens, which
/// holds nothing else.
struct SpecPieces {
    enum Kind: Equatable {
        case token(Token.Kind)
        /// `// …` or `/// …`, up to the end of its line, trailing white space removed.
        case lineComment
        /// `/* … */`, possibly over several lines.
        case blockComment
    }

    struct Piece {
        var kind: Kind
        /// The source text, as written (comments without trailing white space).
        var text: String
        /// How many line breaks come between the previous piece and this one.
        var lineBreaksBefore: Int
        /// Whether white space separated it from the previous piece on its line.
        var isPrecededBySpace: Bool
        /// Its column when tabs count as reaching the next multiple of 4, 0-based.
        var column: Int
        /// The same measure of the indentation of the line it is on.
        var lineIndentation: Int

        func `is`(_ punctuation: Punctuation) -> Bool { kind == .token(.punctuation(punctuation)) }
    }

    var pieces: [Piece]

    /// Reads a spec that lexes without errors.
    static func read(_ source: SourceText) -> SpecPieces {
        var reader = Reader(bytes: source.bytes)
        for token in Lexer.tokenize(source).tokens where token.kind != .newline {
            reader.readGap(upTo: token.range.start.offset)
            guard token.kind != .endOfFile else { break }
            reader.add(.token(token.kind), from: token.range.start.offset, to: token.range.end.offset)
        }
        return SpecPieces(pieces: reader.pieces)
    }

    /// Whether two specs differ in white space only: the same tokens with the same line
    /// breaks between them (a run of breaks counts as one), the same comments.
    static func sameContent(_ lhs: SourceText, _ rhs: SourceText) -> Bool {
        let left = read(lhs).pieces
        let right = read(rhs).pieces
        guard left.count == right.count else { return false }
        for (index, (a, b)) in zip(left, right).enumerated() {
            guard a.kind == b.kind, a.text == b.text || a.kind == .blockComment && sameBlockComment(a.text, b.text),
                  // Line breaks before the first piece are white space like any other.
                  index == 0 || (a.lineBreaksBefore > 0) == (b.lineBreaksBefore > 0)
            else { return false }
        }
        return true
    }

    /// Block comments are re-indented line by line; their words must stay.
    private static func sameBlockComment(_ lhs: String, _ rhs: String) -> Bool {
        SpecSpacing.words(of: lhs) == SpecSpacing.words(of: rhs)
    }

    /// Walks the bytes, collecting pieces and measuring where each stands.
    private struct Reader {
        let bytes: [UInt8]
        var pieces: [Piece] = []
        var offset = 0
        var lineBreaks = 0
        var sawSpace = false
        /// Where the current line starts, and its indentation.
        var lineStart = 0
        var lineIndentation = 0
        /// The last offset measured on the current line and its column, where the next
        /// measure goes on from: measuring from the line's start each time would take time
        /// quadratic in a long line's length.
        var measured = (offset: 0, column: 0)

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// Reads the white space and comments before `end`.
        mutating func readGap(upTo end: Int) {
            while offset < end {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\n") {
                    offset += 1
                    startLine()
                } else if byte == UInt8(ascii: "/"), offset + 1 < end, bytes[offset + 1] == UInt8(ascii: "/") {
                    var stop = offset
                    while stop < end, bytes[stop] != UInt8(ascii: "\n") { stop += 1 }
                    add(.lineComment, from: offset, to: stop)
                } else if byte == UInt8(ascii: "/"), offset + 1 < end, bytes[offset + 1] == UInt8(ascii: "*") {
                    add(.blockComment, from: offset, to: blockCommentEnd(from: offset, limit: end))
                } else {
                    offset += 1
                    sawSpace = true
                }
            }
        }

        mutating func add(_ kind: Kind, from start: Int, to end: Int) {
            var text = String(decoding: bytes[start..<end], as: UTF8.self)
            if kind != .token(.string) {
                while let last = text.unicodeScalars.last, last == " " || last == "\t" || last == "\r" {
                    text.unicodeScalars.removeLast()
                }
            }
            pieces.append(Piece(
                kind: kind, text: text, lineBreaksBefore: lineBreaks, isPrecededBySpace: sawSpace,
                column: column(of: start), lineIndentation: lineIndentation))
            offset = end
            lineBreaks = 0
            sawSpace = false
            // A block comment over several lines ends on a later line.
            if kind == .blockComment, let lastBreak = bytes[start..<end].lastIndex(of: UInt8(ascii: "\n")) {
                lineStart = lastBreak + 1
                lineIndentation = 0
            }
        }

        private mutating func startLine() {
            lineBreaks += 1
            sawSpace = false
            lineStart = offset
            var scan = offset
            while scan < bytes.count, bytes[scan] == UInt8(ascii: " ") || bytes[scan] == UInt8(ascii: "\t") { scan += 1 }
            lineIndentation = column(of: scan)
        }

        /// The visual column of an offset on the current line: tabs reach the next multiple
        /// of 4, a character counts once however many bytes it takes.
        private mutating func column(of position: Int) -> Int {
            if measured.offset < lineStart || measured.offset > position {
                measured = (lineStart, 0)
            }
            var column = measured.column
            for byte in bytes[measured.offset..<position] {
                if byte == UInt8(ascii: "\t") {
                    column = (column / 4 + 1) * 4
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            measured = (position, column)
            return column
        }

        /// The offset after a `/* */` comment starting at `start`; they nest, as in Swift.
        private func blockCommentEnd(from start: Int, limit: Int) -> Int {
            var depth = 0
            var position = start
            while position + 1 < limit {
                if bytes[position] == UInt8(ascii: "/"), bytes[position + 1] == UInt8(ascii: "*") {
                    depth += 1
                    position += 2
                } else if bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") {
                    depth -= 1
                    position += 2
                    if depth == 0 { return position }
                } else {
                    position += 1
                }
            }
            return limit
        }
    }
}
