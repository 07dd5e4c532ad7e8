import FSMRuntime
import Testing

/// The stopwatch's actions, isolated to the main actor like the machine.
final class StopwatchScript: LapTimer.Actions {
    var log: [String] = []

    func begin() { log.append("begin") }
    func recordLap() { log.append("lap") }

    func timeOut() {
        MainActor.preconditionIsolated("a @MainActor machine's timer fires on the main actor")
        log.append("timeOut")
    }
}

/// An observer of a main-actor machine, itself on the main actor.
final class StopwatchWatcher: LapTimer.Observer {
    var states: [LapTimer.State] = []

    func machine(_ machine: LapTimer, didEnter state: LapTimer.State) {
        states.append(state)
    }
}

@MainActor
@Suite("A @MainActor machine used from the main actor")
struct MainActorMachineTests {
    @Test func runsWithItsTimerOnAManualClock() {
        let clock = ManualClock()
        let script = StopwatchScript()
        let watcher = StopwatchWatcher()
        let stopwatch = LapTimer(actions: script, clock: clock, observers: [watcher])
        stopwatch.send(.start)
        stopwatch.send(.lap)
        stopwatch.send(.lap)
        clock.advance(by: .milliseconds(99))
        #expect(stopwatch.state == .running)
        clock.advance(by: .milliseconds(1))
        #expect(stopwatch.state == .ready)
        #expect(script.log == ["begin", "lap", "lap", "timeOut"])
        #expect(watcher.states == [.ready, .running, .ready])
    }

    @Test func stoppingCancelsTheTimer() {
        let clock = ManualClock()
        let script = StopwatchScript()
        let stopwatch = LapTimer(actions: script, clock: clock)
        stopwatch.send(.start)
        stopwatch.send(.stop)
        #expect(clock.pendingTimerCount == 0)
        clock.advance(by: .seconds(1))
        #expect(script.log == ["begin"])
    }

    /// The real clock: the test awaits the timer's transition, however late a loaded machine
    /// runs it (the time limit is the cap), and checks that it came no sooner than its 100ms
    /// and on the main actor (`timeOut` checks the actor).
    @Test(.timeLimit(.minutes(12))) func aRealTimerFiresBackOnTheMainActor() async {
        let script = StopwatchScript()
        let stopwatch = LapTimer(actions: script)
        var transitions = stopwatch.transitions.makeAsyncIterator()
        let start = ContinuousClock.now
        stopwatch.send(.start)
        #expect(stopwatch.state == .running)
        #expect(await transitions.next() == LapTimer.Transition(source: .ready, event: .start, target: .running))
        #expect(await transitions.next() == LapTimer.Transition(source: .running, event: nil, target: .ready))
        #expect(ContinuousClock.now - start >= .milliseconds(100), "not before its deadline")
        #expect(stopwatch.state == .ready)
        #expect(script.log == ["begin", "timeOut"])
    }

    @Test func transitionsStreamOnTheMainActor() async {
        let clock = ManualClock()
        let stopwatch = LapTimer(actions: StopwatchScript(), clock: clock)
        var transitions = stopwatch.transitions.makeAsyncIterator()
        stopwatch.send(.start)
        clock.advance(by: .milliseconds(100))
        #expect(await transitions.next() == LapTimer.Transition(source: .ready, event: .start, target: .running))
        #expect(await transitions.next() == LapTimer.Transition(source: .running, event: nil, target: .ready))
    }
}
