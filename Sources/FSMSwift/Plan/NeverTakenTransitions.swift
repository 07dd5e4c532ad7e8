import FSMCore

extension ExecutableMachine {
    /// The machine without the transitions whose guard is the constant `false` (`[false]`, or
    /// an expression the checker folded to it): they are never taken, so no dispatch, choice or
    /// transition function offers them, and the generated Swift never says `if false` (an
    /// `[true]` guard is no guard already). The machine itself when there are none; the
    /// transition table still lists every transition the spec declares.
    func removingNeverTakenTransitions() -> ExecutableMachine {
        let isNeverTaken = { (transition: TransitionModel) in transition.guardExpression == .constant(false) }
        // Asked of every spec: no array of all the transitions is made for it.
        let hasNeverTaken = model.machineTransitions.contains(where: isNeverTaken) || model.states.contains { $0.transitions.contains(where: isNeverTaken) }
        guard hasNeverTaken else { return self }
        var taken = model
        taken.machineTransitions.removeAll(where: isNeverTaken)
        for index in taken.states.indices { taken.states[index].transitions.removeAll(where: isNeverTaken) }
        // Removing transitions cannot make a checked model fail to lower.
        guard case .success(let machine) = Lowering.lower(taken) else { return self }
        return machine
    }
}
