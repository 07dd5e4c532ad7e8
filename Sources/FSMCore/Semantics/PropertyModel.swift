/// A property the spec states about every run of its machine (`assert …` at machine level),
/// which every build proves exhaustively over the machine's situations (`FSMCore/Verification`).
///
/// A condition is a ``GuardModel`` whose atoms are `in(state)` (``GuardModel/isIn(_:)``),
/// combined with `!`, `&&` and `||`; the checker refuses guard names and `else` in it, and folds
/// `true` and `false` as it does in guards.
public struct PropertyModel: Hashable, Sendable {
    /// What the property claims.
    public enum Claim: Hashable, Sendable {
        /// `assert never C`: no reachable situation satisfies `C`.
        case never(GuardModel)
        /// `assert reachable C`: some reachable situation satisfies `C`.
        case reachable(GuardModel)
        /// `assert always reachable C`: from every reachable situation, some run reaches one
        /// that satisfies `C` (the machine has no trap that avoids `C`).
        case alwaysReachable(GuardModel)
        /// `assert A only after B`: on every run, no situation satisfying `A` comes before one
        /// satisfying `B` (a situation satisfying both is not before).
        case onlyAfter(GuardModel, after: GuardModel)

        /// The conditions, in the claim's order: one, or `A` and `B` of `only after`.
        public var conditions: [GuardModel] {
            switch self {
            case .never(let condition), .reachable(let condition), .alwaysReachable(let condition): [condition]
            case .onlyAfter(let condition, let after): [condition, after]
            }
        }
    }

    public var claim: Claim
    /// The whole declaration, `assert` to the end of its last condition: where its result is
    /// reported.
    public var range: SourceRange
    /// The property as a canonical text (`never in(a) && in(b)`), for messages and reports.
    public var text: String

    /// Where each condition is written, in the claim's order (`A`, then `B` of `only after`):
    /// where a warning about one condition points.
    public var conditionRanges: [SourceRange]

    public init(claim: Claim, range: SourceRange, text: String, conditionRanges: [SourceRange] = []) {
        self.claim = claim
        self.range = range
        self.text = text
        self.conditionRanges = conditionRanges
    }
}
