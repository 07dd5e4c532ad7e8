import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `formatSpec`: the canonical layout, what it keeps, idempotence on every spec of the
/// repository, and refusing specs that do not parse.
@Suite(.offThePool) struct SpecFormatterTests {
    @Test func laysOutIndentationSpacesAndBlankLines() throws {
        let messy = """


            @MainActor
              public   machine Door{
            event open( by :String,at:[ String:Int ] )
                event close



              initial state closed{on open[ canOpen&&!(isLocked||in( closed )) ]->opened( since:now )/ ring ,emit note( "a  b" , -1 )}

              state opened(since:ContinuousClock.Instant){

            after 5s->closed
                    on close -> closed ; entry/greet()

              }
            final state gone{}
            on close->main.history
            }
            """
        let expected = """
            @MainActor
            public machine Door {
                event open(by: String, at: [String: Int])
                event close

                initial state closed { on open [canOpen && !(isLocked || in(closed))] -> opened(since: now) / ring, emit note("a  b", -1) }

                state opened(since: ContinuousClock.Instant) {
                    after 5s -> closed
                    on close -> closed; entry / greet()
                }
                final state gone {}
                on close -> main.history
            }

            """
        #expect(try formatSpec(messy) == expected)
    }

    /// One space after each word of `assert`, even before `!` and `(` (which after a name
    /// would unwrap a type or call it), and the guard spacing inside conditions.
    @Test func laysOutProperties() throws {
        let messy = """
            machine Safe {
            event go
            initial state a{on go->b}
              final state b
                assert   never!in(a)&&in( b )
            assert reachable(in(a)||in(b))
             assert always   reachable!(in(a))
            assert in(a)only after(in(b)) ;assert never ! in(a)
            assert in(a)&&
            in(b) only  after  !in(b)
            }
            """
        let expected = """
            machine Safe {
                event go
                initial state a { on go -> b }
                final state b
                assert never !in(a) && in(b)
                assert reachable (in(a) || in(b))
                assert always reachable !(in(a))
                assert in(a) only after (in(b)); assert never !in(a)
                assert in(a) &&
                    in(b) only after !in(b)
            }

            """
        let formatted = try formatSpec(messy)
        #expect(formatted == expected)
        #expect(try formatSpec(formatted) == formatted)
        // The layout means what the messy text meant.
        let before = SemanticAnalyzer.analyze(Parser.parse(SourceText(messy)).syntax).model?.properties.map(\.text)
        let after = SemanticAnalyzer.analyze(Parser.parse(SourceText(formatted)).syntax).model?.properties.map(\.text)
        #expect(before == after)
        #expect(before?.count == 6)
    }

    /// The words of `assert` as names keep the spacing names have: `never!` stays a name
    /// (an action here) and `only(…)` a call.
    @Test func theWordsOfPropertiesAsNamesKeepTheirSpacing() throws {
        let spec = """
            machine assert {
                event never
                initial state reachable { on never [!assert()] -> reachable / only(), never }
            }

            """
        #expect(try formatSpec(spec) == spec)
    }

    @Test func laysOutDefer() throws {
        let messy = "machine Held {\nevent ping\n  initial state a {   defer    ping ;on ping [ok]->a\n defer ping\n}\n}"
        let expected = """
            machine Held {
                event ping
                initial state a { defer ping; on ping [ok] -> a
                    defer ping
                }
            }

            """
        #expect(try formatSpec(messy) == expected)
        #expect(try formatSpec(expected) == expected)
    }

    /// Language version 4: `update(…)` and calls with arguments are names before a call's
    /// parenthesis, laid out as `emit`'s arguments are.
    @Test func laysOutUpdatesAndCallsWithArguments() throws {
        let messy = """
            machine M {
              event go(n: Int)
              initial state a(count: Int) {
                on go [ isOk( n ) ]/update( count:n ) ,note(n ,  size: 3), log ( )
                on go -> b(x: f( count : count))
              }
              state b(x: Int) {}
            }
            """
        let expected = """
            machine M {
                event go(n: Int)
                initial state a(count: Int) {
                    on go [isOk(n)] / update(count: n), note(n, size: 3), log()
                    on go -> b(x: f(count: count))
                }
                state b(x: Int) {}
            }

            """
        #expect(try formatSpec(messy) == expected)
        #expect(try formatSpec(expected) == expected)
    }

    @Test func keepsCommentsWhereTheyWere() throws {
        let source = """
            // The file's header.
            //   indented text inside a comment stays as written.

            /// The door.
            machine Door {
              event open       // trailing, aligned by hand
              event close      // with the one above
                /// Closed, to begin with.
              initial state closed {
                  on open -> opened /* inline */ / ring
                    // a comment line inside the block
              }
                /* a block comment
                   over two lines */
              final state opened   //  spaces inside the comment stay
            // before the closing brace
            }
            // at the end
            """
        let expected = """
            // The file's header.
            //   indented text inside a comment stays as written.

            /// The door.
            machine Door {
                event open       // trailing, aligned by hand
                event close      // with the one above
                /// Closed, to begin with.
                initial state closed {
                    on open -> opened /* inline */ / ring
                    // a comment line inside the block
                }
                /* a block comment
                   over two lines */
                final state opened   //  spaces inside the comment stay
                // before the closing brace
            }
            // at the end

            """
        #expect(try formatSpec(source) == expected)
    }

    @Test func continuesListsOverLinesOneLevelDeeper() throws {
        let source = """
            machine M {
            event moved(
            x: Int,
                  y: [Int]
                )
                initial state a { on moved -> a / track,
            log }
            }
            """
        let expected = """
            machine M {
                event moved(
                    x: Int,
                    y: [Int]
                )
                initial state a { on moved -> a / track,
                    log }
            }

            """
        #expect(try formatSpec(source) == expected)
    }

