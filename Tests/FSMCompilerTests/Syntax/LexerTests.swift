import FSMCompiler
import Testing

/// The lexer: token kinds, texts, locations, doc comments and lexical errors.
@Suite(.offThePool) struct LexerTests {
    // MARK: - Helpers

    private func tokens(_ text: String) -> [Token] {
        let (tokens, diagnostics) = Lexer.tokenize(SourceText(text))
        #expect(diagnostics.isEmpty, "unexpected lexical errors: \(diagnostics.map(\.message))")
        return tokens
    }

    /// The kinds of the tokens, without the final end of file.
    private func kinds(_ text: String) -> [Token.Kind] {
        let all = tokens(text).map(\.kind)
        #expect(all.last == .endOfFile)
        return Array(all.dropLast())
    }

    /// Kind and text of each token, without the final end of file.
    private func kindsAndTexts(_ text: String) -> [String] {
        tokens(text).dropLast().map { "\($0.kind) \($0.text)" }
    }

    private func location(_ line: Int, _ column: Int, _ offset: Int) -> FSMCompiler.SourceLocation {
        FSMCompiler.SourceLocation(line: line, column: column, offset: offset)
    }

    /// The lexical errors of a text as `line:column: message`.
    private func errors(_ text: String) -> [String] {
        Lexer.tokenize(SourceText(text)).diagnostics.map { "\($0.location): \($0.severity.rawValue): \($0.message)" }
    }

    // MARK: - Token kinds

    @Test(arguments: Keyword.allCases)
    func everyKeywordIsAKeyword(_ keyword: Keyword) {
        let lexed = tokens(keyword.rawValue)
        #expect(lexed.map(\.kind) == [.keyword(keyword), .endOfFile])
        #expect(lexed[0].text == keyword.rawValue)
    }

    @Test(arguments: Punctuation.allCases)
    func everyPunctuationIsOneToken(_ punctuation: Punctuation) {
        let lexed = tokens(punctuation.rawValue)
        #expect(lexed.map(\.kind) == [.punctuation(punctuation), .endOfFile])
        #expect(lexed[0].text == punctuation.rawValue)
        #expect(lexed[0].range.end.column == 1 + punctuation.rawValue.utf8.count)
    }

