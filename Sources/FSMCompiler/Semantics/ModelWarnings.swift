/// Warnings about parts of a valid machine that look like mistakes.
extension SemanticAnalyzer {
    mutating func warnAboutUnusedParts(of model: inout MachineModel) {
        let reachable = reachableStates(of: model)
        // A state inside an unreachable one is unreachable too; the outermost is reported.
        for state in model.states where !reachable[state.id.index] && state.parent.map({ reachable[$0.index] }) ?? true {
            diagnostics.warning(
                "state '\(state.name)' is unreachable from the initial state '\(model[model.initialState].name)'",
                at: state.range)
        }
        warnAboutStatesWithoutWayOut(in: model, reachable: reachable)
        warnAboutOverriddenTransitions(in: model)

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

    /// States that can be active, starting from the initial state and assuming every guard can
    /// hold: the initial state with its initial descent; every state a transition of an active
    /// state (or of the machine) targets, with its ancestors (active around it) and its initial
    /// descent (entered after it); for a `-> X.history` target, `X` and its initial descent, since
    /// a history restores only states that were active before; every region of a parallel state
    /// that is entered. A `done` is followed once one of its state's final children is active.
    private func reachableStates(of model: MachineModel) -> [Bool] {
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
                if let parent = model[state].parent { activate(parent, enter: false) }
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
            for index in transitions.indices {
                guard let target = transitions[index].target, (transitions[index].trigger == .done) == completions else {
                    continue
                }
                activate(target, enter: true)
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
            }
        }
        return reachable
    }

    /// Warns about reachable atomic states the machine can never leave.
    ///
    /// An atomic state has a way out when a transition with a target is declared in it, in one
    /// of its ancestors (they apply in it) or at machine level, unless the transition only
    /// comes back to it: it targets the state itself, or a state around it that starts in it
    /// again. A `done` is not a way out: it fires only after a final state was entered. A
    /// final state needs none: at the top level it ends the machine, nested it completes its
    /// parent.
    private mutating func warnAboutStatesWithoutWayOut(in model: MachineModel, reachable: [Bool]) {
        if model.machineTransitions.contains(where: { $0.target != nil }) { return }
        let startLeaves = startLeaves(of: model)
        // What each state's transitions lead out of: `everywhere` (no atomic state stays), or
        // every atomic state but one.
        enum WayOut: Equatable { case nowhere, everywhere, allBut(StateID) }
        var wayOut = [WayOut](repeating: .nowhere, count: model.states.count)
        for state in model.states {
            for index in state.transitions.indices {
                let transition = state.transitions[index]
                guard let target = transition.target, transition.trigger != .done else { continue }
                let landing = startLeaves[target.index]
                let leads: WayOut = transition.targetsHistory || !model[landing].isAtomic ? .everywhere : .allBut(landing)
                switch (wayOut[state.id.index], leads) {
                case (.nowhere, _): wayOut[state.id.index] = leads
                case (.allBut(let stays), .allBut(let other)) where stays != other: wayOut[state.id.index] = .everywhere
                case (.allBut, .everywhere): wayOut[state.id.index] = .everywhere
                default: break
                }
                if wayOut[state.id.index] == .everywhere { break }
            }
        }
        for state in model.states where reachable[state.id.index] && !state.isFinal && state.isAtomic {
            var owner: StateID? = state.id
            var hasWayOut = false
            while let current = owner, !hasWayOut {
                switch wayOut[current.index] {
                case .nowhere: break
                case .everywhere: hasWayOut = true
                case .allBut(let stays): hasWayOut = stays != state.id
                }
                owner = model[current].parent
            }
            if !hasWayOut {
                diagnostics.warning(
                    "state '\(state.name)' has no way out; mark it 'final' if the machine ends there", at: state.range)
            }
        }
    }

