/// The player of `Player.fsm` written by hand, as a careful developer would: one `switch`
/// over the state and the event, actions behind a protocol like the generated `Actions`, and
/// an optional observer told the same things in the same order as the generated machine's.
///
/// It has none of the generated machine's guarantees (an event sent from an action re-enters
/// `send`), which is the point: it is the floor the generated code is measured against.
final class HandWrittenPlayer {
    enum State: Hashable { case stopped, playing, paused }
    enum Event: Hashable { case play, pause, stop, seek(to: Double) }
    enum Output: Hashable { case notice(String) }

    enum Notification {
        case exited(State)
        case entered(State)
        case transitioned(source: State, event: Event, target: State)
        case emitted(Output)
        case ignored(Event, in: State)
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
    /// The protocol form of observing, held weakly as delegates are.
    protocol Delegate: AnyObject {
        func machine(_ machine: HandWrittenPlayer, didNotify notification: Notification)
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

    init(actions: any Actions) {
        self.actions = actions
    }

    func send(_ event: Event) {
        switch (state, event) {
        case (.stopped, .play):
            transition(from: .stopped, on: event, to: .playing) { $0.startPlayback() }
        case (.stopped, .pause):
            notify(.emitted(.notice("Cannot pause. Player is stopped.")))
        case (.stopped, .stop):
            notify(.emitted(.notice("Already stopped.")))
        case (.playing, .play):
            notify(.emitted(.notice("Already playing.")))
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
                notify(.emitted(.notice("Cannot resume.")))
            }
        case (.paused, .pause):
            notify(.emitted(.notice("Already paused.")))
        case (.paused, .stop):
            transition(from: .paused, on: event, to: .stopped) { $0.rewind() }
        default:
            notify(.ignored(event, in: state))
        }
    }

    /// Exit actions, the transition's actions, entry actions, each followed by its notification.
    @inline(__always)
    private func transition(from source: State, on event: Event, to target: State, _ transitionActions: (any Actions) -> Void) {
        if source == .playing { actions.hidePauseButton() }
        notify(.exited(source))
        transitionActions(actions)
        state = target
        if target == .playing { actions.showPauseButton() }
        notify(.entered(target))
        notify(.transitioned(source: source, event: event, target: target))
    }

    @inline(__always)
    private func notify(_ notification: @autoclosure () -> Notification) {
        if let observer { observer(notification()) }
    }
}
