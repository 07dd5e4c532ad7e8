import FSMCore

/// Whether a machine's regions can be stepped one at a time, so that the search can step each
/// region once per local situation and combine (``RegionProduct``): a machine that is one
/// parallel state whose regions share nothing but the events they are sent and what their
/// guards read of each other with `in(…)`.
///
/// Conservative on purpose: every transition is triggered by an event or a timer and stays
/// inside its region (its domain and its entry lie there); nothing raises an event; no state
/// is final, keeps a history, defers an event, runs an invocation or is parallel but the top
/// one; there are no machine-level transitions. Then an event steps every region in one
/// microstep whose transitions are all selected on the configuration before it (SCXML's
/// selection, then execution), so each region's outcome depends on its own situation, the
/// `in(…)` tests of its guards (its *external atoms*, when they name another region's states)
/// and its guard answers alone, and the guard answers of the step are the regions' answers in
/// document order (the interpreter tries each region's active atomic state in turn).
struct RegionDecomposition {
    /// The top-level parallel state.
    let parallel: StateID
    /// Its regions, in document order.
    let regions: [StateID]
    /// The region of each state, by ``StateID``: `nil` for the parallel state.
    let regionOf: [Int?]
    /// For each region, the other regions' states its guards test with `in(…)`, in order of
    /// their ids: what its steps depend on beyond its own situation.
    let externalAtoms: [[StateID]]
    /// At most this many external atoms per region: a region's steps are cached per
    /// combination of their values.
    static let maximumExternalAtoms = 8
    /// At most this many cached outcomes per local situation of a region (stimuli times the
    /// combinations of its external atoms' values), so that the cache of a region that reads
    /// others stays small; a machine past it is searched situation by situation.
    static let maximumCachedStepsPerLocalSituation = 4_096

    /// Whether the regions step independently: no guard reads another region.
    var isIndependent: Bool { externalAtoms.allSatisfy(\.isEmpty) }

    init?(_ machine: ExecutableMachine) {
        let model = machine.model
        guard model.topLevelStates.count == 1, let parallel = model.topLevelStates.first, model[parallel].isParallel,
            model[parallel].children.count > 1, model.machineTransitions.isEmpty, model.invocations.isEmpty,
            model[parallel].transitions.isEmpty
        else { return nil }
        let regions = model[parallel].children
        var regionOf = [Int?](repeating: nil, count: model.states.count)
        for (index, region) in regions.enumerated() {
            for state in [region] + model.descendants(of: region) { regionOf[state.index] = index }
        }
        var external = Array(repeating: Set<StateID>(), count: regions.count)
        let raises = { (actions: [ActionModel]) in actions.contains { $0.raisedEvent != nil } }
        for state in model.states {
            if state.isFinal || state.history != nil || !state.deferrals.isEmpty { return nil }
            if state.isParallel, state.id != parallel { return nil }
            if raises(state.entryActions) || raises(state.exitActions) { return nil }
        }
        for transition in machine.transitions {
            guard let trigger = transition.trigger else { continue }
            switch trigger {
            case .event, .timer: break
            case .always, .done, .invocation: return nil
            }
            guard case .state(let source) = transition.owner, let region = regionOf[source.index] else { return nil }
            if raises(transition.declaration.actions) { return nil }
            if let entry = transition.entry {
                guard let domain = transition.domain, regionOf[domain.index] == region,
                    entry.restoresHistoryOf == nil, entry.states.allSatisfy({ regionOf[$0.index] == region })
                else { return nil }
            }
            for tested in transition.declaration.guardExpression?.testedStates ?? []
            where regionOf[tested.index] != nil && regionOf[tested.index] != region {
                external[region].insert(tested)
            }
        }
        let stimuli = model.events.count + machine.timers.reduce(0) { $0 + $1.count }
        if external.contains(where: {
            $0.count > Self.maximumExternalAtoms || stimuli << $0.count > max(stimuli, Self.maximumCachedStepsPerLocalSituation)
        }) { return nil }
        self.parallel = parallel
        self.regions = regions
        self.regionOf = regionOf
        externalAtoms = external.map { $0.sorted() }
    }
}
