import FSMRuntime
import Foundation
import Machines
import Testing

/// Writes every hook of the call tracker's observer protocol to a journal.
final class CallTrackerWatcher: CallTracker.Observer {
    let journal: Journal

    init(journal: Journal = Journal()) {
        self.journal = journal
    }

    var lines: [String] { journal.lines }

    func machine(_ machine: CallTracker, didExit state: CallTracker.State) {
        journal.append("didExit \(state)")
    }

    func machine(_ machine: CallTracker, didEnter state: CallTracker.State) {
        journal.append("didEnter \(state)")
    }

    func machine(_ machine: CallTracker, didTransition transition: CallTracker.Transition) {
        journal.append("didTransition \(transition.source) -\(transition.event?.name ?? "after")-> \(transition.target)")
    }

    func machine(_ machine: CallTracker, didEmit output: CallTracker.Output) {
        journal.append("didEmit \(output)")
    }

    func machine(_ machine: CallTracker, didIgnore event: CallTracker.Event, in state: CallTracker.State) {
        journal.append("didIgnore \(event) in \(state)")
    }
}

/// The events that walk a call tracker from `idle` to `state`.
private func path(to state: CallTracker.State) -> [CallTracker.Event] {
    let walk: [CallTracker.Event] = [.trackOutgoingCall, .willResignActive, .didBecomeActive, .willResignActive, .didEnterBackground, .willEnterForeground]
    let order: [CallTracker.State] = [.idle, .start, .systemAlert, .waiting, .callStarting, .callInProgress, .callEnded]
    return Array(walk.prefix(order.firstIndex(of: state)!))
}

@Suite("CallTracker (seed 003): transitions, machine level, after timers")
struct CallTrackerTests {
    /// Every state's own transitions, then `didBecomeActive` from everywhere.
    static let expectedTargets: [(CallTracker.State, CallTracker.Event, CallTracker.State?)] = [
        (.idle, .trackOutgoingCall, .start),
        (.start, .willResignActive, .systemAlert),
        (.systemAlert, .didBecomeActive, .waiting),
        (.waiting, .willResignActive, .callStarting),
        (.callStarting, .didEnterBackground, .callInProgress),
        (.callInProgress, .willEnterForeground, .callEnded),
        (.callEnded, .didBecomeActive, .idle),
        (.idle, .didBecomeActive, .idle),
        (.start, .didBecomeActive, .idle),
        (.waiting, .didBecomeActive, .idle),
        (.callStarting, .didBecomeActive, .idle),
        (.callInProgress, .didBecomeActive, .idle),
        (.idle, .willResignActive, nil),
        (.start, .trackOutgoingCall, nil),
        (.waiting, .didEnterBackground, nil),
        (.callInProgress, .willResignActive, nil),
    ]

    @Test func takesEveryTransition() {
        for (source, event, target) in Self.expectedTargets {
            let watcher = CallTrackerWatcher()
            let tracker = CallTracker(clock: ManualClock(), observers: [watcher], restoring: source)
            tracker.send(event)
            #expect(tracker.state == (target ?? source), "\(source) on \(event)")
            #expect(watcher.lines.contains("didIgnore \(event) in \(source)") == (target == nil), "\(source) on \(event)")
            #expect(CallTracker.nextState(from: source, on: event) == target, "\(source) on \(event)")
        }
    }

    @Test func walksAPathOfEvents() {
        let tracker = CallTracker(clock: ManualClock())
        for event in path(to: .callEnded) {
            tracker.send(event)
        }
        #expect(tracker.state == .callEnded)
    }

    @Test func transitionFunctionAgreesWithTheRunningMachineEverywhere() {
        for state in CallTracker.State.allCases {
            for event in CallTracker.Event.allCases {
                let watcher = CallTrackerWatcher()
                let tracker = CallTracker(clock: ManualClock(), observers: [watcher], restoring: state)
                tracker.send(event)
                let expected = CallTracker.nextState(from: state, on: event)
                #expect(tracker.state == expected ?? state, "\(state) on \(event)")
                #expect(watcher.lines.contains { $0.hasPrefix("didIgnore") } == (expected == nil), "\(state) on \(event)")
            }
        }
    }

