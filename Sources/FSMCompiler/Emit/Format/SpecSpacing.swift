import FSMCore
/// The canonical spaces between two pieces on one line, and small text helpers of the layout.
enum SpecSpacing {
    /// Whether one space separates `next` from `previous` on the same line.
    ///
    /// The rules follow the examples in machines/ and the design: `on e [g] -> t / a, b`,
    /// `event seek(to: Double)`, `[String: Int]`, `Array<Int>?`, `in(boldOn)`, `[!a && b]`,
    /// `main.history`, `@MainActor`, `{ … }` and `{}`. A pair no rule covers (characters such
    /// as `&` or `=` that only payload types use) keeps whether the author wrote a space.
    /// `previousIsAttribute` tells that `previous` names an attribute (`@Sendable`), whose
    /// space before `(` means something: `@Sendable (Int) -> Void` is not `@Sendable(Int)`.
    static func spaceBetween(_ previous: SpecPieces.Piece, _ next: SpecPieces.Piece, previousIsAttribute: Bool) -> Bool {
        guard case .token(let left) = previous.kind, case .token(let right) = next.kind else {
            // Comments stand apart from what surrounds them.
            return true
        }
        switch (left, right) {
        case (.identifier, .punctuation(.leftParen)) where previousIsAttribute:
            return next.isPrecededBySpace
        case (.punctuation(.leftBrace), .punctuation(.rightBrace)):
            return false
        case (.punctuation(.leftBrace), _), (_, .punctuation(.rightBrace)), (_, .punctuation(.leftBrace)):
            return true
        case (_, .punctuation(.comma)), (_, .punctuation(.semicolon)), (_, .punctuation(.colon)),
             (_, .punctuation(.rightParen)), (_, .punctuation(.rightBracket)), (_, .punctuation(.rightAngle)),
             (_, .punctuation(.leftAngle)), (_, .punctuation(.question)), (_, .punctuation(.dot)):
            return false
        case (.punctuation(.leftParen), _), (.punctuation(.leftBracket), _), (.punctuation(.leftAngle), _),
             (.punctuation(.dot), _), (.punctuation(.at), _), (.punctuation(.bang), _), (.punctuation(.minus), _):
            return false
        case (.punctuation(.arrow), _), (_, .punctuation(.arrow)), (.punctuation(.slash), _), (_, .punctuation(.slash)),
             (.punctuation(.and), _), (_, .punctuation(.and)), (.punctuation(.or), _), (_, .punctuation(.or)),
             (.punctuation(.comma), _), (.punctuation(.semicolon), _), (.punctuation(.colon), _):
            return true
        case (.identifier, .punctuation(.leftParen)), (.keyword, .punctuation(.leftParen)):
            // A call, a payload list, state data, `in(…)`.
            return false
        case (.identifier, .punctuation(.bang)), (.punctuation(.rightParen), .punctuation(.bang)),
             (.punctuation(.rightBracket), .punctuation(.bang)), (.punctuation(.rightAngle), .punctuation(.bang)):
            // `!` after an operand unwraps a payload type (`Int!`); a guard's `!` follows an
            // operator or a bracket.
            return false
        case (_, .punctuation(.leftBracket)), (_, .punctuation(.at)):
            return true
        case (let left, let right) where isWordLike(left) && isWordLike(right):
            return true
        default:
            return next.isPrecededBySpace
        }
    }

    /// Whether the last of `pieces` is the word before a property's condition (`assert`,
    /// `assert never`, `assert reachable`, `assert always reachable`, `only after`), which one
    /// space separates from the condition even where it starts with `!` or `(`: `never !in(a)`
    /// is not an unwrapped `never!`, and `after (…)` is not a call.
    static func introducesCondition(_ pieces: ArraySlice<SpecPieces.Piece>) -> Bool {
        let words = pieces.suffix(4).filter { $0.kind != .lineComment && $0.kind != .blockComment }
        func word(_ back: Int) -> SpecPieces.Piece? {
            back <= words.count ? words[words.endIndex - back] : nil
        }
        guard let last = word(1), case .token(let kind) = last.kind else { return false }
        // `assert` counts where a declaration starts: not where a line continues an actions
        // list (`/` then `assert()` on the next line calls an action named so).
        func startsDeclaration(_ piece: SpecPieces.Piece, after before: SpecPieces.Piece?) -> Bool {
            guard let before else { return true }
            if before.is(.semicolon) || before.is(.leftBrace) { return true }
            return piece.lineBreaksBefore > 0 && !continues(before)
        }
        switch (kind, last.text) {
        case (.identifier, "assert"):
            return startsDeclaration(last, after: word(2))
        case (.identifier, "never"), (.identifier, "reachable"):
            guard let before = word(2) else { return false }
            if before.kind == .token(.identifier), before.text == "assert" { return startsDeclaration(before, after: word(3)) }
            if before.kind == .token(.keyword(.always)), let first = word(3), first.text == "assert", first.kind == .token(.identifier) {
                return last.text == "reachable" && startsDeclaration(first, after: word(4))
            }
            return false
        case (.keyword(.after), _):
            return word(2).map { $0.kind == .token(.identifier) && $0.text == "only" } ?? false
        default:
            return false
        }
    }

