/// Warnings about parts of a valid machine that look like mistakes.
extension SemanticAnalyzer {
    mutating func warnAboutUnusedParts(of model: inout MachineModel) {
        let reachable = reachableStates(of: model)
        for state in model.states where !reachable[state.id.index] {
            diagnostics.warning(
                "state '\(state.name)' is unreachable from the initial state '\(model[model.initialState].name)'",
                at: state.range)
        }
        let leavesMachineWide = model.machineTransitions.contains { $0.target != nil }
        for state in model.states where reachable[state.id.index] && !state.isFinal && state.children.isEmpty {
            let hasWayOut = leavesMachineWide || state.transitions.contains { $0.target != nil && $0.target != state.id }
            if !hasWayOut {
                diagnostics.warning(
                    "state '\(state.name)' has no way out; mark it 'final' if the machine ends there", at: state.range)
            }
        }

        // Each list is read where it is: joining them into new arrays would copy every
        // transition of the machine.
        var handled = [Bool](repeating: false, count: model.events.count)
        var emitted = [Bool](repeating: false, count: model.outputs.count)
        func noteTransitions(_ transitions: [TransitionModel]) {
            for index in transitions.indices {
                if case .event(let event) = transitions[index].trigger { handled[event.index] = true }
                noteActions(transitions[index].actions)
            }
        }
        func noteActions(_ actions: [ActionModel]) {
            for action in actions {
                if case .emit(let output, _) = action { emitted[output.index] = true }
            }
        }
        for state in model.states {
            noteActions(state.entryActions)
            noteActions(state.exitActions)
            noteTransitions(state.transitions)
        }
        noteTransitions(model.machineTransitions)
        for (index, event) in model.events.enumerated() where !handled[index] {
            diagnostics.warning("event '\(event.name)' is never handled", at: event.range)
        }
        for (index, output) in model.outputs.enumerated() where !emitted[index] {
            diagnostics.warning("output '\(output.name)' is never emitted", at: output.range)
        }
    }

    /// States reachable from the initial state, assuming every guard can hold.
    private func reachableStates(of model: MachineModel) -> [Bool] {
        var reachable = [Bool](repeating: false, count: model.states.count)
        var work: [StateID] = []
        func reach(_ state: StateID) {
            guard !reachable[state.index] else { return }
            reachable[state.index] = true
            work.append(state)
            // Entering a compound state enters its initial child, and its ancestors are active.
            if let child = model[state].initialChild { reach(child) }
            if let parent = model[state].parent { reach(parent) }
        }
        reach(model.initialState)
        // Machine-level transitions apply in every state, so their targets are reachable.
        for transition in model.machineTransitions {
            if let target = transition.target { reach(target) }
        }
        while let state = work.popLast() {
            for transition in model[state].transitions {
                if let target = transition.target { reach(target) }
            }
        }
        return reachable
    }
}