    // MARK: - Machine level

    @Test func machineLevelTransitionResetsFromAStateWithoutItsOwn() {
        let watcher = CallTrackerWatcher()
        let tracker = CallTracker(clock: ManualClock(), observers: [watcher], restoring: .callStarting)
        tracker.send(.didBecomeActive)
        #expect(tracker.state == .idle)
        #expect(watcher.lines == ["didExit callStarting", "didEnter idle", "didTransition callStarting -didBecomeActive-> idle"])
    }

    @Test func machineLevelTransitionIsAnExternalSelfTransitionInItsTarget() {
        let watcher = CallTrackerWatcher()
        let tracker = CallTracker(clock: ManualClock(), observers: [watcher])
        watcher.journal.clear()
        tracker.send(.didBecomeActive)
        #expect(tracker.state == .idle)
        #expect(watcher.lines == ["didExit idle", "didEnter idle", "didTransition idle -didBecomeActive-> idle"])
    }

    @Test func stateOwnTransitionWinsOverTheMachineLevel() {
        let watcher = CallTrackerWatcher()
        let tracker = CallTracker(clock: ManualClock(), observers: [watcher], restoring: .systemAlert)
        tracker.send(.didBecomeActive)
        #expect(tracker.state == .waiting)
        #expect(watcher.lines == ["didExit systemAlert", "didEnter waiting", "didTransition systemAlert -didBecomeActive-> waiting"])

        watcher.journal.clear()
        let ended = CallTracker(clock: ManualClock(), observers: [watcher], restoring: .callEnded)
        ended.send(.didBecomeActive)
        #expect(ended.state == .idle)
        #expect(watcher.lines == ["didExit callEnded", "didEmit callFinished", "didEnter idle", "didTransition callEnded -didBecomeActive-> idle"])
    }

    // MARK: - Seed scenarios

