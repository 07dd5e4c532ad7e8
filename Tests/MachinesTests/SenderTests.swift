import FSMRuntime
import Testing

/// Doorbell's actions: each sends through the machine's `Sender`, kept from the initializer on.
private final class DoorbellWiring: Doorbell.Actions {
    let machine: Doorbell.Sender
    let journal: Journal

    init(machine: Doorbell.Sender, journal: Journal) {
        self.machine = machine
        self.journal = journal
    }

    func announce() {
        journal.append("announce")
        machine.send(.ring)
    }

    func chime() {
        journal.append("chime")
    }

    func greet() {
        journal.append("greet")
        machine.send(.leave)
        journal.append("greeted")
    }
}

/// Kettle's actions, sending through its `Sender`.
private final class KettleWiring: Kettle.Actions {
    let machine: Kettle.Sender
    let journal: Journal

    init(machine: Kettle.Sender, journal: Journal) {
        self.machine = machine
        self.journal = journal
    }

    func plugIn() {
        journal.append("plugIn")
        machine.send(.switchOn)
    }

    func whistle() {
        journal.append("whistle")
        machine.send(.switchOff)
    }
}

@Suite("Actions reach their machine through the Sender the initializer hands them")
struct SenderTests {
    @Test func theInitialStatesEntryActionSendsAndTheEventIsHandledOnceTheMachineStarted() {
        let journal = Journal()
        let doorbell = Doorbell { DoorbellWiring(machine: $0, journal: journal) }
        #expect(doorbell.state == .ringing)
        #expect(journal.lines == ["announce", "chime"])
    }

    @Test func anEventSentDuringAStepIsHandledRightAfterIt() {
        let journal = Journal()
        let doorbell = Doorbell { DoorbellWiring(machine: $0, journal: journal) }
        var transitions: [String] = []
        doorbell.observeTransitions { transitions.append("\($0.source) -> \($0.target)") }
        journal.clear()
        doorbell.send(.answer)
        // `greet` sent `leave` mid-step: the step ended first (`greeted`), then `leave` took the
        // machine to `quiet`, whose entry action rang again.
        #expect(journal.lines == ["greet", "greeted", "announce", "chime"])
        #expect(transitions == ["ringing -> talking", "talking -> quiet", "quiet -> ringing"])
        #expect(doorbell.state == .ringing)
    }

    @Test func aSenderKeptAfterItsMachineWasReleasedSendsNothing() {
        let journal = Journal()
        var kept: Doorbell.Sender?
        var doorbell: Doorbell? = Doorbell { sender in
            kept = sender
            return DoorbellWiring(machine: sender, journal: journal)
        }
        weak let released = doorbell
        #expect(doorbell?.state == .ringing)
        doorbell = nil
        #expect(released == nil, "the actions keep the sender, and the sender the machine weakly: no cycle")
        journal.clear()
        kept?.send(.answer)
        #expect(journal.lines.isEmpty)
    }

    @Test func actionsGivenWithoutASenderStillWork() {
        let journal = Journal()
        final class Silent: Doorbell.Actions {
            let journal: Journal
            init(journal: Journal) { self.journal = journal }
            func announce() { journal.append("announce") }
            func chime() { journal.append("chime") }
            func greet() { journal.append("greet") }
        }
        let doorbell = Doorbell(actions: Silent(journal: journal))
        #expect(doorbell.state == .quiet)
        doorbell.send(.ring)
        #expect(doorbell.state == .ringing)
        #expect(journal.lines == ["announce", "chime"])
    }

    @Test func aMachineOutsideAnyActorSendsFromItsActionsAsTheClockFires() {
        let journal = Journal()
        let clock = ManualClock()
        let kettle = Kettle(actions: { KettleWiring(machine: $0, journal: journal) }, clock: clock)
        #expect(kettle.state == .heating)
        clock.advance(by: .seconds(2))
        // `whistle` switched the kettle off; `cold`'s entry plugged it in again.
        #expect(kettle.state == .heating)
        #expect(journal.lines == ["plugIn", "whistle", "plugIn"])
    }

    @MainActor
    @Test func aMachineOnAnActorSendsFromItsActions() {
        let journal = Journal()
        let clock = ManualClock()
        let kettle = Kettle(actions: { KettleWiring(machine: $0, journal: journal) }, clock: clock, isolation: MainActor.shared)
        #expect(kettle.state == .heating)
        clock.advance(by: .seconds(2))
        #expect(kettle.state == .heating)
        #expect(journal.lines == ["plugIn", "whistle", "plugIn"])
    }
}
