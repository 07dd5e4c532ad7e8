import FSMCompiler
import Foundation
import Testing
import TestSupport

/// A machine with `after` transitions that no attribute isolates delivers its timers on the
/// actor it was made on. Made outside any actor with a real-time clock, it would get them on
/// a thread nobody owns: that must fail to compile, not race.
@Suite("Timers come back on the machine's actor, or the code does not compile")
struct TimerIsolationTests {
    /// Type-checks the generated Kettle (Specs/Timers.fsm) with `use`; returns swiftc's output
    /// and whether it succeeded.
    private func typeCheck(_ use: String) async throws -> (succeeded: Bool, output: String) {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-isolation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let kettle = ReferenceSpecs.all.first { $0.outputName == "Timers.swift" }!
        try Data(try kettle.generate().utf8).write(to: folder.appendingPathComponent("Kettle.swift"))
        let actions = """
            import FSMRuntime
            final class Stove: Kettle.Actions {
                func isBoiling() -> Bool { true }
                func heat() {}
                func stopHeating() {}
                func reportTimeout() {}
                func checkTemperature() {}
            }
            """
        try Data((actions + "\n" + use).utf8).write(to: folder.appendingPathComponent("Use.swift"))
        let files = ["Kettle.swift", "Use.swift"].map { folder.appendingPathComponent($0).path }
        let result = try await Subprocess.run(
            "swiftc",
            ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library",
             "-I", build.appendingPathComponent("Modules").path] + files)
        return (result.status == 0, result.output)
    }

    @Test func aRealTimeClockOutsideAnyActorIsACompileError() async throws {
        let result = try await typeCheck("func outside() { _ = Kettle(actions: Stove()) }")
        #expect(!result.succeeded)
        #expect(result.output.contains("call to actor-isolated initializer"), "\(result.output)")
    }

    @Test func onAnActorAnyClockCompilesAndOutsideOneAManualClockDoes() async throws {
        let result = try await typeCheck("""
            actor Kitchen {
                var kettle: Kettle?
                func start() { kettle = Kettle(actions: Stove()); kettle?.send(.switchOn) }
            }
            @MainActor func onMain() -> Kettle { Kettle(actions: Stove(), clock: TaskClock()) }
            func inTests() { let clock = ManualClock(); let kettle = Kettle(actions: Stove(), clock: clock); kettle.send(.switchOn); clock.advance(by: .seconds(1)) }
            """)
        #expect(result.succeeded, "\(result.output)")
    }
}
