import FSMRuntime

/// The mail app of `NestedMail.fsm` written by hand, as a careful developer writes a nested
/// machine: a nested enum for the state, and a nested `switch` that offers the event to the
/// innermost screen first and falls through to the screen around it, then to the session.
/// Each transition calls the exit and entry actions of the states it leaves and enters; the
/// message screen's last tab is kept in a variable; the session starts its idle timeout on
/// entry and cancels it on exit. An optional observer is told the same things in the same
/// order as the generated machine's observers.
///
/// Like the other hand-written machines, it has none of the generated machine's guarantees (an
/// event sent from an action re-enters `send`): it is the floor the generated code is
/// measured against.
final class HandWrittenMail {
    enum State: Hashable {
        case session(Screen)
        case locked
    }

    /// The screens of the session.
    enum Screen: Hashable {
        case inbox(InboxTab)
        case message(MessageTab)
        case compose(ComposeStep)
    }

    enum InboxTab: Hashable { case unread, all }
    enum MessageTab: Hashable { case body, attachments }
    enum ComposeStep: Hashable { case editing, preview }

    /// Every state, compound or not, as the notifications name them.
    enum StateName: Hashable {
        case session, inbox, unread, all, message, body, attachments, compose, editing, preview, locked
    }

    enum Event: Hashable { case open(id: Int), back, next, reply, send, home }
    enum Output: Hashable { case notice(String) }

    enum Notification {
        case exited(StateName)
        case entered(StateName)
        /// `event` is `nil` for the idle timeout.
        case transitioned(source: State, event: Event?, target: State)
        case emitted(Output)
        case ignored(Event, in: State)
    }

    protocol Actions {
        func canOpen(id: Int) -> Bool
        func isComplete() -> Bool
        func startSession()
        func endSession()
        func showInbox()
        func hideInbox()
        func loadMessage(id: Int)
        func showMessage()
        func hideMessage()
        func loadAttachments()
        func openDraft()
        func closeDraft()
        func sendReply()
    }

    /// The protocol form of observing, held weakly as delegates are.
    protocol Delegate: AnyObject {
        func machine(_ machine: HandWrittenMail, didNotify notification: Notification)
    }

    /// How long the session waits for a sign of life before it locks.
    static let idleTimeout = Duration.seconds(15 * 60)

    private(set) var state = State.session(.inbox(.unread))
    /// The tab the message screen was last left on, where `back` from a reply returns.
    private var lastMessageTab = MessageTab.body
    private let actions: any Actions
    private let clock: any SynchronousMachineClock
    /// The session's idle timeout, while the session is active.
    private var idleTimer: ScheduledTimer?

    /// The one observer, or `nil`.
    var observer: ((Notification) -> Void)?

    /// Makes `delegate` the observer, through the same closure the generated machines build
    /// for an `Observer` object.
    func setDelegate(_ delegate: any Delegate) {
        observer = { [unowned(unsafe) self, weak delegate] notification in
            delegate?.machine(self, didNotify: notification)
        }
    }

    /// Starts in the inbox's unread tab, running the entry actions. `clock` times the idle
    /// timeout and fires it on this thread, from a call its owner makes.
    init(actions: any Actions, clock: some SynchronousMachineClock) {
        self.actions = actions
        self.clock = clock
        enterSession()
    }