    @Test func wordsThatOnlyLookLikeKeywordsAreIdentifiers() {
        #expect(kindsAndTexts("Machine machines onEvent _on on_ ON state2 ELSE") == [
            "name Machine", "name machines", "name onEvent", "name _on", "name on_", "name ON",
            "name state2", "name ELSE",
        ])
    }

    @Test func keywordsAndIdentifiersInADeclaration() {
        #expect(kinds("initial state idle { on go -> busy / work }") == [
            .keyword(.initial), .keyword(.state), .identifier, .punctuation(.leftBrace), .keyword(.on),
            .identifier, .punctuation(.arrow), .identifier, .punctuation(.slash), .identifier,
            .punctuation(.rightBrace),
        ])
    }

    @Test func identifiersMayUseUnicodeLettersAndDigits() {
        let lexed = tokens("état naïve π 日本語 _x a1 x_2")
        #expect(lexed.dropLast().map(\.kind) == Array(repeating: .identifier, count: 7))
        #expect(lexed.dropLast().map(\.text) == ["état", "naïve", "π", "日本語", "_x", "a1", "x_2"])
        // Columns count UTF-8 bytes: "état" is 5 bytes, so "naïve" starts at byte column 7.
        #expect(lexed[1].range.start == location(1, 7, 6))
        #expect(lexed[1].range.end == location(1, 13, 12))
        #expect(lexed[3].range.start.column == 17)
        #expect(lexed[3].range.end.column == 26)
    }

    @Test func emojiAndOtherSymbolsAreOtherCharacters() {
        #expect(kindsAndTexts("😀 & = | # %") == [
            "character 😀", "character &", "character =", "character |", "character #", "character %",
        ])
        #expect(tokens("😀 x")[1].range.start.column == 6)
    }

    @Test func twoCharacterPunctuationWinsOverOneCharacter() {
        #expect(kinds("a->b") == [.identifier, .punctuation(.arrow), .identifier])
        #expect(kinds("- >") == [.punctuation(.minus), .punctuation(.rightAngle)])
        #expect(kinds("&&||!") == [.punctuation(.and), .punctuation(.or), .punctuation(.bang)])
        #expect(kinds("& &") == [.other, .other])
        #expect(kinds("-1") == [.punctuation(.minus), .integer])
    }

    // MARK: - Numbers and durations

    @Test(arguments: [
        ("0", Token.Kind.integer), ("42", .integer), ("1_000", .integer),
        ("2.5", .float), ("0.125", .float), ("1e3", .float), ("1E-3", .float), ("2.5e+10", .float), ("1_0.0_1", .float),
        ("250ms", .duration), ("1s", .duration), ("2m", .duration), ("1h", .duration), ("1.5s", .duration),
        ("1_000ms", .duration), ("1e3ms", .duration), ("12abc", .duration),
    ])
    func numberLiterals(_ text: String, _ kind: Token.Kind) {
        let lexed = tokens(text)
        #expect(lexed.map(\.kind) == [kind, .endOfFile])
        #expect(lexed[0].text == text)
    }

    @Test func aDotWithoutDigitsAfterItEndsTheNumber() {
        #expect(kindsAndTexts("1.x") == ["integer 1", "'.' .", "name x"])
        #expect(kindsAndTexts("1.") == ["integer 1", "'.' ."])
        // An `e` without exponent digits starts the unit of a duration.
        #expect(kindsAndTexts("1e") == ["duration 1e"])
        #expect(kindsAndTexts("1e+") == ["duration 1e", "character +"])
    }

    // MARK: - Strings

    @Test func stringsDecodeTheirValueAndSpanTheirQuotes() {
        let lexed = tokens(#"x "hello, wörld" y"#)
        #expect(lexed[1].kind == .string)
        #expect(lexed[1].text == "hello, wörld")
        #expect(lexed[1].range.start == location(1, 3, 2))
        #expect(lexed[1].range.end == location(1, 18, 17))
        #expect(lexed[2].range.start.column == 19)
        #expect(tokens(#""""#)[0].text == "")
    }

    @Test func stringEscapes() {
        let lexed = tokens(#""a\nb\tc\rd\0e\\f\"g\'h""#)
        #expect(lexed.map(\.kind) == [.string, .endOfFile])
        #expect(lexed[0].text == "a\nb\tc\rd\0e\\f\"g'h")
        #expect(tokens(#""\u{1F600}\u{E9}\u{41}""#)[0].text == "😀éA")
    }

    @Test func unterminatedStrings() {
        #expect(errors("x \"abc") == ["1:3: error: unterminated string literal"])
        #expect(errors("x \"abc\ny") == ["1:3: error: unterminated string literal"])
        let (lexed, _) = Lexer.tokenize(SourceText("x \"abc\ny"))
        #expect(lexed.map(\.kind) == [.identifier, .invalid, .newline, .identifier, .endOfFile])
        #expect(lexed[1].text == "\"abc")
    }

    @Test func aBackslashAtTheEndOfALineOrFileLeavesTheStringUnterminated() {
        #expect(errors("\"abc\\") == ["1:1: error: unterminated string literal"])
        #expect(errors("\"abc\\\nx") == ["1:1: error: unterminated string literal"])
        #expect(errors("\"abc\\\r\nx") == ["1:1: error: unterminated string literal"])
        let (lexed, _) = Lexer.tokenize(SourceText("\"abc\\\nx"))
        #expect(lexed.map(\.kind) == [.invalid, .newline, .identifier, .endOfFile])
    }

    @Test func invalidEscapes() {
        #expect(errors(#"x "a\qb" y"#) == [#"1:5: error: invalid escape sequence '\q' in string literal"#])
        #expect(errors(#""\é" y"#) == [#"1:2: error: invalid escape sequence '\é' in string literal"#])
        #expect(errors(#""\u{}""#) == [#"1:2: error: invalid unicode escape; write \u{1F600}"#])
        #expect(errors(#""\u{110000}""#) == [#"1:2: error: invalid unicode escape; write \u{1F600}"#])
        #expect(errors(#""\u{D800}""#) == [#"1:2: error: invalid unicode escape; write \u{1F600}"#])
        #expect(errors(#""\u1234""#) == [#"1:2: error: invalid unicode escape; write \u{1F600}"#])
        #expect(errors(#""\u{12345678901}""#) == [#"1:2: error: invalid unicode escape; write \u{1F600}"#])
        // The bad string is one invalid token; lexing goes on after it.
        let (lexed, diagnostics) = Lexer.tokenize(SourceText(#"x "a\qb" y"#))
        #expect(lexed.map(\.kind) == [.identifier, .invalid, .identifier, .endOfFile])
        #expect(lexed[1].text == #""a\qb""#)
        #expect(diagnostics[0].range.end.column == 7)
    }

    @Test func anInvalidEscapeRangeCoversTheWholeCharacter() {
        let diagnostics = Lexer.tokenize(SourceText(#""\é""#)).diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.range.start.column == 2)
        #expect(diagnostics.first?.range.end.column == 5)
    }

    // MARK: - Comments

    @Test func commentsAreSkipped() {
        #expect(kinds("a // to the end of the line ( [ {\nb") == [.identifier, .newline, .identifier])
        #expect(kinds("a /* block */ b") == [.identifier, .identifier])
        #expect(kinds("a/**/b") == [.identifier, .identifier])
        #expect(kinds("// only a comment") == [])
        #expect(kinds("//// four slashes are a plain comment\nx").first == .newline)
    }

    @Test func blockCommentsNest() {
        #expect(kindsAndTexts("a /* one /* two */ still a comment */ b") == ["name a", "name b"])
        #expect(kindsAndTexts("/* /* */ */ x") == ["name x"])
    }

    @Test func aBlockCommentSpanningLinesIsALineBreak() {
        let lexed = tokens("a /* one\ntwo */ b")
        #expect(lexed.map(\.kind) == [.identifier, .newline, .identifier, .endOfFile])
        #expect(lexed[1].range.start == location(1, 9, 8))
        #expect(kinds("a /* one */\n/* two\n */ b") == [.identifier, .newline, .identifier])
    }

    @Test func unterminatedBlockComments() {
        #expect(errors("a /* never /* closed */") == ["1:3: error: unterminated '/*' comment"])
        #expect(errors("a\n  /* never") == ["2:3: error: unterminated '/*' comment"])
        let (lexed, _) = Lexer.tokenize(SourceText("a /* never"))
        #expect(lexed.map(\.kind) == [.identifier, .endOfFile])
    }

    @Test func docCommentsRideOnTheNextToken() {
        let lexed = tokens("/// A player.\n///   Indented.\n///No space.\nmachine Player")
        // The comment lines end in a line break, which comes first as its own token.
        #expect(lexed.map(\.kind) == [.newline, .keyword(.machine), .identifier, .endOfFile])
        #expect(lexed[0].documentation == nil)
        #expect(lexed[1].documentation == "A player.\n  Indented.\nNo space.")
        #expect(lexed[2].documentation == nil)
    }

    @Test func docCommentsCrossLineBreaksToTheNextDeclaration() {
        let lexed = tokens("event a\n/// Stops.\n\n// plain\nevent b")
        #expect(lexed.map(\.kind) == [
            .keyword(.event), .identifier, .newline, .keyword(.event), .identifier, .endOfFile,
        ])
        #expect(lexed[2].documentation == nil)
        #expect(lexed[3].documentation == "Stops.")
        #expect(lexed[0].documentation == nil)
    }

    @Test func docCommentsDropCarriageReturns() {
        let lexed = tokens("/// One.\r\n/// Two.\r\nstate s")
        #expect(lexed[1].documentation == "One.\nTwo.")
    }

    @Test func plainCommentsAreNotDocumentation() {
        #expect(tokens("// no\nstate s")[1].documentation == nil)
        #expect(tokens("//// no\nstate s")[1].documentation == nil)
        #expect(tokens("/** no */ state s")[0].documentation == nil)
    }

    // MARK: - Line breaks and spacing

    @Test func aRunOfLineBreaksIsOneToken() {
        let lexed = tokens("a\n\n  \n\t\nb\r\nc")
        #expect(lexed.map(\.kind) == [.identifier, .newline, .identifier, .newline, .identifier, .endOfFile])
        // The token is the first line break of the run.
        #expect(lexed[1].range == SourceRange(location(1, 2, 1), location(2, 1, 2)))
        #expect(lexed[3].range.start == location(5, 3, 10))
        #expect(lexed[4].range.start == location(6, 1, 11))
    }

    @Test func commentsBetweenLineBreaksJoinTheRun() {
        #expect(kinds("a\n// one\n/* two */\n\nb") == [.identifier, .newline, .identifier])
        #expect(kinds("\n\na") == [.newline, .identifier])
        #expect(kinds("a\n") == [.identifier, .newline])
    }

    @Test func precedingSpaceIsRecorded() {
        let lexed = tokens("a(b c\nd/**/e")
        #expect(lexed.map(\.isPrecededBySpace) == [true, false, false, true, true, true, true, false])
    }

    // MARK: - Locations

    @Test func locationsAreOneBasedLinesAndByteColumns() {
        let lexed = tokens("machine M {\n\tstate é {}\n}")
        let starts = lexed.map { "\($0.range.start)" }
        #expect(starts == ["1:1", "1:9", "1:11", "1:12", "2:2", "2:8", "2:11", "2:12", "2:13", "3:1", "3:2"])
        #expect(lexed[5].text == "é")
        #expect(lexed[5].range.end == location(2, 10, 21))
        #expect(lexed.last?.kind == .endOfFile)
        #expect(lexed.last?.range.start == location(3, 2, 26))
    }

    @Test func anEmptySourceIsJustTheEnd() {
        let lexed = tokens("")
        #expect(lexed.map(\.kind) == [.endOfFile])
        #expect(lexed[0].range.start == location(1, 1, 0))
    }

    @Test func kindsDescribeThemselvesForMessages() {
        #expect(Token.Kind.keyword(.machine).description == "'machine'")
        #expect(Token.Kind.punctuation(.arrow).description == "'->'")
        #expect(Token.Kind.identifier.description == "name")
        #expect(Token.Kind.newline.description == "line break")
        #expect(Token.Kind.endOfFile.description == "end of file")
    }
}
