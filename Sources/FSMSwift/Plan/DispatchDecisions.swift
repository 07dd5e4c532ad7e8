import FSMCore

/// The decisions of the generated dispatch worked out once per machine, before a line is
/// written, rather than again at each place a writer needs them: the state data each
/// transition's code reads, what the regions of a parallel state choose for each trigger they
/// share, and the final states a completion reads.
///
/// A class, as the plan that holds it (``SwiftPlan/dispatchDecisions``): writers read one
/// entry at a time.
final class DispatchDecisions {
    /// The data labels each transition's guard reads, by ``TransitionID``.
    let guardData: [Set<String>]
    /// The data labels each transition's new configuration reads (its target's arguments and
    /// the states it keeps), by ``TransitionID``.
    let targetData: [Set<String>]
    /// The data labels each transition's actions read, by ``TransitionID``.
    let actionData: [Set<String>]
    /// For each parallel state (by ``StateID``), what its regions choose for each trigger they
    /// share that is not taken as a general microstep.
    private let sharedChoices: [[ExecutableMachine.Trigger: SharedChoices]]
    /// The final states whose entry the completion of a parallel state reads, in document
    /// order (``finalsOfCompletingRegions(in:)``, walked here once).
    let finalsOfCompletingRegions: [StateID]

    init(_ plan: SwiftPlan) {
        let spelling = SwiftSpelling(plan: plan)
        let machine = plan.machine
        let transitions = machine.transitions.indices.map(TransitionID.init)
        guardData = transitions.map { spelling.dataNeeded(byGuardOf: $0) }
        targetData = transitions.map { spelling.dataNeeded(byTargetOf: $0) }
        actionData = transitions.map { spelling.dataNeeded(by: machine[$0].declaration.actions) }
        let analysis = plan.regionAnalysis
        sharedChoices = machine.model.states.map { state in
            guard state.isParallel else { return [:] }
            var choices: [ExecutableMachine.Trigger: SharedChoices] = [:]
            for trigger in analysis.sharedTriggers[state.id.index] where !analysis.apartTriggers[state.id.index].contains(trigger) {
                choices[trigger] = SharedChoices(trigger, of: state.id, in: analysis)
            }
            return choices
        }
        finalsOfCompletingRegions = Self.finalsOfCompletingRegions(in: machine)
    }

    /// The final states whose entry the completion of a parallel state with a `done`
    /// transition reads (children of its regions, and of the regions of regions that are
    /// parallel states), in document order; empty when no such completion is generated.
    ///
    /// The final states a parallel state's completion check reads, and how the generated code
    /// tells which of them a step has entered so far.
    ///
    /// The generated `state` holds a step's whole target configuration before the entry actions
    /// run, but SCXML's `enterStates` adds the states to the configuration one at a time, in
    /// document order, and checks a parallel state's completion when each final state is entered:
    /// when one step enters final states in two of its regions, only the later entry completes it
    /// (one `done.state.P`). So the check reads, for each final state of its regions, whether that
    /// state's entry ran and it was not exited since (`finalsEntered`), not whether it is active.
    private static func finalsOfCompletingRegions(in machine: ExecutableMachine) -> [StateID] {
        let model = machine.model
        /// The final states `state`'s completion reads; `nil` when it never completes.
        func finals(of state: StateID) -> [StateID]? {
            if model[state].isParallel {
                var all: [StateID] = []
                for region in model[state].children {
                    guard let inside = finals(of: region) else { return nil }
                    all += inside
                }
                return all
            }
            let children = model[state].children.filter { model[$0].isFinal }
            return children.isEmpty ? nil : children
        }
        var read = Set<StateID>()
        for parallel in model.states where parallel.isParallel
            && !machine.transitions(of: .state(parallel.id), for: .done(parallel.id)).isEmpty {
            read.formUnion(finals(of: parallel.id) ?? [])
        }
        return read.sorted()
    }

    /// The data labels the code taking transition `id` reads: its guard's, its new
    /// configuration's and, where actions run, its actions'.
    func dataNeeded(by id: TransitionID, runsActions: Bool) -> Set<String> {
        var labels = guardData[id.index].union(targetData[id.index])
        if runsActions { labels.formUnion(actionData[id.index]) }
        return labels
    }

    /// The data labels the guards of `transitions` read.
    func guardData(of transitions: [TransitionID]) -> Set<String> {
        transitions.reduce(into: Set<String>()) { $0.formUnion(guardData[$1.index]) }
    }

    /// What the regions of `parallel` choose for `trigger`, one of the triggers they share
    /// that is not taken as a general microstep.
    func sharedChoices(of parallel: StateID, for trigger: ExecutableMachine.Trigger) -> SharedChoices {
        sharedChoices[parallel.index][trigger]!
    }
}

/// What the regions of a parallel state choose for a trigger they share (SCXML's selection
/// among regions, ``ExecutableMachine/selectTransitions(for:atomicStates:isEnabled:)``).
struct SharedChoices {
    /// The regions that can choose a transition, in document order, each with the transitions
    /// it may choose, in the order it tries them.
    let regions: [(region: StateID, transitions: [TransitionID])]
    /// The transitions a region may choose that leave it (their domain lies outside it), so
    /// that one conflicts with every other region's choice; in the regions' order.
    let leaving: [TransitionID]
    /// The transitions around the parallel state the states of a region that chooses none
    /// may select in the same step (``RegionAnalysis/outerTransitions(_:of:)``).
    let around: [TransitionID]

    init(_ trigger: ExecutableMachine.Trigger, of parallel: StateID, in analysis: RegionAnalysis) {
        let machine = analysis.machine
        regions = machine.model[parallel].children.compactMap { region in
            let transitions = analysis.choosable(inside: region, for: trigger).transitions
            return transitions.isEmpty ? nil : (region, transitions)
        }
        leaving = regions.flatMap { region, transitions in
            transitions.filter { id in
                guard machine[id].entry != nil else { return false }
                guard let domain = machine[id].domain else { return true }
                return !(domain == region || machine.isProperDescendant(domain, of: region))
            }
        }
        around = analysis.outerTransitions(trigger, of: parallel)
    }
}

extension PlanReader {
    /// The dispatch's decisions, worked out once for the machine.
    var decisions: DispatchDecisions { plan.dispatchDecisions }
}
