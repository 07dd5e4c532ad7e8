import FSMRuntime
import Testing

/// The session's guards, set by each test, and its action.
final class SessionScript: Session.Actions {
    var extendable = false
    var active = false
    var touches = 0

    func canExtend() -> Bool { extendable }
    func hasActivity() -> Bool { active }
    func noteTouch() { touches += 1 }
}

/// A session on a clock, and its notifications as text.
private final class SessionBench<Clock: SynchronousMachineClock> {
    let clock: Clock
    let script = SessionScript()
    let session: Session
    var log: [String] = []

    init(clock: Clock, extendable: Bool = false, restoring snapshot: Session.State? = nil) {
        self.clock = clock
        script.extendable = extendable
        session = Session(actions: script, clock: clock, restoring: snapshot)
        session.observe { [unowned self] notification in
            switch notification {
            case .exited, .entered: break
            case .transitioned(let transition):
                log.append("\(transition.source) -\(transition.event?.name ?? "after")-> \(transition.target)")
            case .emitted(let output): log.append("emitted \(output)")
            case .ignored(let event, let state): log.append("ignored \(event) in \(state)")
            }
        }
    }
}

@Suite("Delayed transitions: several per state, guards, internal, re-armed")
struct DelayedTransitionTests {
    @Test func theInitialStateStartsItsTimersAndEachFiresOnItsDeadline() {
        let bench = SessionBench(clock: ManualClock())
        bench.clock.advance(by: .milliseconds(249))
        #expect(bench.log.isEmpty)
        bench.clock.advance(by: .milliseconds(1))
        #expect(bench.log == ["emitted warned"])
        #expect(bench.session.state == .active)
        bench.clock.advance(by: .milliseconds(749))
        #expect(bench.log == ["emitted warned"])
        bench.clock.advance(by: .milliseconds(1))
        #expect(bench.log == ["emitted warned", "active -after-> expired"])
        #expect(bench.session.state == .expired)
    }

    @Test(arguments: [false, true])
    func guardedDelayedTransitionsWithElseAtTheSameDelay(extendable: Bool) {
        let bench = SessionBench(clock: ManualClock(), extendable: extendable)
        bench.clock.advance(by: .seconds(1))
        #expect(bench.session.state == (extendable ? .extended : .expired))
        #expect(bench.log == (extendable
            ? ["emitted warned", "emitted prolonged", "active -after-> extended"]
            : ["emitted warned", "active -after-> expired"]))
    }

    /// A clock may fire timers that fall due together in any order (``TaskClock`` does):
    /// the guards must still be tried in document order.
    @Test(arguments: [false, true])
    func guardsOfOneDelayAreTriedInDocumentOrderWhateverTheClockOrderOfTies(extendable: Bool) {
        let bench = SessionBench(clock: ReversedTiesClock(), extendable: extendable)
        bench.clock.advance(by: .seconds(1))
        #expect(bench.session.state == (extendable ? .extended : .expired))
    }

    @Test func anInternalTransitionKeepsTheTimersRunning() {
        let bench = SessionBench(clock: ManualClock())
        bench.clock.advance(by: .milliseconds(900))
        bench.session.send(.touch)
        #expect(bench.script.touches == 1)
        bench.clock.advance(by: .milliseconds(100))
        #expect(bench.session.state == .expired)
    }

    @Test func anExternalSelfTransitionRestartsTheTimers() {
        let bench = SessionBench(clock: ManualClock())
        bench.clock.advance(by: .milliseconds(900))
        bench.session.send(.activity)
        #expect(bench.log == ["emitted warned", "active -activity-> active"])
        bench.clock.advance(by: .milliseconds(249))         // 1.149s
        #expect(bench.session.state == .active)
        #expect(bench.log.count == 2)
        bench.clock.advance(by: .milliseconds(1))           // 1.15s
        #expect(bench.log.last == "emitted warned")
        bench.clock.advance(by: .milliseconds(749))         // 1.899s
        #expect(bench.session.state == .active)
        bench.clock.advance(by: .milliseconds(1))           // 1.9s
        #expect(bench.session.state == .expired)
    }

    @Test func aDelayedTransitionWhoseGuardFailsIsNotRearmed() {
        let bench = SessionBench(clock: ManualClock(), extendable: true)
        bench.clock.advance(by: .seconds(1))
        #expect(bench.session.state == .extended)
        bench.clock.advance(by: .milliseconds(500))
        #expect(bench.session.state == .extended)
        #expect(bench.clock.pendingTimerCount == 0)
        bench.script.active = true
        bench.clock.advance(by: .seconds(60))
        #expect(bench.session.state == .extended)
    }

    @Test func aDelayedTransitionWhoseGuardHoldsReEntersAndRestartsTimers() {
        let bench = SessionBench(clock: ManualClock(), extendable: true)
        bench.script.active = true
        bench.clock.advance(by: .milliseconds(1500))
        #expect(bench.session.state == .active)
        #expect(bench.log.suffix(1) == ["extended -after-> active"])
        bench.clock.advance(by: .milliseconds(250))
        #expect(bench.log.last == "emitted warned")
    }

    @Test func aLongDelayLeadsToTheFinalStateWhichCancelsEverything() {
        let bench = SessionBench(clock: ManualClock())
        bench.clock.advance(by: .seconds(1))
        #expect(bench.session.state == .expired)
        bench.clock.advance(by: .seconds(119))
        #expect(bench.session.state == .expired)
        bench.clock.advance(by: .seconds(1))
        #expect(bench.session.state == .loggedOut)
        #expect(bench.session.isFinished)
        #expect(bench.clock.pendingTimerCount == 0)
        bench.session.send(.activity)
        #expect(bench.log.last == "ignored activity in loggedOut")
    }

    @Test func leavingTheStateCancelsEveryTimerOfIt() {
        let bench = SessionBench(clock: ManualClock())
        #expect(bench.clock.pendingTimerCount > 0)
        bench.session.send(.logout)
        #expect(bench.clock.pendingTimerCount == 0)
        bench.clock.advance(by: .seconds(10))
        #expect(bench.log == ["active -logout-> loggedOut"])
    }

    @Test func restoringRestartsTheTimersOfTheRestoredState() {
        let clock = ManualClock()
        clock.advance(by: .seconds(30))
        let bench = SessionBench(clock: clock, restoring: .expired)
        #expect(bench.clock.pendingDeadlines == [.seconds(150)])
        bench.clock.advance(by: .seconds(120))
        #expect(bench.session.state == .loggedOut)
        #expect(bench.log == ["expired -after-> loggedOut"])
    }

    @Test func transitionTableListsTheDelays() {
        let delayed = Session.transitionTable.filter { if case .after = $0.trigger { true } else { false } }
        #expect(delayed.map(\.trigger) == [
            .after(.milliseconds(250)), .after(.seconds(1)), .after(.seconds(1)), .after(.milliseconds(500)), .after(.seconds(120)),
        ])
        #expect(delayed.map(\.guardExpression) == [nil, "canExtend", "else", "hasActivity", nil])
        #expect(delayed.map(\.target) == [nil, .extended, .expired, .active, .loggedOut])
    }
}

