import FSMRuntime
import Foundation
import Testing

/// The workshop's guards, set by each test, and its actions, written to a journal.
final class WorkshopScript: Workshop.Actions {
    let journal: Journal
    var roomTakes = false
    var deskTakes = false
    /// Called from `enterDesk`, to send an event from inside a step.
    var onEnterDesk: (() -> Void)?

    init(journal: Journal) {
        self.journal = journal
    }

    func roomTakesPoke() -> Bool { roomTakes }
    func deskTakesPoke() -> Bool { deskTakes }

    func enterIdle() { journal.append("enter idle") }
    func exitIdle() { journal.append("exit idle") }
    func enterRoom() { journal.append("enter room") }
    func exitRoom() { journal.append("exit room") }
    func leaving() { journal.append("action leaving") }
    func timedOut() { journal.append("action timedOut") }
    func enterDesk() {
        journal.append("enter desk")
        onEnterDesk?()
    }
    func exitDesk() { journal.append("exit desk") }
    func enterCabinet() { journal.append("enter cabinet") }
    func exitCabinet() { journal.append("exit cabinet") }
    func enterDrawer() { journal.append("enter drawer") }
    func exitDrawer() { journal.append("exit drawer") }
    func exitClosed() { journal.append("exit closed") }
    func cabinetDone() { journal.append("action cabinetDone") }
}

/// Writes the workshop's notifications to the journal.
final class WorkshopWatcher: Workshop.Observer {
    let journal: Journal

    init(journal: Journal) {
        self.journal = journal
    }

    func machine(_ machine: Workshop, didExit state: Workshop.StateID) { journal.append("didExit \(state)") }
    func machine(_ machine: Workshop, didEnter state: Workshop.StateID) { journal.append("didEnter \(state)") }
    func machine(_ machine: Workshop, didTransition transition: Workshop.Transition) {
        journal.append("didTransition \(transition.event?.name ?? "-")")
    }
    func machine(_ machine: Workshop, didEmit output: Workshop.Output) {
        if case .noted(let text) = output { journal.append("noted \(text)") }
    }
    func machine(_ machine: Workshop, didIgnore event: Workshop.Event, in state: Workshop.State) {
        journal.append("didIgnore \(event.name)")
    }
}

/// A workshop with its script, watcher and manual clock, all writing to one journal.
private struct WorkshopBench {
    let journal = Journal()
    let script: WorkshopScript
    let watcher: WorkshopWatcher
    let clock = ManualClock()
    let workshop: Workshop

    init(restoring snapshot: Workshop.Snapshot? = nil, setUp: (WorkshopScript) -> Void = { _ in }) {
        script = WorkshopScript(journal: journal)
        setUp(script)
        watcher = WorkshopWatcher(journal: journal)
        workshop = Workshop(actions: script, clock: clock, observers: [watcher], restoring: snapshot)
    }

    /// Sends `event` and returns what the journal saw, clearing it.
    func send(_ event: Workshop.Event) -> [String] {
        journal.clear()
        workshop.send(event)
        return journal.lines
    }

    func advance(by duration: Duration) -> [String] {
        journal.clear()
        clock.advance(by: duration)
        return journal.lines
    }
}

@Suite("Nested states at run time: order of exits and entries, bubbling, history, completion, timers")
struct WorkshopTests {
    @Test func startsInTheInitialStateAndEntersOutermostFirst() {
        let bench = WorkshopBench()
        #expect(bench.journal.lines == ["enter idle", "didEnter idle"])
        #expect(bench.workshop.state == .idle)
        #expect(Workshop.initialState == .idle)
    }

