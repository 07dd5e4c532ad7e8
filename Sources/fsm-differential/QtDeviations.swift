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
            // Whether the transition's exit set takes in its whole region: its domain (the one
            // rule, `StateTree.domain`, with `reenter` and several targets) is not inside the
            // region, as for a transition leaving a parallel state nested in the region.
            func leaves(_ transition: TransitionModel, _ region: (region: StateID, states: Set<StateID>)) -> Bool {
                guard transition.target != nil else { return false }
                guard let domain = StateTree.domain(of: transition, in: model.states) else { return true }
                return !region.states.contains(domain)
            }
            func transitions(in region: (region: StateID, states: Set<StateID>)) -> [TransitionModel] {
                model.states.filter { region.states.contains($0.id) }.flatMap(\.transitions).filter { $0.trigger.isSharable }
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

    /// **Transition actions by depth.** Two transitions on the same trigger are taken together
    /// in a parallel state P (at least one targetless, so that they do not conflict), both with
    /// actions, from sources at different depths: the shallower declared in an earlier region,
    /// or on P or around it (then taken for a region before the deeper one's).
    /// SCXML runs their content in the order of the enabled set (atomic states in document
    /// order); Qt runs the deeper source's first. At equal depths Qt keeps document order. Found
    /// by the Qt campaign (random chart R89, seed 20261126) and the import's check (seed 1, I73).
    static func actionsByDepth(in model: MachineModel) -> (first: TransitionModel, later: TransitionModel)? {
        func depth(_ state: StateID?) -> Int { state.map { model.path(from: $0).count } ?? 0 }
        let candidates = model.allTransitions.filter { !$0.actions.isEmpty && $0.trigger.isSharable }
        for parallel in model.states where parallel.isParallel {
            let regions = parallel.children.map { region in Set([region] + model.descendants(of: region)) }
            func region(of state: StateID?) -> Int? { state.flatMap { state in regions.firstIndex { $0.contains(state) } } }
            func isAroundOrOn(_ state: StateID?) -> Bool { state.map { model.isDescendant(parallel.id, of: $0) } ?? true }
            for shallow in candidates where isAroundOrOn(shallow.source) || region(of: shallow.source) != nil {
                for deep in candidates where deep.trigger == shallow.trigger && depth(deep.source) > depth(shallow.source)
                    && (shallow.target == nil || deep.target == nil) {
                    // Only where SCXML selects the shallower one first: from an earlier region,
                    // or from P or around it through a region before the deeper one's.
                    guard let deepRegion = region(of: deep.source) else { continue }
                    let selectedFirst = region(of: shallow.source).map { $0 < deepRegion } ?? (deepRegion > 0)
                    if selectedFirst { return (shallow, deep) }
                }
            }
        }
        return nil
    }

    /// Why a chart is left out of the comparison with Qt, or `nil` when it is compared.
    static func reason(toSkip chart: DifferentialChart) -> String? {
        if let (first, later) = preemptionByALaterRegion(in: chart.model) {
            return "known Qt deviation, preemption by a later region: line \(first.range.start.line) before line \(later.range.start.line)"
        }
        if let (first, later) = actionsByDepth(in: chart.model) {
            return "known Qt deviation, transition actions by depth: line \(first.range.start.line) before line \(later.range.start.line)"
        }
        return nil
    }
}
