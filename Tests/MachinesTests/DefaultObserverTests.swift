import FSMRuntime
import Machines
import Testing

/// An observer object as its user first writes it: two hooks, the default
/// `observedNotifications(of:)`, so the machine learns from the other hooks' default
/// implementations that it does not want their notifications.
private final class EntriesAndTransitionsByDefault: Player.Observer {
    let name: String
    let log: (String) -> Void

    init(_ name: String, log: @escaping (String) -> Void) {
        self.name = name
        self.log = log
    }

    func machine(_ machine: Player, didEnter state: Player.State) { log("\(name): entered \(state)") }
    func machine(_ machine: Player, didTransition transition: Player.Transition) { log("\(name): transitioned to \(transition.target)") }
}

/// An observer that implements `didExit` by logging and then calling another observer's hook,
/// which that one leaves to its default implementation.
private final class Forwarder: Player.Observer {
    let inner: any Player.Observer
    var heard: [String] = []

    init(to inner: any Player.Observer) {
        self.inner = inner
    }

    func machine(_ machine: Player, didExit state: Player.State) {
        heard.append("exited \(state)")
        inner.machine(machine, didExit: state)
    }
}

private func player() -> Player {
    Player(actions: PlayerScript(journal: Journal()))
}

/// Sends events that make every kind of notification, twice over: the second time, the
/// default hooks have been called already.
private func sendEveryKindTwice(to machine: Player) {
    for _ in 0..<2 {
        machine.send(.play)   // exit, entry, transition
        machine.send(.play)   // an output
        machine.send(.seek(to: -1))   // ignored
        machine.send(.stop)   // exit, entry, transition
    }
}

@Suite("An Observer that leaves hooks to their default implementation")
struct DefaultObserverTests {
    @Test func hearsTheHooksItImplementsAtEveryStep() {
        let machine = player()
        var heard: [String] = []
        let observer = EntriesAndTransitionsByDefault("o") { heard.append($0) }
        machine.addObserver(observer)
        sendEveryKindTwice(to: machine)
        let once = ["o: entered playing", "o: transitioned to playing", "o: entered stopped", "o: transitioned to stopped"]
        #expect(heard == once + once)
    }

    @Test func theOtherObserversStillHearEverythingInTheOrderTheyWereAdded() {
        let journal = Journal()
        let machine = player()
        var heard: [String] = []
        machine.observe { notification in
            if case .exited(let state) = notification { heard.append("closure: exited \(state)") }
        }
        let byDefault = EntriesAndTransitionsByDefault("default") { heard.append($0) }
        machine.addObserver(byDefault)
        let watcher = PlayerWatcher(journal: journal)
        machine.addObserver(watcher)
        machine.observeTransitions { heard.append("closure: transitioned to \($0.target)") }
        sendEveryKindTwice(to: machine)
        let once = [
            "closure: exited stopped", "default: entered playing",
            "default: transitioned to playing", "closure: transitioned to playing",
            "closure: exited playing", "default: entered stopped",
            "default: transitioned to stopped", "closure: transitioned to stopped",
        ]
        #expect(heard == once + once)
        let watched = [
            "didExit stopped", "didEnter playing", "didTransition stopped -play-> playing",
            "didEmit notice(Already playing.)", "didIgnore seek(to: -1.0) in playing",
            "didExit playing", "didEnter stopped", "didTransition playing -stop-> stopped",
        ]
        #expect(journal.lines.filter { $0.hasPrefix("did") } == watched + watched)
    }

    @Test func anObserverThatCallsAnotherOnesDefaultHookKeepsHearingItsOwn() {
        let machine = player()
        var innerHeard: [String] = []
        let inner = EntriesAndTransitionsByDefault("inner") { innerHeard.append($0) }
        machine.addObserver(inner)
        let forwarder = Forwarder(to: inner)
        machine.addObserver(forwarder)
        sendEveryKindTwice(to: machine)
        #expect(forwarder.heard == ["exited stopped", "exited playing", "exited stopped", "exited playing"])
        #expect(innerHeard.count == 8)
    }

    @Test func aDefaultHookCalledOutsideTheMachineChangesNothingForTheObserversThatImplementIt() {
        let journal = Journal()
        let machine = player()
        let watcher = PlayerWatcher(journal: journal)
        machine.addObserver(watcher)
        let unregistered = EntriesAndTransitionsByDefault("unregistered") { _ in }
        unregistered.machine(machine, didExit: .stopped)
        unregistered.machine(machine, didEmit: .notice("from outside"))
        machine.send(.play)
        machine.send(.play)
        #expect(journal.lines.filter { $0.hasPrefix("did") } == [
            "didExit stopped", "didEnter playing", "didTransition stopped -play-> playing",
            "didEmit notice(Already playing.)",
        ])
    }

    @Test func aReleasedObserverIsDroppedWhateverHooksItLeftToTheirDefault() {
        let machine = player()
        var heard: [String] = []
        var observer: EntriesAndTransitionsByDefault? = EntriesAndTransitionsByDefault("o") { heard.append($0) }
        weak let released = observer
        machine.addObserver(observer!)
        machine.send(.play)
        machine.send(.play)   // the output's default hook
        observer = nil
        #expect(released == nil)
        var transitions = 0
        machine.observeTransitions { _ in transitions += 1 }
        sendEveryKindTwice(to: machine)
        #expect(heard == ["o: entered playing", "o: transitioned to playing"])
        #expect(transitions == 3)
    }

    @Test func anObserverAddedTwiceHearsTwiceAndLearnsForBoth() {
        let machine = player()
        var heard: [String] = []
        let observer = EntriesAndTransitionsByDefault("o") { heard.append($0) }
        machine.addObserver(observer)
        machine.addObserver(observer)
        sendEveryKindTwice(to: machine)
        #expect(heard.count == 16)
        #expect(heard.prefix(4) == ["o: entered playing", "o: entered playing", "o: transitioned to playing", "o: transitioned to playing"])
    }
}

/// A main-actor observer with one hook: the others' defaults run on the main actor too.
private final class LapWatcher: LapTimer.Observer {
    var transitions: [String] = []

    func machine(_ machine: LapTimer, didTransition transition: LapTimer.Transition) {
        transitions.append("\(transition.source) -> \(transition.target)")
    }
}

@MainActor
@Suite("A @MainActor machine's Observer with hooks left to their default")
struct MainActorDefaultObserverTests {
    @Test func hearsItsOneHookAtEveryStep() {
        let watcher = LapWatcher()
        let stopwatch = LapTimer(actions: StopwatchScript(), clock: ManualClock(), observers: [watcher])
        for _ in 0..<2 {
            stopwatch.send(.start)
            stopwatch.send(.lap)
            stopwatch.send(.stop)
        }
        #expect(watcher.transitions == ["ready -> running", "running -> ready", "ready -> running", "running -> ready"])
    }
}
