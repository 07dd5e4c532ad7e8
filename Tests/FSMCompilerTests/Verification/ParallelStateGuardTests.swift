import FSMCompiler
import Testing

/// A transition of a parallel state is a candidate of every region's atomic state; one
/// selection asks its guard once, so a counterexample shows one answer for it, not one per
/// region.
@Suite(.offThePool) struct ParallelStateGuardTests {
    @Test func aParallelStatesGuardIsAskedOncePerSelection() throws {
        let spec = try CheckedSpec("""
            machine Par {
                event go
                initial parallel state p {
                    state r1 { initial state x {} }
                    state r2 { initial state y {} }
                    on go [ready] -> b
                }
                state b { on go -> p }
            }
            """, ["never in(b)"])
        var interpreter = MachineInterpreter(checking: spec.executable)
        _ = interpreter.run(.start, script: GuardScript())
        let go = MachineInterpreter.Stimulus.event(EventID(try #require(spec.model.events.firstIndex { $0.name == "go" })))
        var taking = interpreter
        let taken = taking.run(go, script: GuardScript(answers: [true]))
        #expect(taken.script.asked.map(\.value) == [true] && taken.taken.count == 1)
        let declined = interpreter.run(go, script: GuardScript(answers: [false]))
        #expect(declined.script.asked.map(\.value) == [false] && declined.taken.isEmpty)
        #expect(try spec.counterexample(0) == ["start => x+y", "go [yes] => b"])
    }
}
