/// Guard expressions: `||`, `&&`, `!`, parentheses, names and `in(state)`.
extension Parser {
    mutating func parseGuard() throws(Recovery) -> GuardSyntax {
        let open = advance()
        guardOperators = 0
        skipNewlines()
        if at(.punctuation(.rightBracket)) {
            throw fail("expected a guard between '[' and ']'", at: current.range)
        }
        let expression = try parseOr()
        skipNewlines()
        guard at(.punctuation(.rightBracket)) else {
            diagnostics.error(
                "expected ']' to close the guard, found \(describe(current))", at: current.range,
                notes: [.init("the guard opens here", at: open.range)])
            throw Recovery()
        }
        advance()
        return expression
    }

    mutating func parseOr() throws(Recovery) -> GuardSyntax {
        var expression = try parseAnd()
        while at(.punctuation(.or)) {
            try countGuardOperator()
            skipNewlines()
            expression = .or(expression, try parseAnd())
        }
        return expression
    }

    mutating func parseAnd() throws(Recovery) -> GuardSyntax {
        var expression = try parseUnary()
        while at(.punctuation(.and)) {
            try countGuardOperator()
            skipNewlines()
            expression = .and(expression, try parseUnary())
        }
        return expression
    }

    /// Takes a `&&` or `||`, reporting one too many.
    mutating func countGuardOperator() throws(Recovery) {
        guardOperators += 1
        if guardOperators >= Self.maximumGuardConditions {
            throw fail(
                "a guard may combine at most \(Self.maximumGuardConditions) conditions; move some of them into a guard of their own",
                at: current.range)
        }
        advance()
    }

    mutating func parseUnary() throws(Recovery) -> GuardSyntax {
        try nest(at: current.range)
        defer { depth -= 1 }
        let token = current
        switch token.kind {
        case .punctuation(.bang):
            advance()
            let operand = try parseUnary()
            return .not(operand, range: token.range.union(operand.range))
        case .punctuation(.leftParen):
            advance()
            skipNewlines()
            let inner = try parseOr()
            skipNewlines()
            guard at(.punctuation(.rightParen)) else {
                diagnostics.error(
                    "expected ')' in the guard, found \(describe(current))", at: current.range,
                    notes: [.init("to match this '('", at: token.range)])
                throw Recovery()
            }
            let close = advance()
            return .parenthesized(inner, range: token.range.union(close.range))
        case .keyword(.else):
            advance()
            return .else(token.range)
        case .identifier where token.text == "true" || token.text == "false":
            advance()
            return .literal(token.text == "true", range: token.range)
        case .identifier where token.text == "in" && peek(1).kind == .punctuation(.leftParen):
            advance()
            let open = advance()
            let state = try expectIdentifier("a state name in 'in(…)'")
            guard at(.punctuation(.rightParen)) else {
                diagnostics.error(
                    "expected ')' after the state in 'in(…)', found \(describe(current))", at: current.range,
                    notes: [.init("to match this '('", at: open.range)])
                throw Recovery()
            }
            let close = advance()
            return .isIn(state, range: token.range.union(close.range))
        case .identifier where peek(1).kind == .punctuation(.leftParen):
            advance()
            let name = Identifier(token.text, range: token.range)
            let arguments = try parseCallArguments()
            let range = token.range.union(previous.range)
            return arguments.map { .callWithArguments(name, $0, range: range) } ?? .nameWithoutPayload(name, range: range)
        case .identifier:
            advance()
            return .name(Identifier(token.text, range: token.range))
        case .invalid:
            throw Recovery()
        default:
            let expected = isReadingCondition ? "'in(state)'" : "a guard name"
            throw fail("expected \(expected), '!' or '(', found \(describe(token))", at: token.range)
        }
    }
}
