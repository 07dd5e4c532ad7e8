import FSMRuntime
import Machines
import Testing

/// An observer object that implements two hooks and says so, as the issue's user would.
private final class EntriesAndTransitions: Player.Observer {
    var heard: [String] = []
    var askedBy: [Player] = []

    func machine(_ machine: Player, didEnter state: Player.State) { heard.append("entered \(state)") }
    func machine(_ machine: Player, didTransition transition: Player.Transition) { heard.append("transitioned to \(transition.target)") }
    // Not asked for: never called.
    func machine(_ machine: Player, didExit state: Player.State) { heard.append("exited \(state)") }
    func machine(_ machine: Player, didIgnore event: Player.Event, in state: Player.State) { heard.append("ignored") }

    func observedNotifications(of machine: Player) -> NotificationKinds {
        askedBy.append(machine)
        return [.entries, .transitions]
    }
}

private func player(_ journal: Journal) -> Player {
    Player(actions: PlayerScript(journal: journal))
}

@Suite("Observers of one kind of notification hear that kind alone")
struct OneKindObserverTests {
    @Test func eachOneKindClosureHearsItsKindInTheOrderOfTheStep() {
        let machine = player(Journal())
        var heard: [String] = []
        machine.observeExits { heard.append("exit \($0)") }
        machine.observeEntries { heard.append("enter \($0)") }
        machine.observeTransitions { heard.append("transition \($0.source) -> \($0.target) on \($0.event.map { "\($0)" } ?? "nil")") }
        machine.observeOutputs { heard.append("output \($0)") }
        machine.observeIgnoredEvents { event, state in heard.append("ignored \(event) in \(state)") }
        machine.send(.play)
        machine.send(.play)
        machine.send(.seek(to: -1))
        #expect(heard == [
            "exit stopped", "enter playing", "transition stopped -> playing on play",
            "output notice(\"Already playing.\")",
            "ignored seek(to: -1.0) in playing",
        ])
    }

    @Test func aTransitionClosureHearsNothingElse() {
        let machine = player(Journal())
        var transitions: [Player.Transition] = []
        machine.observeTransitions { transitions.append($0) }
        machine.send(.pause)   // an output
        machine.send(.seek(to: 3))   // ignored while stopped
        machine.send(.play)
        #expect(transitions == [Player.Transition(source: .stopped, event: .play, target: .playing)])
    }

    @Test func anObserverObjectHearsOnlyTheKindsItNames() {
        let machine = player(Journal())
        let observer = EntriesAndTransitions()
        machine.addObserver(observer)
        #expect(observer.askedBy.count == 1 && observer.askedBy.first === machine)
        machine.send(.play)
        machine.send(.play)   // output
        machine.send(.seek(to: -1))   // ignored
        machine.send(.pause)
        #expect(observer.heard == ["entered playing", "transitioned to playing", "entered paused", "transitioned to paused"])
        #expect(observer.askedBy.count == 1)
    }

    @Test func observersOfDifferentKindsHearEachNotificationInTheOrderTheyWereAdded() {
        let machine = player(Journal())
        var heard: [String] = []
        machine.observeTransitions { _ in heard.append("first: transition") }
        machine.observe { if case .transitioned = $0 { heard.append("second: transition") } }
        machine.observeTransitions { _ in heard.append("third: transition") }
        machine.send(.play)
        #expect(heard == ["first: transition", "second: transition", "third: transition"])
    }

    @Test func aOneKindObserverAddedOrRemovedDuringANotificationChangesFromTheNextOneOn() {
        let machine = player(Journal())
        var heard: [String] = []
        var late: ObservationToken?
        var early: ObservationToken?
        machine.observeTransitions { [unowned machine] transition in
            heard.append("main \(transition.target)")
            if late == nil {
                late = machine.observeTransitions { heard.append("late \($0.target)") }
                early?.cancel()
            }
        }
        early = machine.observeTransitions { heard.append("early \($0.target)") }
        machine.send(.play)
        machine.send(.pause)
        #expect(heard == ["main playing", "early playing", "main paused", "late paused"])
    }

    @Test func aReleasedObjectThatHearsOneKindIsForgottenAtThatKindsNextNotification() {
        let machine = player(Journal())
        var observer: EntriesAndTransitions? = EntriesAndTransitions()
        weak let released = observer
        machine.addObserver(observer!)
        observer = nil
        #expect(released == nil)
        var transitions = 0
        machine.observeTransitions { _ in transitions += 1 }
        machine.send(.play)
        machine.send(.pause)
        #expect(transitions == 2)
    }

    @Test func anOutputObserverHearsOutputsOnlyUntilCancelled() {
        let machine = player(Journal())
        var outputs: [Player.Output] = []
        machine.observeTransitions { _ in }
        machine.send(.pause)
        let token = machine.observeOutputs { outputs.append($0) }
        machine.send(.pause)
        token.cancel()
        machine.send(.pause)
        #expect(outputs == [.notice("Cannot pause. Player is stopped.")])
    }

    @Test func theTransitionStreamHearsOnlyTransitions() async {
        let machine = player(Journal())
        var iterator = machine.transitions.makeAsyncIterator()
        machine.send(.pause)
        machine.send(.play)
        #expect(await iterator.next() == Player.Transition(source: .stopped, event: .play, target: .playing))
    }
}
