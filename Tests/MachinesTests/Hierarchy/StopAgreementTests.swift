import FSMCompiler
import FSMRuntime
import Foundation
import Testing
import TestSupport

/// `stop()` of a generated machine is what the interpreter does to a child machine its parent
/// cancels (docs/ChildMachines.md): after the same random script, the generated machine's
/// `stop()` exits the same states in the same order as the interpreter's child when a parent
/// spec invoking the same spec leaves the invoking state; from then on it ignores every event
/// and every moment of time.
extension InterpreterAgreementTests {
    /// A parent that runs `child` while in `running` and cancels it on `leave`.
    static func host(invoking child: String) -> String {
        """
        machine Host {
            event leave
            initial state running {
                invoke \(child) as child
                on leave -> gone
            }
            state gone
        }
        """
    }

    @Test(arguments: specNames)
    func stoppingAgreesWithCancellingTheSpecAsAChild(_ name: String) async throws {
        try await onOwnThread {
            let text = try String(contentsOf: Self.specs.appendingPathComponent("\(name).fsm"), encoding: .utf8)
            let child = try #require(Compiler.compile(SourceText(text)).executable)
            let host = try #require(
                Compiler.compile(
                    SourceText(Self.host(invoking: name)), machines: MachineCatalog(specs: [SourceText(text)])
                ).executable)
            let guardNames = child.model.guards.map(\.name)
            var generator = SeededGenerator(seed: 0x5709_C0DE &+ UInt64(name.utf8.count))
            var statesExited = 0
            for answersMask in 0..<(1 << guardNames.count) {
                let answers = Set(guardNames.enumerated().filter { answersMask & (1 << $0.offset) != 0 }.map(\.element))
                for _ in 0..<10 {
                    statesExited += try stopAfterRandomScript(
                        child, host: host, answers: answers, generator: &generator, driven: drive(name, answers: answers))
                }
            }
            // The scripts stopped machines that had states to exit.
            #expect(statesExited > 0)
        }
    }

    /// Returns how many states `stop()` exited.
    private func stopAfterRandomScript(
        _ child: ExecutableMachine, host: ExecutableMachine, answers: Set<String>, generator: inout SeededGenerator, driven: Driven
    ) throws -> Int {
        var interpreter = MachineInterpreter(machine: host, machines: [child.model.name: child])
        _ = interpreter.start(answers: answers)
        let run = try #require(interpreter.runningInvocations.first)
        var nanoseconds: Int64 = 0
        var script: [String] = []
        for _ in 0..<Int.random(in: 0..<20, using: &generator) {
            if Int.random(in: 0..<5, using: &generator) == 0 {
                let step = [Int64(500_000_000), 1_000_000_000, 5_000_000_000].randomElement(using: &generator)!
                nanoseconds += step
                script.append("wait \(step / 1_000_000)ms")
                _ = interpreter.advance(to: nanoseconds, answers: answers)
                driven.advance(.nanoseconds(step))
            } else {
                let event = child.model.events.indices.randomElement(using: &generator)!
                script.append(child.model.events[event].name)
                _ = interpreter.send(EventID(event), toChild: run, answers: answers)
                driven.send(child.model.events[event].name)
            }
        }
        let situation = script.joined(separator: ", ") + " with \(answers.sorted())"
        if let running = interpreter.child(run) {
            #expect(driven.configuration() == running.configuration.map { child.model[$0].name }, "after \(situation)")
        }
        let mark = interpreter.trace.count
        _ = interpreter.send(EventID(host.model.events.firstIndex { $0.name == "leave" }!), answers: answers)
        let exits = interpreter.trace[mark...].compactMap { entry -> String? in
            guard case .inChild(_, .exited(let state)) = entry else { return nil }
            return "exit \(child.model[state].name)"
        }
        driven.journal.clear()
        driven.stop()
        #expect(driven.journal.lines == exits, "stop() after \(situation)")
        // Stopped for good: no event, timer or second `stop()` moves it.
        let configuration = driven.configuration()
        driven.journal.clear()
        for event in child.model.events { driven.send(event.name) }
        driven.advance(.seconds(60))
        driven.stop()
        #expect(driven.journal.lines == [], "after stop() after \(situation)")
        #expect(driven.configuration() == configuration)
        return exits.count
    }
}