/// The retry machine's guards, set by each test, and its action.
final class RetryScript: Retry.Actions {
    var offline = false
    var attemptsLeft = false
    var reachable = false
    var attempts = 0
    var beats = 0

    func isOffline() -> Bool { offline }
    func hasAttemptsLeft() -> Bool { attemptsLeft }
    func isReachable() -> Bool { reachable }
    func attempt() { attempts += 1 }
    func beat() { beats += 1 }
}

/// A retry machine on a manual clock, paused after a failed attempt, and its notifications.
private final class RetryBench {
    let clock = ManualClock()
    let script = RetryScript()
    let retry: Retry
    var log: [String] = []

    init(offline: Bool = false, attemptsLeft: Bool = false, reachable: Bool = false) {
        script.offline = offline
        script.attemptsLeft = attemptsLeft
        script.reachable = reachable
        retry = Retry(actions: script, clock: clock)
        retry.send(.start)
        retry.send(.fail)
        retry.observe { [unowned self] notification in
            switch notification {
            case .exited, .entered: break
            case .transitioned(let transition):
                log.append("\(transition.source) -\(transition.event?.name ?? "nil")-> \(transition.target)")
            case .emitted(let output): log.append("emitted \(output)")
            case .ignored(let event, let state): log.append("ignored \(event) in \(state)")
            }
        }
    }
}

@Suite("Delayed transitions leading on: guards without else, eventless chains, raise")
struct DelayedChainTests {
    @Test func whenNoGuardOfATimerHoldsNothingHappensAndNothingIsRearmed() {
        let bench = RetryBench()
        bench.clock.advance(by: .milliseconds(100))
        #expect(bench.retry.state == .pausing)
        #expect(bench.log.isEmpty)
        #expect(bench.clock.pendingTimerCount == 0)
    }

    @Test func theFirstGuardInDocumentOrderWins() {
        let bench = RetryBench(offline: true, attemptsLeft: true)
        bench.clock.advance(by: .milliseconds(100))
        #expect(bench.retry.state == .idle)
        #expect(bench.log == ["emitted gaveUp", "pausing -nil-> idle"])
    }

    @Test func aTimersTransitionIsFollowedByTheEventlessChainThenByTheRaisedEvent() {
        let bench = RetryBench(attemptsLeft: true, reachable: true)
        bench.clock.advance(by: .milliseconds(99))
        #expect(bench.retry.state == .pausing)
        bench.clock.advance(by: .milliseconds(1))
        #expect(bench.retry.state == .trying)
        #expect(bench.script.attempts == 2)
        #expect(bench.log == ["pausing -nil-> checking", "checking -nil-> trying", "emitted ponged"])
    }

    @Test func aTimerThatReEntersItsStateBeatsOnceEachPeriodWithinOneAdvance() {
        let clock = ManualClock()
        let script = RetryScript()
        let retry = Retry(actions: script, clock: clock)
        var beats: [Duration] = []
        retry.observe { notification in
            if case .transitioned(let transition) = notification, transition.event == nil { beats.append(clock.now) }
        }
        retry.send(.start)
        clock.advance(by: .milliseconds(100))
        #expect(beats == [.milliseconds(30), .milliseconds(60), .milliseconds(90)])
        #expect(script.beats == 3)
        #expect(clock.pendingDeadlines == [.milliseconds(120)])
        retry.send(.succeed)
        #expect(clock.pendingTimerCount == 0)
        #expect(retry.isFinished)
    }

    @Test func theEventlessElseAfterATimer() {
        let bench = RetryBench(attemptsLeft: true)
        bench.clock.advance(by: .milliseconds(100))
        #expect(bench.retry.state == .idle)
        #expect(bench.log == ["pausing -nil-> checking", "emitted gaveUp", "checking -nil-> idle", "ignored ping in idle"])
    }
}