    func send(_ event: Event) {
        switch state {
        case .session(let screen):
            switch screen {
            case .inbox(let tab):
                switch (tab, event) {
                case (.unread, .next):
                    notify(.exited(.unread))
                    state = .session(.inbox(.all))
                    notify(.entered(.all))
                    notify(.transitioned(source: .session(.inbox(.unread)), event: event, target: state))
                    return
                case (.all, .back):
                    notify(.exited(.all))
                    state = .session(.inbox(.unread))
                    notify(.entered(.unread))
                    notify(.transitioned(source: .session(.inbox(.all)), event: event, target: state))
                    return
                default:
                    break
                }
                switch event {
                case .open(let id) where actions.canOpen(id: id):
                    let source = state
                    leave(screen)
                    actions.loadMessage(id: id)
                    state = .session(.message(.body))
                    enterMessage(on: .body)
                    notify(.transitioned(source: source, event: event, target: state))
                    return
                case .back:
                    notify(.emitted(.notice("Already in the inbox.")))
                    return
                default:
                    break
                }

            case .message(let tab):
                switch (tab, event) {
                case (.body, .next):
                    notify(.exited(.body))
                    state = .session(.message(.attachments))
                    actions.loadAttachments()
                    notify(.entered(.attachments))
                    notify(.transitioned(source: .session(.message(.body)), event: event, target: state))
                    return
                case (.attachments, .next), (.attachments, .back):
                    notify(.exited(.attachments))
                    state = .session(.message(.body))
                    notify(.entered(.body))
                    notify(.transitioned(source: .session(.message(.attachments)), event: event, target: state))
                    return
                default:
                    break
                }
                switch event {
                case .back:
                    let source = state
                    leave(screen)
                    state = .session(.inbox(.unread))
                    enterInbox()
                    notify(.transitioned(source: source, event: event, target: state))
                    return
                case .reply:
                    let source = state
                    leave(screen)
                    state = .session(.compose(.editing))
                    actions.openDraft()
                    notify(.entered(.compose))
                    notify(.entered(.editing))
                    notify(.transitioned(source: source, event: event, target: state))
                    return
                default:
                    break
                }

            case .compose(let step):
                switch (step, event) {
                case (.editing, .next):
                    notify(.exited(.editing))
                    state = .session(.compose(.preview))
                    notify(.entered(.preview))
                    notify(.transitioned(source: .session(.compose(.editing)), event: event, target: state))
                    return
                case (.preview, .back):
                    notify(.exited(.preview))
                    state = .session(.compose(.editing))
                    notify(.entered(.editing))
                    notify(.transitioned(source: .session(.compose(.preview)), event: event, target: state))
                    return
                case (.preview, .send) where actions.isComplete():
                    leave(screen)
                    actions.sendReply()
                    state = .session(.inbox(.unread))
                    enterInbox()
                    notify(.transitioned(source: .session(.compose(.preview)), event: event, target: state))
                    return
                default:
                    break
                }
                if case .back = event {
                    // Back to the message, on the tab it was left on.
                    let source = state
                    leave(screen)
                    state = .session(.message(lastMessageTab))
                    enterMessage(on: lastMessageTab)
                    notify(.transitioned(source: source, event: event, target: state))
                    return
                }
            }

            // What no screen took: the session's own transitions.
            switch event {
            case .home:
                let source = state
                leave(screen)
                state = .session(.inbox(.unread))
                enterInbox()
                notify(.transitioned(source: source, event: event, target: state))
                return
            case .next:
                notify(.emitted(.notice("Nothing next.")))
                return
            default:
                break
            }

        case .locked:
            if case .home = event {
                notify(.exited(.locked))
                state = .session(.inbox(.unread))
                enterSession()
                notify(.transitioned(source: .locked, event: event, target: state))
                return
            }
        }
        notify(.ignored(event, in: state))
    }

    /// The idle timeout: leaves whatever screen is active and the session, and locks.
    private func lock() {
        guard case .session(let screen) = state else { return }
        let source = state
        leave(screen)
        idleTimer?.cancel()
        idleTimer = nil
        actions.endSession()
        notify(.exited(.session))
        state = .locked
        notify(.entered(.locked))
        notify(.transitioned(source: source, event: nil, target: state))
    }

    /// Leaves `screen` and its tab or step, innermost first, remembering the message's tab.
    private func leave(_ screen: Screen) {
        switch screen {
        case .inbox(let tab):
            notify(.exited(tab == .unread ? .unread : .all))
            actions.hideInbox()
            notify(.exited(.inbox))
        case .message(let tab):
            notify(.exited(tab == .body ? .body : .attachments))
            lastMessageTab = tab
            actions.hideMessage()
            notify(.exited(.message))
        case .compose(let step):
            notify(.exited(step == .editing ? .editing : .preview))
            actions.closeDraft()
            notify(.exited(.compose))
        }
    }

    /// Enters the session and its first screen; `state` is already set.
    private func enterSession() {
        actions.startSession()
        idleTimer = clock.schedule(after: Self.idleTimeout, isolation: nil) { [weak self] in
            self?.lock()
        }
        notify(.entered(.session))
        enterInbox()
    }

    /// Enters the inbox on its unread tab; `state` is already set.
    private func enterInbox() {
        actions.showInbox()
        notify(.entered(.inbox))
        notify(.entered(.unread))
    }

    /// Enters the message screen on `tab`; `state` is already set.
    private func enterMessage(on tab: MessageTab) {
        actions.showMessage()
        notify(.entered(.message))
        switch tab {
        case .body:
            notify(.entered(.body))
        case .attachments:
            actions.loadAttachments()
            notify(.entered(.attachments))
        }
    }

    @inline(__always)
    private func notify(_ notification: @autoclosure () -> Notification) {
        if let observer { observer(notification()) }
    }
}

extension HandWrittenMail.State {
    /// The active states' names from the top level down, as the generated `Mail.State` prints
    /// them (`session.inbox.unread`): what the benchmark compares.
    var path: String {
        switch self {
        case .locked: "locked"
        case .session(.inbox(let tab)): "session.inbox.\(tab)"
        case .session(.message(let tab)): "session.message.\(tab)"
        case .session(.compose(let step)): "session.compose.\(step)"
        }
    }
}
