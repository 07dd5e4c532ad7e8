/// Whether `done` can ever fire in a state: a compound state needs a final child, a parallel
/// state a final state in every region. Worked out once per state, however many `done`
/// transitions it has.
struct CompletionCheck {
    /// Why `done` cannot fire in a state, by state, once asked (`.some(nil)`: it can).
    private var problems: [StateID: String?] = [:]

    /// Why `done` in `source` could never fire, or `nil` when the state can complete.
    mutating func problem(of source: StateID, in states: [StateModel]) -> String? {
        if let known = problems[source] { return known }
        let state = states[source.index]
        func hasFinalChild(_ id: StateID) -> Bool { states[id.index].children.contains { states[$0.index].isFinal } }
        // A region that is a parallel state is in a final state when each of its regions is:
        // the first region, at any depth, that cannot be.
        func regionWithoutFinal(in parallel: StateID) -> StateID? {
            for region in states[parallel.index].children {
                if states[region.index].isParallel {
                    if let inner = regionWithoutFinal(in: region) { return inner }
                } else if !hasFinalChild(region) {
                    return region
                }
            }
            return nil
        }
        var problem: String?
        if state.isParallel, !state.children.isEmpty {
            // An atomic region is never in a final state.
            if let region = regionWithoutFinal(in: source), let parent = states[region.index].parent {
                let which = parent == source
                    ? "its region '\(states[region.index].name)'"
                    : "region '\(states[region.index].name)' of its region '\(states[parent.index].name)'"
                problem = "'done' in parallel state '\(state.name)' never fires: \(which) has no final state to complete with"
            }
        } else if !hasFinalChild(source) {
            problem = "'done' in state '\(state.name)' never fires: it has no final child state to complete with"
        }
        problems[source] = .some(problem)
        return problem
    }
}
