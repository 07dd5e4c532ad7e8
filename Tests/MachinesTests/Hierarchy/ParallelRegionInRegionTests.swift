import FSMRuntime
import Foundation
import Testing

/// A region that is a parallel state itself (Studio.fsm: `mixer`, a region of `session`, with
/// regions `left` and `right`): entered and exited with its regions in SCXML's order, its
/// regions' events dispatched and shared among them, its own transitions after theirs, its
/// timers, its completion, and the history around it.
@Suite("A region that is a parallel state itself")
struct ParallelRegionInRegionTests {
    final class StudioBench: Studio.Actions, Studio.Observer {
        var lines: [String] = []
        let clock = ManualClock()
        private(set) var studio: Studio!

        init() {
            studio = Studio(actions: self, clock: clock, observers: [self])
        }

        func muteLeft() { lines.append("muteLeft") }
        func unmuteLeft() { lines.append("unmuteLeft") }
        func lightRight() { lines.append("lightRight") }
        func dimRight() { lines.append("dimRight") }
        func muteRight() { lines.append("muteRight") }
        func resetMixer() { lines.append("resetMixer") }
        func stopTape() { lines.append("stopTape") }
        func ejectTape() { lines.append("ejectTape") }
        func wrapUp() { lines.append("wrapUp") }

        func machine(_ machine: Studio, didExit state: Studio.StateID) { lines.append("exit \(state.rawValue)") }
        func machine(_ machine: Studio, didEnter state: Studio.StateID) { lines.append("enter \(state.rawValue)") }

        /// Sends `event` and returns what it did; the pure transition function must predict
        /// the configuration the machine rests in (no timer or completion follows here).
        func send(_ event: Studio.Event, predicted: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
            let next = Studio.nextState(from: studio.state, on: event, history: studio.snapshot.history)
            lines.removeAll()
            studio.send(event)
            if predicted { #expect(next ?? studio.state == studio.state, "nextState", sourceLocation: sourceLocation) }
            return lines
        }

        func wait(_ duration: Duration) -> [String] {
            lines.removeAll()
            clock.advance(by: duration)
            return lines
        }
    }

    static let started = Studio.State.shelf(.session(.init(mixer: .init(left: .leftOn, right: .rightOn), tape: .rolling)))

    @Test func enteringTheParallelRegionEntersEachOfItsRegionsInDocumentOrder() {
        let bench = StudioBench()
        #expect(bench.send(.record) == [
            "exit idle", "enter shelf", "enter session", "enter mixer", "enter left", "enter leftOn",
            "enter right", "lightRight", "enter rightOn", "enter tape", "enter rolling",
        ])
        #expect(bench.studio.state == Self.started)
        #expect(bench.studio.isIn(.mixer) && bench.studio.isIn(.rightOn) && bench.studio.isIn(.rolling))
        #expect(bench.studio.state.description == "shelf.session(mixer(left.leftOn, right.rightOn), tape.rolling)")
    }

    @Test func anEventBothItsRegionsTakeIsOneStep() {
        let bench = StudioBench()
        _ = bench.send(.record)
        // leftOn -> leftOff and rightOn's targetless transition, together.
        #expect(bench.send(.mute) == ["exit leftOn", "muteLeft", "muteRight", "enter leftOff"])
        #expect(bench.studio.state == .shelf(.session(.init(mixer: .init(left: .leftOff, right: .rightOn), tape: .rolling))))
        // in(rolling) holds: leftOff -> leftOn, across the outer parallel state's regions.
        #expect(bench.send(.mute) == ["exit leftOff", "unmuteLeft", "muteRight", "enter leftOn"])
    }

    @Test func timersOfItsRegionsRunAndItsOwnTransitionReentersTheParallelStateAroundIt() {
        let bench = StudioBench()
        _ = bench.send(.record)
        #expect(bench.wait(.seconds(1)) == ["dimRight", "exit rightOn", "enter rightOff"])
        #expect(bench.send(.solo) == ["exit rightOff", "lightRight", "enter rightOn"])
        _ = bench.send(.mute)
        // A transition's domain is a compound state (SCXML's findLCCA skips parallel states):
        // `mixer` re-entering itself leaves and re-enters `session`, the tape included.
        #expect(bench.send(.reset) == [
            "exit rolling", "exit tape", "dimRight", "exit rightOn", "exit right", "exit leftOff", "exit left", "exit mixer",
            "exit session", "resetMixer", "enter session", "enter mixer", "enter left", "enter leftOn", "enter right",
            "lightRight", "enter rightOn", "enter tape", "enter rolling",
        ])
        #expect(bench.studio.state == Self.started)
    }

    @Test func theOuterParallelStateCompletesWhenEveryRegionOfTheNestedOneIsFinal() {
        let bench = StudioBench()
        _ = bench.send(.record)
        _ = bench.send(.mute)
        _ = bench.wait(.seconds(1))
        #expect(bench.send(.stop) == ["exit rightOff", "exit leftOff", "enter leftDone", "enter rightDone"])
        // The tape's final state is entered last: every region of `session` is in a final state.
        #expect(bench.send(.halt, predicted: false) == [
            "exit rolling", "stopTape", "enter stopped",
            "exit stopped", "exit tape", "exit rightDone", "exit right", "exit leftDone", "exit left", "exit mixer",
            "exit session", "exit shelf", "wrapUp", "enter idle",
        ])
        #expect(bench.studio.state == .idle)
    }

    @Test func deepHistoryRestoresTheNestedRegions() throws {
        let bench = StudioBench()
        _ = bench.send(.record)
        _ = bench.send(.mute)
        _ = bench.wait(.seconds(1))
        _ = bench.send(.eject)
        #expect(bench.studio.state == .idle)
        #expect(bench.send(.back) == [
            "exit idle", "enter shelf", "enter session", "enter mixer", "enter left", "enter leftOff",
            "enter right", "enter rightOff", "enter tape", "enter rolling",
        ])
        let resumed = bench.studio.state
        #expect(resumed == .shelf(.session(.init(mixer: .init(left: .leftOff, right: .rightOff), tape: .rolling))))
        let snapshot = try JSONDecoder().decode(Studio.Snapshot.self, from: JSONEncoder().encode(bench.studio.snapshot))
        #expect(snapshot == bench.studio.snapshot)
        let restored = Studio(actions: bench, clock: bench.clock, restoring: snapshot)
        #expect(restored.state == resumed)
    }
}
