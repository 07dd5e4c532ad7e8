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

    /// The triggers a state takes with a transition of its own that always wins.
    private static func ownWinners(of transitions: [TransitionModel]) -> [TransitionModel.Trigger: Int] {
        var winners: [TransitionModel.Trigger: Int] = [:]
        for index in transitions.indices where transitions[index].trigger.isSharable {
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