    @Test func aRealCallFinishesOnce() {
        let clock = ManualClock()
        let watcher = CallTrackerWatcher()
        let tracker = CallTracker(clock: clock, observers: [watcher])
        tracker.send(.trackOutgoingCall)
        tracker.send(.willResignActive)
        tracker.send(.didBecomeActive)
        clock.advance(by: .milliseconds(300))
        tracker.send(.willResignActive)
        tracker.send(.didEnterBackground)
        tracker.send(.willEnterForeground)
        tracker.send(.didBecomeActive)
        #expect(tracker.state == .idle)
        #expect(watcher.lines.filter { $0 == "didEmit callFinished" }.count == 1)
        #expect(watcher.lines.filter { $0.hasPrefix("didTransition") } == [
            "didTransition idle -trackOutgoingCall-> start",
            "didTransition start -willResignActive-> systemAlert",
            "didTransition systemAlert -didBecomeActive-> waiting",
            "didTransition waiting -willResignActive-> callStarting",
            "didTransition callStarting -didEnterBackground-> callInProgress",
            "didTransition callInProgress -willEnterForeground-> callEnded",
            "didTransition callEnded -didBecomeActive-> idle",
        ])
        clock.advance(by: .seconds(5))
        #expect(tracker.state == .idle)
    }

    @Test func anUnexpectedActivationResetsTheTracker() {
        let watcher = CallTrackerWatcher()
        let tracker = CallTracker(clock: ManualClock(), observers: [watcher])
        for event in path(to: .callStarting) {
            tracker.send(event)
        }
        tracker.send(.didBecomeActive)
        #expect(tracker.state == .idle)
        tracker.send(.willEnterForeground)
        #expect(watcher.lines.last == "didIgnore willEnterForeground in idle")
        #expect(!watcher.lines.contains("didEmit callFinished"))
    }

    // MARK: - after 1s

    @Test func timerFiresAtExactlyOneSecondAndNotBefore() {
        let clock = ManualClock()
        let watcher = CallTrackerWatcher()
        let tracker = CallTracker(clock: clock, observers: [watcher], restoring: .systemAlert)
        #expect(clock.pendingTimerCount == 0)
        tracker.send(.didBecomeActive)
        #expect(clock.pendingDeadlines == [.seconds(1)])
        clock.advance(by: .milliseconds(999))
        #expect(tracker.state == .waiting)
        clock.advance(by: .microseconds(999))
        #expect(tracker.state == .waiting)
        watcher.journal.clear()
        clock.advance(by: .microseconds(1))
        #expect(tracker.state == .idle)
        #expect(watcher.lines == ["didExit waiting", "didEnter idle", "didTransition waiting -after-> idle"])
        #expect(clock.pendingTimerCount == 0)
    }

    @Test func transitionOfTheTimerHasNoEvent() async {
        let clock = ManualClock()
        let tracker = CallTracker(clock: clock, restoring: .systemAlert)
        var transitions = tracker.transitions.makeAsyncIterator()
        tracker.send(.didBecomeActive)
        clock.advance(by: .seconds(1))
        #expect(await transitions.next() == CallTracker.Transition(source: .systemAlert, event: .didBecomeActive, target: .waiting))
        #expect(await transitions.next() == CallTracker.Transition(source: .waiting, event: nil, target: .idle))
    }

    @Test func timerIsCancelledOnExit() {
        let clock = ManualClock()
        let tracker = CallTracker(clock: clock, restoring: .systemAlert)
        tracker.send(.didBecomeActive)
        clock.advance(by: .milliseconds(500))
        tracker.send(.willResignActive)
        #expect(tracker.state == .callStarting)
        #expect(clock.pendingTimerCount == 0)
        clock.advance(by: .seconds(10))
        #expect(tracker.state == .callStarting)
    }

    @Test func timerIsRearmedOnReEntry() {
        let clock = ManualClock()
        let tracker = CallTracker(clock: clock, restoring: .systemAlert)
        tracker.send(.didBecomeActive)             // waiting at 0s
        clock.advance(by: .milliseconds(600))
        tracker.send(.didBecomeActive)             // machine level: idle
        for event in path(to: .waiting) {          // waiting again at 0.6s
            tracker.send(event)
        }
        #expect(tracker.state == .waiting)
        #expect(clock.pendingDeadlines == [.milliseconds(1600)])
        clock.advance(by: .milliseconds(999))      // 1.599s: the first visit's second has passed
        #expect(tracker.state == .waiting)
        clock.advance(by: .milliseconds(1))
        #expect(tracker.state == .idle)
    }

    @Test func staleTimerFromAnEarlierVisitIsNeverDelivered() {
        let clock = UncancellableClock()
        let watcher = CallTrackerWatcher()
        let tracker = CallTracker(clock: clock, observers: [watcher], restoring: .systemAlert)
        tracker.send(.didBecomeActive)             // waiting at 0s; this timer cannot be cancelled
        clock.advance(by: .milliseconds(500))
        tracker.send(.didBecomeActive)             // idle
        for event in path(to: .waiting) {          // waiting again at 0.5s
            tracker.send(event)
        }
        watcher.journal.clear()
        clock.advance(by: .milliseconds(500))      // 1s: the first visit's timer fires
        #expect(tracker.state == .waiting)
        #expect(watcher.lines.isEmpty)
        clock.advance(by: .milliseconds(500))      // 1.5s: the second visit's timer
        #expect(tracker.state == .idle)
        #expect(watcher.lines == ["didExit waiting", "didEnter idle", "didTransition waiting -after-> idle"])
    }

    @Test func timerFiringDuringAStepWaitsForTheStepToEnd() {
        let clock = ManualClock()
        let watcher = CallTrackerWatcher()
        let tracker = CallTracker(clock: clock, observers: [watcher], restoring: .systemAlert)
        tracker.observe { [unowned tracker] notification in
            // Time passes while an observer of the step that enters `waiting` runs.
            if case .entered(.waiting) = notification {
                clock.advance(by: .seconds(1))
                #expect(tracker.state == .waiting)
            }
        }
        tracker.send(.didBecomeActive)
        #expect(tracker.state == .idle)
        #expect(watcher.lines == [
            "didExit systemAlert", "didEnter waiting", "didTransition systemAlert -didBecomeActive-> waiting",
            "didExit waiting", "didEnter idle", "didTransition waiting -after-> idle",
        ])
    }

    @Test func timerQueuedDuringAStepIsDroppedWhenAnEarlierEventLeavesTheState() {
        let clock = ManualClock()
        let tracker = CallTracker(clock: clock, restoring: .systemAlert)
        tracker.observe { [unowned tracker] notification in
            if case .entered(.waiting) = notification {
                tracker.send(.willResignActive)    // queued first
                clock.advance(by: .seconds(1))     // the timer is queued after it
            }
        }
        tracker.send(.didBecomeActive)
        #expect(tracker.state == .callStarting)
    }

    @Test func releasingTheMachineCancelsItsTimers() {
        let clock = ManualClock()
        var tracker: CallTracker? = CallTracker(clock: clock, restoring: .systemAlert)
        tracker!.send(.didBecomeActive)
        #expect(clock.pendingTimerCount == 1)
        tracker = nil
        #expect(clock.pendingTimerCount == 0)
        clock.advance(by: .seconds(2))
    }

    // MARK: - Snapshots and introspection

    @Test func restoringRestartsTimersWithoutEntering() throws {
        let saved = try JSONEncoder().encode(CallTracker.State.waiting)
        let clock = ManualClock()
        let watcher = CallTrackerWatcher()
        let tracker = CallTracker(clock: clock, observers: [watcher], restoring: try JSONDecoder().decode(CallTracker.State.self, from: saved))
        #expect(tracker.state == .waiting)
        #expect(watcher.lines.isEmpty)
        #expect(clock.pendingDeadlines == [.seconds(1)])
        clock.advance(by: .seconds(1))
        #expect(tracker.state == .idle)
    }

    @Test func startsInIdleWithNoTimer() {
        let clock = ManualClock()
        let watcher = CallTrackerWatcher()
        let tracker = CallTracker(clock: clock, observers: [watcher])
        #expect(tracker.state == CallTracker.initialState)
        #expect(tracker.state == .idle)
        #expect(watcher.lines == ["didEnter idle"])
        #expect(clock.pendingTimerCount == 0)
    }

    @Test func valuesAreCodable() throws {
        let states = try JSONDecoder().decode([CallTracker.State].self, from: JSONEncoder().encode(CallTracker.State.allCases))
        #expect(states == CallTracker.State.allCases)
        let events = try JSONDecoder().decode([CallTracker.Event].self, from: JSONEncoder().encode(CallTracker.Event.allCases))
        #expect(events == CallTracker.Event.allCases)
    }

    @Test func introspection() {
        #expect(CallTracker.State.allCases == [.idle, .start, .systemAlert, .waiting, .callStarting, .callInProgress, .callEnded])
        #expect(CallTracker.eventNames == ["trackOutgoingCall", "willResignActive", "didEnterBackground", "willEnterForeground", "didBecomeActive"])
        #expect(CallTracker.Event.allCases.map(\.name) == CallTracker.eventNames)
        #expect(CallTracker.Output.allCases == [.callFinished])
        let table = CallTracker.transitionTable
        #expect(table.count == 9)
        #expect(table.contains(TransitionDescriptor(source: .waiting, trigger: .after(.seconds(1)), guard: nil, target: .idle, actions: [])))
        #expect(table.contains(TransitionDescriptor(
            source: .callEnded, trigger: .event("didBecomeActive"), guard: nil, target: .idle, actions: ["emit callFinished"])))
        #expect(table.last == TransitionDescriptor(source: nil, trigger: .event("didBecomeActive"), guard: nil, target: .idle, actions: []))
    }
}
