import FSMRuntime
import Foundation
import Machines
import Testing

/// The player's guards and actions, writing to a journal shared with the observers.
final class PlayerScript: Player.Actions {
    let journal: Journal
    var seekableRange: ClosedRange<Double> = 0...100
    var isResumable = true

    init(journal: Journal) {
        self.journal = journal
    }

    func isSeekable(to position: Double) -> Bool {
        journal.append("guard isSeekable(to: \(position))")
        return seekableRange.contains(position)
    }

    func canResume() -> Bool {
        journal.append("guard canResume")
        return isResumable
    }

    func startPlayback() { journal.append("action startPlayback") }
    func showPauseButton() { journal.append("entry showPauseButton") }
    func hidePauseButton() { journal.append("exit hidePauseButton") }
    func rewind() { journal.append("action rewind") }
    func jump(to position: Double) { journal.append("action jump(to: \(position))") }
}

/// Writes every hook of the player's observer protocol to the journal.
final class PlayerWatcher: Player.Observer {
    let journal: Journal

    init(journal: Journal) {
        self.journal = journal
    }

    func machine(_ machine: Player, didExit state: Player.State) {
        journal.append("didExit \(state)")
    }

    func machine(_ machine: Player, didEnter state: Player.State) {
        journal.append("didEnter \(state)")
    }

    func machine(_ machine: Player, didTransition transition: Player.Transition) {
        journal.append("didTransition \(transition.source) -\(transition.event?.name ?? "nil")-> \(transition.target)")
    }

    func machine(_ machine: Player, didEmit output: Player.Output) {
        guard case .notice(let text) = output else { return }
        journal.append("didEmit notice(\(text))")
    }

    func machine(_ machine: Player, didIgnore event: Player.Event, in state: Player.State) {
        journal.append("didIgnore \(event) in \(state)")
    }
}

/// A player with its script and watcher, all writing to one journal.
private struct PlayerBench {
    let journal = Journal()
    let script: PlayerScript
    let watcher: PlayerWatcher
    let player: Player

    init(restoring snapshot: Player.State? = nil) {
        script = PlayerScript(journal: journal)
        watcher = PlayerWatcher(journal: journal)
        player = Player(actions: script, observers: [watcher], restoring: snapshot)
        journal.clear()
    }
}

/// One row of the player's transition table, as the running machine must take it.
struct PlayerStep: Sendable, CustomTestStringConvertible {
    var source: Player.State
    var event: Player.Event
    var target: Player.State
    /// The notice an internal transition shows; `nil` when the state changes or nothing shows.
    var notice: String?

    var testDescription: String { "\(source) -\(event)-> \(target)" }

    static let all: [PlayerStep] = [
        PlayerStep(source: .stopped, event: .play, target: .playing),
        PlayerStep(source: .stopped, event: .pause, target: .stopped, notice: "Cannot pause. Player is stopped."),
        PlayerStep(source: .stopped, event: .stop, target: .stopped, notice: "Already stopped."),
        PlayerStep(source: .playing, event: .play, target: .playing, notice: "Already playing."),
        PlayerStep(source: .playing, event: .pause, target: .paused),
        PlayerStep(source: .playing, event: .stop, target: .stopped),
        PlayerStep(source: .playing, event: .seek(to: 42), target: .playing),
        PlayerStep(source: .paused, event: .play, target: .playing),
        PlayerStep(source: .paused, event: .pause, target: .paused, notice: "Already paused."),
        PlayerStep(source: .paused, event: .stop, target: .stopped),
    ]
}

@Suite("Player (seed 002): every transition, guards, payloads, order, observation")
struct PlayerTests {
    @Test func startsStoppedAndTellsTheObserversGivenToInit() {
        let journal = Journal()
        let watcher = PlayerWatcher(journal: journal)
        let player = Player(actions: PlayerScript(journal: journal), observers: [watcher])
        #expect(player.state == .stopped)
        #expect(Player.initialState == .stopped)
        #expect(!player.isFinished)
        #expect(journal.lines == ["didEnter stopped"])
    }