    /// The atomic state each state starts in when entered by default: itself, or its initial
    /// child's (a parallel state, which has no initial child, stands for itself).
    private func startLeaves(of model: MachineModel) -> [StateID] {
        var leaves = model.states.map(\.id)
        // A parent comes before its children, so going backwards finds the children's first.
        for index in model.states.indices.reversed() {
            if let child = model.states[index].initialChild { leaves[index] = leaves[child.index] }
        }
        return leaves
    }

    /// Warns about transitions of a compound state (or of the machine) that never fire because
    /// every child (every top-level state) takes the trigger first.
    ///
    /// A state *takes* an event first when, while it is active, the event never reaches its
    /// ancestors: it declares an unguarded or `else` transition for it, or it is compound and
    /// every child takes it first. Only events and `always` bubble; `after` and `done` belong
    /// to their state. A final child takes nothing (it has no transitions), so its parent's
    /// transitions fire there. Worked out bottom-up, each state's set from its children's.
    private mutating func warnAboutOverriddenTransitions(in model: MachineModel) {
        func bubbles(_ trigger: TransitionModel.Trigger) -> Bool {
            switch trigger {
            case .event, .always: true
            case .after, .afterComputed, .done: false
            }
        }
        // The triggers each state takes with a transition of its own that always wins.
        func ownWinners(of transitions: [TransitionModel]) -> [TransitionModel.Trigger: Int] {
            var winners: [TransitionModel.Trigger: Int] = [:]
            for index in transitions.indices where bubbles(transitions[index].trigger) {
                let guardExpression = transitions[index].guardExpression
                if guardExpression == nil || guardExpression == .else, winners[transitions[index].trigger] == nil {
                    winners[transitions[index].trigger] = index
                }
            }
            return winners
        }
        // What every child of a set of states takes first, and what each state takes first.
        var takes = [Set<TransitionModel.Trigger>](repeating: [], count: model.states.count)
        var winners = [[TransitionModel.Trigger: Int]](repeating: [:], count: model.states.count)
        var childrenTake = [Set<TransitionModel.Trigger>](repeating: [], count: model.states.count)
        func common(_ states: [StateID]) -> Set<TransitionModel.Trigger> {
            guard let first = states.first else { return [] }
            var common = takes[first.index]
            for state in states.dropFirst() where !common.isEmpty {
                common.formIntersection(takes[state.index])
            }
            return common
        }
        for index in model.states.indices.reversed() {
            let state = model.states[index]
            winners[index] = ownWinners(of: state.transitions)
            takes[index] = Set(winners[index].keys)
            if state.isCompound {
                childrenTake[index] = common(state.children)
                takes[index].formUnion(childrenTake[index])
            }
        }
        func report(_ transitions: [TransitionModel], owner: String, children: [StateID], taken: Set<TransitionModel.Trigger>, every: String) {
            guard !taken.isEmpty else { return }
            // The children are listed at the first such transition of each trigger only: a
            // parent with many guarded transitions for one trigger would otherwise list every
            // child again for each.
            var listed: Set<TransitionModel.Trigger> = []
            for transition in transitions where taken.contains(transition.trigger) {
                let trigger = describe(transition.trigger)
                let notes: [Diagnostic.Note] = !listed.insert(transition.trigger).inserted ? [] : children.map { child in
                    if let index = winners[child.index][transition.trigger] {
                        return Diagnostic.Note("'\(model[child].name)' takes \(trigger) here", at: model[child].transitions[index].range)
                    }
                    return Diagnostic.Note("'\(model[child].name)' takes \(trigger) in each of its child states", at: model[child].range)
                }
                diagnostics.warning(
                    "this transition of \(owner) never fires: \(every) takes \(trigger) first", at: transition.range, notes: notes)
            }
        }
        for state in model.states where state.isCompound {
            report(
                state.transitions, owner: "'\(state.name)'", children: state.children, taken: childrenTake[state.id.index],
                every: "every child of '\(state.name)'")
        }
        // The machine finishes in a top-level final state, so only the others count.
        let running = model.topLevelStates.filter { !model[$0].isFinal }
        report(model.machineTransitions, owner: "the machine", children: running, taken: common(running), every: "every state")
    }
}
