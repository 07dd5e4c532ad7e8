/// Warns about reachable atomic states the machine can never leave.
struct WayOutWarnings {
    let model: MachineModel
    let diagnostics: DiagnosticCollector

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
    func run(reachable: [Bool]) {
        let startLeaves = startLeaves()
        func leads(_ transition: TransitionModel) -> WayOut {
            guard let target = transition.target else { return .nowhere }
            let landing = startLeaves[target.index]
            // Several targets land in several regions: counted as a way out, never warned wrongly.
            return transition.targetsHistory || !transition.otherTargets.isEmpty || !model[landing].isAtomic
                ? .everywhere : .allBut(landing)
        }
        // The machine's transitions apply in every state, like those of a root around them.
        var machineWayOut = WayOut.nowhere
        for transition in model.machineTransitions where machineWayOut != .everywhere {
            machineWayOut = machineWayOut.combined(with: leads(transition))
        }
        if machineWayOut == .everywhere { return }
        var wayOut = [WayOut](repeating: .nowhere, count: model.states.count)
        for state in model.states {
            for index in state.transitions.indices where !state.transitions[index].trigger.isCompletion {
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
    private func startLeaves() -> [StateID] {
        var leaves = model.states.map(\.id)
        // A parent comes before its children, so going backwards finds the children's first.
        for index in model.states.indices.reversed() {
            if let child = model.states[index].initialChild { leaves[index] = leaves[child.index] }
        }
        return leaves
    }
}
