/// The player of `Player.fsm` written by hand, as a careful developer would: one `switch`
/// over the state and the event, actions behind a protocol like the generated `Actions`, and
/// what a developer adds to be observed: an optional closure called with each transition,
/// and a weak delegate told of the states entered and the transitions taken.
///
/// It has none of the generated machine's guarantees (an event sent from an action re-enters
/// `send`), which is the point: it is the floor the generated code is measured against.
final class HandWrittenPlayer {
    enum State: Hashable { case stopped, playing, paused }
    enum Event: Hashable { case play, pause, stop, seek(to: Double) }
    enum Output: Hashable { case notice(String) }

    /// A transition taken: what `onTransition` and the delegate hear.
    struct Transition {
        var source: State
        var event: Event
        var target: State
    }

    protocol Actions {
        func isSeekable(to: Double) -> Bool
        func canResume() -> Bool
        func startPlayback()
        func showPauseButton()
        func hidePauseButton()
        func rewind()
        func jump(to: Double)
    }

    private(set) var state = State.stopped
    private let actions: any Actions
    /// A weak delegate, as a developer writes one for the two things this one wants to hear.
    protocol Delegate: AnyObject {
        func machine(_ machine: HandWrittenPlayer, didEnter state: State)
        func machine(_ machine: HandWrittenPlayer, didTransition transition: Transition)
    }

    /// Called with each transition taken, or `nil`.
    var onTransition: ((Transition) -> Void)?
    weak var delegate: (any Delegate)?

    init(actions: any Actions) {
        self.actions = actions
    }

    func send(_ event: Event) {
        switch (state, event) {
        case (.stopped, .play):
            transition(from: .stopped, on: event, to: .playing) { $0.startPlayback() }
        case (.stopped, .pause):
            break
        case (.stopped, .stop):
            break
        case (.playing, .play):
            break
        case (.playing, .pause):
            transition(from: .playing, on: event, to: .paused) { _ in }
        case (.playing, .stop):
            transition(from: .playing, on: event, to: .stopped) { $0.rewind() }
        case (.playing, .seek(let position)) where actions.isSeekable(to: position):
            actions.jump(to: position)
        case (.paused, .play):
            if actions.canResume() {
                transition(from: .paused, on: event, to: .playing) { _ in }
            } else {
            }
        case (.paused, .pause):
            break
        case (.paused, .stop):
            transition(from: .paused, on: event, to: .stopped) { $0.rewind() }
        default:
            break
        }
    }

    /// Exit actions, the transition's actions, entry actions, each followed by its notification.
    @inline(__always)
    private func transition(from source: State, on event: Event, to target: State, _ transitionActions: (any Actions) -> Void) {
        if source == .playing { actions.hidePauseButton() }
        transitionActions(actions)
        state = target
        if target == .playing { actions.showPauseButton() }
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
