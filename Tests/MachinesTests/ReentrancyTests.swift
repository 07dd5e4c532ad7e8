import FSMRuntime
import Testing

/// The relay's actions; optionally they push the machine on from inside the step.
final class RelayScript: Relay.Actions {
    let journal: Journal
    weak var machine: Relay?
    var sendsFromActions = false

    init(journal: Journal) {
        self.journal = journal
    }

    func forward() {
        journal.append("action forward")
        guard sendsFromActions, let machine else { return }
        machine.send(.next)
        // Queued, not handled: the step that runs this action is not over.
        journal.append("after sending next, state is \(machine.state)")
    }

    func arrive() { journal.append("entry arrive") }
    func leave() { journal.append("exit leave") }

    func pass() {
        journal.append("action pass")
        guard sendsFromActions, let machine else { return }
        machine.send(.last)
        machine.send(.back)
    }
}

/// Writes the relay's notifications to a journal.
final class RelayWatcher: Relay.Observer {
    let journal: Journal

    init(journal: Journal) {
        self.journal = journal
    }

    func machine(_ machine: Relay, didExit state: Relay.State) { journal.append("didExit \(state)") }
    func machine(_ machine: Relay, didEnter state: Relay.State) { journal.append("didEnter \(state)") }
    func machine(_ machine: Relay, didTransition transition: Relay.Transition) {
        journal.append("didTransition \(transition.source) -\(transition.event?.name ?? "nil")-> \(transition.target)")
    }
    func machine(_ machine: Relay, didIgnore event: Relay.Event, in state: Relay.State) {
        journal.append("didIgnore \(event) in \(state)")
    }
}

/// Sends events from inside its notifications, as the modules of seed 000 do.
final class RelayDriver: Relay.Observer {
    /// What to send on entering each state.
    var sends: [Relay.State: [Relay.Event]]

    init(sends: [Relay.State: [Relay.Event]]) {
        self.sends = sends
    }

    func machine(_ machine: Relay, didEnter state: Relay.State) {
        for event in sends[state] ?? [] {
            machine.send(event)
        }
    }
}

@Suite("Re-entrant send: queued, handled right after the step, order kept")
struct ReentrancyTests {
    @Test func eventsSentFromActionsWaitForTheStepAndKeepTheirOrder() {
        let journal = Journal()
        let script = RelayScript(journal: journal)
        script.sendsFromActions = true
        let machine = Relay(actions: script)
        let watcher = RelayWatcher(journal: journal)
        machine.addObserver(watcher)
        script.machine = machine

        machine.send(.go)
        #expect(machine.state == .a)
        #expect(journal.lines == [
            "didExit a",
            "action forward", "after sending next, state is a",
            "entry arrive", "didEnter b", "didTransition a -go-> b",
            "exit leave", "didExit b", "action pass", "didEnter c", "didTransition b -next-> c",
            "didExit c", "didEnter d", "didTransition c -last-> d",
            "didExit d", "didEnter a", "didTransition d -back-> a",
        ])
    }

    @Test func eventsSentFromObserversWaitUntilEveryObserverHasSeenTheStep() {
        let journal = Journal()
        let script = RelayScript(journal: journal)
        let driver = RelayDriver(sends: [.b: [.next], .c: [.last, .go]])
        let watcher = RelayWatcher(journal: journal)
        // The driver is notified first: were its events handled at once, the watcher would
        // see `c` entered before `b`.
        let machine = Relay(actions: script, observers: [driver, watcher])
        journal.clear()

        machine.send(.go)
        #expect(machine.state == .d)
        #expect(journal.lines == [
            "didExit a", "action forward", "entry arrive", "didEnter b", "didTransition a -go-> b",
            "exit leave", "didExit b", "action pass", "didEnter c", "didTransition b -next-> c",
            "didExit c", "didEnter d", "didTransition c -last-> d",
            "didIgnore go in d",
        ])
    }

    @Test func eventsSentByObserversOfTheStartAreHandledBeforeInitReturns() {
        let journal = Journal()
        let driver = RelayDriver(sends: [.a: [.go], .b: [.next]])
        let watcher = RelayWatcher(journal: journal)
        let machine = Relay(actions: RelayScript(journal: journal), observers: [driver, watcher])
        #expect(machine.state == .c)
        #expect(journal.lines == [
            "didEnter a",
            "didExit a", "action forward", "entry arrive", "didEnter b", "didTransition a -go-> b",
            "exit leave", "didExit b", "action pass", "didEnter c", "didTransition b -next-> c",
        ])
    }

    @Test func closureObserversMaySendToo() {
        let machine = Relay(actions: RelayScript(journal: Journal()))
        var entered: [Relay.State] = []
        machine.observe { [unowned machine] notification in
            guard case .entered(let state) = notification else { return }
            entered.append(state)
            if state == .b { machine.send(.next) }
            if state == .c { machine.send(.last) }
        }
        machine.send(.go)
        #expect(entered == [.b, .c, .d])
        #expect(machine.state == .d)
    }

    @Test func anObserverOfAnIgnoredEventMaySend() {
        let machine = Relay(actions: RelayScript(journal: Journal()))
        var ignored: [Relay.Event] = []
        machine.observe { [unowned machine] notification in
            guard case .ignored(let event, _) = notification else { return }
            ignored.append(event)
            machine.send(.go)
        }
        machine.send(.back)
        #expect(ignored == [.back])
        #expect(machine.state == .b)
    }
}
