/// Turns source bytes into tokens.
///
/// Comments are dropped, except `///` doc comments, which ride on the next token. Lexical
/// errors (an unterminated string, say) are reported once, here; the offending token has
/// kind `.invalid` so that the parser stays quiet about it.
public struct Lexer {
    private let source: SourceText
    private let bytes: [UInt8]
    private var offset = 0
    private(set) var diagnostics = DiagnosticBag()
    /// `///` lines read since the last token; they document the next one.
    private var pendingDocumentation: [String] = []
    /// Whether the last token handed out was a line break (so the next one follows space).
    private var followsLineBreak = false
    /// The line index of the last location computed, where the next search starts.
    private var line = 0

    public init(source: SourceText) {
        self.source = source
        self.bytes = source.bytes
    }

    /// All tokens of the source, ending with `.endOfFile`, and the lexical errors.
    public static func tokenize(_ source: SourceText) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        var lexer = Lexer(source: source)
        var tokens: [Token] = []
        tokens.reserveCapacity(source.bytes.count / 4)
        while true {
            let token = lexer.next()
            tokens.append(token)
            if token.kind == .endOfFile { break }
        }
        return (tokens, lexer.diagnostics.diagnostics)
    }

    /// The next token, skipping white space and comments.
    public mutating func next() -> Token {
        var sawSpace = offset == 0 || followsLineBreak
        followsLineBreak = false
        var sawNewline = false
        var newlineStart = 0
        // White space, comments and line breaks; a run of line breaks becomes one token.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                offset += 1
                sawSpace = true
            } else if byte == UInt8(ascii: "\n") {
                if !sawNewline { newlineStart = offset }
                sawNewline = true
                sawSpace = true
                offset += 1
            } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
                if peek(2) == UInt8(ascii: "/"), peek(3) != UInt8(ascii: "/") {
                    pendingDocumentation.append(docLine())
                } else {
                    skipLine()
                }
                sawSpace = true
            } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                let start = offset
                skipBlockComment()
                // A comment that spans lines separates declarations like a line break.
                if let newline = bytes[start..<offset].firstIndex(of: UInt8(ascii: "\n")) {
                    if !sawNewline { newlineStart = newline }
                    sawNewline = true
                }
                sawSpace = true
            } else {
                break
            }
        }
        if sawNewline {
            // Doc comments read on the way stay pending for the token after the line break.
            followsLineBreak = true
            return Token(kind: .newline, range: range(newlineStart, newlineStart + 1), text: "\n", isPrecededBySpace: true)
        }
        let start = offset
        let (kind, text) = lexToken()
        var documentation: String?
        if !pendingDocumentation.isEmpty {
            documentation = pendingDocumentation.joined(separator: "\n")
            pendingDocumentation.removeAll()
        }
        // Made whole, once: a token built and then amended is copied, strings and all.
        return Token(
            kind: kind, range: range(start, offset), text: text ?? String(decoding: bytes[start..<offset], as: UTF8.self),
            documentation: documentation, isPrecededBySpace: sawSpace)
    }

    // MARK: - Tokens

    /// A token's kind, and its text when that is not the source text it spans (which
    /// ``next()`` takes then).
    private typealias Lexeme = (kind: Token.Kind, text: String?)

    private mutating func lexToken() -> Lexeme {
        let start = offset
        guard offset < bytes.count else {
            return (.endOfFile, "")
        }
        let byte = bytes[offset]
        if isIdentifierStart(at: offset) {
            return identifierOrKeyword()
        }
        if isDigit(byte) {
            return number()
        }
        if byte == UInt8(ascii: "\"") {
            return string()
        }
        if let punctuation = punctuation() {
            return (.punctuation(punctuation), punctuation.rawValue)
        }
        // A control character would reach the generated Swift inside a payload type, where
        // it breaks the file (a NUL) or the line (a lone carriage return).
        if byte < 0x20 || byte == 0x7F {
            offset += 1
            let code = String(byte, radix: 16, uppercase: true)
            let location = range(start, offset)
            diagnostics.error("invalid control character U+\(String(repeating: "0", count: 4 - code.count))\(code) in the spec", at: location)
            return (.invalid, nil)
        }
        // A character with no meaning of its own; the parser accepts it in payload types.
        offset += max(1, scalarWidth(at: offset))
        return (.other, nil)
    }

    private mutating func identifierOrKeyword() -> Lexeme {
        let start = offset
        offset += scalarWidth(at: offset)
        while offset < bytes.count, isIdentifierContinue(at: offset) {
            offset += scalarWidth(at: offset)
        }
        if let keyword = Keyword(spelledBy: bytes[start..<offset]) {
            return (.keyword(keyword), nil)
        }
        return (.identifier, nil)
    }

    /// `12`, `1_000`, `2.5`, `1e-3`, and durations: a number directly followed by letters.
    private mutating func number() -> Lexeme {
        var isFloat = false
        skipDigits()
        if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "."), isDigit(bytes[offset + 1]) {
            isFloat = true
            offset += 1
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            var exponent = offset + 1
            if exponent < bytes.count, bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == UInt8(ascii: "-") {
                exponent += 1
            }
            if exponent < bytes.count, isDigit(bytes[exponent]) {
                isFloat = true
                offset = exponent
                skipDigits()
            }
        }
        if offset < bytes.count, isIdentifierStart(at: offset) {
            while offset < bytes.count, isIdentifierContinue(at: offset) {
                offset += scalarWidth(at: offset)
            }
            return (.duration, nil)
        }
        return (isFloat ? .float : .integer, nil)
    }

    private mutating func string() -> Lexeme {
        let start = offset
        offset += 1
        var value: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return (.string, String(decoding: value, as: UTF8.self))
            }
            if byte == UInt8(ascii: "\n") { break }
            if byte == UInt8(ascii: "\\") {
                if [nil, UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(peek(1)) {
                    // A backslash at the end of the line or file escapes nothing.
                    offset += 1
                    break
                }
                guard let escaped = escape() else {
                    skipToEndOfString()
                    return (.invalid, nil)
                }
                value.append(contentsOf: escaped)
                continue
            }
            value.append(byte)
            offset += 1
        }
        let location = range(start, start + 1)
        diagnostics.error("unterminated string literal", at: location)
        return (.invalid, nil)
    }

    /// Decodes the escape sequence at `offset` (which is a backslash); reports bad ones.
    private mutating func escape() -> [UInt8]? {
        let start = offset
        offset += 1
        guard offset < bytes.count else { return nil }
        let letter = bytes[offset]
        offset += 1
        switch letter {
        case UInt8(ascii: "n"): return [UInt8(ascii: "\n")]
        case UInt8(ascii: "t"): return [UInt8(ascii: "\t")]
        case UInt8(ascii: "r"): return [UInt8(ascii: "\r")]
        case UInt8(ascii: "0"): return [0]
        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): return [letter]
        case UInt8(ascii: "u"):
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "{") {
                var end = offset + 1
                while end < bytes.count, end - offset <= 9, isHexDigit(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "}"), end > offset + 1,
                   let value = UInt32(String(decoding: bytes[(offset + 1)..<end], as: UTF8.self), radix: 16),
                   let scalar = Unicode.Scalar(value) {
                    offset = end + 1
                    return Array(String(Character(scalar)).utf8)
                }
            }
            let location = range(start, offset)
            diagnostics.error("invalid unicode escape; write \\u{1F600}", at: location)
            return nil
        default:
            offset += scalarWidth(at: offset - 1) - 1
            let sequence = String(decoding: bytes[start..<offset], as: UTF8.self)
            let location = range(start, offset)
            diagnostics.error("invalid escape sequence '\(sequence)' in string literal", at: location)
            return nil
        }
    }

    private mutating func punctuation() -> Punctuation? {
        let byte = bytes[offset]
        let next = peek(1)
        let pair: Punctuation? = switch (byte, next) {
        case (UInt8(ascii: "-"), UInt8(ascii: ">")): .arrow
        case (UInt8(ascii: "&"), UInt8(ascii: "&")): .and
        case (UInt8(ascii: "|"), UInt8(ascii: "|")): .or
        default: nil
        }
        if let pair {
            offset += 2
            return pair
        }
        let single: Punctuation? = switch byte {
        case UInt8(ascii: "{"): .leftBrace
        case UInt8(ascii: "}"): .rightBrace
        case UInt8(ascii: "("): .leftParen
        case UInt8(ascii: ")"): .rightParen
        case UInt8(ascii: "["): .leftBracket
        case UInt8(ascii: "]"): .rightBracket
        case UInt8(ascii: "<"): .leftAngle
        case UInt8(ascii: ">"): .rightAngle
        case UInt8(ascii: ","): .comma
        case UInt8(ascii: ";"): .semicolon
        case UInt8(ascii: ":"): .colon
        case UInt8(ascii: "."): .dot
        case UInt8(ascii: "/"): .slash
        case UInt8(ascii: "!"): .bang
        case UInt8(ascii: "@"): .at
        case UInt8(ascii: "?"): .question
        case UInt8(ascii: "-"): .minus
        default: nil
        }
        guard let single else { return nil }
        offset += 1
        return single
    }

    // MARK: - Comments

    /// The text of a `///` line. Control characters in it read as spaces: doc comments are
    /// copied into generated files, where a lone carriage return would end the comment line
    /// and turn the rest into code, and a NUL would break the file.
    private mutating func docLine() -> String {
        offset += 3
        if peek(0) == UInt8(ascii: " ") { offset += 1 }
        let start = offset
        skipLine()
        var end = offset
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let text = bytes[start..<end].map { $0 < 0x20 && $0 != UInt8(ascii: "\t") || $0 == 0x7F ? UInt8(ascii: " ") : $0 }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func skipLine() {
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
    }

    /// Skips a `/* */` comment; like Swift's, they nest.
    private mutating func skipBlockComment() {
        let start = offset
        var depth = 0
        while offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                offset += 2
            } else if bytes[offset] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                offset += 2
                if depth == 0 { return }
            } else {
                offset += 1
            }
        }
        let location = range(start, start + 2)
        diagnostics.error("unterminated '/*' comment", at: location)
    }

    private mutating func skipToEndOfString() {
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") {
            if bytes[offset] == UInt8(ascii: "\"") {
                offset += 1
                return
            }
            offset += bytes[offset] == UInt8(ascii: "\\") ? 2 : 1
        }
        offset = min(offset, bytes.count)
    }

    // MARK: - Characters

    private func peek(_ distance: Int) -> UInt8? {
        offset + distance < bytes.count ? bytes[offset + distance] : nil
    }

    private mutating func skipDigits() {
        while offset < bytes.count, isDigit(bytes[offset]) || bytes[offset] == UInt8(ascii: "_") { offset += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f")
    }

    private func isIdentifierStart(at offset: Int) -> Bool {
        let byte = bytes[offset]
        if byte < 0x80 {
            return byte == UInt8(ascii: "_") || (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
        return scalar(at: offset)?.properties.isXIDStart ?? false
    }

    private func isIdentifierContinue(at offset: Int) -> Bool {
        let byte = bytes[offset]
        if byte < 0x80 {
            return isIdentifierStart(at: offset) || isDigit(byte)
        }
        return scalar(at: offset)?.properties.isXIDContinue ?? false
    }

    /// The Unicode scalar that starts at `offset`, or `nil` for invalid UTF-8.
    private func scalar(at offset: Int) -> Unicode.Scalar? {
        let width = scalarWidth(at: offset)
        guard offset + width <= bytes.count else { return nil }
        var decoder = UTF8()
        var iterator = bytes[offset..<(offset + width)].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    /// The byte width of the UTF-8 sequence starting at `offset`, judged by its lead byte.
    private func scalarWidth(at offset: Int) -> Int {
        let byte = bytes[offset]
        let width = switch byte {
        case 0..<0x80: 1
        case 0xC0..<0xE0: 2
        case 0xE0..<0xF0: 3
        case 0xF0..<0xF8: 4
        default: 1
        }
        return min(width, bytes.count - offset)
    }

    private mutating func range(_ start: Int, _ end: Int) -> SourceRange {
        SourceRange(source.location(at: start, line: &line), source.location(at: end, line: &line))
    }
}