    @Test func enteringACompoundStateEntersItsInitialChildAfterIt() {
        let bench = WorkshopBench()
        #expect(bench.send(.go) == [
            "exit idle", "didExit idle", "enter room", "didEnter room", "enter desk", "didEnter desk", "didTransition go",
        ])
        #expect(bench.workshop.state == .room(.desk))
        #expect(bench.workshop.isIn(.room) && bench.workshop.isIn(.desk) && !bench.workshop.isIn(.idle))
    }

    @Test func aTargetTwoLevelsDownEntersEveryStateOnTheWayAndRaisedEventsFollow() {
        let bench = WorkshopBench()
        _ = bench.send(.go)
        #expect(bench.send(.deeper) == [
            "exit desk", "didExit desk", "enter cabinet", "didEnter cabinet", "enter drawer", "didEnter drawer",
            "didTransition deeper", "noted ping in cabinet",
        ])
        #expect(bench.workshop.state == .room(.cabinet(.drawer)))
    }

    @Test func aParentsTransitionExitsInnermostFirstUpToTheCommonAncestor() {
        let bench = WorkshopBench()
        _ = bench.send(.go)
        _ = bench.send(.deeper)
        #expect(bench.send(.leave) == [
            "exit drawer", "didExit drawer", "exit cabinet", "didExit cabinet", "exit room", "didExit room",
            "action leaving", "enter idle", "didEnter idle", "didTransition leave",
        ])
        #expect(bench.workshop.state == .idle)
    }

    @Test func aChildsTransitionToAStateOutsideItsParentLeavesUpToTheCommonAncestor() {
        let bench = WorkshopBench()
        _ = bench.send(.go)
        _ = bench.send(.deeper)
        // drawer takes `back` itself (innermost first); room, the common ancestor, stays.
        #expect(bench.send(.back) == [
            "exit drawer", "didExit drawer", "exit cabinet", "didExit cabinet", "enter desk", "didEnter desk", "didTransition back",
        ])
        #expect(bench.workshop.state == .room(.desk))
    }

    @Test func aParentsInternalTargetKeepsTheParentActive() {
        let bench = WorkshopBench()
        _ = bench.send(.go)
        _ = bench.send(.deeper)
        _ = bench.advance(by: .seconds(1))            // drawer -> shelf
        #expect(bench.workshop.state == .room(.cabinet(.shelf)))
        // shelf does not take `back`; cabinet neither; room does: `back -> desk` inside room.
        #expect(bench.send(.back) == [
            "didExit shelf", "exit cabinet", "didExit cabinet", "enter desk", "didEnter desk", "didTransition back",
        ])
    }

    @Test func aSelfTransitionOnTheParentLeavesAndReentersIt() {
        let bench = WorkshopBench()
        _ = bench.send(.go)
        #expect(bench.send(.reset) == [
            "exit desk", "didExit desk", "exit room", "didExit room",
            "enter room", "didEnter room", "enter desk", "didEnter desk", "didTransition reset",
        ])
    }

    @Test func bubblingTriesTheChildFirstThenTheParentWhenTheChildsGuardFails() {
        let bench = WorkshopBench { $0.deskTakes = true; $0.roomTakes = true }
        _ = bench.send(.go)
        #expect(bench.send(.poke) == ["noted desk"])
        bench.script.deskTakes = false
        #expect(bench.send(.poke) == ["noted room"])
        bench.script.roomTakes = false
        #expect(bench.send(.poke) == ["didIgnore poke"])
    }

    @Test func aParentsTimerSurvivesChangesAmongItsChildren() {
        let bench = WorkshopBench()
        _ = bench.send(.go)
        _ = bench.advance(by: .seconds(2))
        _ = bench.send(.deeper)                        // desk -> cabinet.drawer, room stays
        _ = bench.advance(by: .seconds(1))             // drawer's own timer: -> shelf
        #expect(bench.workshop.state == .room(.cabinet(.shelf)))
        #expect(bench.advance(by: .seconds(2)) == [
            "didExit shelf", "exit cabinet", "didExit cabinet", "exit room", "didExit room",
            "action timedOut", "enter idle", "didEnter idle", "didTransition -",
        ])
    }

    @Test func aChildsTimerStopsWhenTheChildIsLeft() {
        let bench = WorkshopBench()
        _ = bench.send(.go)
        _ = bench.send(.deeper)
        _ = bench.send(.back)                          // leaves drawer before its 1s
        _ = bench.advance(by: .seconds(1))
        #expect(bench.workshop.state == .room(.desk))
    }

    @Test func completionIsHandledAfterTheStepLikeARaisedEvent() {
        let bench = WorkshopBench()
        _ = bench.send(.go)
        _ = bench.send(.deeper)
        #expect(bench.send(.finish) == [
            "exit drawer", "didExit drawer", "didEnter closed", "didTransition finish",
            "exit closed", "didExit closed", "exit cabinet", "didExit cabinet", "action cabinetDone",
            "enter desk", "didEnter desk", "didTransition -",
        ])
        #expect(bench.workshop.state == .room(.desk))
    }

    @Test func deepHistoryRestoresTheWholeConfigurationAndStartsAtTheInitialBeforeTheFirstExit() {
        let fresh = WorkshopBench()
        _ = fresh.send(.tick)                          // room never left: its initial states
        #expect(fresh.workshop.state == .room(.desk))

        let bench = WorkshopBench()
        _ = bench.send(.go)
        _ = bench.send(.deeper)
        _ = bench.advance(by: .seconds(1))
        _ = bench.send(.leave)
        #expect(bench.send(.tick) == [
            "exit idle", "didExit idle", "enter room", "didEnter room", "enter cabinet", "didEnter cabinet",
            "didEnter shelf", "didTransition tick",
        ])
        #expect(bench.workshop.state == .room(.cabinet(.shelf)))
    }

    @Test func aSnapshotRestoresConfigurationAndHistoryWithoutEntryActionsAndRestartsTimers() throws {
        let bench = WorkshopBench()
        _ = bench.send(.go)
        _ = bench.send(.deeper)
        _ = bench.send(.leave)
        let saved = bench.workshop.snapshot
        let data = try JSONEncoder().encode(saved)
        let decoded = try JSONDecoder().decode(Workshop.Snapshot.self, from: data)
        #expect(decoded == saved)
        #expect(decoded.history.room == .cabinet(.drawer))

        let restored = WorkshopBench(restoring: decoded)
        #expect(restored.journal.lines.isEmpty)
        #expect(restored.workshop.state == .idle)
        _ = restored.send(.tick)
        #expect(restored.workshop.state == .room(.cabinet(.drawer)))

        let timed = WorkshopBench(restoring: Workshop.Snapshot(state: .room(.cabinet(.drawer))))
        _ = timed.advance(by: .seconds(1))
        #expect(timed.workshop.state == .room(.cabinet(.shelf)))
    }

    @Test func eventsSentFromAnActionMidStepWaitForTheStepToEnd() {
        let bench = WorkshopBench()
        let script = bench.script
        let workshop = bench.workshop
        script.onEnterDesk = { [unowned script, unowned workshop] in
            script.onEnterDesk = nil
            workshop.send(.deeper)
        }
        #expect(bench.send(.go) == [
            "exit idle", "didExit idle", "enter room", "didEnter room", "enter desk", "didEnter desk", "didTransition go",
            "exit desk", "didExit desk", "enter cabinet", "didEnter cabinet", "enter drawer", "didEnter drawer",
            "didTransition deeper", "noted ping in cabinet",
        ])
    }

    @Test func thePureTransitionFunctionAndCanHandleAgreeWithTheMachine() {
        let script = WorkshopScript(journal: Journal())
        #expect(Workshop.nextState(from: .idle, on: .go, guards: script) == .room(.desk))
        #expect(Workshop.nextState(from: .room(.desk), on: .deeper, guards: script) == .room(.cabinet(.drawer)))
        #expect(Workshop.nextState(from: .room(.cabinet(.shelf)), on: .back, guards: script) == .room(.desk))
        #expect(Workshop.nextState(from: .room(.desk), on: .poke, guards: script) == nil)
        #expect(Workshop.nextState(from: .idle, on: .tick, guards: script) == .room(.desk))
        #expect(Workshop.nextState(from: .idle, on: .tick, guards: script, history: .init(room: .cabinet(.shelf))) == .room(.cabinet(.shelf)))
        let bench = WorkshopBench()
        #expect(bench.workshop.canHandle(.go) && !bench.workshop.canHandle(.leave))
        #expect(bench.workshop.acceptedEventNames == ["go", "tick"])
        _ = bench.send(.go)
        #expect(bench.workshop.acceptedEventNames == ["back", "deeper", "leave", "poke", "reset"])
        #expect(!bench.workshop.canHandle(.poke))
    }

    @Test func statesAreNamedByStateIDWithTheSpecsNames() {
        #expect(Workshop.StateID.allCases.map(\.rawValue) == ["idle", "room", "desk", "cabinet", "drawer", "shelf", "closed"])
        #expect(Workshop.parent(of: .drawer) == .cabinet)
        #expect(Workshop.configuration(.room(.cabinet(.shelf)), contains: .room))
    }
}
