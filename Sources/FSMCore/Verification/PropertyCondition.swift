/// A configuration a condition is judged on: the active states in document order, or a
/// situation of the regions' product read without building that list
/// (``RegionProduct/Configuration``).
protocol ActiveStates {
    func contains(_ state: StateID) -> Bool
}

extension Array: ActiveStates where Element == StateID {}

/// Conditions of properties (``PropertyModel``): guard expressions whose atoms are `in(state)`,
/// judged on one configuration.
extension GuardModel {
    /// Whether the condition holds while exactly the states of `configuration` are active.
    /// Guard names have no value here: the checks refuse them in a condition.
    func holds(in configuration: some ActiveStates) -> Bool {
        GuardSolver.evaluate(self, [], isActive: configuration.contains)
    }

    /// The expression as the spec writes it, with state names: `in(a) && !in(b)`; what
    /// counterexamples print for guards and conditions.
    func text(in model: MachineModel) -> String {
        switch self {
        case .call(let name): name
        case .not(let operand): "!" + operand.operandText(in: model)
        case .and(let lhs, let rhs): "\(lhs.operandText(in: model, inside: .and)) && \(rhs.operandText(in: model, inside: .and))"
        case .or(let lhs, let rhs): "\(lhs.operandText(in: model, inside: .or)) || \(rhs.operandText(in: model, inside: .or))"
        case .else: "else"
        case .isIn(let state): "in(\(model[state].name))"
        case .constant(let value): value ? "true" : "false"
        }
    }

    private enum Operator { case and, or, not }

    /// The text of an operand, in parentheses unless it binds at least as tightly as the
    /// operator around it.
    private func operandText(in model: MachineModel, inside outer: Operator = .not) -> String {
        let plain = text(in: model)
        switch (self, outer) {
        case (.and, .and), (.or, .or): return plain
        case (.and, _), (.or, _): return "(\(plain))"
        default: return plain
        }
    }
}
