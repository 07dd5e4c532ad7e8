/// An `assert` line (DESIGN, "Properties checked at build time"): a property of the spec over
/// conditions whose atoms are `in(state)` (``SpecGuard/inState(_:)``, with `!`, `&&`, `||`).
public enum SpecProperty: Sendable, Hashable {
    /// `assert never C`
    case never(SpecGuard)
    /// `assert reachable C`
    case reachable(SpecGuard)
    /// `assert always reachable C`
    case alwaysReachable(SpecGuard)
    /// `assert A only after B`
    case onlyAfter(SpecGuard, SpecGuard)

    /// The states its conditions name.
    public var states: Set<String> {
        switch self {
        case .never(let condition), .reachable(let condition), .alwaysReachable(let condition): condition.states
        case .onlyAfter(let condition, let precondition): condition.states.union(precondition.states)
        }
    }
}

extension SpecGuard {
    /// The states its `in(…)` atoms name.
    var states: Set<String> {
        switch self {
        case .inState(let name): [name]
        case .name, .callWithArguments, .otherwise, .constant: []
        case .not(let operand): operand.states
        case .and(let left, let right), .or(let left, let right): left.states.union(right.states)
        }
    }
}
