/// Warns about a property's condition that the chart's structure alone decides: one no legal
/// configuration satisfies (two states of one region, `in(a) && !in(parentOfA)`), or one
/// every configuration does. Such a property says nothing about the transitions: it holds, or
/// fails, whatever they do. Decided exactly by ``StructuralConfigurations`` (no warning for a
/// condition beyond its bound).
struct PropertyVacuityWarnings {
    let model: MachineModel
    let diagnostics: DiagnosticCollector

    func run() {
        let configurations = StructuralConfigurations(model: model)
        for property in model.properties {
            let conditions = property.claim.conditions
            for (position, condition) in conditions.enumerated() {
                guard let projections = configurations.projections(reading: condition.testedStates) else { continue }
                let holdsSomewhere = projections.contains { StructuralConfigurations.holds(condition, when: $0) }
                let failsSomewhere = projections.contains { !StructuralConfigurations.holds(condition, when: $0) }
                let range = position < property.conditionRanges.count ? property.conditionRanges[position] : property.range
                if !holdsSomewhere {
                    diagnostics.warning(
                        "this condition never holds in any configuration of the chart (\(reason(condition, negated: false))), \(consequence(of: property.claim, position: position, holds: false))",
                        at: range)
                } else if !failsSomewhere {
                    diagnostics.warning(
                        "this condition holds in every configuration of the chart (\(reason(condition, negated: true))), \(consequence(of: property.claim, position: position, holds: true))",
                        at: range)
                }
            }
        }
    }

    /// What a condition that is always `holds` (or never) makes of the property.
    private func consequence(of claim: PropertyModel.Claim, position: Int, holds: Bool) -> String {
        let trivially = "so the property holds whatever the transitions do"
        let impossible = "so the property fails whatever the transitions do"
        switch claim {
        case .never: return holds ? impossible : trivially
        case .reachable, .alwaysReachable: return holds ? trivially : impossible
        case .onlyAfter:
            switch (position, holds) {
            case (0, false), (1, true): return trivially
            case (0, true): return "so the property holds only if the second condition holds in the initial configuration"
            default: return "so the property holds only if the first condition never holds"
            }
        }
    }

    /// Why the condition (or its negation) is unsatisfiable, from a pair of the conditions
    /// that must all hold for it: the common cases, with a general answer for the rest.
    private func reason(_ condition: GuardModel, negated: Bool) -> String {
        var literals: [(state: StateID, active: Bool)] = []
        var constant: Bool?
        collect(condition, negated: negated, into: &literals, constant: &constant)
        if let constant {
            return "it is the constant '\(constant)'"
        }
        for (index, first) in literals.enumerated() {
            for second in literals[(index + 1)...] {
                if let reason = conflict(first, second) ?? conflict(second, first) { return reason }
            }
        }
        return negated
            ? "every combination of active states the chart allows satisfies it"
            : "no combination of active states the chart allows satisfies it"
    }

    /// The literals `in(s)` and `!in(s)` that must all hold for `condition` (its negation
    /// when `negated`), as far as they are plain; `constant` is set when one is a constant
    /// that makes the whole conjunction fail.
    private func collect(
        _ condition: GuardModel, negated: Bool, into literals: inout [(state: StateID, active: Bool)], constant: inout Bool?
    ) {
        switch condition {
        case .and(let lhs, let rhs) where !negated, .or(let lhs, let rhs) where negated:
            collect(lhs, negated: negated, into: &literals, constant: &constant)
            collect(rhs, negated: negated, into: &literals, constant: &constant)
        case .not(let operand):
            collect(operand, negated: !negated, into: &literals, constant: &constant)
        case .isIn(let state):
            literals.append((state, !negated))
        case .constant(let value) where value == negated:
            constant = value
        default:
            break
        }
    }

    /// Why `first` and `second` cannot hold together, if the tree alone says so.
    private func conflict(_ first: (state: StateID, active: Bool), _ second: (state: StateID, active: Bool)) -> String? {
        let a = model[first.state].name
        let b = model[second.state].name
        switch (first.active, second.active) {
        case (true, false):
            if first.state == second.state { return "'\(a)' cannot be active and inactive at once" }
            if isAncestor(second.state, of: first.state) { return "'\(a)' lies inside '\(b)'" }
            if let parent = model[second.state].parent, model[parent].isParallel,
               parent == first.state || isAncestor(parent, of: first.state) {
                return "'\(b)' is a region of parallel state '\(model[parent].name)', active whenever it is"
            }
            return nil
        case (true, true):
            guard first.state != second.state, !isAncestor(first.state, of: second.state),
                  !isAncestor(second.state, of: first.state)
            else { return nil }
            let (common, left, right) = divergence(first.state, second.state)
            if let common, model[common].isParallel { return nil }
            if left == first.state && right == second.state {
                let owner = common.map { "children of '\(model[$0].name)', which has one active child at a time" }
                    ?? "top-level states, of which one is active at a time"
                return "'\(a)' and '\(b)' are \(owner)"
            }
            let branches = "('\(model[left].name)' and '\(model[right].name)')"
            let owner = common.map { "different children of '\(model[$0].name)' \(branches), which has one active child at a time" }
                ?? "different top-level states \(branches), of which one is active at a time"
            return "'\(a)' and '\(b)' lie in \(owner)"
        default:
            return nil
        }
    }

    private func isAncestor(_ ancestor: StateID, of state: StateID) -> Bool {
        var current = model[state].parent
        while let id = current {
            if id == ancestor { return true }
            current = model[id].parent
        }
        return false
    }

    /// The deepest common ancestor of two unrelated states (`nil`: the machine), and the
    /// children of it on the way to each.
    private func divergence(_ first: StateID, _ second: StateID) -> (common: StateID?, left: StateID, right: StateID) {
        func path(_ state: StateID) -> [StateID] {
            var path = [state]
            while let parent = model[path[0]].parent { path.insert(parent, at: 0) }
            return path
        }
        let left = path(first)
        let right = path(second)
        var shared = 0
        while shared < left.count, shared < right.count, left[shared] == right[shared] { shared += 1 }
        return (shared == 0 ? nil : left[shared - 1], left[shared], right[shared])
    }
}
