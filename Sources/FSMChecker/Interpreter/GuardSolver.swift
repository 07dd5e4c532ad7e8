import FSMCore

/// Finds guard answers that make a chosen transition the one a step takes: its guard holds
/// and every guard tried before it fails.
///
/// Guards are opaque names, so an answer is the set of names that hold; the solver tries
/// every combination of the names involved, which is fine for the handful a step mentions.
/// `in(state)` is no answer a test can script: the configuration the guard is tried in fixes
/// it, so each constraint carries that configuration.
package enum GuardSolver {
    /// More names than this and the solver gives up rather than try 2^n combinations.
    package static let maximumNames = 12

    /// A requirement on one guard expression, tried where `isActive` tells which states are
    /// active.
    package struct Constraint {
        var expression: GuardModel
        var mustHold: Bool
        var isActive: (StateID) -> Bool = { _ in false }

        package init(expression: GuardModel, mustHold: Bool, isActive: @escaping (StateID) -> Bool = { _ in false }) {
            self.expression = expression
            self.mustHold = mustHold
            self.isActive = isActive
        }
    }

    /// The smallest set of names (fewest true, then first in order) meeting every constraint
    /// and `accept`, or `nil` when none does. The names tried are those of the constraints,
    /// then `alsoVarying` (names no constraint mentions whose answers still matter to
    /// `accept`: the guards of another parallel region, say). `base` names stay true unless a
    /// constraint needs them false.
    package static func solve(
        _ constraints: [Constraint], keeping base: Set<String> = [], alsoVarying extraNames: [String] = [],
        where accept: (Set<String>) -> Bool = { _ in true }
    ) -> Set<String>? {
        var names: [String] = []
        for constraint in constraints {
            for name in constraint.expression.names where !names.contains(name) {
                names.append(name)
            }
        }
        for name in extraNames where !names.contains(name) {
            names.append(name)
        }
        guard names.count <= maximumNames else { return nil }
        // Fewest names true first, then in counting order. A named function, not a closure of
        // literals and operators: that one took the type checker six seconds in every build.
        func isTriedBefore(_ lhs: Int, _ rhs: Int) -> Bool {
            let lhsCount = lhs.nonzeroBitCount
            let rhsCount = rhs.nonzeroBitCount
            if lhsCount != rhsCount { return lhsCount < rhsCount }
            return lhs < rhs
        }
        let combinationCount: Int = 1 << names.count
        let combinations = Array(0..<combinationCount).sorted(by: isTriedBefore)
        for bits in combinations {
            var answers = base.subtracting(names)
            for (position, name) in names.enumerated() where bits & (1 << position) != 0 {
                answers.insert(name)
            }
            if constraints.allSatisfy({ evaluate($0.expression, answers, isActive: $0.isActive) == $0.mustHold }), accept(answers) {
                return answers
            }
        }
        return nil
    }

    /// The value of a guard as the generated machine computes it: left to right, `&&` and
    /// `||` short-circuiting, each name's function called through `call` (which answers it).
    static func evaluateCalling(_ expression: GuardModel, isActive: (StateID) -> Bool, call: (String) -> Bool) -> Bool {
        switch expression {
        case .call(let name), .callWithArguments(let name, _): call(name)
        case .not(let operand): !evaluateCalling(operand, isActive: isActive, call: call)
        case .and(let lhs, let rhs): evaluateCalling(lhs, isActive: isActive, call: call) && evaluateCalling(rhs, isActive: isActive, call: call)
        case .or(let lhs, let rhs): evaluateCalling(lhs, isActive: isActive, call: call) || evaluateCalling(rhs, isActive: isActive, call: call)
        case .else: true
        case .isIn(let state): isActive(state)
        case .constant(let value): value
        }
    }

    /// The guard functions the generated machine calls to evaluate `expression` when the names
    /// in `holding` hold, in order, with their answers, and the value.
    package static func calls(
        of expression: GuardModel, holding: Set<String>, isActive: (StateID) -> Bool
    ) -> (value: Bool, calls: [(name: String, value: Bool)]) {
        var calls: [(name: String, value: Bool)] = []
        let value = evaluateCalling(expression, isActive: isActive) { name in
            let answer = holding.contains(name)
            calls.append((name, answer))
            return answer
        }
        return (value, calls)
    }

    /// The first set of the expression's names (fewest first) under which it evaluates to
    /// `value`; `nil` when none does.
    static func names(making expression: GuardModel, evaluateTo value: Bool, isActive: (StateID) -> Bool) -> Set<String>? {
        var names: [String] = []
        for name in expression.names where !names.contains(name) { names.append(name) }
        guard names.count <= maximumNames else { return nil }
        let sets = (0..<(1 << names.count)).sorted { $0.nonzeroBitCount < $1.nonzeroBitCount || ($0.nonzeroBitCount == $1.nonzeroBitCount && $0 < $1) }
        for bits in sets {
            let holding = Set(names.indices.filter { bits & (1 << $0) != 0 }.map { names[$0] })
            if evaluate(expression, holding, isActive: isActive) == value { return holding }
        }
        return nil
    }

    /// The value of a guard when exactly the names in `answers` hold and `isActive` tells
    /// which states `in(…)` finds active; `else` holds when reached, like in the generated code.
    static func evaluate(_ expression: GuardModel, _ answers: Set<String>, isActive: (StateID) -> Bool = { _ in false }) -> Bool {
        switch expression {
        case .call(let name), .callWithArguments(let name, _): answers.contains(name)
        case .not(let operand): !evaluate(operand, answers, isActive: isActive)
        case .and(let lhs, let rhs): evaluate(lhs, answers, isActive: isActive) && evaluate(rhs, answers, isActive: isActive)
        case .or(let lhs, let rhs): evaluate(lhs, answers, isActive: isActive) || evaluate(rhs, answers, isActive: isActive)
        case .else: true
        case .isIn(let state): isActive(state)
        case .constant(let value): value
        }
    }
}
