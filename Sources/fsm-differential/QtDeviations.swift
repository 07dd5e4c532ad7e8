import FSMCompiler

/// Where Qt SCXML (6.4) departs from the W3C algorithm, found by this campaign: the shapes of
/// chart on which Qt's trace is not the specification's, so that the comparison leaves them out
/// (docs/SCXML.md, "Known Qt deviations"). fsmc follows the specification there, and
/// regression cases keep it to it.
enum QtDeviations {
    /// **Preemption by a later region.** In a parallel state P, a state of region R1 (R1 itself
    /// or one inside it) has a transition T1, and a state of a later region R2 a transition T2
    /// on the same trigger, declared deeper in the tree than T1, and one of them leaves its
    /// region. SCXML's `selectTransitions` picks T1 first (its atomic state comes first in
    /// document order); their exit sets intersect (the one that leaves its region exits all of
    /// P), so `removeConflictingTransitions` keeps T1 and drops T2, whose source is no
    /// descendant of T1's. Qt takes T2 instead, the deeper one. At equal depths, or with T2 the
    /// shallower, Qt keeps T1 as it should.
    static func preemptionByALaterRegion(in model: MachineModel) -> (first: TransitionModel, later: TransitionModel)? {
        func depth(_ state: StateID?) -> Int { state.map { model.path(from: $0).count } ?? 0 }
        for parallel in model.states where parallel.isParallel {
            let regions = parallel.children.map { region in
                (region: region, states: Set([region] + model.descendants(of: region)))
            }
            // Whether the transition's exit set takes in its whole region: a target outside it or
            // the region itself, or the region as a source that is left and re-entered
            // (`reenter`, or a region that is itself a parallel state), whose domain lies past P.
            func leaves(_ transition: TransitionModel, _ region: (region: StateID, states: Set<StateID>)) -> Bool {
                let targets = transition.targets
                guard !targets.isEmpty else { return false }
                if transition.source == region.region, transition.reenters || model[region.region].isParallel { return true }
                return targets.contains { $0 == region.region || !region.states.contains($0) }
            }
            func transitions(in region: (region: StateID, states: Set<StateID>)) -> [TransitionModel] {
                model.states.filter { region.states.contains($0.id) }.flatMap(\.transitions).filter { Self.isShared($0.trigger) }
            }
            for (index, earlier) in regions.enumerated() {
                for first in transitions(in: earlier) {
                    for later in regions[(index + 1)...] {
                        let taken = transitions(in: later).first { second in
                            second.trigger == first.trigger && depth(second.source) > depth(first.source)
                                && (leaves(first, earlier) || leaves(second, later))
                        }
                        if let taken { return (first, taken) }
                    }
                }
            }
        }
        return nil
    }

    /// Triggers two states can both answer in one step: an event, or none (eventless).
    private static func isShared(_ trigger: TransitionModel.Trigger) -> Bool {
        switch trigger {
        case .event, .always: true
        case .after, .afterComputed, .done: false
        }
    }

    /// Why a chart is left out of the comparison with Qt, or `nil` when it is compared.
    static func reason(toSkip chart: DifferentialChart) -> String? {
        guard let (first, later) = preemptionByALaterRegion(in: chart.model) else { return nil }
        return "known Qt deviation, preemption by a later region: line \(first.range.start.line) before line \(later.range.start.line)"
    }
}
