import FSMCore

/// A guard or a property's condition as a Swift boolean expression, with the parentheses that
/// Swift's precedence needs and no more: what generated dispatch and the generated tests of
/// counterexamples both write.
package enum SwiftBooleanExpression {
    /// The expression of `expression`. `leaf` spells what is not `!`, `&&` or `||` (a guard's
    /// call, `in(…)`, a constant, `else`); `negatedLeaf` may spell a negated leaf as a whole (as
    /// `!=` rather than `!(… == …)`) and returns `nil` to have `!` written before it.
    package static func code(
        _ expression: GuardModel, leaf: (GuardModel) -> String, negatedLeaf: (GuardModel) -> String? = { _ in nil }
    ) -> String {
        func code(_ expression: GuardModel, precedence: Int) -> String {
            switch expression {
            case .not(let operand):
                if let negated = negatedLeaf(operand) { return negated }
                // `!!g` would be one operator, `!!`, which Swift does not have.
                let inner = code(operand, precedence: 3)
                return inner.hasPrefix("!") ? "!(\(inner))" : "!" + inner
            case .and(let lhs, let rhs):
                let text = code(lhs, precedence: 2) + " && " + code(rhs, precedence: 2)
                return precedence > 2 ? "(\(text))" : text
            case .or(let lhs, let rhs):
                let text = code(lhs, precedence: 1) + " || " + code(rhs, precedence: 1)
                return precedence > 1 ? "(\(text))" : text
            case .call, .callWithArguments, .else, .constant, .isIn:
                return leaf(expression)
            }
        }
        return code(expression, precedence: 0)
    }
}
