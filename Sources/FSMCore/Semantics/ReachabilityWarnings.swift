/// Warns about states that can never be active.
struct ReachabilityWarnings {
    let model: MachineModel
    let diagnostics: DiagnosticCollector

    /// Reports the unreachable states and returns, by ``StateID``, whether each is reachable.
    func run() -> [Bool] {
        let reachable = reachableStates()
        // A state inside an unreachable one is unreachable too; the outermost is reported.
        for state in model.states where !reachable[state.id.index] && state.parent.map({ reachable[$0.index] }) ?? true {
            diagnostics.warning(
                "state '\(state.name)' is unreachable from the initial state '\(model[model.initialState].name)'",
                at: state.range)
        }
        return reachable
    }

    /// States that can be active, starting from the initial state and assuming every guard can
    /// hold: the initial state with its initial descent; every state a transition of an active
    /// state (or of the machine) targets, with its ancestors (active around it) and its initial
    /// descent (entered after it); for a `-> X.history` target, `X` and its initial descent, since
    /// a history restores only states that were active before, and its history's default; every region of a parallel state
    /// that is entered, also on the way to a state inside one of its regions. A `done` is
    /// followed once one of its state's final children is active (for a parallel state, once
    /// each region's final states are: at least one of them).
    private func reachableStates() -> [Bool] {
        var reachable = [Bool](repeating: false, count: model.states.count)
        // Whether the state's initial descent (every region, for a parallel state) was followed.
        var descended = [Bool](repeating: false, count: model.states.count)
        // Whether the state's `done` transitions were followed.
        var completed = [Bool](repeating: false, count: model.states.count)
        var work: [StateID] = []
        // Marks a state active, with its ancestors; `enter` also enters it by default. Each
        // state is marked once and descended once; the recursion is as deep as the nesting.
        func activate(_ state: StateID, enter: Bool) {
            if !reachable[state.index] {
                reachable[state.index] = true
                work.append(state)
                if let parent = model[state].parent {
                    activate(parent, enter: false)
                    // The other regions of a parallel state are entered with this one.
                    if model[parent].isParallel {
                        for region in model[parent].children where region != state { activate(region, enter: true) }
                    }
                }
            }
            guard enter, !descended[state.index] else { return }
            descended[state.index] = true
            if model[state].isParallel {
                for region in model[state].children { activate(region, enter: true) }
            } else if let child = model[state].initialChild {
                activate(child, enter: true)
            }
        }
        func follow(_ transitions: [TransitionModel], completions: Bool) {
            for index in transitions.indices where transitions[index].trigger.isCompletion == completions {
                guard let target = transitions[index].target else { continue }
                activate(target, enter: true)
                for other in transitions[index].otherTargets { activate(other, enter: true) }
                if transitions[index].targetsHistory, let historyDefault = model[target].historyDefault {
                    for state in historyDefault.targets { activate(state, enter: true) }
                }
            }
        }
        activate(model.initialState, enter: true)
        // Machine-level transitions apply in every state, so their targets are reachable.
        follow(model.machineTransitions, completions: false)
        while let state = work.popLast() {
            follow(model[state].transitions, completions: false)
            if model[state].isFinal, let parent = model[state].parent, !completed[parent.index] {
                completed[parent.index] = true
                follow(model[parent].transitions, completions: true)
                // A parallel state completes when each region has (once every region's
                // `completed` is set by a final state of its own).
                if let parallel = model[parent].parent, model[parallel].isParallel, !completed[parallel.index],
                   model[parallel].children.allSatisfy({ completed[$0.index] }) {
                    completed[parallel.index] = true
                    follow(model[parallel].transitions, completions: true)
                }
            }
        }
        return reachable
    }
}
