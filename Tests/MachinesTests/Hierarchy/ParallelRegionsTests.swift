import FSMRuntime
import Foundation
import Machines
import Testing

/// Generated machines with parallel states at run time: the exact order of every exit, action
/// and entry when regions take an event together, conflicts, `in(…)` across regions,
/// completion, history, timers per region and snapshots.
@Suite("Parallel regions at run time")
struct ParallelRegionsTests {
    /// Toolbar's actions and every exit and entry, in one journal.
    final class ToolbarBench: Toolbar.Actions, Toolbar.Observer {
        var lines: [String] = []
        var jumps = false
        var settled = false
        private(set) var toolbar: Toolbar!

        init() {
            toolbar = Toolbar(actions: self, observers: [self])
        }

        func canJump() -> Bool { jumps }
        func isSettled() -> Bool { settled }
        func showToolbar() { lines.append("showToolbar") }
        func hideToolbar() { lines.append("hideToolbar") }
        func markBold() { lines.append("markBold") }
        func markItalic() { lines.append("markItalic") }
        func clearItalic() { lines.append("clearItalic") }

        func machine(_ machine: Toolbar, didExit state: Toolbar.StateID) { lines.append("exit \(state.rawValue)") }
        func machine(_ machine: Toolbar, didEnter state: Toolbar.StateID) { lines.append("enter \(state.rawValue)") }

        /// What sending `event` did.
        func send(_ event: Toolbar.Event) -> [String] {
            lines.removeAll()
            toolbar.send(event)
            return lines
        }
    }

