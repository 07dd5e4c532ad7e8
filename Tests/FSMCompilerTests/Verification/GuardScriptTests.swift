import FSMCompiler
import Testing

/// The interpreter's scripted guards: lazy, one answer per evaluation `in(…)` does not decide,
/// `false` once the script runs out, counted.
@Suite(.offThePool) struct GuardScriptTests {
    static let choice = """
        machine Choice {
            event go
            event other
            initial state a {
                on go [first] -> x
                on go [in(x) && second] -> a
                on go [second] -> y
                on go -> z
            }
            state x {}
            state y {}
            state z {}
        }
        """

    func run(_ answers: [Bool]) throws -> (asked: [Bool], unscripted: Int, leaf: String) {
        let spec = try CheckedSpec(Self.choice, [])
        var interpreter = MachineInterpreter(checking: spec.executable)
        _ = interpreter.run(.start, script: GuardScript())
        let go = MachineInterpreter.Stimulus.event(EventID(try #require(spec.model.events.firstIndex { $0.name == "go" })))
        let run = interpreter.run(go, script: GuardScript(answers: answers))
        return (run.script.asked.map(\.value), run.script.unscriptedCount, spec.model[interpreter.leaf].name)
    }

    @Test func evaluationsStopAtTheFirstEnabledCandidateAndInDecidesWithoutAnAnswer() throws {
        // `in(x) && second` is decided false in `a`: never asked.
        let none = try run([])
        #expect(none.asked == [false, false] && none.unscripted == 2 && none.leaf == "z")
        let first = try run([true])
        #expect(first.asked == [true] && first.unscripted == 0 && first.leaf == "x")
        let second = try run([false, true])
        #expect(second.asked == [false, true] && second.unscripted == 0 && second.leaf == "y")
    }

    /// Three guarded candidates and a fallback: four outcome classes, each reached.
    @Test func everyOutcomeClassIsReached() throws {
        let spec = try CheckedSpec(Self.choice, ["reachable in(x)", "reachable in(y)", "reachable in(z)", "never in(a) && in(x)"])
        #expect(spec.verdicts() == ["holds", "holds", "holds", "holds"])
        #expect(spec.check().exploredSituations == 4)
    }

    /// Without a script the interpreter answers from the names given, as the paths use it.
    @Test func withoutAScriptGuardsAnswerFromNames() throws {
        let spec = try CheckedSpec(Self.choice, [])
        var interpreter = MachineInterpreter(machine: spec.executable)
        _ = interpreter.start(answers: [])
        let go = EventID(try #require(spec.model.events.firstIndex { $0.name == "go" }))
        _ = interpreter.send(go, answers: ["second"])
        #expect(spec.model[interpreter.leaf].name == "y")
    }
}
