import FSMCompiler
import Testing

/// What the compiler reports for properties: a failing one is an error at its `assert` with
/// its counterexample as notes at the transitions taken, one not decided is a warning, one
/// that holds says nothing.
@Suite(.offThePool) struct PropertyDiagnosticsTests {
    @Test func aFailingPropertyIsAnErrorWithItsCounterexampleAsNotes() throws {
        let spec = try CheckedSpec(
            PropertyCheckerTests.checkout,
            ["never in(paying) && in(beforeLogIn)", "never in(declined)", "reachable in(paying) && in(declined)"])
        let diagnostics = Compiler.propertyDiagnostics(of: spec.executable, source: spec.source)
        #expect(
            MarkedSource.lines(of: diagnostics) == [
                "1:1: error: property 'never in(declined)' fails: this run reaches a configuration where in(declined) holds",
                "  5:19: note: 1. start; now in beforeLogIn",
                "  6:9: note: 2. event login: took 'on login -> afterLogIn'; now in afterLogIn",
                "  11:9: note: 3. event pay: took 'on pay -> declined' (canPay answered false); now in declined",
                "1:1: error: property 'reachable in(paying) && in(declined)' fails: no reachable situation satisfies it",
            ])
    }

    @Test func aPropertyThatHoldsOnlyWithinTheBoundIsAWarning() throws {
        let spec = try CheckedSpec(PropertyCheckerTests.checkout, ["never in(declined)", "reachable in(declined)"])
        let diagnostics = Compiler.propertyDiagnostics(of: spec.executable, source: spec.source, bounds: ExplorationBounds(situations: 2))
        #expect(
            MarkedSource.lines(of: diagnostics) == [
                "1:1: warning: property 'never in(declined)' holds within the bound: the search stopped at 2 situations (raise it with --property-bound or an '// fsmc: --property-bound N' line)",
                "1:1: warning: property 'reachable in(declined)' could not be decided: it was not decided on what the bounds let the search explore: the search stopped at 2 situations (raise it with --property-bound or an '// fsmc: --property-bound N' line)",
            ])
        let large = Compiler.propertyDiagnostics(of: spec.executable, source: spec.source, bounds: ExplorationBounds(situations: 1_000_000))
        #expect(large.map(\.severity) == [.error])
    }

    /// A timer step and a configuration passed on the way are named as the spec names them.
    @Test func notesNameTimersAndConfigurationsPassedOnTheWay() throws {
        let spec = try CheckedSpec(
            """
            machine Flash {
                event go
                initial state a { after 1s -> b }
                state b { always -> c }
                state c {}
            }
            """,
            ["never in(b)"])
        let diagnostics = Compiler.propertyDiagnostics(of: spec.executable, source: spec.source, bounds: ExplorationBounds(situations: 100))
        #expect(
            MarkedSource.lines(of: diagnostics) == [
                "1:1: error: property 'never in(b)' fails: this run reaches a configuration where in(b) holds",
                "  3:19: note: 1. start; now in a",
                "  3:23: note: 2. after 1s in a: took 'after 1s -> b', 'always -> c'; on the way in b; now in c",
            ])
    }

    /// A kept event takes no transition: its note stands at the `defer` that keeps it and says
    /// where the machine still is; its release is part of the step that ends the deferral.
    @Test func aKeptEventIsAStepThatTakesNoTransition() throws {
        let spec = try CheckedSpec(
            """
            machine Queue {
                event next
                event go
                initial state a {
                    defer next
                    on go -> b
                }
                state b { on next -> c }
                state c { on go -> a }
            }
            """,
            ["never in(c)"])
        let diagnostics = Compiler.propertyDiagnostics(of: spec.executable, source: spec.source, bounds: ExplorationBounds(situations: 100))
        #expect(
            MarkedSource.lines(of: diagnostics) == [
                "1:1: error: property 'never in(c)' fails: this run reaches a configuration where in(c) holds",
                "  4:19: note: 1. start; now in a",
                "  5:9: note: 2. event next: kept by 'defer next'; now in a",
                "  6:9: note: 3. event go: took 'on go -> b', 'on next -> c'; now in c",
            ])
    }

    @Test func aSpecWithoutPropertiesCompilesAsBefore() throws {
        let compilation = Compiler.compile(SourceText(PropertyCheckerTests.checkout))
        #expect(MarkedSource.lines(of: compilation.diagnostics) == [])
    }
}