    @Test func enteringAParallelStateEntersEveryRegion() {
        let bench = ToolbarBench()
        #expect(bench.send(.open) == [
            "exit idle", "showToolbar", "enter editor", "enter bold", "enter boldOff", "enter italic", "enter italicOff",
        ])
        #expect(bench.toolbar.state == .editor(.init(bold: .boldOff, italic: .italicOff)))
        #expect(bench.toolbar.isIn(.editor) && bench.toolbar.isIn(.bold) && bench.toolbar.isIn(.italicOff))
        #expect(!bench.toolbar.isIn(.boldOn))
        #expect(bench.toolbar.state.description == "editor(bold.boldOff, italic.italicOff)")
    }

    @Test func oneEventTakenBySeveralRegionsIsOneStepInSCXMLOrder() {
        let bench = ToolbarBench()
        _ = bench.send(.open)
        // Exits in reverse document order, actions and entries in document order.
        #expect(bench.send(.both) == ["exit italicOff", "exit boldOff", "markBold", "markItalic", "enter boldOn", "enter italicOn"])
        #expect(bench.toolbar.state == .editor(.init(bold: .boldOn, italic: .italicOn)))
        // boldOn's `both` is internal: it acts, exits nothing; italic's leaves italicOn.
        #expect(bench.send(.both) == ["clearItalic", "exit italicOn", "markBold", "markItalic", "enter italicOff"])
        #expect(bench.toolbar.state == .editor(.init(bold: .boldOn, italic: .italicOff)))
    }

    @Test func aRegionsTransitionPreemptsItsParallelStatesAndTheFirstRegionThatLeavesWins() {
        let bench = ToolbarBench()
        _ = bench.send(.open)
        // boldOff takes `leave` itself, so editor's `leave` is not taken.
        #expect(bench.send(.leave) == ["exit boldOff", "enter boldOff"])
        _ = bench.send(.toggleBold)
        #expect(bench.send(.leave) == [
            "exit italicOff", "exit italic", "exit boldOn", "exit bold", "hideToolbar", "exit editor", "enter idle",
        ])
        // boldOn's `jump` leaves editor and comes first: italicOff's own `jump` is dropped.
        _ = bench.send(.open)
        _ = bench.send(.toggleBold)
        bench.jumps = true
        #expect(bench.send(.jump) == [
            "exit italicOff", "exit italic", "exit boldOn", "exit bold", "hideToolbar", "exit editor", "enter idle",
        ])
        // With boldOn's guard failing, italicOff's `jump` stays in its region.
        _ = bench.send(.open)
        _ = bench.send(.toggleBold)
        bench.jumps = false
        #expect(bench.send(.jump) == ["exit italicOff", "enter italicOn"])
    }

    @Test func inGuardsSeeTheOtherRegions() {
        let bench = ToolbarBench()
        _ = bench.send(.open)
        #expect(bench.send(.toggleItalic) == [])
        #expect(!bench.toolbar.canHandle(.toggleItalic))
        _ = bench.send(.toggleBold)
        #expect(bench.toolbar.canHandle(.toggleItalic))
        #expect(bench.send(.toggleItalic) == ["exit italicOff", "enter italicOn"])
    }

    @Test func eventlessTransitionsOfARegionFollowTheStep() {
        let bench = ToolbarBench()
        bench.settled = true
        _ = bench.send(.open)
        _ = bench.send(.toggleBold)
        #expect(bench.send(.toggleItalic) == ["exit italicOff", "enter italicOn", "clearItalic", "exit italicOn", "enter italicOff"])
    }

    @Test func thePureTransitionFunctionChoosesAsTheMachineDoes() {
        let bench = ToolbarBench()
        let editing = Toolbar.State.editor(.init(bold: .boldOff, italic: .italicOff))
        #expect(Toolbar.nextState(from: editing, on: .both, guards: bench) == .editor(.init(bold: .boldOn, italic: .italicOn)))
        #expect(Toolbar.nextState(from: editing, on: .leave, guards: bench) == editing)
        #expect(Toolbar.nextState(from: .editor(.init(bold: .boldOn, italic: .italicOff)), on: .leave, guards: bench) == .idle)
        #expect(Toolbar.nextState(from: editing, on: .toggleItalic, guards: bench) == nil)
        #expect(Toolbar.nextState(from: editing, on: .reset, guards: bench) == editing)
    }

    @Test func aSnapshotRestoresEveryRegion() throws {
        let bench = ToolbarBench()
        _ = bench.send(.open)
        _ = bench.send(.toggleBold)
        let data = try JSONEncoder().encode(bench.toolbar.state)
        let decoded = try JSONDecoder().decode(Toolbar.State.self, from: data)
        #expect(decoded == .editor(.init(bold: .boldOn, italic: .italicOff)))
        let restored = Toolbar(actions: bench, restoring: decoded)
        #expect(restored.isIn(.boldOn) && restored.isIn(.italicOff))
    }

    // MARK: - Completion, history, timers: Panes

    final class PanesBench: Panes.Actions, Panes.Observer {
        var lines: [String] = []
        var patient = false
        var ready = false
        let clock = ManualClock()
        private(set) var panes: Panes!

        init(restoring snapshot: Panes.Snapshot? = nil) {
            panes = Panes(actions: self, clock: clock, observers: [self], restoring: snapshot)
        }

        func isPatient() -> Bool { patient }
        func isReady() -> Bool { ready }
        func machine(_ machine: Panes, didExit state: Panes.StateID) { lines.append("exit \(state.rawValue)") }
        func machine(_ machine: Panes, didEnter state: Panes.StateID) { lines.append("enter \(state.rawValue)") }

        func send(_ event: Panes.Event) -> [String] {
            lines.removeAll()
            panes.send(event)
            return lines
        }
    }

    @Test func aParallelStateCompletesOnceEveryRegionIsFinal() {
        let bench = PanesBench()
        _ = bench.send(.toggle)
        #expect(bench.send(.finishLeft) == ["exit l2", "enter leftDone"])
        _ = bench.send(.flip)
        #expect(bench.send(.finishRight) == [
            "exit r2", "enter rightDone",
            "exit rightDone", "exit right", "exit leftDone", "exit left", "exit panes", "enter finished",
        ])
        #expect(bench.panes.state == .main(.finished))
    }

    @Test func eventlessTransitionsOfSeveralRegionsAreTakenTogether() {
        let bench = PanesBench()
        bench.ready = true
        _ = bench.send(.toggle)
        _ = bench.send(.finishLeft)
        _ = bench.send(.flip)
        _ = bench.send(.finishRight)
        #expect(bench.send(.start) == [
            "exit finished", "enter settling", "enter a", "enter a1", "enter b", "enter b1",
            "exit b1", "exit a1", "enter a2", "enter b2",
        ])
        #expect(bench.panes.state == .main(.settling(.init(a: .a2, b: .b2))))
    }

    @Test func deepHistoryRestoresEveryRegionAndAShallowOneItsOwn() throws {
        let bench = PanesBench()
        _ = bench.send(.toggle)
        _ = bench.send(.flip)
        _ = bench.send(.sleep)
        #expect(bench.panes.snapshot.history.main == .panes(.init(left: .l2, right: .r2)))
        #expect(bench.send(.wake) == ["exit asleep", "enter main", "enter panes", "enter left", "enter l2", "enter right", "enter r2"])
        _ = bench.send(.sleep)
        // left's shallow history: l2; right starts over.
        #expect(bench.send(.wakeLeft) == ["exit asleep", "enter main", "enter panes", "enter left", "enter l2", "enter right", "enter r1"])
        // The snapshot keeps the regions and the histories.
        let data = try JSONEncoder().encode(bench.panes.snapshot)
        let restored = PanesBench(restoring: try JSONDecoder().decode(Panes.Snapshot.self, from: data))
        #expect(restored.panes.state == .main(.panes(.init(left: .l2, right: .r1))))
        #expect(restored.panes.snapshot.history == bench.panes.snapshot.history)
    }

    @Test func timersRunPerRegion() {
        let bench = PanesBench()
        bench.patient = true
        _ = bench.send(.flip)
        bench.lines.removeAll()
        bench.clock.advance(by: .seconds(1))
        #expect(bench.lines == ["exit r2", "enter r1"])
        bench.lines.removeAll()
        bench.clock.advance(by: .seconds(1))
        #expect(bench.lines == ["exit l1", "enter l2"])
        #expect(bench.panes.state == .main(.panes(.init(left: .l2, right: .r1))))
    }

    // MARK: - The Navigator of DESIGN.md

    @Test func theNavigatorEditsSleepsWakesAndSaves() {
        let actions = NavigatorActions()
        let navigator = Navigator(actions: actions)
        navigator.send(.loggedIn(user: "grace"))
        navigator.send(.open(id: 42))
        #expect(navigator.state == .main(.detail(id: 42)))
        navigator.send(.edit)
        #expect(navigator.state == .main(.editor(.init(bold: .boldOff, italic: .italicOff))))
        navigator.send(.toggleItalic)
        #expect(navigator.state == .main(.editor(.init(bold: .boldOff, italic: .italicOff))))
        navigator.send(.toggleBold)
        navigator.send(.toggleItalic)
        #expect(navigator.state == .main(.editor(.init(bold: .boldOn, italic: .italicOn))))
        #expect(navigator.isIn(.main) && navigator.isIn(.editor) && navigator.isIn(.bold) && navigator.isIn(.italicOn))
        navigator.send(.sleep)
        #expect(navigator.state == .asleep)
        navigator.send(.wake)
        // main's shallow history remembers the editor, whose regions start over.
        #expect(navigator.state == .main(.editor(.init(bold: .boldOff, italic: .italicOff))))
        navigator.send(.save)
        #expect(navigator.state == .login)
        #expect(actions.log == ["Signed in as grace.", "Loading document 42 into the editor.", "Signed grace out."])
    }
}
