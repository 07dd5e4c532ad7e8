import FSMCore
/// Prints a spec's pieces in the canonical layout that ``formatSpec(_:)-(String)`` describes.
struct SpecLayout {
    let pieces: [SpecPieces.Piece]
    /// `"\r\n"` for a spec whose first line ends so (written on Windows), else `"\n"`.
    let lineBreak: String

    init(pieces: SpecPieces, source: SourceText) {
        self.pieces = pieces.pieces
        let firstBreak = source.bytes.firstIndex(of: UInt8(ascii: "\n"))
        lineBreak = firstBreak.map { $0 > 0 && source.bytes[$0 - 1] == UInt8(ascii: "\r") } == true ? "\r\n" : "\n"
    }

    static let indentWidth = 4

    /// The laid-out text: lines without trailing white space, ending in one line break.
    func text() -> String {
        guard !pieces.isEmpty else { return "" }
        var printer = Printer()
        for index in pieces.indices {
            let isAttribute = index >= 2 && pieces[index - 2].is(.at) && pieces[index - 1].lineBreaksBefore == 0
            printer.place(
                pieces[index], after: index > 0 ? pieces[index - 1] : nil, previousIsAttribute: isAttribute,
                previousIntroducesCondition: SpecSpacing.introducesCondition(pieces[..<index]))
        }
        return printer.finish(lineBreak: lineBreak)
    }

    private struct Printer {
        var lines: [String] = []
        /// The line being written, and its width in the measure ``SpecPieces`` takes columns in
        /// (``SpecSpacing/width(of:from:)``), kept as it grows: measuring a long line again for every piece on
        /// it would take time quadratic in its length.
        private(set) var line = ""
        private(set) var lineWidth = 0
        /// How many columns the current line's indentation moved, from the source to here.
        var indentationShift = 0
        var lineLevel = 0
        /// The level of the line the current declaration started on.
        var declarationLevel = 0
        /// The brackets left open, with the level of the line each opened on.
        var openBrackets: [(punctuation: Punctuation, level: Int)] = []

        /// The last code token, which tells whether a new line continues a declaration.
        var lastToken: SpecPieces.Piece?

        mutating func place(
            _ piece: SpecPieces.Piece, after previous: SpecPieces.Piece?, previousIsAttribute: Bool, previousIntroducesCondition: Bool
        ) {
            if let previous, piece.lineBreaksBefore == 0 {
                let column: Int
                if piece.kind == .lineComment {
                    // A trailing comment keeps its column, moved with its line, at least one
                    // space after the code.
                    column = max(piece.column + indentationShift, lineWidth + 1)
                } else {
                    let space = previousIntroducesCondition
                        || SpecSpacing.spaceBetween(previous, piece, previousIsAttribute: previousIsAttribute)
                    column = lineWidth + (space ? 1 : 0)
                }
                write(String(repeating: " ", count: column - lineWidth))
            } else {
                startLine(for: piece, after: previous)
            }
            append(piece)
            track(piece)
            if case .token = piece.kind { lastToken = piece }
        }

        private mutating func startLine(for piece: SpecPieces.Piece, after previous: SpecPieces.Piece?) {
            if let previous {
                lines.append(line)
                let isBlockEdge = SpecSpacing.opens(previous) || SpecSpacing.closes(piece)
                if piece.lineBreaksBefore >= 2, !isBlockEdge {
                    lines.append("")
                }
            }
            if SpecSpacing.closes(piece), let matching = openBrackets.last {
                lineLevel = matching.level
            } else {
                lineLevel = openBrackets.last.map { $0.level + 1 } ?? 0
                // A declaration continued on the next line goes one level deeper than the line
                // it started on (once, however many lines it takes); inside `(` or `[` the
                // list's own level says enough.
                let inBlock = openBrackets.last.map { $0.punctuation == .leftBrace } ?? true
                if inBlock, let lastToken, SpecSpacing.continues(lastToken) {
                    lineLevel = max(lineLevel, declarationLevel + 1)
                } else {
                    declarationLevel = lineLevel
                }
            }
            startLine(String(repeating: " ", count: lineLevel * SpecLayout.indentWidth))
            indentationShift = lineWidth - piece.lineIndentation
        }

        private mutating func append(_ piece: SpecPieces.Piece) {
            var commentLines = SpecSpacing.lines(of: piece.text)
            guard piece.kind == .blockComment, commentLines.count > 1 else {
                write(piece.text)
                return
            }
            // The comment's later lines move as far as its first did.
            let shift = lineWidth - piece.column
            write(commentLines.removeFirst())
            for commentLine in commentLines {
                lines.append(SpecSpacing.trimmingTrailingSpace(line))
                startLine(SpecSpacing.shifted(commentLine, by: shift))
            }
        }

        private mutating func track(_ piece: SpecPieces.Piece) {
            guard case .token(.punctuation(let punctuation)) = piece.kind else { return }
            switch punctuation {
            case .leftBrace, .leftParen, .leftBracket:
                openBrackets.append((punctuation, lineLevel))
            case .rightBrace, .rightParen, .rightBracket:
                if !openBrackets.isEmpty { openBrackets.removeLast() }
            default:
                break
            }
        }

        private mutating func write(_ text: String) {
            line += text
            lineWidth = SpecSpacing.width(of: text, from: lineWidth)
        }

        private mutating func startLine(_ text: String) {
            line = text
            lineWidth = SpecSpacing.width(of: text, from: 0)
        }

        mutating func finish(lineBreak: String) -> String {
            lines.append(line)
            return lines.map(SpecSpacing.trimmingTrailingSpace).joined(separator: lineBreak) + lineBreak
        }
    }
}
