import FSMRuntime

/// The mail app of `NestedMail.fsm` written by hand, as a careful developer writes a nested
/// machine: a nested enum for the state, and a nested `switch` that offers the event to the
/// innermost screen first and falls through to the screen around it, then to the session.
/// Each transition calls the exit and entry actions of the states it leaves and enters; the
/// message screen's last tab is kept in a variable; the session starts its idle timeout on
/// entry and cancels it on exit. An optional closure hears each transition, and a weak
/// delegate the states entered (compound ones included) and the transitions.
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

    /// A transition taken: what `onTransition` and the delegate hear.
    struct Transition {
        var source: State
        /// `nil` for the idle timeout.
        var event: Event?
        var target: State
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

    /// A weak delegate, as a developer writes one for the two things this one wants to hear.
    protocol Delegate: AnyObject {
        func machine(_ machine: HandWrittenMail, didEnter state: StateName)
        func machine(_ machine: HandWrittenMail, didTransition transition: Transition)
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

    /// Called with each transition taken, or `nil`.
    var onTransition: ((Transition) -> Void)?
    weak var delegate: (any Delegate)?

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
                    state = .session(.inbox(.all))
                    didEnter(.all)
                    didTransition(source: .session(.inbox(.unread)), event: event, target: state)
                    return
                case (.all, .back):
                    state = .session(.inbox(.unread))
                    didEnter(.unread)
                    didTransition(source: .session(.inbox(.all)), event: event, target: state)
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
                    didTransition(source: source, event: event, target: state)
                    return
                case .back:
                    return
                default:
                    break
                }

            case .message(let tab):
                switch (tab, event) {
                case (.body, .next):
                    state = .session(.message(.attachments))
                    actions.loadAttachments()
                    didEnter(.attachments)
                    didTransition(source: .session(.message(.body)), event: event, target: state)
                    return
                case (.attachments, .next), (.attachments, .back):
                    state = .session(.message(.body))
                    didEnter(.body)
                    didTransition(source: .session(.message(.attachments)), event: event, target: state)
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
                    didTransition(source: source, event: event, target: state)
                    return
                case .reply:
                    let source = state
                    leave(screen)
                    state = .session(.compose(.editing))
                    actions.openDraft()
                    didEnter(.compose)
                    didEnter(.editing)
                    didTransition(source: source, event: event, target: state)
                    return
                default:
                    break
                }

            case .compose(let step):
                switch (step, event) {
                case (.editing, .next):
                    state = .session(.compose(.preview))
                    didEnter(.preview)
                    didTransition(source: .session(.compose(.editing)), event: event, target: state)
                    return
                case (.preview, .back):
                    state = .session(.compose(.editing))
                    didEnter(.editing)
                    didTransition(source: .session(.compose(.preview)), event: event, target: state)
                    return
                case (.preview, .send) where actions.isComplete():
                    leave(screen)
                    actions.sendReply()
                    state = .session(.inbox(.unread))
                    enterInbox()
                    didTransition(source: .session(.compose(.preview)), event: event, target: state)
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
                    didTransition(source: source, event: event, target: state)
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
                didTransition(source: source, event: event, target: state)
                return
            case .next:
                return
            default:
                break
            }

        case .locked:
            if case .home = event {
                state = .session(.inbox(.unread))
                enterSession()
                didTransition(source: .locked, event: event, target: state)
                return
            }
        }
    }

    /// The idle timeout: leaves whatever screen is active and the session, and locks.
    private func lock() {
        guard case .session(let screen) = state else { return }
        let source = state
        leave(screen)
        idleTimer?.cancel()
        idleTimer = nil
        actions.endSession()
        state = .locked
        didEnter(.locked)
        didTransition(source: source, event: nil, target: state)
    }

    /// Leaves `screen` and its tab or step, innermost first, remembering the message's tab.
    private func leave(_ screen: Screen) {
        switch screen {
        case .inbox:
            actions.hideInbox()
        case .message(let tab):
            lastMessageTab = tab
            actions.hideMessage()
        case .compose:
            actions.closeDraft()
        }
    }

    /// Enters the session and its first screen; `state` is already set.
    private func enterSession() {
        actions.startSession()
        idleTimer = clock.schedule(after: Self.idleTimeout, isolation: nil) { [weak self] in
            self?.lock()
        }
        didEnter(.session)
        enterInbox()
    }

    /// Enters the inbox on its unread tab; `state` is already set.
    private func enterInbox() {
        actions.showInbox()
        didEnter(.inbox)
        didEnter(.unread)
    }

    /// Enters the message screen on `tab`; `state` is already set.
    private func enterMessage(on tab: MessageTab) {
        actions.showMessage()
        didEnter(.message)
        switch tab {
        case .body:
            didEnter(.body)
        case .attachments:
            actions.loadAttachments()
            didEnter(.attachments)
        }
    }

    @inline(__always)
    private func didEnter(_ state: StateName) {
        delegate?.machine(self, didEnter: state)
    }

    @inline(__always)
    private func didTransition(source: State, event: Event?, target: State) {
        onTransition?(Transition(source: source, event: event, target: target))
        delegate?.machine(self, didTransition: Transition(source: source, event: event, target: target))
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
