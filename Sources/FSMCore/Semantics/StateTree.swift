/// Questions about the tree of states that the checks ask before there is a ``MachineModel``
/// (the analyzer's own list of states) and after it (the model's).
package enum StateTree {
    /// Whether `state` is `ancestor` or lies inside it.
    static func isDescendant(_ state: StateID, of ancestor: StateID, in states: [StateModel]) -> Bool {
        var current: StateID? = state
        while let id = current {
            if id == ancestor { return true }
            current = states[id.index].parent
        }
        return false
    }

    /// For each state, the index of the last state of its subtree: states are in document
    /// order, a parent before its children, so a state and everything inside it are the states
    /// from its own index to this one.
    static func subtreeEnds(of states: [StateModel]) -> [Int] {
        var ends = Array(states.indices)
        for index in states.indices.reversed() {
            if let last = states[index].children.last { ends[index] = ends[last.index] }
        }
        return ends
    }

    /// The domain of a transition with a target, as the lowering computes it (SCXML's
    /// transition domain): the state that declares it, when that state is compound (not
    /// parallel) and the target lies inside it; otherwise the innermost proper ancestor of
    /// that state that is not parallel and contains the target; `nil`, the machine, when no
    /// state does or the transition is declared at machine level. A `-> X.history` target
    /// counts as a child of `X`. Several targets must all lie inside the domain. With
    /// `reenter`, the declaring state is never the domain (SCXML's external transition). The
    /// transition leaves every active state below its domain.
    package static func domain(of transition: TransitionModel, in states: [StateModel]) -> StateID? {
        guard let source = transition.source, let target = transition.target else { return nil }
        // Read per transition by the checks and the lowering: no array of the targets is made.
        func contains(_ state: StateID) -> Bool {
            guard (transition.targetsHistory || target != state) && isDescendant(target, of: state, in: states) else { return false }
            return transition.otherTargets.allSatisfy { $0 != state && isDescendant($0, of: state, in: states) }
        }
        if !transition.reenters, states[source.index].isCompound, !states[source.index].isParallel, contains(source) {
            return source
        }
        var current = states[source.index].parent
        while let state = current {
            if !states[state.index].isParallel, contains(state) { return state }
            current = states[state.index].parent
        }
        return nil
    }

    /// Whether a transition with a target leaves `parallel` (and so every region of it): its
    /// domain lies around the parallel state. A transition declared in a parallel state, or in
    /// one of its regions to a state outside that region (another region too), does.
    static func leaves(_ transition: TransitionModel, _ parallel: StateID, in states: [StateModel]) -> Bool {
        guard transition.target != nil else { return false }
        guard let domain = domain(of: transition, in: states) else { return true }
        return !isDescendant(domain, of: parallel, in: states)
    }
}
