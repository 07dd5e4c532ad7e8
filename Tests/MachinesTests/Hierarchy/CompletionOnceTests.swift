import FSMRuntime
import Testing

/// A parallel state completes once per step that puts its last region in a final state, also
/// when the step enters final states in several regions (SCXML's `enterStates` checks the
/// completion as each final state is entered, with the configuration entered so far), and
/// after a snapshot was restored with a region already final (Tandem.fsm).
@Suite("A parallel state completes once")
struct CompletionOnceTests {
    final class Bench: Tandem.Actions {
        var celebrations = 0
        func celebrate() { celebrations += 1 }
    }

    @Test func twoRegionsFinishingInOneStep() {
        let bench = Bench()
        let tandem = Tandem(actions: bench)
        tandem.send(.finishBoth)
        #expect(bench.celebrations == 1)
        #expect(tandem.isIn(.leftDone) && tandem.isIn(.rightDone))
    }

    @Test func regionsFinishingOneAfterTheOther() {
        let bench = Bench()
        let tandem = Tandem(actions: bench)
        tandem.send(.start)
        tandem.send(.finishLeft)
        #expect(bench.celebrations == 0)
        tandem.send(.finishRight)
        #expect(bench.celebrations == 1)
    }

    @Test func aDeepHistoryRestoringBothFinalStates() {
        let bench = Bench()
        let tandem = Tandem(actions: bench)
        tandem.send(.finishBoth)
        tandem.send(.leave)
        tandem.send(.resume)
        #expect(bench.celebrations == 2)
        #expect(tandem.isIn(.leftDone) && tandem.isIn(.rightDone))
    }

    @Test func aRestoredRegionAlreadyFinal() {
        let bench = Bench()
        let tandem = Tandem(actions: bench)
        tandem.send(.start)
        tandem.send(.finishLeft)
        let restored = Tandem(actions: bench, restoring: tandem.snapshot)
        restored.send(.finishRight)
        #expect(bench.celebrations == 1)
    }
}
