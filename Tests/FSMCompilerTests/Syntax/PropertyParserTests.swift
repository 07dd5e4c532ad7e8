import FSMCompiler
import Testing
import TestSupport

/// The parser on `assert`: the four forms, their ranges, the contextual words, and errors.
@Suite(.offThePool) struct PropertyParserTests {
    /// The properties of `machine M { body }` as S-expressions, with no syntax error.
    private func properties(_ body: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        let (syntax, diagnostics) = Parser.parse(SourceText("machine M {\n\(body)\n}"))
        #expect(MarkedSource.lines(of: diagnostics) == [], sourceLocation: sourceLocation)
        return (syntax.machines.first?.members ?? []).compactMap { member in
            guard case .property(let property) = member else { return nil }
            return dump(property)
        }
    }

    private func dump(_ property: PropertySyntax) -> String {
        switch property.claim {
        case .never(let condition, _): "never \(dump(condition))"
        case .reachable(let condition, _): "reachable \(dump(condition))"
        case .alwaysReachable(let condition, _): "always reachable \(dump(condition))"
        case .onlyAfter(let condition, let after, _): "\(dump(condition)) only after \(dump(after))"
        }
    }

    private func dump(_ condition: GuardSyntax) -> String {
        switch condition {
        case .name(let name): name.text
        case .nameWithoutPayload(let name, _): "\(name.text)()"
        case .callWithArguments(let name, _, _): "\(name.text)(…)"
        case .not(let operand, _): "(! \(dump(operand)))"
        case .and(let lhs, let rhs): "(&& \(dump(lhs)) \(dump(rhs)))"
        case .or(let lhs, let rhs): "(|| \(dump(lhs)) \(dump(rhs)))"
        case .parenthesized(let inner, _): "(paren \(dump(inner)))"
        case .else: "else"
        case .isIn(let state, _): "(in \(state.text))"
        case .literal(let value, _): "\(value)"
        }
    }

    private func expectErrors(
        _ spec: MarkedSource, _ expected: [ExpectedDiagnostic], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(
            MarkedSource.lines(of: Parser.parse(spec.source).diagnostics) == spec.lines(of: expected, sourceLocation: sourceLocation),
            sourceLocation: sourceLocation)
    }

    @Test func theFourForms() {
        #expect(properties("""
            assert never in(paymentSuccess) && in(beforeLogIn)
            assert reachable in(stable)
            assert always reachable in(beforeLogIn) || in(stable)
            assert in(beforePayment) only after in(afterLogIn)
            """) == [
            "never (&& (in paymentSuccess) (in beforeLogIn))",
            "reachable (in stable)",
            "always reachable (|| (in beforeLogIn) (in stable))",
            "(in beforePayment) only after (in afterLogIn)",
        ])
    }

    @Test func conditionsAreGuardExpressions() {
        #expect(properties("""
            assert never !(in(a) || in(b)) && true
            assert reachable false || in(a) &&
                in(b)
            assert in(a) || in(b) only after !in(c)
            assert never in(never)
            assert reachable in(reachable)
            """) == [
            "never (&& (! (paren (|| (in a) (in b)))) true)",
            "reachable (|| false (&& (in a) (in b)))",
            "(|| (in a) (in b)) only after (! (in c))",
            "never (in never)",
            "reachable (in reachable)",
        ])
        // What only the checker refuses still parses: a guard name, `else`.
        #expect(properties("assert never isValid\nassert reachable else") == ["never isValid", "reachable else"])
    }

    @Test func rangesCoverTheDeclarationAndEachCondition() throws {
        let spec = MarkedSource("machine M {\n    1️⃣assert 2️⃣in(a) && in(b)3️⃣ 4️⃣only after5️⃣ 6️⃣!in(c)7️⃣\n}")
        let syntax = Parser.parse(spec.source).syntax
        guard case .property(let property)? = syntax.machines.first?.members.first,
              case .onlyAfter(let condition, let after, let words) = property.claim
        else {
            Issue.record("expected a property")
            return
        }
        #expect(property.range.start == spec.location("1️⃣"))
        #expect(property.range.end == spec.location("7️⃣"))
        #expect(condition.range.start == spec.location("2️⃣") && condition.range.end == spec.location("3️⃣"))
        #expect(words.start == spec.location("4️⃣") && words.end == spec.location("5️⃣"))
        #expect(after.range.start == spec.location("6️⃣") && after.range.end == spec.location("7️⃣"))
        #expect(property.conditions == [condition, after])
    }

    /// `assert`, `never`, `reachable` and `only` stay names: a spec valid before keeps its
    /// meaning.
    @Test func theWordsStayNames() {
        let source = """
            machine assert {
                event never
                event only
                initial state reachable {
                    on never [assert] -> only / reachable
                }
                state only {
                    on only -> reachable
                }
            }
            """
        let (syntax, diagnostics) = Parser.parse(SourceText(source))
        #expect(diagnostics.isEmpty)
        #expect(syntax.machines.first?.name.text == "assert")
        #expect(syntax.machines.first?.members.contains { if case .property = $0 { true } else { false } } == false)
    }

    @Test func errorsAreLocatedAndTheParserRecovers() {
        let spec = MarkedSource("""
            machine M {
                assert1️⃣
                assert 2️⃣-> a
                assert always 3️⃣never in(a)
                assert in(a) 4️⃣after in(b)
                assert in(a) only 5️⃣in(b)
                assert never in(a) 6️⃣in(b)
                assert never 7️⃣
                assert reachable in(a) && 8️⃣->
                assert never 9️⃣(in(a)
                🔟initial state a
            }
            """)
        expectErrors(spec, [
            .error("1️⃣", "expected 'never', 'reachable', 'always reachable' or a condition after 'assert', found line break"),
            .error("2️⃣", "expected 'never', 'reachable', 'always reachable' or a condition after 'assert', found '->'"),
            .error("3️⃣", "expected 'reachable' after 'assert always', found 'never'"),
            .error("4️⃣", "expected 'only after' and a condition, found 'after'; a property is 'assert never C', 'assert reachable C', 'assert always reachable C' or 'assert A only after B'"),
            .error("5️⃣", "expected 'after' after 'only', found 'in'"),
            .error("6️⃣", "expected a line break or ';' after the declaration, found 'in'"),
            .error("7️⃣", "expected a condition such as 'in(state)' after 'assert never', found line break"),
            .error("8️⃣", "expected 'in(state)', '!' or '(', found '->'"),
            .error("🔟", "expected ')' in the guard, found 'initial'", notes: [("9️⃣", "to match this '('")]),
        ])
    }
}
