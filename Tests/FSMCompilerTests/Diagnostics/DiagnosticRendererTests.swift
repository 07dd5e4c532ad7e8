import FSMCompiler
import Testing

/// How diagnostics print: `path:line:column: severity: message`, notes, and for terminals
/// the source line with a caret and `~` underline, and a suggested replacement.
@Suite(.offThePool) struct DiagnosticRendererTests {
    /// A diagnostic whose range runs from one marker to another of a spec.
    private func diagnostic(
        _ severity: Diagnostic.Severity, _ message: String, _ spec: MarkedSource, _ start: String, _ end: String,
        notes: [Diagnostic.Note] = [], suggestion: String? = nil
    ) -> Diagnostic {
        let range = spec.range(start, end)
        return Diagnostic(
            severity, message, at: range, notes: notes,
            suggestion: suggestion.map { Diagnostic.Suggestion(replacing: range, with: $0) })
    }

    // MARK: - Location lines

    @Test func locationLinesWithoutSource() {
        let spec = MarkedSource("machine M {\n    initial state a { on go -> 1️⃣nowhere2️⃣ }\n3️⃣}4️⃣")
        let renderer = DiagnosticRenderer(path: "Specs/M.fsm")
        let error = diagnostic(
            .error, "unknown state 'nowhere'", spec, "1️⃣", "2️⃣",
            notes: [.init("the block closes here", at: spec.range("3️⃣", "4️⃣"))], suggestion: "now")
        #expect(renderer.render(error) == """
            Specs/M.fsm:2:32: error: unknown state 'nowhere'
            Specs/M.fsm:3:1: note: the block closes here

            """)
        let warning = diagnostic(.warning, "state 'a' has no way out", spec, "3️⃣", "4️⃣")
        #expect(renderer.render([warning, error]) == """
            Specs/M.fsm:3:1: warning: state 'a' has no way out
            Specs/M.fsm:2:32: error: unknown state 'nowhere'
            Specs/M.fsm:3:1: note: the block closes here

            """)
        #expect(renderer.render([]) == "")
    }

    @Test func theCompilersDiagnosticsRenderWithTheirNotes() {
        let spec = MarkedSource("""
            machine M {
                event go
                initial state 1️⃣a { on go -> a }
                state 2️⃣a
            }
            """)
        let compilation = Compiler.compile(spec.source)
        #expect(DiagnosticRenderer(path: "/tmp/M.fsm").render(compilation.diagnostics) == """
            /tmp/M.fsm:\(spec.location("2️⃣")): error: state 'a' is declared twice
            /tmp/M.fsm:\(spec.location("1️⃣")): note: 'a' is first declared here

            """)
    }

    // MARK: - Source lines and carets

    @Test func sourceLineWithCaretAndUnderline() {
        let spec = MarkedSource("machine M {\n    initial state a { on go -> 1️⃣nowhere2️⃣ }\n}")
        let renderer = DiagnosticRenderer(path: "M.fsm", source: spec.source)
        #expect(renderer.render(diagnostic(.error, "unknown state 'nowhere'", spec, "1️⃣", "2️⃣")) == """
            M.fsm:2:32: error: unknown state 'nowhere'
                initial state a { on go -> nowhere }
                                           ^~~~~~~

            """)
    }

    @Test func anEmptyOrMultiLineRangeGetsACaretOnly() {
        let spec = MarkedSource("machine M 1️⃣{\n    2️⃣state a\n3️⃣}")
        let renderer = DiagnosticRenderer(path: "M.fsm", source: spec.source)
        #expect(renderer.render(diagnostic(.error, "empty", spec, "2️⃣", "2️⃣")) == """
            M.fsm:2:5: error: empty
                state a
                ^

            """)
        #expect(renderer.render(diagnostic(.note, "spans lines", spec, "1️⃣", "3️⃣")) == """
            M.fsm:1:11: note: spans lines
            machine M {
                      ^

            """)
    }

    @Test func notesShowTheirOwnSourceLines() {
        let spec = MarkedSource("machine M {\n    event 1️⃣go2️⃣\n    event 3️⃣go4️⃣\n}")
        let renderer = DiagnosticRenderer(path: "M.fsm", source: spec.source)
        let duplicate = diagnostic(
            .error, "event 'go' is declared twice", spec, "3️⃣", "4️⃣",
            notes: [.init("'go' is first declared here", at: spec.range("1️⃣", "2️⃣"))])
        #expect(renderer.render(duplicate) == """
            M.fsm:3:11: error: event 'go' is declared twice
                event go
                      ^~
            M.fsm:2:11: note: 'go' is first declared here
                event go
                      ^~

            """)
    }

    @Test func tabsAreKeptSoTheCaretLinesUp() {
        let spec = MarkedSource("machine M {\n\t\tinitial state a { on go -> 1️⃣b2️⃣ }\n}")
        let renderer = DiagnosticRenderer(path: "M.fsm", source: spec.source)
        #expect(renderer.render(diagnostic(.error, "unknown state 'b'", spec, "1️⃣", "2️⃣")) == """
            M.fsm:2:30: error: unknown state 'b'
            \t\tinitial state a { on go -> b }
            \t\t                           ^

            """)
    }

    @Test func nonASCIITextTakesOneColumnPerCharacter() {
        // Columns count bytes ("é" is two), but the caret line has one space per character,
        // and the underline is as wide as the characters it covers.
        let spec = MarkedSource("machine Mé {\n    state été { on go -> 1️⃣ça_où2️⃣ }\n}")
        let renderer = DiagnosticRenderer(path: "M.fsm", source: spec.source)
        #expect(renderer.render(diagnostic(.error, "unknown state 'ça_où'", spec, "1️⃣", "2️⃣")) == """
            M.fsm:2:28: error: unknown state 'ça_où'
                state été { on go -> ça_où }
                                     ^~~~~

            """)
    }

    @Test func aRangeAtTheEndOfALinePointsPastItsLastCharacter() {
        let spec = MarkedSource("machine M {\n    on go /1️⃣\n2️⃣}")
        let renderer = DiagnosticRenderer(path: "M.fsm", source: spec.source)
        #expect(renderer.render(diagnostic(.error, "expected an action", spec, "1️⃣", "2️⃣")) == """
            M.fsm:2:12: error: expected an action
                on go /
                       ^

            """)
    }

    @Test func carriageReturnsAreNotPrinted() {
        let spec = MarkedSource("machine M {\r\n    state 1️⃣a2️⃣\r\n}\r\n")
        let renderer = DiagnosticRenderer(path: "M.fsm", source: spec.source)
        #expect(renderer.render(diagnostic(.warning, "unused", spec, "1️⃣", "2️⃣")) == "M.fsm:2:11: warning: unused\n    state a\n          ^\n")
    }

    @Test func theLineAfterTheLastLineBreakIsEmpty() {
        let spec = MarkedSource("machine M {\n1️⃣")
        let renderer = DiagnosticRenderer(path: "M.fsm", source: spec.source)
        #expect(renderer.render(diagnostic(.error, "expected '}'", spec, "1️⃣", "1️⃣")) == "M.fsm:2:1: error: expected '}'\n\n^\n")
    }

    // MARK: - Suggestions

    @Test func aSuggestionIsPrintedUnderTheCaret() {
        let spec = MarkedSource("machine M {\n    initial state playing { on go -> 1️⃣plaiyng2️⃣ }\n}")
        let renderer = DiagnosticRenderer(path: "M.fsm", source: spec.source)
        let typo = diagnostic(
            .error, "unknown state 'plaiyng'; did you mean 'playing'?", spec, "1️⃣", "2️⃣", suggestion: "playing")
        #expect(renderer.render(typo) == """
            M.fsm:2:38: error: unknown state 'plaiyng'; did you mean 'playing'?
                initial state playing { on go -> plaiyng }
                                                 ^~~~~~~
                                                 playing

            """)
    }

    @Test func theCompilersSuggestionRendersUnderTheCaret() {
        let spec = MarkedSource("machine M {\n    event play\n    initial state a { on 1️⃣paly -> a }\n}")
        let compilation = Compiler.compile(spec.source)
        #expect(DiagnosticRenderer(path: "M.fsm", source: spec.source).render(compilation.diagnostics) == """
            M.fsm:3:26: error: unknown event 'paly'; did you mean 'play'?
                initial state a { on paly -> a }
                                     ^~~~
                                     play

            """)
        #expect(spec.location("1️⃣").column == 26)
    }

    @Test func suggestionsAreLeftOutWithoutSource() {
        let spec = MarkedSource("machine M {\n    initial state playing { on go -> 1️⃣plaiyng2️⃣ }\n}")
        let typo = diagnostic(.error, "unknown state 'plaiyng'", spec, "1️⃣", "2️⃣", suggestion: "playing")
        #expect(DiagnosticRenderer(path: "M.fsm").render(typo) == "M.fsm:2:38: error: unknown state 'plaiyng'\n")
    }
}
