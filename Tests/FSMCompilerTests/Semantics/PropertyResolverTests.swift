import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `assert` in the checker: conditions resolved to `in(state)` guard models with their
/// canonical text, and every refusal located. Analysis only (no lowering, no proof), so the
/// tests read what the resolver builds whatever the properties claim.
@Suite(.offThePool) struct PropertyResolverTests {
    /// The model of a spec the analysis accepts with the given diagnostics (none by default),
    /// as `line:column: severity: message` lines.
    private func model(
        _ text: String, diagnostics expected: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> MachineModel {
        let (syntax, syntaxDiagnostics) = Parser.parse(SourceText(text))
        let analysis = SemanticAnalyzer.analyze(syntax)
        #expect(MarkedSource.lines(of: syntaxDiagnostics + analysis.diagnostics) == expected, sourceLocation: sourceLocation)
        return try #require(analysis.model, sourceLocation: sourceLocation)
    }

    /// DESIGN's Checkout fragment: the example machine with its four properties.
    @Test func theCheckoutProperties() throws {
        // The example's own properties left out: DESIGN's are added in their place.
        let example = try ExampleMachines.text(of: "Checkout.fsm")
        let checkout = try #require(example.range(of: "\n    // What the flow promises").map { String(example[..<$0.lowerBound]) + "\n}\n" })
        let end = try #require(checkout.lastIndex(of: "}"))
        let lines = [
            "    assert never in(paymentSuccess) && in(beforeLogIn)",
            "    assert reachable in(stable)",
            "    assert always reachable in(beforeLogIn) || in(stable)",
            "    assert in(beforePayment) only after in(afterLogIn)",
        ]
        let text = String(checkout[..<end]) + lines.joined(separator: "\n") + "\n}\n"
        let firstLine = text.split(separator: "\n", omittingEmptySubsequences: false).count - lines.count - 1
        // Checkout's states are all top-level, so DESIGN's first property holds by the chart's
        // structure alone, and the checker says so.
        let model = try model(text, diagnostics: [
            "\(firstLine):18: warning: this condition never holds in any configuration of the chart ('paymentSuccess' and 'beforeLogIn' are top-level states, of which one is active at a time), so the property holds whatever the transitions do",
        ])
        let state = { (name: String) throws -> StateID in try #require(model.states.first { $0.name == name }).id }
        #expect(try model.properties.map(\.claim) == [
            .never(.and(.isIn(state("paymentSuccess")), .isIn(state("beforeLogIn")))),
            .reachable(.isIn(state("stable"))),
            .alwaysReachable(.or(.isIn(state("beforeLogIn")), .isIn(state("stable")))),
            .onlyAfter(.isIn(state("beforePayment")), after: .isIn(state("afterLogIn"))),
        ])
        #expect(model.properties.map(\.text) == [
            "never in(paymentSuccess) && in(beforeLogIn)",
            "reachable in(stable)",
            "always reachable in(beforeLogIn) || in(stable)",
            "in(beforePayment) only after in(afterLogIn)",
        ])
        // Each property reports at its line: `assert` to the end of its last condition.
        let bytes = Array(text.utf8)
        for (property, line) in zip(model.properties, lines) {
            let written = String(decoding: bytes[property.range.start.offset..<property.range.end.offset], as: UTF8.self)
            #expect("    " + written == line)
            #expect(property.conditionRanges.count == property.claim.conditions.count)
        }
    }

    @Test func constantsFoldAndTheTextIsCanonical() throws {
        let model = try model("""
            machine M {
                event go
                initial parallel state p {
                    state r1 {
                        initial state a { on go -> a2 }
                        state a2 { on go -> a }
                    }
                    state r2 {
                        initial state b { on go -> b2 }
                        state b2 { on go -> b }
                    }
                }
                assert never ((in(a)) && true) && !(!in(b))
                assert reachable in(a) || false
                assert in(a) || in(b) && in(a) only after !(in(a) || in(b))
            }
            """)
        #expect(model.properties.map(\.text) == [
            "never in(a) && !!in(b)",
            "reachable in(a)",
            "in(a) || in(b) && in(a) only after !(in(a) || in(b))",
        ])
    }

    @Test func conditionsReadOnlyStates() {
        let spec = MarkedSource("""
            machine M {
                event go
                initial state idle {
                    on go [isValid] -> busy
                    3️⃣assert never in(idle)
                }
                state busy
                assert never 1️⃣isValid && in(idle)
                assert reachable 2️⃣busy
                assert never 5️⃣else
                assert reachable in(6️⃣bussy)
                assert in(idle) only after 7️⃣ready()
            }
            """)
        spec.expectAnalysisDiagnostics([
            .error("3️⃣", "'assert' belongs at machine level: a property is about every run of the machine, not about state 'idle'"),
            .error("1️⃣", "a property's condition reads only in(state): 'isValid' is a guard the machine calls at run time"),
            .error("2️⃣", "a property's condition reads only in(state): write 'in(busy)' to test state 'busy'"),
            .error("5️⃣", "a property's condition reads only in(state): 'else' belongs to a transition's guard"),
            .error("6️⃣", "unknown state 'bussy'; did you mean 'busy'?"),
            .error("7️⃣", "a property's condition reads only in(state), not a name such as 'ready'"),
        ])
    }

    /// A spec without properties has none; properties never change the rest of the model.
    @Test func propertiesLeaveTheRestOfTheModelAlone() throws {
        let declarations = """
            machine M {
                event go
                initial state a { on go -> b }
                final state b

            """
        let plain = declarations + "}\n"
        let asserted = declarations + "    assert reachable in(b)\n}\n"
        var withProperties = try model(asserted)
        let without = try model(plain)
        #expect(without.properties.isEmpty)
        #expect(withProperties.properties.count == 1)
        withProperties.properties = []
        #expect(withProperties == without)
    }
}
