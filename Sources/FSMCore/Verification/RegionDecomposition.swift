/// Whether a machine's regions step independently, so that the search can step each region once
/// per local situation and combine (``RegionProduct``): a machine that is one parallel state
/// whose regions share nothing but the events they are sent.
///
/// Conservative on purpose: every transition is triggered by an event or a timer, stays inside
/// its region (its domain and its entry lie there) and tests only its own region's states with
/// `in(…)`; nothing raises an event; no state is final, keeps a history, defers an event, runs
/// an invocation or is parallel but the top one; there are no machine-level transitions. Then
/// an event steps every region in one microstep, each region's outcome depends on its own
/// situation and guard answers alone, and the guard answers of the step are the regions'
/// answers in document order (the interpreter tries each region's active atomic state in turn).
struct RegionDecomposition {
    /// The top-level parallel state.
    let parallel: StateID
    /// Its regions, in document order.
    let regions: [StateID]
    /// The region of each state, by ``StateID``: `nil` for the parallel state.
    let regionOf: [Int?]

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
        let raises = { (actions: [ActionModel]) in actions.contains { if case .raise = $0 { true } else { false } } }
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
            let tested = transition.declaration.guardExpression?.testedStates ?? []
            if !tested.allSatisfy({ regionOf[$0.index] == region }) { return nil }
        }
        self.parallel = parallel
        self.regions = regions
        self.regionOf = regionOf
    }
}
