import FSMCompiler
import Testing

/// DESIGN's "Bounded, and said so": deferred events make a spec's situations unbounded (a
/// `save` tapped again and again while `loading` defers it). The checker keeps at most two of
/// each event by default; a run that would keep more is not followed, a property not broken on
/// the rest holds within the bound (a warning naming the bound and the first run it cut), a
/// counterexample within the bound is an error as always, and an event no transition takes is
/// bounded exactly.
@Suite(.offThePool) struct KeptEventBoundTests {
    /// Issue 37's document screen: `loading` invokes a call and defers `save`, with a timer.
    static let document = """
        machine Document {
            event open
            event save
            event close
            event edit
            output saved

            initial state idle { on open -> loading }
            state loading {
                invoke load
                defer save
                done load -> editing
                error load -> failed
                after 10s -> failed
                on close -> idle
            }
            state editing {
                on edit -> dirty
                on save / emit saved
                on close -> idle
            }
            state dirty {
                on save -> saving
                on close -> idle
            }
            state saving {
                invoke write
                defer save
                done write -> editing / emit saved
                error write -> dirty
            }
            state failed { on open -> loading; on close -> idle }
        }
        """

    @Test func aPropertyNotBrokenWithinTheBoundHoldsWithinIt() throws {
        let spec = try CheckedSpec(Self.document, ["always reachable in(idle)", "never in(failed) && in(saving)", "never in(saving)"])
        let report = spec.check()
        // start, open, done load, edit, save: in saving.
        #expect(report.results.map { PropertyText.verdict($0.verdict) } == ["holds within the bound", "holds", "fails in 5"])
        let cut = try #require(report.cuts.keptEvent)
        #expect(spec.model[cut.event].name == "save")
        // start, open, then three saves: the third is one past the bound.
        #expect(cut.run.steps.count == 5)
        #expect(report.bounds.keptEvents == 2)
        #expect(report.work <= report.bounds.work)
    }

    @Test func theWarningNamesTheBoundAndTheRunItCutFirst() throws {
        let spec = try CheckedSpec(Self.document, ["always reachable in(idle)"])
        let diagnostics = Compiler.propertyDiagnostics(of: spec.executable, source: spec.source)
        #expect(
            MarkedSource.lines(of: diagnostics) == [
                "1:1: warning: property 'always reachable in(idle)' holds within the bound: runs that keep more than 2 'save' events were not followed (the first is in the notes; raise the bound with --kept-events or an '// fsmc: --kept-events N' line)",
                "  8:19: note: 1. start; now in idle",
                "  8:26: note: 2. event open: took 'on open -> loading'; now in loading",
                "  11:9: note: 3. event save: kept by 'defer save'; now in loading",
                "  11:9: note: 4. event save: kept by 'defer save'; now in loading",
                "  11:9: note: 5. event save: kept by 'defer save'; now in loading: 3 'save' kept, past the bound of 2: not followed",
            ])
    }

    /// A higher bound follows longer queues: the cut run is one `save` longer.
    @Test func theBoundCanBeRaised() throws {
        let spec = try CheckedSpec(Self.document, ["always reachable in(idle)"])
        let report = PropertyChecker.check(spec.executable, bounds: ExplorationBounds(keptEvents: 4))
        #expect(report.results[0].verdict == .holdsWithinBound)
        #expect(report.cuts.keptEvent?.run.steps.count == 7)
    }

    /// A run that keeps events and breaks a property within the bound is a counterexample.
    @Test func aCounterexampleWithinTheBoundFails() throws {
        let spec = try CheckedSpec(
            """
            machine Burst {
                event tap
                event go
                initial state waiting { defer tap; on go -> counting }
                state counting { on tap -> one }
                state one { on tap -> two }
                state two {}
            }
            """, ["never in(two)"])
        #expect(spec.verdicts() == ["fails in 4"])
        // The two taps are kept (no configuration: no microstep), then released in the step of `go`.
        #expect(try spec.counterexample(0) == ["start => waiting", "tap => ", "tap => ", "go => counting / one / two"])
    }

    /// An event no transition takes is released only to be ignored or kept again: how many
    /// copies are kept changes nothing, so the answer is exact (issue 37's smallest case grew to
    /// 3.3 GB without one).
    @Test func anEventNoTransitionTakesIsBoundedExactly() throws {
        let spec = try CheckedSpec(
            """
            machine M2 {
                event e
                event t
                initial state s0 { defer e; on t -> s1 }
                state s1 { on t -> s0 }
            }
            """, ["always reachable in(s0)", "never in(s1) && in(s0)", "never in(s1)"])
        let report = spec.check()
        #expect(report.results.map { PropertyText.verdict($0.verdict) } == ["holds", "holds", "fails in 2"])
        #expect(report.cuts.isEmpty)
        #expect(report.exploredSituations <= 6)
    }

    /// The `// fsmc:` line sets a spec's bounds for every build; a command line option wins.
    @Test func aSpecLineSetsTheBounds() throws {
        let text = "// fsmc: --kept-events 3 --property-budget 5000\n" + Self.document.replacing(
            "    state failed", with: "    assert always reachable in(idle)\n    state failed")
        let directive = BoundsDirective(SourceText(text))
        #expect(directive.diagnostics.isEmpty)
        #expect(directive.bounds == ExplorationBounds.Overrides(keptEvents: 3, work: 5_000))
        let bounds = ExplorationBounds.Overrides(keptEvents: 1).applied(to: directive.bounds)
        #expect(bounds == ExplorationBounds(keptEvents: 1, work: 5_000))
        let compilation = Compiler.compile(SourceText(text))
        #expect(compilation.propertyReport?.bounds.keptEvents == 3)
        #expect(compilation.propertyReport?.bounds.work == 5_000)
    }

    @Test func aWrongSpecLineIsALocatedError() {
        let text = "machine M {\n    event e\n    // fsmc: --kept-events many\n    initial state a { on e -> a }\n}\n"
        let compilation = Compiler.compile(SourceText(text))
        #expect(
            MarkedSource.lines(of: compilation.diagnostics.filter { $0.severity == .error }) == [
                "3:5: error: '--kept-events' in an 'fsmc:' line takes a positive whole number of copies of one event"
            ])
        let unknown = Compiler.compile(SourceText("// fsmc: --bound 3\nmachine M { initial state a }\n"))
        #expect(
            MarkedSource.lines(of: unknown.diagnostics.filter { $0.severity == .error }) == [
                "1:1: error: unknown option '--bound' in an 'fsmc:' line: it takes '--kept-events', '--property-bound', '--property-budget'"
            ])
    }
}
