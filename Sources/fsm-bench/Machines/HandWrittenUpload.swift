/// The upload of `Upload.fsm` written by hand, as a careful developer writes a machine whose
/// states carry data: an enum with associated values and one `switch` over the state and the
/// event that binds the state's data and the event's payload together. Guards, actions and
/// value functions are called in the generated machine's order (the guards, then the
/// transition's actions, then the target's data, then its entry action), and an optional
/// observer is told the same things in the same order as the generated machine's observers.
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

    enum Notification {
        case exited(StateName)
        case entered(StateName)
        case transitioned(source: State, event: Event, target: State)
        case emitted(Output)
        case ignored(Event, in: State)
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

    /// The protocol form of observing, held weakly as delegates are.
    protocol Delegate: AnyObject {
        func machine(_ machine: HandWrittenUpload, didNotify notification: Notification)
    }

    private(set) var state = State.idle
    private let actions: any Actions

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
        let source = state
        switch (source, event) {
        case (.idle, .start(let id)):
            notify(.exited(.idle))
            actions.openConnection(id: id)
            enter(.uploading(id: id, sent: 0), from: source, on: event)
        case (.idle, .status):
            notify(.emitted(.notice("No upload.")))

        case (.uploading(let id, let sent), .chunk(let bytes)) where actions.isLastChunk(bytes: bytes, id: id, sent: sent):
            notify(.exited(.uploading))
            actions.finishUpload(bytes: bytes, id: id, sent: sent)
            enter(.idle, from: source, on: event)
        case (.uploading(let id, let sent), .chunk(let bytes)):
            notify(.exited(.uploading))
            enter(.uploading(id: id, sent: actions.sentAfter(bytes: bytes, id: id, sent: sent)), from: source, on: event)
        case (.uploading(let id, let sent), .pause):
            notify(.exited(.uploading))
            enter(.paused(id: id, sent: actions.acknowledged(id: id, sent: sent)), from: source, on: event)
        case (.uploading(let id, let sent), .fail(let code)) where actions.isTransient(code: code, id: id, sent: sent):
            notify(.exited(.uploading))
            enter(.failed(id: id, attempts: 1), from: source, on: event)
        case (.uploading(let id, let sent), .fail(let code)):
            notify(.exited(.uploading))
            actions.reportFailure(code: code, id: id, sent: sent)
            enter(.idle, from: source, on: event)
        case (.uploading(let id, let sent), .cancel):
            notify(.exited(.uploading))
            actions.abort(id: id, sent: sent)
            enter(.idle, from: source, on: event)
        case (.uploading(let id, let sent), .status):
            notify(.emitted(.progress(id: id, sent: sent)))

        case (.paused(let id, let sent), .resume):
            notify(.exited(.paused))
            enter(.uploading(id: id, sent: sent), from: source, on: event)
        case (.paused(let id, let sent), .chunk(let bytes)):
            notify(.exited(.paused))
            enter(.paused(id: id, sent: actions.sentAfter(bytes: bytes, id: id, sent: sent)), from: source, on: event)
        case (.paused(let id, let sent), .cancel):
            notify(.exited(.paused))
            actions.abort(id: id, sent: sent)
            enter(.idle, from: source, on: event)
        case (.paused(let id, let sent), .status):
            notify(.emitted(.progress(id: id, sent: sent)))

        case (.failed(let id, let attempts), .resume) where actions.isReachable(id: id, attempts: attempts):
            notify(.exited(.failed))
            enter(.uploading(id: id, sent: actions.resumeOffset(id: id, attempts: attempts)), from: source, on: event)
        case (.failed(let id, let attempts), .resume) where actions.hasAttemptsLeft(id: id, attempts: attempts):
            notify(.exited(.failed))
            enter(.failed(id: id, attempts: actions.nextAttempt(id: id, attempts: attempts)), from: source, on: event)
        case (.failed(let id, let attempts), .resume):
            notify(.exited(.failed))
            actions.giveUp(id: id, attempts: attempts)
            enter(.idle, from: source, on: event)
        case (.failed, .cancel):
            notify(.exited(.failed))
            enter(.idle, from: source, on: event)
        case (.failed, .status):
            notify(.emitted(.notice("Waiting to retry.")))

        default:
            notify(.ignored(event, in: source))
        }
    }

    /// Makes `target` the state and runs its entry action with its data, each followed by its
    /// notification; the source's exit was notified before the transition's actions ran.
    @inline(__always)
    private func enter(_ target: State, from source: State, on event: Event) {
        state = target
        switch target {
        case .idle:
            notify(.entered(.idle))
        case .uploading(let id, let sent):
            actions.showProgress(id: id, sent: sent)
            notify(.entered(.uploading))
        case .paused:
            notify(.entered(.paused))
        case .failed(let id, let attempts):
            actions.scheduleRetry(id: id, attempts: attempts)
            notify(.entered(.failed))
        }
        notify(.transitioned(source: source, event: event, target: target))
    }

    @inline(__always)
    private func notify(_ notification: @autoclosure () -> Notification) {
        if let observer { observer(notification()) }
    }
}
