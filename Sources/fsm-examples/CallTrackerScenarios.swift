import FSMRuntime
import Machines

/// A call tracker whose transitions are printed, on a manual clock the scenario advances.
private func makeTracker() -> (CallTracker, ManualClock) {
    let clock = ManualClock()
    let tracker = CallTracker(clock: clock)
    tracker.observe { notification in
        switch notification {
        case .transitioned(let transition):
            print(transitionLine(
                from: "\(transition.source)", on: transition.event?.name ?? "after 1s", to: "\(transition.target)"))
        case .emitted(.callFinished):
            print("  ⇒ callFinished: the user is back after the call")
        case .ignored(let event, let state):
            print("  (\(event.name) ignored in \(state))")
        case .entered, .exited:
            break
        }
    }
    return (tracker, clock)
}

/// Seed 003: the app opens a tel: URL, the user confirms, talks, and comes back.
func callTrackerThroughARealCall() {
    heading("Call tracker: a real call")
    let (tracker, clock) = makeTracker()
    tracker.send(.trackOutgoingCall)
    tracker.send(.willResignActive)     // the "Call …?" alert covers the app
    tracker.send(.didBecomeActive)      // the user tapped Call; the alert is gone
    clock.advance(by: .milliseconds(300))
    tracker.send(.willResignActive)     // the call screen takes over
    tracker.send(.didEnterBackground)
    tracker.send(.willEnterForeground)  // the call ended
    tracker.send(.didBecomeActive)
    print("  final state: \(tracker.state)")
}

/// Seed 003: the user taps Cancel on the system alert; nothing follows within a second.
func callTrackerCancelledAtTheSystemAlert() {
    heading("Call tracker: cancelled at the system alert")
    let (tracker, clock) = makeTracker()
    tracker.send(.trackOutgoingCall)
    tracker.send(.willResignActive)
    tracker.send(.didBecomeActive)      // the alert closed: Call or Cancel?
    print("  … one second passes with no call …")
    clock.advance(by: .seconds(1))
    print("  final state: \(tracker.state)")
}

/// Seed 003: `didBecomeActive` where nobody expects it resets the tracker.
func callTrackerResetByAnUnexpectedActivation() {
    heading("Call tracker: an unexpected didBecomeActive")
    let (tracker, _) = makeTracker()
    tracker.send(.trackOutgoingCall)
    tracker.send(.willResignActive)
    tracker.send(.didBecomeActive)
    tracker.send(.willResignActive)
    tracker.send(.didBecomeActive)      // expected didEnterBackground: machine-level reset
    tracker.send(.willEnterForeground)  // nothing takes it in idle
    print("  final state: \(tracker.state)")
}
