/// A hand-written recursive-descent parser for `.fsm` files.
///
/// It reports every syntax error of a file in one run: after an error it skips to the end of
/// the declaration (a line break, `;` or the closing `}`) and goes on, so one mistake gives
/// one message, not a cascade.
///
/// This file holds the core: the parser's state, its entry point, reading tokens and the
/// recovery after an error. Each construct is read in a file of its own:
/// `Parser+Declarations.swift` (the file, machines, members, states, signals, invocations),
/// `Parser+Transitions.swift`, `Parser+Guards.swift`, `Parser+Actions.swift`,
/// `Parser+Types.swift` (payloads) and `Parser+Properties.swift` (`assert`).
public struct Parser {
    /// How deeply states and guard expressions may nest; deeper input is an error, not a
    /// stack overflow.
    public static let maximumNestingDepth = 64
    /// How many conditions one guard may combine with `&&` and `||`. A chain of them is a
    /// tree as deep as it is long, and later passes walk trees recursively, so a huge guard
    /// is an error, not a stack overflow.
    public static let maximumGuardConditions = 256

    let source: SourceText
    var tokens: [Token]
    var position = 0
    var diagnostics = DiagnosticBag()
    var depth = 0
    /// Whether the lexer reported errors, which the parser must not repeat.
    let hasLexicalErrors: Bool
    /// The `&&` and `||` read so far in the current guard.
    var guardOperators = 0
    /// Whether the guard expression being read is a property's condition (for messages).
    var isReadingCondition = false

    /// Thrown out of a declaration once its error is reported, to resume at the next one.
    struct Recovery: Error {}

    private init(source: SourceText, tokens: [Token], diagnostics: [Diagnostic]) {
        self.source = source
        self.tokens = tokens
        self.diagnostics.append(contentsOf: diagnostics)
        hasLexicalErrors = !diagnostics.isEmpty
    }

    /// Parses a whole file; the diagnostics include the lexer's.
    public static func parse(_ source: SourceText) -> (syntax: SourceFileSyntax, diagnostics: [Diagnostic]) {
        let (tokens, lexical) = Lexer.tokenize(source)
        var parser = Parser(source: source, tokens: tokens, diagnostics: lexical)
        let syntax = parser.parseFile()
        return (syntax, parser.diagnostics.diagnostics)
    }


    // MARK: - Tokens

    var current: Token { tokens[position] }
    var previous: Token { tokens[max(0, position - 1)] }

    func peek(_ distance: Int) -> Token {
        tokens[min(position + distance, tokens.count - 1)]
    }

    func at(_ kind: Token.Kind) -> Bool { current.kind == kind }

    /// Whether a token can be a name: an identifier, or a word of the language used as one.
    func isName(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .keyword: true
        default: false
        }
    }

    /// Whether a label and its `:` come next. Like Swift, a label may be a keyword (`on:`).
    func atLabel() -> Bool {
        switch current.kind {
        case .identifier, .keyword: peek(1).kind == .punctuation(.colon)
        default: false
        }
    }

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    mutating func skipNewlines() {
        while at(.newline) { advance() }
    }

    mutating func skipSeparators() {
        while at(.newline) || at(.punctuation(.semicolon)) { advance() }
    }

    mutating func expectIdentifier(_ what: String) throws(Recovery) -> Identifier {
        let token = current
        switch token.kind {
        case .identifier, .keyword:
            // Where a name is expected, a word of the language is a name: `state on`,
            // `event exit`. Swift's own keywords are rejected later, with a better message.
            advance()
            return Identifier(token.text, range: token.range)
        case .invalid:
            throw Recovery()
        default:
            throw fail("expected \(what), found \(describe(token))", at: token.range)
        }
    }

    /// A declaration ends at a line break, `;`, or the `}` of its block.
    mutating func expectEndOfDeclaration() throws(Recovery) {
        // As in Swift, a declaration may follow a block's `}` on the same line.
        if previous.kind == .punctuation(.rightBrace) { return }
        switch current.kind {
        case .newline, .punctuation(.semicolon), .punctuation(.rightBrace), .endOfFile:
            return
        case .invalid:
            throw Recovery()
        default:
            throw fail("expected a line break or ';' after the declaration, found \(describe(current))", at: current.range)
        }
    }

    /// Skips the rest of a broken declaration: up to a line break or `;` outside brackets,
    /// or the `}` that closes the enclosing block (left for the block to take).
    mutating func synchronize() {
        // A declaration keyword that starts a line begins the next declaration: the broken
        // one ran on past its line looking for a ')', ']' or another action.
        if previous.kind == .newline, startsDeclaration(current) { return }
        var braces = 0
        while !at(.endOfFile) {
            switch current.kind {
            case .newline where braces == 0, .punctuation(.semicolon) where braces == 0:
                return
            case .punctuation(.leftBrace):
                braces += 1
            case .punctuation(.rightBrace):
                if braces == 0 { return }
                braces -= 1
            default:
                break
            }
            advance()
        }
    }

    /// Whether a token begins a member of a machine or state body (`machine` does not:
    /// a nested machine is skipped whole).
    func startsDeclaration(_ token: Token) -> Bool {
        switch token.kind {
        case .keyword(.event), .keyword(.output), .keyword(.initial), .keyword(.final), .keyword(.parallel),
             .keyword(.state), .keyword(.on), .keyword(.always), .keyword(.after), .keyword(.entry),
             .keyword(.exit), .keyword(.history):
            true
        default:
            false
        }
    }

    mutating func nest(at range: SourceRange) throws(Recovery) {
        depth += 1
        if depth > Self.maximumNestingDepth {
            depth -= 1
            throw fail("nesting is too deep (more than \(Self.maximumNestingDepth) levels)", at: range)
        }
    }

    mutating func fail(_ message: String, at range: SourceRange) -> Recovery {
        diagnostics.error(message, at: range)
        return Recovery()
    }

    func describe(_ token: Token) -> String {
        switch token.kind {
        case .identifier: "'\(token.text)'"
        case .other: "'\(token.text)'"
        case .integer, .float, .duration: "'\(token.text)'"
        case .string: "a string"
        default: token.kind.description
        }
    }
}
