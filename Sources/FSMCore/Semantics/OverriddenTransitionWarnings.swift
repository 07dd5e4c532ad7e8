/// Warns about transitions of a compound state (or of the machine) that never fire because
/// every child (every top-level state) takes the trigger first.
struct OverriddenTransitionWarnings {
    let model: MachineModel
    let diagnostics: DiagnosticCollector

    /// Warns about transitions of a compound state (or of the machine) that never fire because
    /// every child (every top-level state) takes the trigger first (see ``TriggerTakers``), and
    /// returns them.
    func run(takers: TriggerTakers) -> Set<DeclaredTransition> {
        var reported: Set<DeclaredTransition> = []
        func report(_ transitions: [TransitionModel], owner: StateID?, children: [StateID], taken: Set<TransitionModel.Trigger>, every: String) {
            guard !taken.isEmpty else { return }
            let ownerName = owner.map { "'\(model[$0].name)'" } ?? "the machine"
            // The children are listed at the first such transition of each trigger only: a
            // parent with many guarded transitions for one trigger would otherwise list every
            // child again for each.
            var listed: Set<TransitionModel.Trigger> = []
            for (index, transition) in transitions.enumerated() where taken.contains(transition.trigger) {
                let trigger = transition.trigger.described(events: model.events, invocations: model.invocations)
                let notes: [Diagnostic.Note] = !listed.insert(transition.trigger).inserted ? [] : children.map { child in
                    if let index = takers.winners[child.index][transition.trigger] {
                        return Diagnostic.Note("'\(model[child].name)' takes \(trigger) here", at: model[child].transitions[index].range)
                    }
                    return Diagnostic.Note("'\(model[child].name)' takes \(trigger) in each of its child states", at: model[child].range)
                }
                diagnostics.warning(
                    "this transition of \(ownerName) never fires: \(every) takes \(trigger) first", at: transition.range, notes: notes)
                reported.insert(DeclaredTransition(owner: owner, index: index))
            }
        }
        for state in model.states where state.isCompound {
            report(
                state.transitions, owner: state.id, children: state.children, taken: takers.childrenTake[state.id.index],
                every: "every \(state.isParallel ? "region" : "child") of '\(state.name)'")
        }
        // The machine finishes in a top-level final state, so only the others count.
        let running = model.topLevelStates.filter { !model[$0].isFinal }
        report(model.machineTransitions, owner: nil, children: running, taken: takers.common(running), every: "every state")
        return reported
    }
}
