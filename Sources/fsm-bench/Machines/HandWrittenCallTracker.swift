/// The call tracker of `CallTracker.fsm` written by hand: one `switch` over the state and the
/// event, with the machine-level `didBecomeActive` as the fallback, and an optional observer
/// told the same things in the same order as the generated machine's.
final class HandWrittenCallTracker {
    enum State: Hashable {
        case idle, start, systemAlert, waiting, callStarting, callInProgress, callEnded
    }

    enum Event: Hashable {
        case trackOutgoingCall, willResignActive, didEnterBackground, willEnterForeground, didBecomeActive
    }

    enum Output: Hashable { case callFinished }

    enum Notification {
        case exited(State)
        case entered(State)
        case transitioned(source: State, event: Event, target: State)
        case emitted(Output)
        case ignored(Event, in: State)
    }

    private(set) var state = State.idle
    /// The protocol form of observing, held weakly as delegates are.
    protocol Delegate: AnyObject {
        func machine(_ machine: HandWrittenCallTracker, didNotify notification: Notification)
    }

    /// The one observer, or `nil`.
    var observer: ((Notification) -> Void)?

    /// Makes `delegate` the observer, through the same closure the generated machines build
    /// for an `Observer` object.
    func setDelegate(_ delegate: any Delegate) {
        observer = { [unowned(unsafe) self, weak delegate] notification in
            delegate?.machine(self, didNotify: notification)
        }
    }

    func send(_ event: Event) {
        switch (state, event) {
        case (.idle, .trackOutgoingCall):
            transition(from: .idle, on: event, to: .start)
        case (.start, .willResignActive):
            transition(from: .start, on: event, to: .systemAlert)
        case (.systemAlert, .didBecomeActive):
            transition(from: .systemAlert, on: event, to: .waiting)
        case (.waiting, .willResignActive):
            transition(from: .waiting, on: event, to: .callStarting)
        case (.callStarting, .didEnterBackground):
            transition(from: .callStarting, on: event, to: .callInProgress)
        case (.callInProgress, .willEnterForeground):
            transition(from: .callInProgress, on: event, to: .callEnded)
        case (.callEnded, .didBecomeActive):
            notify(.exited(.callEnded))
            notify(.emitted(.callFinished))
            state = .idle
            notify(.entered(.idle))
            notify(.transitioned(source: .callEnded, event: event, target: .idle))
        case (_, .didBecomeActive):
            transition(from: state, on: event, to: .idle)
        default:
            notify(.ignored(event, in: state))
        }
    }

    @inline(__always)
    private func transition(from source: State, on event: Event, to target: State) {
        notify(.exited(source))
        state = target
        notify(.entered(target))
        notify(.transitioned(source: source, event: event, target: target))
    }

    @inline(__always)
    private func notify(_ notification: @autoclosure () -> Notification) {
        if let observer { observer(notification()) }
    }
}
