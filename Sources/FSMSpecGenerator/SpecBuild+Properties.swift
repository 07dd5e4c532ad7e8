extension SpecBuild {
    /// `count` properties, one of each form in turn, over the spec's states: made last, so that
    /// they draw their numbers after everything else and the chart is the one made without them.
    mutating func makeProperties(_ count: Int) -> [SpecProperty] {
        (0..<count).map { number in
            switch number % 4 {
            case 0: .never(makeCondition())
            case 1: .reachable(makeCondition())
            case 2: .alwaysReachable(makeCondition())
            default: .onlyAfter(makeCondition(), makeCondition())
            }
        }
    }

    /// `in(s)` joined with up to two more atoms (one in three negated) by `&&` or `||`.
    private mutating func makeCondition() -> SpecGuard {
        var condition = SpecGuard.inState(random.pick(nodes).name)
        for _ in 0..<random.below(3) {
            var atom = SpecGuard.inState(random.pick(nodes).name)
            if random.below(3) == 0 { atom = .not(atom) }
            condition = random.below(2) == 0 ? .and(condition, atom) : .or(condition, atom)
        }
        return condition
    }
}
