import FSMRuntime
import Testing

/// `stop()` on flat machines, and the child's side of a parent's `ChildLink`: what a machine
/// emits reaches the link's parent at the end of the step, never inside it.
@Suite struct StopTests {
    /// A parent's link to a `Session` child, as a parent's generated code makes one: it hears
    /// outputs only and hands them on as text.
    final class SessionLink: ChildLink<String>, Session.Observer {
        let journal: Journal

        init(journal: Journal, run: UInt64, deliver: @escaping (String, UInt64) -> Void) {
            self.journal = journal
            super.init(run: run, completion: "done", deliver: deliver)
        }

        func machine(_ machine: Session, didEmit output: Session.Output) {
            journal.append("emitted \(output)")
            heard("\(output)")
        }

        func machine(_ machine: Session, didEnter state: Session.State) {
            journal.append("entered \(state)")
        }

        func observedNotifications(of machine: Session) -> NotificationKinds { [.outputs, .entries] }
    }

    @Test func aStoppedFlatMachineExitsItsStateOnceThenIgnoresEvents() {
        let lamp = Lamp()
        var heard: [Lamp.Notification] = []
        lamp.observe { heard.append($0) }
        lamp.send(.toggle)
        heard = []
        lamp.stop()
        #expect(heard == [.exited(.lit)])
        heard = []
        lamp.send(.toggle)
        lamp.stop()
        #expect(heard == [.ignored(.toggle, in: .lit)])
        #expect(lamp.state == .lit)
    }

    @Test func aStoppedMachineStopsItsTimers() {
        let clock = ManualClock()
        let script = SessionScript()
        let session = Session(actions: script, clock: clock)
        var heard: [Session.Notification] = []
        session.observe { heard.append($0) }
        session.stop()
        #expect(heard == [.exited(.active)])
        heard = []
        clock.advance(by: .seconds(300))
        #expect(heard == [])
        #expect(session.state == .active)
        #expect(!session.isFinished)
    }

    @Test func aFinishedMachineHasNothingToExit() {
        let clock = ManualClock()
        let session = Session(actions: SessionScript(), clock: clock)
        session.send(.logout)
        #expect(session.isFinished)
        var heard: [Session.Notification] = []
        session.observe { heard.append($0) }
        session.stop()
        #expect(heard == [])
    }

    @Test func outputsReachTheParentAtTheEndOfTheStepThenTheCompletion() {
        let clock = ManualClock()
        let journal = Journal()
        let script = SessionScript()
        script.extendable = true
        var session: Session?
        let link = SessionLink(journal: journal, run: 4) { delivery, run in
            journal.append("delivered \(delivery) of run \(run)")
            // Handed over once the step is over: what the parent sends now is handled at once.
            if delivery == "prolonged" { session?.send(.logout) }
        }
        session = Session(actions: script, clock: clock, observers: [link])
        #expect(link.isAttached)
        clock.advance(by: .milliseconds(250))
        clock.advance(by: .milliseconds(750))
        #expect(journal.lines == [
            "entered active",
            "emitted warned", "delivered warned of run 4",
            "emitted prolonged", "entered extended", "delivered prolonged of run 4",
            "entered loggedOut", "delivered done of run 4",
        ])
        #expect(session?.isFinished == true)
    }

    @Test func aStoppedChildHandsNothingOver() {
        let clock = ManualClock()
        let journal = Journal()
        let link = SessionLink(journal: journal, run: 1) { delivery, _ in journal.append("delivered \(delivery)") }
        let session = Session(actions: SessionScript(), clock: clock, observers: [link])
        session.stop()
        clock.advance(by: .seconds(5))
        session.send(.logout)
        #expect(journal.lines == ["entered active"])
    }
}
