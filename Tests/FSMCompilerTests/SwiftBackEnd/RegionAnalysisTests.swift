import FSMCompiler
import Foundation
import TestSupport
import Testing

/// ``RegionAnalysis`` against charts whose parallel states share triggers in known ways: the
/// machines of `Tests/MachinesTests/Specs` that the generated code runs against the interpreter.
@Suite(.offThePool) struct RegionAnalysisTests {
    /// Orchestra: `stage`'s regions take `rest`, `tune` and eventless transitions together, and
    /// its first region holds the parallel state `section` that takes them too: all three are
    /// taken apart, as a general microstep, and `section` is left none to share.
    @Test func orchestraTakesItsSharedTriggersApart() throws {
        let chart = try Chart(machinesSpec: "Orchestra.fsm")
        let analysis = RegionAnalysis(chart.lowered.executable)
        let stage = chart.lowered.state("stage")
        let section = chart.lowered.state("section")
        let shared: [ExecutableMachine.Trigger] = [try chart.lowered.event("rest"), try chart.lowered.event("tune"), .always]
        #expect(analysis.sharedTriggers[stage.index] == shared)
        #expect(analysis.apartTriggers[stage.index] == Set(shared))
        #expect(analysis.sharedTriggers[section.index].isEmpty)
        #expect(analysis.apartTriggers[section.index].isEmpty)
        // A state inside a region leaves the shared triggers to `stage`, and `tune` to `section` too.
        #expect(analysis.excludedTriggers[chart.lowered.state("bowing").index] == Set(shared))
        #expect(analysis.excludedTriggers[stage.index].isEmpty)
        let tune = try chart.lowered.event("tune")
        let stop = try chart.lowered.event("stop")
        #expect(analysis.ownTransitions(of: chart.lowered.state("bowing"), for: tune).isEmpty)
        // `stop` is no shared trigger: a state takes it in its own dispatch.
        #expect(analysis.ownTransitions(of: chart.lowered.state("plucking"), for: stop).count == 1)
    }

    @Test func orchestraMicrostepCandidatesAndConflicts() throws {
        let chart = try Chart(machinesSpec: "Orchestra.fsm")
        let analysis = RegionAnalysis(chart.lowered.executable)
        let stage = chart.lowered.state("stage")
        let tune = try chart.lowered.event("tune")
        let candidates = analysis.microstepCandidates(of: stage, for: tune)
        // Inside: bowing, plucking, low, high (guarded), pause, horns, trumpets (guarded); around:
        // `stage`'s own `on tune / conduct`.
        #expect(chart.sources(of: candidates.inside) == ["bowing", "plucking", "low", "high", "pause", "horns", "trumpets"])
        #expect(chart.sources(of: candidates.around) == ["stage"])
        #expect(candidates.all == (candidates.inside + candidates.around).sorted())
        // `rest`: bowing's guarded transition to `resting` and `section`'s to `pause` are selected
        // together (bowing and a cello are active together); the inner one preempts.
        let rest = analysis.conflictPairs(of: stage, for: try chart.lowered.event("rest"))
        let fromBowing = try #require(chart.lowered.executable.transitions(of: .state(chart.lowered.state("bowing")), for: try chart.lowered.event("rest")).first)
        let fromSection = try #require(chart.lowered.executable.transitions(of: .state(chart.lowered.state("section")), for: try chart.lowered.event("rest")).first)
        #expect(rest.contains(.init(later: fromBowing, earlier: fromSection, conflict: .preempts)))
        #expect(rest.contains(.init(later: fromSection, earlier: fromBowing, conflict: .yields)))
        for pair in rest {
            #expect(pair.conflict == chart.lowered.executable.conflict(of: pair.later, with: pair.earlier))
        }
    }

    /// Quartet: `parts`' regions take `play` and `rest` together, and `melody` holds the parallel
    /// state `voices` whose soprano takes both: taken apart at `parts`.
    @Test func quartetSharesPlayAndRestApart() throws {
        let chart = try Chart(machinesSpec: "Quartet.fsm")
        let analysis = RegionAnalysis(chart.lowered.executable)
        let parts = chart.lowered.state("parts")
        let play = try chart.lowered.event("play")
        let rest = try chart.lowered.event("rest")
        #expect(analysis.sharedTriggers[parts.index] == [play, rest])
        #expect(analysis.apartTriggers[parts.index] == [play, rest])
        #expect(analysis.sharedTriggers[chart.lowered.state("voices").index].isEmpty)
        #expect(analysis.sharesEvents(parts))
        #expect(!analysis.sharesEvents(chart.lowered.state("voices")))
    }

    /// Studio: `mixer`, a region of `session`, shares `mute` and `stop` between its regions;
    /// `session`'s regions share nothing, and nothing is taken apart.
    @Test func studioSharesInTheInnerParallelStateOnly() throws {
        let chart = try Chart(machinesSpec: "Studio.fsm")
        let analysis = RegionAnalysis(chart.lowered.executable)
        let mixer = chart.lowered.state("mixer")
        let session = chart.lowered.state("session")
        let mute = try chart.lowered.event("mute")
        let stop = try chart.lowered.event("stop")
        #expect(analysis.sharedTriggers[mixer.index] == [mute, stop])
        #expect(analysis.sharedTriggers[session.index].isEmpty)
        let nothingApart = analysis.apartTriggers.allSatisfy(\.isEmpty)
        #expect(nothingApart)
        // `mute` is chosen in each region: the left one's (either state) and the right one's.
        let choosable = analysis.choosable(inside: chart.lowered.state("left"), for: mute)
        #expect(chart.sources(of: choosable.transitions) == ["leftOn", "leftOff"])
        #expect(!choosable.always)
        #expect(chart.sources(of: analysis.sharedTransitions(of: mixer, for: mute)) == ["leftOn", "leftOff", "rightOn"])
    }

    @Test func choosableCandidatesStopAtTheFirstThatAlwaysHolds() throws {
        let chart = try Chart(machinesSpec: "Orchestra.fsm")
        let machine = chart.lowered.executable
        let bowing = chart.lowered.state("bowing")
        let section = chart.lowered.state("section")
        let rest = try chart.lowered.event("rest")
        let candidates = machine.transitions(of: .state(bowing), for: rest) + machine.transitions(of: .state(section), for: rest)
        #expect(machine.choosable(candidates) == candidates)
        #expect(machine.choosable(candidates.reversed()) == [candidates[1]])
        #expect(ExecutableMachine.alwaysHolds(nil))
        #expect(ExecutableMachine.alwaysHolds(.else))
        #expect(!ExecutableMachine.alwaysHolds(.call("isTired")))
    }
}

/// A machine of `Tests/MachinesTests/Specs`, lowered.
struct Chart {
    let lowered: Lowered

    init(machinesSpec name: String) throws {
        let url = ExampleMachines.packageRoot.appendingPathComponent("Tests/MachinesTests/Specs").appendingPathComponent(name)
        lowered = try Lowered(try String(contentsOf: url, encoding: .utf8))
    }

    /// The names of the states that declare `transitions` (`*` for the machine level).
    func sources(of transitions: [TransitionID]) -> [String] {
        transitions.map { lowered.executable.source(of: $0).map { lowered.model[$0].name } ?? "*" }
    }
}
