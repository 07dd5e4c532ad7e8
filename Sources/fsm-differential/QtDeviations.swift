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

    /// **Transition actions by depth.** Qt 6.4's `removeConflictingTransitions` sorts the
    /// enabled transitions before it filters them, and runs their content in that order: a
    /// transition whose source lies inside the other's first, otherwise the one whose source
    /// lies deeper (below the two sources' least common compound ancestor), otherwise the one
    /// whose source comes first in document order. SCXML runs the content of the transitions
    /// taken together in document order (3.13, W3C test 405), as fsmc does. So two transitions
    /// on the same trigger, both with actions, that one step can take together (their sources
    /// in two regions of a parallel state, or one around a parallel state that holds the
    /// other; without conflict: one has no target, or their domains lie apart) run their
    /// actions in another order in Qt when the one declared later has its source inside the
    /// other's, or deeper. Found by the Qt campaign as targetless transitions (random chart
    /// R89, seed 20261126), then with targets in their own regions (R51 of seed 302, R30 of
    /// seed 305, large), and by the import's check (seed 1, I73).
    static func actionsByDepth(in model: MachineModel) -> (first: TransitionModel, later: TransitionModel)? {
        func depth(_ state: StateID?) -> Int { state.map { model.path(from: $0).count } ?? 0 }
        /// Whether `ancestor` (`nil`: the machine) lies strictly around `state`.
        func isStrictlyAround(_ ancestor: StateID?, _ state: StateID?) -> Bool {
            guard let state else { return false }
            guard let ancestor else { return true }
            return ancestor != state && model.isDescendant(state, of: ancestor)
        }
        /// Whether two states can each select a transition in one step: they lie in two regions
        /// of a parallel state, or a parallel state lies between the outer one (itself
        /// included) and the inner one.
        func canSelectTogether(_ first: StateID?, _ second: StateID?) -> Bool {
            if first == second { return false }
            if isStrictlyAround(first, second) || isStrictlyAround(second, first) {
                let (outer, inner) = isStrictlyAround(first, second) ? (first, second!) : (second, first!)
                return model.path(from: inner).dropFirst().prefix { $0 != outer }.contains { model[$0].isParallel }
                    || outer.map { model[$0].isParallel } ?? false
            }
            let around = Set(model.path(from: first!))
            guard let common = model.path(from: second!).first(where: around.contains) else { return false }
            return model[common].isParallel
        }
        /// Whether the two transitions conflict (their exit sets meet): both have targets and
        /// one domain lies in the other (`nil`: the machine).
        func conflict(_ first: TransitionModel, _ second: TransitionModel) -> Bool {
            guard first.target != nil, second.target != nil else { return false }
            let domains = (StateTree.domain(of: first, in: model.states), StateTree.domain(of: second, in: model.states))
            guard let one = domains.0, let other = domains.1 else { return true }
            return model.isDescendant(one, of: other) || model.isDescendant(other, of: one)
        }
        /// Whether Qt's order puts `later` before `first`.
        func qtRunsFirst(_ later: TransitionModel, before first: TransitionModel) -> Bool {
            if isStrictlyAround(first.source, later.source) { return true }
            if isStrictlyAround(later.source, first.source) { return false }
            let (deep, shallow) = (depth(later.source), depth(first.source))
            if deep != shallow { return deep > shallow }
            return (later.source?.index ?? -1) < (first.source?.index ?? -1)
        }
        let candidates = model.allTransitions.filter { !$0.actions.isEmpty && $0.trigger.isSharable }
            .sorted { $0.range.start < $1.range.start }
        for (index, first) in candidates.enumerated() {
            for later in candidates[(index + 1)...] where later.trigger == first.trigger
                && canSelectTogether(first.source, later.source) && !conflict(first, later) && qtRunsFirst(later, before: first) {
                return (first, later)
            }
        }
        return nil
    }

    /// **Not a Qt deviation: a transition into a history from inside its state**, other than
    /// from the state itself. fsmc's `-> X.history` in a state inside `X` exits everything
    /// active inside `X` and enters what the history restores (docs/Language.md, "History");
    /// the export writes `target="X.history"`, whose domain SCXML computes from the states the
    /// history restores (or its default's targets): it lies inside `X`, and `enterStates` then
    /// enters the states between `X` and those again without exiting them (R54 of seed 308,
    /// large: `exit s4, enter group3, enter end5`, fsmc `exit s4, exit group3, enter group3,
    /// enter end5`). Qt follows the algorithm; fsmc's meaning has no SCXML form (the import
    /// refuses the SCXML one), so the interpreter judges such charts: those where the domains
    /// differ (a source below a child of `X`, with a deep history or a default that enters that
    /// child; or `X` a parallel state).
    static func historyFromInside(in model: MachineModel) -> TransitionModel? {
        model.allTransitions.first { SCXMLEmitter.entersHistoryFromInsideOtherwise($0, in: model) }
    }

    /// Why a chart is left out of the comparison with Qt, or `nil` when it is compared.
    static func reason(toSkip chart: DifferentialChart) -> String? {
        reason(toSkip: chart.model)
    }

    /// Why a machine's chart is left out of the comparison with Qt, or `nil` when it is
    /// compared: the one filter of every campaign, single charts, imports and parent/child
    /// pairs (``ChildPair/qtDeviation``) alike.
    static func reason(toSkip model: MachineModel) -> String? {
        if let (first, later) = preemptionByALaterRegion(in: model) {
            return "known Qt deviation, preemption by a later region: line \(first.range.start.line) before line \(later.range.start.line)"
        }
        if let (first, later) = actionsByDepth(in: model) {
            return "known Qt deviation, transition actions by depth: line \(first.range.start.line) before line \(later.range.start.line)"
        }
        if let transition = historyFromInside(in: model) {
            return "a transition into a history from inside its state, which SCXML reads otherwise: line \(transition.range.start.line)"
        }
        return nil
    }
}