    @Test(arguments: PlayerStep.all)
    func takesEveryTransition(_ step: PlayerStep) {
        let bench = PlayerBench(restoring: step.source)
        bench.player.send(step.event)
        #expect(bench.player.state == step.target)
        #expect(!bench.journal.lines.contains { $0.hasPrefix("didIgnore") })
        if let notice = step.notice {
            #expect(bench.journal.lines == ["didEmit notice(\(notice))"])
        }
    }

    @Test func runsExitTransitionAndEntryActionsInOrderWithTheirNotifications() {
        let bench = PlayerBench()
        bench.player.send(.play)
        #expect(bench.journal.lines == [
            "didExit stopped",
            "action startPlayback",
            "entry showPauseButton",
            "didEnter playing",
            "didTransition stopped -play-> playing",
        ])
        bench.journal.clear()
        bench.player.send(.stop)
        #expect(bench.journal.lines == [
            "exit hidePauseButton",
            "didExit playing",
            "action rewind",
            "didEnter stopped",
            "didTransition playing -stop-> stopped",
        ])
    }

    @Test func internalTransitionEmitsWithoutLeavingTheState() {
        let bench = PlayerBench(restoring: .playing)
        bench.player.send(.play)
        #expect(bench.player.state == .playing)
        #expect(bench.journal.lines == ["didEmit notice(Already playing.)"])
    }

    @Test func guardWithElse() {
        let bench = PlayerBench(restoring: .paused)
        bench.script.isResumable = false
        bench.player.send(.play)
        #expect(bench.player.state == .paused)
        #expect(bench.journal.lines == ["guard canResume", "didEmit notice(Cannot resume.)"])

        bench.journal.clear()
        bench.script.isResumable = true
        bench.player.send(.play)
        #expect(bench.player.state == .playing)
        #expect(bench.journal.lines == [
            "guard canResume", "didExit paused", "entry showPauseButton", "didEnter playing",
            "didTransition paused -play-> playing",
        ])
    }

    @Test func payloadReachesTheGuardAndTheAction() {
        let bench = PlayerBench(restoring: .playing)
        bench.player.send(.seek(to: 42.5))
        #expect(bench.journal.lines == ["guard isSeekable(to: 42.5)", "action jump(to: 42.5)"])

        bench.journal.clear()
        bench.player.send(.seek(to: 500))
        #expect(bench.player.state == .playing)
        #expect(bench.journal.lines == ["guard isSeekable(to: 500.0)", "didIgnore seek(to: 500.0) in playing"])
    }

    @Test func reportsIgnoredEventsWithoutAskingGuards() {
        let bench = PlayerBench()
        bench.player.send(.seek(to: 1))
        #expect(bench.player.state == .stopped)
        #expect(bench.journal.lines == ["didIgnore seek(to: 1.0) in stopped"])
    }

    @Test func seedScenarioWritesTheSeedsLog() {
        let actions = PlayerActions(duration: 120)
        let player = Player(actions: actions)
        var notices: [String] = []
        player.observe { notification in
            if case .emitted(.notice(let text)) = notification { notices.append(text) }
        }
        for event: Player.Event in [.play, .play, .pause, .pause, .stop, .pause, .play, .seek(to: 42), .seek(to: 500)] {
            player.send(event)
        }
        #expect(player.state == .playing)
        #expect(actions.log == [
            "Starting playback...", "Showing the pause button.",
            "Hiding the pause button.",
            "Stopping playback...",
            "Starting playback...", "Showing the pause button.",
            "Jumping to 42.0s.",
        ])
        #expect(notices == ["Already playing.", "Already paused.", "Cannot pause. Player is stopped."])
    }

    @Test func expiredStreamCannotResume() {
        let actions = PlayerActions(isResumable: false)
        let player = Player(actions: actions, restoring: .paused)
        player.send(.play)
        #expect(player.state == .paused)
        #expect(actions.log.isEmpty)
    }

    // MARK: - Transition function and introspection

    @Test func transitionFunctionAgreesWithTheRunningMachine() {
        let events: [Player.Event] = [.play, .pause, .stop, .seek(to: 10), .seek(to: -1)]
        for resumable in [true, false] {
            for state in Player.State.allCases {
                for event in events {
                    let guards = PlayerScript(journal: Journal())
                    guards.isResumable = resumable
                    let expected = Player.nextState(from: state, on: event, guards: guards)

                    let bench = PlayerBench(restoring: state)
                    bench.script.isResumable = resumable
                    bench.player.send(event)
                    let ignored = bench.journal.lines.contains { $0.hasPrefix("didIgnore") }
                    #expect(ignored == (expected == nil), "\(state) on \(event)")
                    #expect(bench.player.state == expected ?? state, "\(state) on \(event)")
                }
            }
        }
    }

    @Test func transitionFunctionIsPure() {
        let journal = Journal()
        let guards = PlayerScript(journal: journal)
        #expect(Player.nextState(from: .stopped, on: .play, guards: guards) == .playing)
        #expect(Player.nextState(from: .playing, on: .play, guards: guards) == .playing)
        #expect(Player.nextState(from: .playing, on: .seek(to: 3), guards: guards) == .playing)
        #expect(Player.nextState(from: .playing, on: .seek(to: 300), guards: guards) == nil)
        #expect(Player.nextState(from: .stopped, on: .seek(to: 3), guards: guards) == nil)
        guards.isResumable = false
        #expect(Player.nextState(from: .paused, on: .play, guards: guards) == .paused)
        // Only guards were asked; no action ran.
        #expect(journal.lines == ["guard isSeekable(to: 3.0)", "guard isSeekable(to: 300.0)", "guard canResume"])
    }

    @Test func introspection() {
        #expect(Player.State.allCases == [.stopped, .playing, .paused])
        #expect(Player.eventNames == ["play", "pause", "stop", "seek"])
        #expect([Player.Event.play, .pause, .stop, .seek(to: 1)].map(\.name) == Player.eventNames)
        let table = Player.transitionTable
        #expect(table.count == 11)
        #expect(table.first == TransitionDescriptor(
            source: .stopped, trigger: .event("play"), guard: nil, target: .playing, actions: ["startPlayback"]))
        #expect(table.contains(TransitionDescriptor(
            source: .playing, trigger: .event("seek"), guard: "isSeekable", target: nil, actions: ["jump"])))
        #expect(table.filter { $0.source == .paused && $0.trigger == .event("play") } == [
            TransitionDescriptor(source: .paused, trigger: .event("play"), guard: "canResume", target: .playing, actions: []),
            TransitionDescriptor(
                source: .paused, trigger: .event("play"), guard: "else", target: nil,
                actions: ["emit notice(\"Cannot resume.\")"]),
        ])
        #expect(table.allSatisfy { $0.source != nil })
        // The table and the transition function describe the same machine.
        let guards = PlayerScript(journal: Journal())
        for row in table where row.guardExpression == nil {
            guard case .event(let name) = row.trigger, let source = row.source else { continue }
            let event = [Player.Event.play, .pause, .stop, .seek(to: 1)].first { $0.name == name }!
            #expect(Player.nextState(from: source, on: event, guards: guards) == row.target ?? source)
        }
    }

    // MARK: - Snapshots

    @Test func stateAndEventsSurviveACodableRoundTrip() throws {
        let states = try JSONDecoder().decode([Player.State].self, from: JSONEncoder().encode(Player.State.allCases))
        #expect(states == Player.State.allCases)
        #expect(String(decoding: try JSONEncoder().encode(Player.State.paused), as: UTF8.self) == "\"paused\"")
        let events: [Player.Event] = [.play, .seek(to: 12.5)]
        #expect(try JSONDecoder().decode([Player.Event].self, from: JSONEncoder().encode(events)) == events)
    }

    @Test func restoresFromASnapshotWithoutEntryActions() throws {
        let saved = try JSONEncoder().encode(Player(actions: PlayerActions(), restoring: .playing).state)
        let journal = Journal()
        let script = PlayerScript(journal: journal)
        let watcher = PlayerWatcher(journal: journal)
        let player = Player(actions: script, observers: [watcher], restoring: try JSONDecoder().decode(Player.State.self, from: saved))
        #expect(player.state == .playing)
        #expect(journal.lines.isEmpty)
        player.send(.pause)
        #expect(journal.lines == ["exit hidePauseButton", "didExit playing", "didEnter paused", "didTransition playing -pause-> paused"])
    }

    // MARK: - Observation

    @Test func transitionsStreamYieldsTransitionsInOrder() async {
        let player = Player(actions: PlayerScript(journal: Journal()))
        var transitions = player.transitions.makeAsyncIterator()
        player.send(.play)
        player.send(.play)      // internal: no transition
        player.send(.pause)
        player.send(.stop)
        #expect(await transitions.next() == Player.Transition(source: .stopped, event: .play, target: .playing))
        #expect(await transitions.next() == Player.Transition(source: .playing, event: .pause, target: .paused))
        #expect(await transitions.next() == Player.Transition(source: .paused, event: .stop, target: .stopped))
    }

    @Test func transitionsStreamFinishesWhenTheMachineIsReleased() async {
        var player: Player? = Player(actions: PlayerScript(journal: Journal()))
        let stream = player!.transitions
        player!.send(.play)
        weak let released = player
        player = nil
        #expect(released == nil)
        let transitions = await collectUntilFinished(stream)
        #expect(transitions == [Player.Transition(source: .stopped, event: .play, target: .playing)])
    }

    @Test func closureObserversSeeEveryNotificationInOrder() {
        let player = Player(actions: PlayerScript(journal: Journal()))
        var seen: [String] = []
        player.observe { notification in
            switch notification {
            case .exited(let state): seen.append("exited \(state)")
            case .entered(let state): seen.append("entered \(state)")
            case .transitioned(let transition): seen.append("transitioned to \(transition.target)")
            case .emitted(.notice(let text)): seen.append("emitted \(text)")
            case .ignored(let event, let state): seen.append("ignored \(event.name) in \(state)")
            }
        }
        player.send(.play)
        player.send(.play)
        player.send(.seek(to: -5))
        #expect(seen == [
            "exited stopped", "entered playing", "transitioned to playing",
            "emitted Already playing.",
            "ignored seek in playing",
        ])
    }

    @Test func holdsObserversWeakly() {
        let journal = Journal()
        let player = Player(actions: PlayerScript(journal: journal))
        var watcher: PlayerWatcher? = PlayerWatcher(journal: journal)
        weak let weakWatcher = watcher
        player.addObserver(watcher!)
        player.send(.play)
        #expect(journal.lines.contains("didEnter playing"))

        watcher = nil
        #expect(weakWatcher == nil)
        journal.clear()
        player.send(.pause)
        #expect(journal.lines == ["exit hidePauseButton"])
    }

    @Test func cancellingATokenStopsNotifications() {
        let journal = Journal()
        let player = Player(actions: PlayerScript(journal: journal))
        let watcher = PlayerWatcher(journal: journal)
        let watcherToken = player.addObserver(watcher)
        var closureCalls = 0
        let closureToken = player.observe { _ in closureCalls += 1 }
        player.send(.play)
        #expect(closureCalls == 3)
        #expect(journal.lines.contains("didTransition stopped -play-> playing"))

        watcherToken.cancel()
        closureToken.cancel()
        closureToken.cancel()
        journal.clear()
        player.send(.pause)
        #expect(closureCalls == 3)
        #expect(journal.lines == ["exit hidePauseButton"])
    }

    @Test func isReleasedWhenNobodyHoldsIt() {
        let actions = PlayerActions()
        let watcher = PlayerWatcher(journal: Journal())
        var player: Player? = Player(actions: actions, observers: [watcher])
        player!.observe { _ in }
        _ = player!.transitions
        player!.send(.play)
        weak let released = player
        player = nil
        #expect(released == nil)
    }
}
