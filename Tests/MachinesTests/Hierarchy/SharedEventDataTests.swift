import FSMRuntime
import Testing

/// An event several regions take together, where the regions hold states with data and
/// targets are histories (Mixer.fsm): each region's transition reads the data of its own
/// states, keeps the data of the states it stays in, and restores what its history remembers,
/// in SCXML's order; the pure transition function agrees with the running machine.
@Suite("Shared events over regions with data and histories")
struct SharedEventDataTests {
    /// Mixer's actions, outputs and every exit and entry, in one journal.
    final class MixerBench: Mixer.Actions, Mixer.Observer {
        var lines: [String] = []
        private(set) var mixer: Mixer!

        init() {
            mixer = Mixer(actions: self, observers: [self])
        }

        func isLong(number: Int) -> Bool { true }
        func isPeaking(level: Int) -> Bool { level < 3 }
        func countCue() { lines.append("countCue") }
        func replay(number: Int) { lines.append("replay \(number)") }
        func eject(number: Int) { lines.append("eject \(number)") }
        func flash(level: Int) { lines.append("flash \(level)") }
        func nextNumber(number: Int) -> Int { number + 1 }
        func raisedLevel(level: Int) -> Int { level + 1 }

        func machine(_ machine: Mixer, didExit state: Mixer.StateID) { lines.append("exit \(state.rawValue)") }
        func machine(_ machine: Mixer, didEnter state: Mixer.StateID) { lines.append("enter \(state.rawValue)") }
        func machine(_ machine: Mixer, didEmit output: Mixer.Output) {
            if case .peak(let level) = output { lines.append("peak \(level)") }
        }

        /// What sending `event` did; checks first that the pure transition function predicts
        /// the configuration it leads to.
        func send(_ event: Mixer.Event, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
            let predicted = Mixer.nextState(from: mixer.state, on: event, guards: self, history: mixer.snapshot.history)
            lines.removeAll()
            mixer.send(event)
            #expect(predicted ?? mixer.state == mixer.state, "nextState", sourceLocation: sourceLocation)
            return lines
        }
    }

    @Test func eachRegionReadsAndKeepsTheDataOfItsOwnStates() {
        let bench = MixerBench()
        _ = bench.send(.load)
        #expect(bench.send(.cue) == ["exit quiet", "exit empty", "countCue", "enter track", "enter cued", "enter loud"])
        #expect(bench.mixer.state == .deck(.init(player: .track(.cued, number: 1), meter: .loud(level: 1))))
        // player keeps track and its number; meter reads its level in the guard, the action
        // and the value of its new level.
        #expect(bench.send(.cue) == ["exit loud", "exit cued", "flash 1", "enter playing", "enter loud"])
        #expect(bench.mixer.state == .deck(.init(player: .track(.playing, number: 1), meter: .loud(level: 2))))
        // player leaves track and enters it again with the number its value function computes.
        #expect(bench.send(.cue) == [
            "exit loud", "exit playing", "exit track", "replay 1", "flash 2", "enter track", "enter cued", "enter loud",
        ])
        #expect(bench.mixer.state == .deck(.init(player: .track(.cued, number: 2), meter: .loud(level: 3))))
        // meter's guard fails at level 3: player alone moves.
        #expect(bench.send(.cue) == ["exit cued", "enter playing"])
        #expect(bench.send(.back) == ["exit loud", "exit playing", "exit track", "enter paused", "enter quiet"])
        #expect(bench.mixer.state == .deck(.init(player: .paused(number: 2), meter: .quiet)))
        // player has never been left: its history enters its initial state.
        #expect(bench.send(.back) == ["exit paused", "enter empty"])
    }

    @Test func historiesInsideRegionsRestoreTheirDataWhenRegionsTakeAnEventTogether() {
        let bench = MixerBench()
        for event: Mixer.Event in [.load, .cue, .cue, .cue] { _ = bench.send(event) }
        #expect(bench.mixer.state == .deck(.init(player: .track(.cued, number: 2), meter: .loud(level: 3))))
        _ = bench.send(.stop)
        #expect(bench.mixer.snapshot.history == Mixer.History(player: .track(.cued, number: 2), meter: .loud(level: 3)))
        for event: Mixer.Event in [.load, .cue, .cue] { _ = bench.send(event) }
        #expect(bench.mixer.state == .deck(.init(player: .track(.playing, number: 1), meter: .loud(level: 2))))
        // Both regions take drop: player's action reads its number, meter's output its level,
        // and meter's deep history restores the level it was left with.
        #expect(bench.send(.drop) == ["exit loud", "exit playing", "exit track", "eject 1", "peak 2", "enter empty", "enter loud"])
        #expect(bench.mixer.state == .deck(.init(player: .empty, meter: .loud(level: 3))))
        _ = bench.send(.cue)
        #expect(bench.send(.back) == ["exit loud", "exit cued", "exit track", "enter paused", "enter quiet"])
        // player's shallow history: track with the number it had, entered at its initial child.
        #expect(bench.send(.back) == ["exit paused", "enter track", "enter cued"])
        #expect(bench.mixer.state == .deck(.init(player: .track(.cued, number: 2), meter: .quiet)))
    }

    @Test func aSnapshotTakenBetweenSharedEventsResumesWithTheRegionsData() throws {
        let bench = MixerBench()
        for event: Mixer.Event in [.load, .cue, .cue] { _ = bench.send(event) }
        let restored = MixerBench()
        let snapshot = bench.mixer.snapshot
        let resumed = Mixer(actions: restored, observers: [restored], restoring: snapshot)
        #expect(resumed.state == bench.mixer.state)
        resumed.send(.cue)
        bench.mixer.send(.cue)
        #expect(resumed.state == bench.mixer.state)
    }
}
