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
