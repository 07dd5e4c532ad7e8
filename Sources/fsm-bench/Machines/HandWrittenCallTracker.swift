/// The call tracker of `CallTracker.fsm` written by hand: one `switch` over the state and the
/// event, with the machine-level `didBecomeActive` as the fallback, and what a developer adds
/// to be observed: an optional closure called with each transition, and a weak delegate told
/// of the states entered and the transitions taken.
final class HandWrittenCallTracker {
    enum State: Hashable {
        case idle, start, systemAlert, waiting, callStarting, callInProgress, callEnded
    }

    enum Event: Hashable {
        case trackOutgoingCall, willResignActive, didEnterBackground, willEnterForeground, didBecomeActive
    }

    enum Output: Hashable { case callFinished }

    /// A transition taken: what `onTransition` and the delegate hear.
    struct Transition {
        var source: State
        var event: Event
        var target: State
    }

    private(set) var state = State.idle
    /// A weak delegate, as a developer writes one for the two things this one wants to hear.
    protocol Delegate: AnyObject {
        func machine(_ machine: HandWrittenCallTracker, didEnter state: State)
        func machine(_ machine: HandWrittenCallTracker, didTransition transition: Transition)
    }

    /// Called with each transition taken, or `nil`.
    var onTransition: ((Transition) -> Void)?
    weak var delegate: (any Delegate)?

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
            state = .idle
            didEnter(.idle)
            didTransition(source: .callEnded, event: event, target: .idle)
        case (_, .didBecomeActive):
            transition(from: state, on: event, to: .idle)
        default:
            break
        }
    }

    @inline(__always)
    private func transition(from source: State, on event: Event, to target: State) {
        state = target
        didEnter(target)
        didTransition(source: source, event: event, target: target)
    }

    @inline(__always)
    private func didEnter(_ state: State) {
        delegate?.machine(self, didEnter: state)
    }

    @inline(__always)
    private func didTransition(source: State, event: Event, target: State) {
        onTransition?(Transition(source: source, event: event, target: target))
        delegate?.machine(self, didTransition: Transition(source: source, event: event, target: target))
    }
}
