import FSMCompiler
import Testing
import TestSupport

/// Warnings about conditions the chart's structure alone decides, located at the condition.
@Suite(.offThePool) struct PropertyVacuityWarningsTests {
    /// A chart with a compound state, a parallel state and a nested compound region.
    private func spec(_ properties: String) -> MarkedSource {
        MarkedSource("""
            machine M {
                event go; event stop
                initial state idle { on go -> editor }
                state editor {
                    initial state viewing { on go -> formatting }
                    parallel state formatting {
                        state bold {
                            initial state boldOff { on go -> boldOn }
                            state boldOn { on go -> boldOff }
                        }
                        state italic {
                            initial state italicOff { on go -> italicOn }
                            state italicOn { on stop -> idle }
                        }
                    }
                }
            \(properties)
            }
            """)
    }

    private let holdsAnyway = "so the property holds whatever the transitions do"
    private let failsAnyway = "so the property fails whatever the transitions do"

    @Test func conditionsNoConfigurationSatisfies() {
        spec("""
                assert never 1️⃣in(idle) && in(viewing)
                assert reachable 2️⃣in(boldOn) && in(boldOff)
                assert always reachable 3️⃣in(italicOn) && !in(editor)
                assert never 4️⃣in(formatting) && !in(italic)
                assert reachable 5️⃣false
                assert never 6️⃣in(viewing) && !in(viewing)
                assert reachable 7️⃣in(idle) && (in(boldOn) || in(italicOn))
                assert 8️⃣in(viewing) && in(boldOn) only after in(idle)
                assert in(idle) only after 9️⃣in(boldOn) && in(viewing)
            """).expectAnalysisDiagnostics([
            .warning("1️⃣", "this condition never holds in any configuration of the chart ('idle' and 'viewing' lie in different top-level states ('idle' and 'editor'), of which one is active at a time), \(holdsAnyway)"),
            .warning("2️⃣", "this condition never holds in any configuration of the chart ('boldOn' and 'boldOff' are children of 'bold', which has one active child at a time), \(failsAnyway)"),
            .warning("3️⃣", "this condition never holds in any configuration of the chart ('italicOn' lies inside 'editor'), \(failsAnyway)"),
            .warning("4️⃣", "this condition never holds in any configuration of the chart ('italic' is a region of parallel state 'formatting', active whenever it is), \(holdsAnyway)"),
            .warning("5️⃣", "this condition never holds in any configuration of the chart (it is the constant 'false'), \(failsAnyway)"),
            .warning("6️⃣", "this condition never holds in any configuration of the chart ('viewing' cannot be active and inactive at once), \(holdsAnyway)"),
            .warning("7️⃣", "this condition never holds in any configuration of the chart (no combination of active states the chart allows satisfies it), \(failsAnyway)"),
            .warning("8️⃣", "this condition never holds in any configuration of the chart ('viewing' and 'boldOn' lie in different children of 'editor' ('viewing' and 'formatting'), which has one active child at a time), \(holdsAnyway)"),
            .warning("9️⃣", "this condition never holds in any configuration of the chart ('boldOn' and 'viewing' lie in different children of 'editor' ('formatting' and 'viewing'), which has one active child at a time), so the property holds only if the first condition never holds"),
        ])
    }

    @Test func conditionsEveryConfigurationSatisfies() {
        spec("""
                assert never 1️⃣!in(idle) || !in(editor)
                assert reachable 2️⃣in(idle) || in(editor)
                assert always reachable 3️⃣true
                assert 4️⃣!in(boldOn) || in(formatting) only after in(idle)
                assert in(idle) only after 5️⃣in(viewing) || !in(viewing)
            """).expectAnalysisDiagnostics([
            .warning("1️⃣", "this condition holds in every configuration of the chart ('idle' and 'editor' are top-level states, of which one is active at a time), \(failsAnyway)"),
            .warning("2️⃣", "this condition holds in every configuration of the chart (every combination of active states the chart allows satisfies it), \(holdsAnyway)"),
            .warning("3️⃣", "this condition holds in every configuration of the chart (it is the constant 'true'), \(holdsAnyway)"),
            .warning("4️⃣", "this condition holds in every configuration of the chart ('boldOn' lies inside 'formatting'), so the property holds only if the second condition holds in the initial configuration"),
            .warning("5️⃣", "this condition holds in every configuration of the chart ('viewing' cannot be active and inactive at once), \(holdsAnyway)"),
        ])
    }

    /// Conditions the transitions decide: no warning.
    @Test func conditionsTheStructureLeavesOpen() {
        spec("""
                assert never in(boldOn) && in(italicOn)
                assert reachable in(formatting) && !in(boldOn)
                assert always reachable in(idle) || in(italicOff)
                assert in(italicOn) only after in(boldOn) || !in(editor)
                assert never in(editor) && !in(viewing) && !in(formatting) || in(idle) && in(idle)
            """).expectAnalysisDiagnostics([])
    }

    /// Regions multiply the projections: beyond the bound the condition is not decided, and
    /// no warning is given (the checker still searches it).
    @Test func aConditionBeyondTheBoundIsNotDecided() {
        var regions = ""
        var atoms: [String] = []
        for region in 0..<13 {
            regions += "        state r\(region) { initial state a\(region) { on go -> b\(region) }; state b\(region) { on go -> a\(region) } }\n"
            atoms.append("in(a\(region))")
        }
        // 2^13 projections: more than the bound; the condition contradicts itself all the same.
        let condition = atoms.joined(separator: " && ") + " && !in(p)"
        MarkedSource("""
            machine M {
                event go
                initial parallel state p {
            \(regions)    }
                assert never \(condition)
            }
            """).expectAnalysisDiagnostics([])
    }
}
