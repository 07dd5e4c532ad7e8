import FSMCompiler
import FSMSpecGenerator
import Testing
import TestSupport

/// What the widened generator's campaigns found (issue 26), fixed in the compiler, kept: each
/// spec generates Swift that compiles with `-warnings-as-errors`.
extension GeneratedSwiftSoundnessTests {
    static let issue26Regressions: [String] = [
        // A parallel state's unguarded transition for an event its regions share takes it
        // before the machine level's, which the dispatch still wrote after it, reading a
        // payload the `case` did not bind ("cannot find 'to' in scope"; seed 7, spec 198).
        """
        machine UnreachableOuterAction {
            event ev2(to: Int)
            initial parallel state par3 {
                state region6 {
                    initial state s7
                }
                state region9 {
                    initial state x_1 {
                        on ev2
                    }
                }
                on ev2 -> s13
            }
            state s13
            on ev2 -> s7 / log32
        }
        """,
        // The same with a value function of the payload in the unreachable target's data
        // (seed 7, spec 201).
        """
        machine UnreachableOuterTargetData {
            event ev0(on: Int, text: Float, UUID)
            state array(attempt8: Int64, total9: Set<String>) {
                initial parallel state event {
                    state _inner {
                        initial state isIn
                    }
                    state region5 {
                        initial state s7 {
                            on ev0 -> _inner
                        }
                    }
                    on ev0
                }
            }
            initial state x_1
            on ev0 -> array(5, make22)
        }
        """,
    ]

    @Test func issue26CampaignsFindingsCompile() async throws {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        let files = try Self.issue26Regressions.map { text in
            let compilation = Compiler.compile(SourceText(text))
            let machine = try #require(compilation.executable, "\(compilation.diagnostics.map(\.message))")
            return (machine.model.name, SwiftEmitter.emit(machine, sourceFileName: machine.model.name + ".fsm"))
        }
        let result = try await onOwnThread { try compiler.typecheck(files) }
        #expect(result.succeeded, "swiftc failed:\n\(result.output)")
    }
}
