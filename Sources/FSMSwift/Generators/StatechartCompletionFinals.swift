import FSMCore

/// The final states a parallel state's completion check reads, and how the generated code
/// tells which of them a step has entered so far.
///
/// The generated `state` holds a step's whole target configuration before the entry actions
/// run, but SCXML's `enterStates` adds the states to the configuration one at a time, in
/// document order, and checks a parallel state's completion when each final state is entered:
/// when one step enters final states in two of its regions, only the later entry completes it
/// (one `done.state.P`). So the check reads, for each final state of its regions, whether that
/// state's entry ran and it was not exited since (`finalsEntered`), not whether it is active.
extension PlanReader {
    /// The final states whose entry the completion of a parallel state with a `done`
    /// transition reads (children of its regions, and of the regions of regions that are
    /// parallel states), in document order; empty when no such completion is generated.
    var finalsOfCompletingRegions: [StateID] {
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
}
