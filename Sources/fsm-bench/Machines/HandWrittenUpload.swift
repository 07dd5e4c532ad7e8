/// The upload of `Upload.fsm` written by hand, as a careful developer writes a machine whose
/// states carry data: an enum with associated values and one `switch` over the state and the
/// event that binds the state's data and the event's payload together. Guards, actions and
/// value functions are called in the generated machine's order (the guards, then the
/// transition's actions, then the target's data, then its entry action); an optional closure
/// hears each transition, and a weak delegate the states entered and the transitions.
///
/// Like the other hand-written machines, it has none of the generated machine's guarantees (an
/// event sent from an action re-enters `send`): it is the floor the generated code is
/// measured against.
final class HandWrittenUpload {
    enum State: Hashable {
        case idle
        case uploading(id: Int, sent: Int)
        case paused(id: Int, sent: Int)
        case failed(id: Int, attempts: Int)
    }

    /// The states without their data, as the notifications name them.
    enum StateName: Hashable { case idle, uploading, paused, failed }

    enum Event: Hashable {
        case start(id: Int), chunk(bytes: Int), pause, resume, fail(code: Int), cancel, status
    }

    enum Output: Hashable {
        case progress(id: Int, sent: Int)
        case notice(String)
    }

    /// A transition taken: what `onTransition` and the delegate hear.
    struct Transition {
        var source: State
        var event: Event
        var target: State
    }

    protocol Actions {
        func isLastChunk(bytes: Int, id: Int, sent: Int) -> Bool
        func isTransient(code: Int, id: Int, sent: Int) -> Bool
        func isReachable(id: Int, attempts: Int) -> Bool
        func hasAttemptsLeft(id: Int, attempts: Int) -> Bool
        func openConnection(id: Int)
        func showProgress(id: Int, sent: Int)
        func finishUpload(bytes: Int, id: Int, sent: Int)
        func reportFailure(code: Int, id: Int, sent: Int)
        func abort(id: Int, sent: Int)
        func scheduleRetry(id: Int, attempts: Int)
        func giveUp(id: Int, attempts: Int)
        func sentAfter(bytes: Int, id: Int, sent: Int) -> Int
        func acknowledged(id: Int, sent: Int) -> Int
        func resumeOffset(id: Int, attempts: Int) -> Int
        func nextAttempt(id: Int, attempts: Int) -> Int
    }

    /// A weak delegate, as a developer writes one for the two things this one wants to hear.
    protocol Delegate: AnyObject {
        func machine(_ machine: HandWrittenUpload, didEnter state: StateName)
        func machine(_ machine: HandWrittenUpload, didTransition transition: Transition)
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
            actions.openConnection(id: id)
            enter(.uploading(id: id, sent: 0), from: source, on: event)
        case (.idle, .status):
            break
        case (.uploading(let id, let sent), .chunk(let bytes)) where actions.isLastChunk(bytes: bytes, id: id, sent: sent):
            actions.finishUpload(bytes: bytes, id: id, sent: sent)
            enter(.idle, from: source, on: event)
        case (.uploading(let id, let sent), .chunk(let bytes)):
            enter(.uploading(id: id, sent: actions.sentAfter(bytes: bytes, id: id, sent: sent)), from: source, on: event)
        case (.uploading(let id, let sent), .pause):
            enter(.paused(id: id, sent: actions.acknowledged(id: id, sent: sent)), from: source, on: event)
        case (.uploading(let id, let sent), .fail(let code)) where actions.isTransient(code: code, id: id, sent: sent):
            enter(.failed(id: id, attempts: 1), from: source, on: event)
        case (.uploading(let id, let sent), .fail(let code)):
            actions.reportFailure(code: code, id: id, sent: sent)
            enter(.idle, from: source, on: event)
        case (.uploading(let id, let sent), .cancel):
            actions.abort(id: id, sent: sent)
            enter(.idle, from: source, on: event)
        case (.uploading, .status):
            break
        case (.paused(let id, let sent), .resume):
            enter(.uploading(id: id, sent: sent), from: source, on: event)
        case (.paused(let id, let sent), .chunk(let bytes)):
            enter(.paused(id: id, sent: actions.sentAfter(bytes: bytes, id: id, sent: sent)), from: source, on: event)
        case (.paused(let id, let sent), .cancel):
            actions.abort(id: id, sent: sent)
            enter(.idle, from: source, on: event)
        case (.paused, .status):
            break
        case (.failed(let id, let attempts), .resume) where actions.isReachable(id: id, attempts: attempts):
            enter(.uploading(id: id, sent: actions.resumeOffset(id: id, attempts: attempts)), from: source, on: event)
        case (.failed(let id, let attempts), .resume) where actions.hasAttemptsLeft(id: id, attempts: attempts):
            enter(.failed(id: id, attempts: actions.nextAttempt(id: id, attempts: attempts)), from: source, on: event)
        case (.failed(let id, let attempts), .resume):
            actions.giveUp(id: id, attempts: attempts)
            enter(.idle, from: source, on: event)
        case (.failed, .cancel):
            enter(.idle, from: source, on: event)
        case (.failed, .status):
            break
        default:
            break
        }
    }

    /// Makes `target` the state and runs its entry action with its data, each followed by its
    /// notification; the source's exit was notified before the transition's actions ran.
    @inline(__always)
    private func enter(_ target: State, from source: State, on event: Event) {
        state = target
        switch target {
        case .idle:
            didEnter(.idle)
        case .uploading(let id, let sent):
            actions.showProgress(id: id, sent: sent)
            didEnter(.uploading)
        case .paused:
            didEnter(.paused)
        case .failed(let id, let attempts):
            actions.scheduleRetry(id: id, attempts: attempts)
            didEnter(.failed)
        }
        didTransition(source: source, event: event, target: target)
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
