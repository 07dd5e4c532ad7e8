import FSMCompiler

/// Rewrites the white space of a valid spec the way editors, platforms and people do, without
/// changing what it means: `\r\n` or mixed line breaks, tabs, lone carriage returns (which
/// the lexer reads as spaces), trailing white space, blank lines, and comments of every kind
/// wherever the lexer lets them stand: `//` and `///` before a line break, `/* */` (nested,
/// holding `//`, braces, stars and slashes) in a gap that already separated two tokens, and
/// comments over several lines where a line break already was.
///
/// It only touches gaps between tokens that hold white space and nothing else, and never
/// turns a gap without a line break into one with a line break (or the reverse): line breaks
/// separate declarations, and space decides a few things (`@Sendable (Int)` is not
/// `@Sendable(Int)`). So a scrambled spec means what the original means, which is what the
/// formatter's round-trip test needs.
struct LayoutScrambler {
    var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    /// How a scrambled spec writes its line breaks.
    enum LineBreaks: CaseIterable {
        case unix, windows, mixed
    }

    /// A scrambled copy of `spec`, which must lex without errors.
    mutating func scramble(_ spec: String) -> String {
        let breaks = pick(LineBreaks.allCases)
        let bytes = Array(spec.utf8)
        let tokens = Lexer.tokenize(SourceText(spec)).tokens.filter { $0.kind != .newline }
        var output = ""
        if chance(30) {
            // The shape the fuzzer found: a file that starts with a blank line, then comments.
            output += lineBreak(breaks) + comments(breaks)
        }
        var gapStart = 0
        for token in tokens {
            let gapEnd = token.range.start.offset
            let gap = String(decoding: bytes[gapStart..<gapEnd], as: UTF8.self)
            output += scrambledGap(gap, breaks: breaks, atEnd: token.kind == .endOfFile)
            output += String(decoding: bytes[gapEnd..<token.range.end.offset], as: UTF8.self)
            gapStart = token.range.end.offset
        }
        return output
    }

    /// A gap between two tokens, rewritten if it holds white space only.
    private mutating func scrambledGap(_ gap: String, breaks: LineBreaks, atEnd: Bool) -> String {
        guard gap.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }) else {
            // Comments of the original: kept, with their line breaks rewritten.
            return rewritingLineBreaks(gap, breaks)
        }
        let lineBreakCount = gap.unicodeScalars.filter { $0 == "\n" }.count
        if lineBreakCount == 0 {
            return gap.isEmpty ? "" : sameLineSpace()
        }
        var text = ""
        for number in 0..<lineBreakCount {
            text += trailingSpace()
            if chance(25) {
                text += lineComment()
            } else if number == 0, chance(15) {
                // A comment over several lines stands for the line break itself.
                text += " " + blockComment(lines: 2 + below(3), breaks: breaks) + trailingSpace()
                if chance(50) { continue }
            }
            text += lineBreak(breaks)
            if chance(20) { text += indentation() + comments(breaks) }
            if chance(10) { text += indentation() + lineBreak(breaks) }
        }
        return text + (atEnd && chance(50) ? "" : indentation())
    }

    /// Spaces between two tokens on one line: tabs, a lone carriage return, an inline comment.
    private mutating func sameLineSpace() -> String {
        switch below(6) {
        case 0: "\t"
        case 1: " \t "
        case 2: " \r "
        case 3: " " + blockComment(lines: 1, breaks: .unix) + " "
        case 4: "\t" + blockComment(lines: 1, breaks: .unix) + blockComment(lines: 1, breaks: .unix) + "\r"
        default: String(repeating: " ", count: 1 + below(4))
        }
    }

    /// Whole lines of comments, each ending in a line break.
    private mutating func comments(_ breaks: LineBreaks) -> String {
        var text = ""
        for _ in 0..<(1 + below(3)) {
            text += indentation()
            text += chance(50) ? lineComment() : blockComment(lines: 1 + below(3), breaks: breaks) + trailingSpace()
            text += lineBreak(breaks)
        }
        return text
    }

    private static let commentWords = [
        "x", "m", "r/", "**{/", "e", "}", "{", "*", "/", "->", "state", "on go -> b", "\"", "é", "Tür", "//", "///",
        "/**/", "/* nested */", "\t", "\r", "  ", "[a && !b]", ";", "@MainActor",
    ]

    private mutating func commentText() -> String {
        (0..<below(6)).map { _ in pick(Self.commentWords) }.joined(separator: pick(["", " ", "\t"]))
    }

    /// `// …` or `/// …`, with anything but a line feed in it.
    private mutating func lineComment() -> String {
        pick(["//", "// ", "///", "/// ", "////"]) + commentText() + trailingSpace()
    }

    /// `/* … */` over `lines` lines, which the lexer reads as one comment that ends where it
    /// should: words such as `r/` and `*` could join into an opener or a closer, so a comment
    /// that does not is drawn again.
    private mutating func blockComment(lines: Int, breaks: LineBreaks) -> String {
        while true {
            var text = "/*" + pick(["", " ", "*", "\t"]) + commentText()
            for _ in 1..<max(lines, 1) {
                text += trailingSpace() + lineBreak(breaks) + indentation() + commentText()
            }
            text += pick([" */", "*/", "\t*/", "**/"])
            if Self.isOneBlockComment(text) { return text }
        }
    }

    /// Whether the lexer reads all of `text` as one `/* */` comment (they nest, as in Swift).
    static func isOneBlockComment(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var depth = 0
        var position = 0
        while position < bytes.count {
            if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "/"), bytes[position + 1] == UInt8(ascii: "*") {
                depth += 1
                position += 2
            } else if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") {
                depth -= 1
                position += 2
                if depth == 0 { return position == bytes.count }
            } else {
                position += 1
            }
        }
        return false
    }

    private mutating func rewritingLineBreaks(_ text: String, _ breaks: LineBreaks) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if result.unicodeScalars.last == "\r" { result.unicodeScalars.removeLast() }
                result += lineBreak(breaks)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private mutating func lineBreak(_ breaks: LineBreaks) -> String {
        switch breaks {
        case .unix: "\n"
        case .windows: "\r\n"
        case .mixed: chance(50) ? "\n" : "\r\n"
        }
    }

    private mutating func trailingSpace() -> String {
        pick(["", "", "", " ", "\t", "  \t", " \r"])
    }

    private mutating func indentation() -> String {
        pick(["", "    ", "\t", "\t  ", "  ", "        ", " \t"])
    }

    private mutating func below(_ bound: Int) -> Int {
        Int(generator.next() % UInt64(bound))
    }

    private mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    private mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }
}
