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
        warnAboutRegionCounts(in: model)
        let takers = TriggerTakers(model)
        let overridden = warnAboutOverriddenTransitions(in: model, takers: takers)
        warnAboutConflictingTransitions(in: model, takers: takers, skipping: overridden)

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
    /// that is entered, also on the way to a state inside one of its regions. A `done` is
    /// followed once one of its state's final children is active (for a parallel state, once
    /// each region's final states are: at least one of them).
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

    /// Where the transitions of a state (or of a set of states) lead out of: `everywhere` (no
    /// atomic state stays), or every atomic state but one (a transition that comes back to it).
    private enum WayOut: Equatable {
        case nowhere, everywhere, allBut(StateID)

        /// The way out of both: commutative and associative.
        func combined(with other: WayOut) -> WayOut {
            switch (self, other) {
            case (.nowhere, _): other
            case (_, .nowhere): self
            case (.allBut(let stays), .allBut(let other)) where stays == other: self
            default: .everywhere
            }
        }
    }

    /// Warns about reachable atomic states the machine can never leave.
    ///
    /// An atomic state has a way out when a transition with a target is declared in it, in one
    /// of its ancestors (they apply in it) or at machine level, unless the transition only
    /// comes back to it: it targets the state itself, or a state around it that starts in it
    /// again (a machine-level `on reset -> idle` is no way out of `idle`). A `done` is not a way out: it fires only after a final state was entered. A
    /// final state needs none: at the top level it ends the machine, nested it completes its
    /// parent. Inside a region of a parallel state, a transition declared anywhere in another
    /// region of it that leaves the parallel state is a way out too (a `done` as well: the other
    /// region completes without this state).
    private mutating func warnAboutStatesWithoutWayOut(in model: MachineModel, reachable: [Bool]) {
        let startLeaves = startLeaves(of: model)
        func leads(_ transition: TransitionModel) -> WayOut {
            guard let target = transition.target else { return .nowhere }
            let landing = startLeaves[target.index]
            return transition.targetsHistory || !model[landing].isAtomic ? .everywhere : .allBut(landing)
        }
        // The machine's transitions apply in every state, like those of a root around them.
        var machineWayOut = WayOut.nowhere
        for transition in model.machineTransitions where machineWayOut != .everywhere {
            machineWayOut = machineWayOut.combined(with: leads(transition))
        }
        if machineWayOut == .everywhere { return }
        var wayOut = [WayOut](repeating: .nowhere, count: model.states.count)
        for state in model.states {
            for index in state.transitions.indices where state.transitions[index].trigger != .done {
                wayOut[state.id.index] = wayOut[state.id.index].combined(with: leads(state.transitions[index]))
                if wayOut[state.id.index] == .everywhere { break }
            }
        }
        // For each region, where the transitions declared inside it that leave its parallel
        // state lead; for each parallel state, the same for all its regions but one, by region.
        var othersWayOut = [WayOut](repeating: .nowhere, count: model.states.count)
        let subtreeEnds = model.states.contains(where: \.isParallel) ? StateTree.subtreeEnds(of: model.states) : []
        for parallel in model.states where parallel.isParallel && parallel.children.count > 1 {
            let regions = parallel.children.map { region in
                var out = WayOut.nowhere
                for index in region.index...subtreeEnds[region.index] where out != .everywhere {
                    for transition in model.states[index].transitions where StateTree.leaves(transition, parallel.id, in: model.states) {
                        out = out.combined(with: leads(transition))
                    }
                }
                return out
            }
            var before = WayOut.nowhere
            var after = [WayOut](repeating: .nowhere, count: regions.count)
            for index in regions.indices.dropLast().reversed() {
                after[index] = after[index + 1].combined(with: regions[index + 1])
            }
            for (index, region) in parallel.children.enumerated() {
                othersWayOut[region.index] = before.combined(with: after[index])
                before = before.combined(with: regions[index])
            }
        }
        for state in model.states where reachable[state.id.index] && !state.isFinal && state.isAtomic {
            func leaves(by out: WayOut) -> Bool {
                switch out {
                case .nowhere: false
                case .everywhere: true
                case .allBut(let stays): stays != state.id
                }
            }
            var owner: StateID? = state.id
            var hasWayOut = leaves(by: machineWayOut)
            while let current = owner, !hasWayOut {
                hasWayOut = leaves(by: wayOut[current.index]) || leaves(by: othersWayOut[current.index])
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

    /// A transition by where it is declared: the index in its state's transitions, or in the
    /// machine's when `owner` is `nil`.
    struct DeclaredTransition: Hashable {
        var owner: StateID?
        var index: Int
    }

    /// The triggers each state *takes first*: while it is active, the trigger never reaches
    /// its ancestors. A state takes a trigger when it declares an unguarded or `else`
    /// transition for it, or when it is compound and every child takes it (for a parallel
    /// state, every region: each region's active state is offered the trigger). Only events
    /// and `always` bubble; `after` and `done` belong to their state. A final child takes
    /// nothing (it has no transitions), so its parent's transitions fire there. Worked out
    /// bottom-up, each state's set from its children's.
    struct TriggerTakers {
        /// What each state takes first, by ``StateID``.
        var takes: [Set<TransitionModel.Trigger>]
        /// Each state's first unguarded or `else` transition for each trigger it declares one for.
        var winners: [[TransitionModel.Trigger: Int]]
        /// What every child of each state takes first.
        var childrenTake: [Set<TransitionModel.Trigger>]

        init(_ model: MachineModel) {
            takes = Array(repeating: [], count: model.states.count)
            winners = Array(repeating: [:], count: model.states.count)
            childrenTake = Array(repeating: [], count: model.states.count)
            for index in model.states.indices.reversed() {
                let state = model.states[index]
                winners[index] = Self.ownWinners(of: state.transitions)
                takes[index] = Set(winners[index].keys)
                if state.isCompound {
                    childrenTake[index] = common(state.children)
                    takes[index].formUnion(childrenTake[index])
                }
            }
        }

        static func bubbles(_ trigger: TransitionModel.Trigger) -> Bool {
            switch trigger {
            case .event, .always: true
            case .after, .afterComputed, .done: false
            }
        }

        /// The triggers a state takes with a transition of its own that always wins.
        private static func ownWinners(of transitions: [TransitionModel]) -> [TransitionModel.Trigger: Int] {
            var winners: [TransitionModel.Trigger: Int] = [:]
            for index in transitions.indices where bubbles(transitions[index].trigger) {
                let guardExpression = transitions[index].guardExpression
                if guardExpression == nil || guardExpression == .else, winners[transitions[index].trigger] == nil {
                    winners[transitions[index].trigger] = index
                }
            }
            return winners
        }

        /// What every one of `states` takes first.
        func common(_ states: [StateID]) -> Set<TransitionModel.Trigger> {
            guard let first = states.first else { return [] }
            var common = takes[first.index]
            for state in states.dropFirst() where !common.isEmpty {
                common.formIntersection(takes[state.index])
            }
            return common
        }
    }

    /// Warns about transitions of a compound state (or of the machine) that never fire because
    /// every child (every top-level state) takes the trigger first (see ``TriggerTakers``), and
    /// returns them.
    private mutating func warnAboutOverriddenTransitions(in model: MachineModel, takers: TriggerTakers) -> Set<DeclaredTransition> {
        var reported: Set<DeclaredTransition> = []
        func report(_ transitions: [TransitionModel], owner: StateID?, children: [StateID], taken: Set<TransitionModel.Trigger>, every: String) {
            guard !taken.isEmpty else { return }
            let ownerName = owner.map { "'\(model[$0].name)'" } ?? "the machine"
            // The children are listed at the first such transition of each trigger only: a
            // parent with many guarded transitions for one trigger would otherwise list every
            // child again for each.
            var listed: Set<TransitionModel.Trigger> = []
            for (index, transition) in transitions.enumerated() where taken.contains(transition.trigger) {
                let trigger = describe(transition.trigger)
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
