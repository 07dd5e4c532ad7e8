/// The transfer of `Progress.fsm` written by hand, as a careful developer writes a machine whose
/// state's data changes in place: an enum with associated values and one `switch` over the
/// state and the event that reassigns `state` with the new value (`state = .receiving(id: id,
/// received: bytes)`). Actions are called in the generated machine's order; an optional
/// closure hears each transition, and a weak delegate the states entered and the transitions.
/// A progress report is heard as a transition from the state with the old value to the state
/// with the new one, as the generated machine's observers hear an `update`; it enters nothing.
///
/// Like the other hand-written machines, it has none of the generated machine's guarantees (an
/// event sent from an action re-enters `send`): it is the floor the generated code is
/// measured against.
final class HandWrittenProgress {
    enum State: Hashable {
        case idle
        case receiving(id: Int, received: Int)
        case paused(id: Int, received: Int)
    }

    /// The states without their data, as the notifications name them.
    enum StateName: Hashable { case idle, receiving, paused }

    enum Event: Hashable {
        case start(id: Int), progress(bytes: Int), pause, resume, finish
    }

    /// A transition taken, or data changed in place: what `onTransition` and the delegate hear.
    struct Transition {
        var source: State
        var event: Event
        var target: State
    }

    protocol Actions {
        func open(id: Int)
        func show(received: Int)
        func close(id: Int, received: Int)
    }

    /// A weak delegate, as a developer writes one for the two things this one wants to hear.
    protocol Delegate: AnyObject {
        func machine(_ machine: HandWrittenProgress, didEnter state: StateName)
        func machine(_ machine: HandWrittenProgress, didTransition transition: Transition)
    }

    private(set) var state = State.idle
    private let actions: any Actions

    /// Called with each transition taken, or `nil`.
    var onTransition: ((Transition) -> Void)?
    weak var delegate: (any Delegate)?

    init(actions: any Actions) {
        self.actions = actions
    }

    func send(_ event: Event) {
        let source = state
        switch (source, event) {
        case (.idle, .start(let id)):
            actions.open(id: id)
            state = .receiving(id: id, received: 0)
            didEnter(.receiving)
        case (.receiving(let id, _), .progress(let bytes)):
            state = .receiving(id: id, received: bytes)
            actions.show(received: bytes)
        case (.receiving(let id, let received), .pause):
            state = .paused(id: id, received: received)
            didEnter(.paused)
        case (.receiving(let id, let received), .finish), (.paused(let id, let received), .finish):
            actions.close(id: id, received: received)
            state = .idle
            didEnter(.idle)
        case (.paused(let id, _), .progress(let bytes)):
            state = .paused(id: id, received: bytes)
        case (.paused(let id, let received), .resume):
            state = .receiving(id: id, received: received)
            didEnter(.receiving)
        default:
            return
        }
        didTransition(source: source, event: event, target: state)
    }

    @inline(__always)
    private func didEnter(_ state: StateName) {
        delegate?.machine(self, didEnter: state)
    }

    @inline(__always)
    private func didTransition(source: State, event: Event, target: State) {
        onTransition?(Transition(source: source, event: event, target: target))
        delegate?.machine(self, didTransition: Transition(source: source, event: event, target: target))
    }
}
