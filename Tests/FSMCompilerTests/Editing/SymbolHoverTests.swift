import FSMCompiler
import Testing

/// Hover text: an event's payload and transitions, a state's transitions.
@Suite(.offThePool) struct SymbolHoverTests {
    let spec = EditingFixtures.navigator
    let index = EditingFixtures.index

    private func hover(_ marker: String) throws -> String {
        let symbol = try #require(index.occurrence(at: spec.location(marker).offset))
        return SymbolHover.markdown(for: symbol, in: index, source: spec.source)
    }

    @Test func anEventShowsItsPayloadDocumentationAndTransitions() throws {
        #expect(try hover("4️⃣") == """
            ```fsm
            event loggedIn(user: String)
            ```

            Someone signed in.

            Transitions:
            - in `login`: `on loggedIn -> main / rememberUser`
            """)
    }

    @Test func aStateShowsItsDeclarationParentAndTransitions() throws {
        #expect(try hover("5️⃣") == """
            ```fsm
            state main
            ```

            The signed-in part.

            Transitions:
            - `on logOut -> login / emit shown("bye")`
            """)
        let detail = try #require(index.occurrences.first { $0.name == "detail" && $0.isDeclaration })
        #expect(SymbolHover.markdown(for: detail, in: index, source: spec.source) == """
            ```fsm
            state detail(id: Int)
            ```

            Inside `main`.

            Transitions:
            - `on back -> list / rememberUser, raise logOut`
            """)
    }

    @Test func anOutputShowsWhereItIsEmitted() throws {
        #expect(try hover("7️⃣") == "```fsm\noutput shown(String)\n```\n\nEmitted in 1 place.")
    }

    @Test func aGuardOrActionPointsToTheActionsProtocol() throws {
        #expect(try hover("6️⃣") == "```fsm\naction rememberUser\n```\n\nImplemented in Swift, in the machine's `Navigator.Actions`; used in 2 places.")
        #expect(try hover("8️⃣").hasPrefix("```fsm\nguard canOpen\n```"))
    }

    @Test func aGuardOrActionOfAValidSpecShowsItsActionsRequirement() throws {
        let source = SourceText("""
            machine Player {
                event seek(to: Double)
                initial state idle { on seek [isSeekable] / jump }
                state detail(id: Int) { entry / load }
            }
            """)
        let compilation = Compiler.compile(source)
        let model = try #require(compilation.model)
        let index = SymbolIndex(try #require(compilation.syntax))
        func hover(_ name: String) throws -> String {
            SymbolHover.markdown(for: try #require(index.occurrences.first { $0.name == name }), in: index, source: source, model: model)
        }
        #expect(try hover("isSeekable") == "```swift\nfunc isSeekable(to: Double) -> Bool\n```\n\nA requirement of `Player.Actions`, implemented in Swift; used in 1 place.")
        #expect(try hover("jump").hasPrefix("```swift\nfunc jump(to: Double)\n```"))
        #expect(try hover("load").hasPrefix("```swift\nfunc load(id: Int)\n```"))
    }

    @Test func transitionsShowWithTheirWhiteSpaceFolded() throws {
        let source = SourceText("machine M {\n  event go\n  initial state a {\n    on go\t  ->   a\n  }\n}")
        let index = SymbolIndex(Parser.parse(source).syntax)
        let state = try #require(index.occurrences.first { $0.name == "a" })
        #expect(SymbolHover.markdown(for: state, in: index, source: source).hasSuffix("- `on go -> a`"))
    }

    /// Swift reads `\r\n` as one character, neither `\r` nor `\n`: a transition written over
    /// two lines of a Windows file kept its line break in the hover.
    @Test func transitionsOverWindowsLinesShowOnOneLine() throws {
        let source = SourceText("machine M {\r\n  event go\r\n  initial state a {\r\n    on go -> a / x,\r\n      y\r\n  }\r\n}\r\n")
        let index = SymbolIndex(Parser.parse(source).syntax)
        let state = try #require(index.occurrences.first { $0.name == "a" })
        #expect(SymbolHover.markdown(for: state, in: index, source: source).hasSuffix("- `on go -> a / x, y`"))
    }
}
