import FSMCompiler
@testable import FSMChecker
import FSMCore
import Testing

/// A step that raises events without end under free guards (found by the random specs of the
/// counterexample tests: it took 30 s to 90 s in a debug build, each of 4,096 outcome classes run
/// to the interpreter's limit) is cut short by the bound on one stimulus's microsteps:
/// inconclusive, as divergence, and quickly.
@Suite(.offThePool) struct RaisedEventLoopTests {
    @Test func aRaisedEventLoopIsInconclusiveWithoutRunningEveryOutcomeClass() throws {
        let spec = try CheckedSpec("""
            machine Loop {
                event ev0
                event ev1
                event ev2
                state s1 {
                    on ev2 [ready] -> s2
                }
                initial state s2 {
                    exit / raise ev1, raise ev1
                    exit / raise ev2, raise ev0
                    on ev1 [open] -> s1
                    on ev0 -> s1
                }
                on ev1 [ready] -> s2
                on ev1 [else] -> s1
            }
            """, ["always reachable in(s1)"])
        let report = spec.check()
        #expect(report.results.map(\.verdict) == [.inconclusive(.divergence(.guardEvaluations))])
        // ev0 leaves s2, raising the loop: its outcome classes stop at the budget (each runs up
        // to the interpreter's limit), not after thousands of classes.
        var started = MachineInterpreter(checking: spec.executable)
        _ = started.run(.start, script: GuardScript())
        let ev0 = EventID(try #require(spec.model.events.firstIndex { $0.name == "ev0" }))
        var outcomes = StepOutcomes()
        outcomes.forEach(of: .event(ev0), from: started) { _ in true }
        #expect(outcomes.diverged)
        let microstepWork = ExplorationBounds.stepsPerRun + 2 * ExplorationBounds.stepsPerSelection
        #expect(outcomes.work <= microstepWork * (PropertyChecker.maximumSelectionsPerStimulus + 2 * MachineInterpreter.maximumStepsPerStimulus))
    }
}
