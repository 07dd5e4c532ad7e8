/// A lexical token of the `.fsm` language.
public struct Token: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case identifier
        case keyword(Keyword)
        case integer
        case float
        case string
        /// A number directly followed by a unit, such as `250ms` or `1.5s`.
        case duration
        case punctuation(Punctuation)
        /// A line break. Newlines separate declarations, like `;`.
        case newline
        /// A character the language does not use outside payload types, such as `&` or `=`.
        case other
        /// Text the lexer already reported as an error (an unterminated string, say).
        case invalid
        case endOfFile
    }

    public var kind: Kind
    public var range: SourceRange
    /// The token's text; for strings, the decoded value without quotes.
    public var text: String
    /// The `///` doc comment lines directly above the token, joined by newlines.
    public var documentation: String?
    /// Whether white space, a comment or a line break comes right before the token.
    public var isPrecededBySpace: Bool

    public init(kind: Kind, range: SourceRange, text: String, documentation: String? = nil, isPrecededBySpace: Bool = false) {
        self.kind = kind
        self.range = range
        self.text = text
        self.documentation = documentation
        self.isPrecededBySpace = isPrecededBySpace
    }
}

/// The reserved words of the language.
public enum Keyword: String, CaseIterable, Hashable, Sendable {
    case `import`, machine, event, output, state, initial, final, parallel, history
    case on, always, after, entry, exit, emit, raise
    case `else`, `public`, `internal`, `package`
}

extension Keyword {
    /// The keywords by the first letter of their spelling, as UTF-8.
    private static let byFirstLetter: [[(spelling: [UInt8], keyword: Keyword)]] = {
        var table = [[(spelling: [UInt8], keyword: Keyword)]](repeating: [], count: 26)
        for keyword in allCases {
            let spelling = Array(keyword.rawValue.utf8)
            table[Int(spelling[0] - UInt8(ascii: "a"))].append((spelling, keyword))
        }
        return table
    }()

    /// The keyword spelled by a word's bytes, if any: the lexer's test of every word, which
    /// would cost more as `init(rawValue:)`, a search through the spellings as strings.
    init?(spelledBy word: ArraySlice<UInt8>) {
        guard let first = word.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return nil }
        for candidate in Self.byFirstLetter[Int(first - UInt8(ascii: "a"))]
        where candidate.spelling.count == word.count && candidate.spelling.elementsEqual(word) {
            self = candidate.keyword
            return
        }
        return nil
    }
}

/// The punctuation of the language.
public enum Punctuation: String, CaseIterable, Hashable, Sendable {
    case leftBrace = "{", rightBrace = "}"
    case leftParen = "(", rightParen = ")"
    case leftBracket = "[", rightBracket = "]"
    case leftAngle = "<", rightAngle = ">"
    case comma = ",", semicolon = ";", colon = ":", dot = "."
    case slash = "/", arrow = "->", bang = "!", and = "&&", or = "||"
    case at = "@", question = "?", minus = "-"
}

extension Token.Kind: CustomStringConvertible {
    /// How the kind reads in a message: "'->'", "identifier", "end of file".
    public var description: String {
        switch self {
        case .identifier: "name"
        case .keyword(let keyword): "'\(keyword.rawValue)'"
        case .integer: "integer"
        case .float: "number"
        case .string: "string"
        case .duration: "duration"
        case .punctuation(let punctuation): "'\(punctuation.rawValue)'"
        case .newline: "line break"
        case .other: "character"
        case .invalid: "invalid token"
        case .endOfFile: "end of file"
        }
    }
}
