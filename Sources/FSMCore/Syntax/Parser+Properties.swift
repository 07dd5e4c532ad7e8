/// Properties: `assert` and its conditions (read by the guard parser).
extension Parser {
    /// `assert never C`, `assert reachable C`, `assert always reachable C` or
    /// `assert A only after B`. `never`, `reachable` and `only` are contextual words: each
    /// means the form only where a condition follows it (`reachable` may still name a state).
    mutating func parseProperty() throws(Recovery) -> PropertySyntax {
        let keyword = advance()
        let claim: PropertySyntax.Claim
        if at(.keyword(.always)) {
            let always = advance()
            guard at(.identifier), current.text == "reachable" else {
                throw fail("expected 'reachable' after 'assert always', found \(describe(current))", at: current.range)
            }
            let reachable = advance()
            let condition = try parseCondition(after: "'assert always reachable'")
            claim = .alwaysReachable(condition, range: always.range.union(reachable.range))
        } else if at(.identifier), current.text == "never" || current.text == "reachable", !continuesCondition(peek(1)) {
            let word = advance()
            let condition = try parseCondition(after: "'assert \(word.text)'")
            claim = word.text == "never" ? .never(condition, range: word.range) : .reachable(condition, range: word.range)
        } else if startsCondition(current) {
            let condition = try parseCondition(after: "'assert'")
            guard at(.identifier), current.text == "only" else {
                throw fail(
                    "expected 'only after' and a condition, found \(describe(current)); a property is 'assert never C', 'assert reachable C', 'assert always reachable C' or 'assert A only after B'",
                    at: current.range)
            }
            let only = advance()
            guard at(.keyword(.after)) else {
                throw fail("expected 'after' after 'only', found \(describe(current))", at: current.range)
            }
            let after = advance()
            let earlier = try parseCondition(after: "'only after'")
            claim = .onlyAfter(condition, after: earlier, range: only.range.union(after.range))
        } else {
            throw fail(
                "expected 'never', 'reachable', 'always reachable' or a condition after 'assert', found \(describe(current))",
                at: current.range)
        }
        return PropertySyntax(claim: claim, range: keyword.range.union(previous.range))
    }

    /// A property's condition: a guard expression without its brackets, up to the end of the
    /// line (a line break may follow `&&` or `||`, as in guards).
    mutating func parseCondition(after what: String) throws(Recovery) -> GuardSyntax {
        guard startsCondition(current) else {
            throw fail("expected a condition such as 'in(state)' after \(what), found \(describe(current))", at: current.range)
        }
        guardOperators = 0
        isReadingCondition = true
        defer { isReadingCondition = false }
        return try parseOr()
    }

    /// Whether a token goes on with a condition that began with a name (`never && …`,
    /// `reachable only after …`): then `never` or `reachable` is that name, not the form.
    func continuesCondition(_ token: Token) -> Bool {
        switch token.kind {
        case .punctuation(.and), .punctuation(.or): true
        case .identifier: token.text == "only"
        default: false
        }
    }

    /// Whether a token can start a guard expression.
    func startsCondition(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .punctuation(.bang), .punctuation(.leftParen), .keyword(.else): true
        default: false
        }
    }
}
