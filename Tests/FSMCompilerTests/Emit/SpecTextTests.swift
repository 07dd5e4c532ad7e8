@testable import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `SpecText.spec`, the whole machine written back as a spec (what `fsmc import` writes): for
/// every example machine and construct spec, the spec it writes compiles to a machine that
/// generates the same Swift, payloads, state data, access level, isolation and imports
/// included, writing that machine again gives the same text, and the text is in the canonical
/// layout of `fsmc format`.
@Suite(.offThePool) struct SpecTextTests {
    @Test(arguments: DiagramGoldens.specs)
    func aSpecWrittenBackGeneratesTheSameSwift(_ path: String) throws {
        let original = try #require(Compiler.compile(SourceText(String(contentsOf: ExampleMachines.packageRoot.appendingPathComponent(path), encoding: .utf8))).executable)
        let text = SpecText.spec(original.model)
        let compilation = Compiler.compile(SourceText(text))
        #expect(!compilation.hasErrors, "\(compilation.diagnostics)")
        let rewritten = try #require(compilation.executable)
        let name = URL(fileURLWithPath: path).lastPathComponent
        #expect(SwiftEmitter.emit(rewritten, sourceFileName: name) == SwiftEmitter.emit(original, sourceFileName: name))
        #expect(SpecText.spec(rewritten.model) == text)
        #expect(try formatSpec(text) == text, "not in fsmc format's canonical layout")
    }

    /// Properties are written last, in their canonical text, and read back the same (SCXML
    /// import goes through this).
    @Test func propertiesAreWrittenBackLast() throws {
        let model = try #require(Compiler.compile(SourceText("""
            machine Door {
                event open
                assert never (in(opened) && in(closed))
                initial state closed { on open -> opened }
                assert reachable in(opened) && !(in(closed) || false)
                final state opened
                assert in(opened) only after in(closed)
                assert always reachable in(opened)
            }
            """)).model)
        let text = SpecText.spec(model)
        #expect(text == """
            machine Door {
                event open

                initial state closed { on open -> opened }
                final state opened

                assert never in(opened) && in(closed)
                assert reachable in(opened) && !in(closed)
                assert in(opened) only after in(closed)
                assert always reachable in(opened)
            }

            """)
        let again = try #require(Compiler.compile(SourceText(text)).model)
        #expect(again.properties.map(\.claim) == model.properties.map(\.claim))
        #expect(try formatSpec(text) == text)
    }

    @Test func aStateWithOneShortMemberFitsOnOneLineAndBlocksAreSetOffByBlankLines() throws {
        let model = try #require(Compiler.compile(SourceText("""
            /// Doors.
            @MainActor public machine Door {
                event open(force: Int)
                output creak
                initial state closed { on open -> opened }
                /// Wide open.
                state opened {
                    entry / emit creak
                    on open [isStrong] -> closed
                }
                final state gone
                on open -> gone
            }
            """)).model)
        #expect(SpecText.spec(model, header: ["From a test."]) == """
            // From a test.

            /// Doors.
            @MainActor public machine Door {
                event open(force: Int)

                output creak

                initial state closed { on open -> opened }

                /// Wide open.
                state opened {
                    entry / emit creak
                    on open [isStrong] -> closed
                }

                final state gone

                on open -> gone
            }

            """)
    }
}