    /// Names, keywords, literals and what ends an operand: what a following word needs a
    /// space after, and a preceding one before.
    private static func isWordLike(_ kind: Token.Kind) -> Bool {
        switch kind {
        case .identifier, .keyword, .integer, .float, .string, .duration,
             .punctuation(.rightParen), .punctuation(.rightBracket), .punctuation(.rightAngle), .punctuation(.question):
            true
        default:
            false
        }
    }

    /// Whether a piece opens a bracket that later lines indent under.
    static func opens(_ piece: SpecPieces.Piece) -> Bool {
        piece.is(.leftBrace) || piece.is(.leftParen) || piece.is(.leftBracket)
    }

    static func closes(_ piece: SpecPieces.Piece) -> Bool {
        piece.is(.rightBrace) || piece.is(.rightParen) || piece.is(.rightBracket)
    }

    /// Whether a line ending in `piece` leaves its declaration open, so that the next line
    /// continues it: an actions list after `,`, a guard after `&&`.
    static func continues(_ piece: SpecPieces.Piece) -> Bool {
        piece.is(.comma) || piece.is(.and) || piece.is(.or) || piece.is(.arrow) || piece.is(.slash) || piece.is(.colon)
    }

    /// The lines of a text, split at each line feed; a line that ended in `\r\n` keeps its
    /// `\r`, which ``trimmingTrailingSpace(_:)`` removes.
    ///
    /// Split by Unicode scalars, not by `Character`: Swift reads `\r\n` as one character,
    /// which is not `"\n"`, so a split by characters leaves a comment written on Windows in
    /// one piece (the formatter then refused such specs as changed).
    static func lines(of text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var string = ""
            string.unicodeScalars.append(contentsOf: line)
            return string
        }
    }

    /// The words of a text: what is left between spaces, tabs and line breaks (by Unicode
    /// scalars, for the reason ``lines(of:)`` gives).
    static func words(of text: String) -> [String] {
        text.unicodeScalars.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map { word in
            var string = ""
            string.unicodeScalars.append(contentsOf: word)
            return string
        }
    }

    /// The column after `text` written from column `start`: a tab reaches the next multiple
    /// of 4, anything else counts one per Unicode scalar. The measure ``SpecPieces`` takes
    /// columns in; the layout must measure its own lines the same way, or a trailing comment
    /// after a tab (in a block comment, say) would move again each time the spec is formatted.
    static func width(of text: String, from start: Int) -> Int {
        var column = start
        for scalar in text.unicodeScalars {
            column = scalar == "\t" ? (column / 4 + 1) * 4 : column + 1
        }
        return column
    }

    static func trimmingTrailingSpace<Text: StringProtocol>(_ text: Text) -> String {
        var scalars = Substring(text).unicodeScalars
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" {
            scalars.removeLast()
        }
        return String(scalars)
    }

    /// A line of a block comment indented `shift` columns more (or less, down to none).
    static func shifted(_ text: String, by shift: Int) -> String {
        var indentation = 0
        var rest = Substring(text).unicodeScalars
        while let first = rest.first, first == " " || first == "\t" {
            indentation = first == "\t" ? (indentation / 4 + 1) * 4 : indentation + 1
            rest = rest.dropFirst()
        }
        let body = trimmingTrailingSpace(Substring(rest))
        guard !body.isEmpty else { return "" }
        return String(repeating: " ", count: max(0, indentation + shift)) + body
    }
}
