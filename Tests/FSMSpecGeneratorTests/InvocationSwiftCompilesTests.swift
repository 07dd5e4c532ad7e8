import FSMCompiler
import Foundation
import Testing
import TestSupport

/// The Swift generated for machines with invocations compiles with `-warnings-as-errors`, on an
/// actor and on the main actor, for calls and streams with every shape of result.
@Suite struct InvocationSwiftCompilesTests {
    static let specs = [
        """
        machine Profile {
            event open(id: Int)
            event retry
            event close

            initial state idle { on open -> loading(id: id) }

            state loading(id: Int) {
                invoke fetchUser(user: String)
                done fetchUser -> showing(user: user)
                error fetchUser [isOffline] -> offline
                error fetchUser -> failed / report
                after 10s -> failed
                on close -> idle
            }
            state showing(user: String) {
                invoke stream changes(change: Int)
                on changes / apply
                done changes -> idle
                error changes -> offline
            }
            state offline { on retry -> idle }
            state failed { on retry -> idle }
        }
        """,
        """
        @MainActor machine Uploads {
            event cancel
            initial state uploading {
                invoke upload(bytes: Int, checksum: String)
                invoke ping
                done upload [isComplete] -> done / record
                done upload -> uploading
                error upload -> failed
                error ping
                on cancel -> failed
            }
            final state done
            final state failed
        }
        """,
    ]

    @Test func theGeneratedSwiftCompiles() async throws {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        let files = try Self.specs.map { text in
            let compilation = Compiler.compile(SourceText(text))
            let machine = try #require(compilation.executable, "\(compilation.diagnostics.map(\.message))")
            return (machine.model.name, SwiftEmitter.emit(machine, sourceFileName: machine.model.name + ".fsm"))
        }
        if let folder = ProcessInfo.processInfo.environment["FSMC_INVOCATION_SWIFT"] {
            for (name, swift) in files { try Data(swift.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + ".swift")) }
        }
        let result = try await onOwnThread { try compiler.typecheck(files) }
        #expect(result.succeeded, "swiftc failed:\n\(result.output)")
    }
}
