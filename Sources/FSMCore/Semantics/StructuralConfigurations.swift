/// The configurations the state tree allows, seen through the states a condition reads: what
/// a property's condition can be by the chart's structure alone, whatever the transitions.
///
/// A legal configuration has exactly one top-level state active, the parent of every active
/// state active, exactly one child of an active compound state active and every child of an
/// active parallel state active. Projected onto the *relevant* states (those read and their
/// ancestors), such a configuration is one choice per active compound state among its
/// relevant children or "some other child" (when it has an irrelevant one), so enumerating
/// the projections decides exactly which truth values of the `in(…)` atoms occur. Their
/// number grows with the atoms, not with the chart; a condition whose projections exceed
/// ``limit`` (regions multiply) is not decided (`nil`), and no warning is given.
struct StructuralConfigurations {
    /// The most projections enumerated for one condition.
    static let limit = 4096

    let model: MachineModel

    /// Every projection onto the states `atoms` and their ancestors: each the set of those
    /// states that are active. `nil` beyond ``limit``.
    func projections(reading atoms: [StateID]) -> [Set<StateID>]? {
        var relevant: Set<StateID> = []
        for atom in atoms {
            var current: StateID? = atom
            while let state = current, relevant.insert(state).inserted {
                current = model[state].parent
            }
        }
        return choose(among: model.topLevelStates, relevant: relevant)
    }

    /// One active state among `candidates` (the children of an active compound state, or the
    /// top-level states), with what is active below it.
    private func choose(among candidates: [StateID], relevant: Set<StateID>) -> [Set<StateID>]? {
        var result: [Set<StateID>] = []
        if candidates.contains(where: { !relevant.contains($0) }) {
            result.append([])
        }
        for child in candidates where relevant.contains(child) {
            guard let below = active(child, relevant: relevant) else { return nil }
            result += below
            if result.count > Self.limit { return nil }
        }
        return result
    }

    /// The projections below an active relevant `state`, `state` included.
    private func active(_ state: StateID, relevant: Set<StateID>) -> [Set<StateID>]? {
        let children = model[state].children
        var result: [Set<StateID>] = [[state]]
        if children.isEmpty { return result }
        if model[state].isParallel {
            // Every region is active: the product of each relevant region's projections.
            for child in children where relevant.contains(child) {
                guard let below = active(child, relevant: relevant) else { return nil }
                if result.count * below.count > Self.limit { return nil }
                result = result.flatMap { prefix in below.map { prefix.union($0) } }
            }
            return result
        }
        guard let below = choose(among: children, relevant: relevant) else { return nil }
        return below.map { $0.union([state]) }
    }

    /// Whether `condition` holds when exactly the states of `active` (among those it reads)
    /// are active. A condition reads only `in(…)`; anything else counts as false.
    static func holds(_ condition: GuardModel, when active: Set<StateID>) -> Bool {
        switch condition {
        case .isIn(let state): active.contains(state)
        case .not(let operand): !holds(operand, when: active)
        case .and(let lhs, let rhs): holds(lhs, when: active) && holds(rhs, when: active)
        case .or(let lhs, let rhs): holds(lhs, when: active) || holds(rhs, when: active)
        case .constant(let value): value
        case .call, .callWithArguments, .else: false
        }
    }
}

extension MachineModel {
    /// What the state tree alone makes of `condition`: `true` when every configuration the chart
    /// allows satisfies it, `false` when none does, `nil` when the transitions decide (or the
    /// projections exceed ``StructuralConfigurations/limit``). The property checker answers
    /// such a property without a search, exactly.
    package func structuralValue(of condition: GuardModel) -> Bool? {
        guard let projections = StructuralConfigurations(model: self).projections(reading: condition.testedStates) else { return nil }
        let holdsSomewhere = projections.contains { StructuralConfigurations.holds(condition, when: $0) }
        let failsSomewhere = projections.contains { !StructuralConfigurations.holds(condition, when: $0) }
        if holdsSomewhere == failsSomewhere { return nil }
        return holdsSomewhere
    }
}