    @Test func keepsTheSpaceThatMakesAnAttributeAndWindowsLineBreaks() throws {
        let source = "machine M {\r\n\tevent done(then: @Sendable (Int) -> Void,\r\n\t\tlater: @Sendable() -> Void)\r\n}\r\n"
        let expected = "machine M {\r\n    event done(then: @Sendable (Int) -> Void,\r\n        later: @Sendable() -> Void)\r\n}\r\n"
        #expect(try formatSpec(source) == expected)
    }

    /// SCXML's control language: `reenter`, several targets (a list continued on the next line
    /// too), a history's default with actions, constant guards, atomic regions.
    @Test func laysOutTheControlLanguage() throws {
        let messy = """
            machine Document{
            event t
              initial state closed{on t reenter->editing.history;on lock[true||isAdmin]->closed/audit}
            state editing{
            history deep->boldOn,italicOn/restoreStyle
            on reset->boldOff ,
               italicOff/clearStyle


              on sync [ !false&&ok ]reenter->boldOn
            parallel state style{state bold{initial state boldOn};state italic{initial state italicOn} ;state ruler}
            }
            }
            """
        let expected = """
            machine Document {
                event t
                initial state closed { on t reenter -> editing.history; on lock [true || isAdmin] -> closed / audit }
                state editing {
                    history deep -> boldOn, italicOn / restoreStyle
                    on reset -> boldOff,
                        italicOff / clearStyle

                    on sync [!false && ok] reenter -> boldOn
                    parallel state style { state bold { initial state boldOn }; state italic { initial state italicOn }; state ruler }
                }
            }

            """
        #expect(try formatSpec(messy) == expected)
        #expect(try formatSpec(expected) == expected)
        // The shared spec of the control language is laid out already.
        #expect(try formatSpec(ControlLanguageSpec.text) == ControlLanguageSpec.text)
    }

    /// Found by the fuzzer (`Fuzz/crashers/refusal-format-crlf-block-comment.fsm`): a file
    /// whose first line ends in `\r\n` is written with `\r\n`, and a block comment over
    /// several lines then read back as changed, because Swift reads `\r\n` as one character,
    /// which is not `"\n"`, so the comment's words were compared with a line break glued to
    /// them. The formatter now splits lines and words by Unicode scalars.
    @Test func laysOutABlockCommentOverSeveralLinesInAWindowsFile() throws {
        #expect(try formatSpec("\r\n//x\n/* m\n r/ **{/ e\n} */\n") == "//x\r\n/* m\r\n r/ **{/ e\r\n} */\r\n")
        // Written with `\r\n` throughout, the comment's later lines move with its first.
        let source = "machine M {\r\n\tevent go /* one\r\n\t\t   two */\r\n  initial state a { on go -> a }\r\n}\r\n"
        let expected = "machine M {\r\n    event go /* one\r\n           two */\r\n    initial state a { on go -> a }\r\n}\r\n"
        #expect(try formatSpec(source) == expected)
        #expect(try formatSpec(expected) == expected)
    }

    /// The lexer reads a lone carriage return as a space, not as a line break; so does the
    /// formatter, and one inside a comment stays there.
    @Test func readsALoneCarriageReturnAsTheLexerDoes() throws {
        let source = "machine M {\r    event go\n    initial state a {\ron go -> a\r}\n    // a\rb\n}\n"
        let expected = "machine M { event go\n    initial state a { on go -> a }\n    // a\rb\n}\n"
        #expect(try formatSpec(source) == expected)
    }

    @Test func refusesASpecWithSyntaxErrorsWithTheirLocations() {
        let source = "machine M {\n    initial state a { on go => b }\n}\n"
        #expect(throws: SpecFormatError.self) { try formatSpec(source) }
        do {
            _ = try formatSpec(source)
        } catch {
            let rendered = DiagnosticRenderer(path: "M.fsm").render(error.diagnostics)
            #expect(rendered.hasPrefix("M.fsm:2:29: error: "))
        }
    }

    @Test func refusesBytesThatAreNotUTF8() {
        #expect(throws: SpecFormatError.self) { try formatSpec(SourceText(bytes: Array("machine M {}\n// \u{e9}".utf8) + [0xFF])) }
    }

    @Test func changesOnlyWhiteSpaceAndIsIdempotentOnEverySpecOfTheRepository() async throws {
        // Seconds of CPU: on a thread of its own, so that it holds none of the cooperative
        // pool's, which the real-time timer tests of other targets need (see onOwnThread).
        try await onOwnThread {
            var formatted = 0
            for path in RepositorySpecs.relativePaths {
                let source = SourceText(bytes: try RepositorySpecs.bytes(of: path))
                guard let once = try? formatSpec(source) else {
                    // Specs with syntax errors are refused; the corpus has many on purpose.
                    let syntaxErrors = source.firstInvalidUTF8Offset != nil || Parser.parse(source).diagnostics.contains { $0.severity == .error }
                    #expect(syntaxErrors, "\(path) parses but was not formatted")
                    continue
                }
                formatted += 1
                let twice = try formatSpec(once)
                #expect(twice == once, "formatting \(path) twice changes it again")
                let before = Compiler.compile(source).diagnostics.map { "\($0.severity) \($0.message)" }
                let after = Compiler.compile(SourceText(once)).diagnostics.map { "\($0.severity) \($0.message)" }
                #expect(before == after, "formatting \(path) changes its diagnostics")
            }
            #expect(formatted > 100)
        }
    }
}

