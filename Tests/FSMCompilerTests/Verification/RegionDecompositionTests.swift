import FSMCompiler
import FSMSpecGenerator
import Testing
import TestSupport

/// Per-region caching: a machine whose regions step independently is searched as the product
/// of its regions, each stepped once per local situation by the interpreter; the verdicts and
/// the lengths of the counterexamples are those of the search over whole situations, and every
/// counterexample replays.
@Suite(.offThePool) struct RegionDecompositionTests {
    @Test func onlyRegionsThatShareNothingButEventsAreDecomposed() throws {
        let independent = try CheckedSpec(Self.regions(body: "on e0 [in(r0s1)] -> r0s1", other: "after 1s -> r1s1"), [])
        #expect(PropertyChecker.stepsRegionsIndependently(independent.executable))
        for (body, other) in [
            ("on e0 [in(r1s1)] -> r0s1", "on e0 -> r1s1"),  // a test of another region
            ("always -> r0s1", "on e0 -> r1s1"),  // eventless
            ("on e0 -> r0s1 / raise e1", "on e1 -> r1s1"),  // a raised event
            ("on e0 -> r1s1", "on e1 -> r1s0"),  // a transition leaving its region
        ] {
            let spec = try CheckedSpec(Self.regions(body: body, other: other), [])
            #expect(!PropertyChecker.stepsRegionsIndependently(spec.executable), "\(body); \(other)")
        }
        let flat = try CheckedSpec(PropertyCheckerTests.checkout, [])
        #expect(!PropertyChecker.stepsRegionsIndependently(flat.executable))
    }

    /// A timer whose guard `in(…)` decides false still stops: the situation without it is one
    /// of its own.
    @Test func aTimerThatTakesNoTransitionStillStops() throws {
        let spec = try CheckedSpec(
            """
            machine Wait {
                event go
                initial parallel state all {
                    state r0 {
                        initial state r0s0 {
                            after 1s [in(r0s1)] -> r0s1
                            on go -> r0s1
                        }
                        state r0s1
                    }
                    state r1 {
                        initial state r1s0 { on go -> r1s1 }
                        state r1s1
                    }
                }
            }
            """,
            ["never in(r0s1) && in(r1s0)"])
        #expect(PropertyChecker.stepsRegionsIndependently(spec.executable))
        let product = PropertyChecker.check(spec.executable)
        let whole = PropertyChecker.check(spec.executable, decomposingRegions: false)
        // The same verdicts over the same situations; the work differs (the product steps each region once).
        #expect(product.results == whole.results && product.exploredSituations == whole.exploredSituations && product.cuts == whole.cuts)
        #expect(product.exploredSituations == 3)
    }

    static func regions(body: String, other: String) -> String {
        """
        machine Two {
            event e0
            event e1
            initial parallel state all {
                state r0 {
                    initial state r0s0 { \(body) }
                    state r0s1 { on e1 -> r0s0 }
                }
                state r1 {
                    initial state r1s0 { \(other) }
                    state r1s1 { on e1 -> r1s0 }
                }
            }
        }
        """
    }

    @Test func theProductAgreesWithTheSearchOverWholeSituations() async throws {
        try await onOwnThread {
            var random = SplitMix64(seed: 0x2E61_0115)
            var decomposed = 0
            var failures: [String] = []
            for index in 0..<60 {
                let text = Self.randomRegions(index, &random)
                let compilation = Compiler.compile(SourceText(text))
                guard !compilation.hasErrors, var model = compilation.model else {
                    failures.append("spec \(index) does not compile:\n\(text)")
                    continue
                }
                let names = model.states.filter(\.isAtomic).map(\.name)
                // The last one holds and needs the whole graph: both searches explore everything.
                let texts =
                    (0..<4).map { PropertyCheckerAgreementTests.randomProperty(kind: $0, states: names, &random) }
                    + ["always reachable in(all)"]
                model.properties = try texts.map { try PropertyText.property($0, in: model) }
                let machine = try Lowering.lower(model).get()
                guard PropertyChecker.stepsRegionsIndependently(machine) else { continue }
                decomposed += 1
                let product = PropertyChecker.check(machine)
                let whole = PropertyChecker.check(machine, decomposingRegions: false)
                if product.exploredSituations != whole.exploredSituations {
                    failures.append("spec \(index): product \(product.exploredSituations) situations, whole \(whole.exploredSituations)\n\(text)")
                }
                for (byRegion, byWhole) in zip(product.results, whole.results) {
                    let (lhs, rhs) = (PropertyText.verdict(byRegion.verdict), PropertyText.verdict(byWhole.verdict))
                    if lhs != rhs { failures.append("spec \(index), '\(byRegion.property.text)': product \(lhs), whole \(rhs)\n\(text)") }
                    if case .fails(let counterexample?) = byRegion.verdict,
                        !PropertyChecker.replay(counterexample, of: byRegion.property, in: machine) {
                        failures.append("spec \(index), '\(byRegion.property.text)': the counterexample does not replay\n\(text)")
                    }
                }
                if failures.count > 2 { break }
            }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
            #expect(decomposed >= 50)
        }
    }

    /// A parallel state of two to four regions, each a few states (one compound now and then)
    /// with transitions on shared events and timers, guards free or testing the region's own
    /// states, internal transitions.
    static func randomRegions(_ index: Int, _ random: inout SplitMix64) -> String {
        let events = 2 + random.below(3)
        var text = "machine Regions\(index) {\n"
        for event in 0..<events { text += "    event e\(event)\n" }
        text += "    initial parallel state all {\n"
        for region in 0..<(2 + random.below(3)) {
            let states = 2 + random.below(3)
            let name = { (state: Int) in "r\(region)s\(state)" }
            text += "        state r\(region) {\n"
            for state in 0..<states {
                var lines: [String] = []
                // A transition after an unguarded one on its trigger would never fire (an error).
                var unguarded = Set<String>()
                for _ in 0..<random.below(4) {
                    let trigger = random.below(4) == 0 ? "after \(1 + random.below(3))s" : "on e\(random.below(events))"
                    let guardText =
                        switch random.below(4) {
                        case 0: " [g\(random.below(3))]"
                        case 1: " [\(random.below(2) == 0 ? "!" : "")in(\(name(random.below(states))))]"
                        default: ""
                        }
                    let rest = random.below(5) == 0 ? " / act" : " -> \(name(random.below(states)))"
                    if unguarded.contains(trigger) { continue }
                    if guardText.isEmpty { unguarded.insert(trigger) }
                    lines.append("\(trigger)\(guardText)\(rest)")
                }
                let head = "            \(state == 0 ? "initial " : "")state \(name(state))"
                if lines.isEmpty {
                    text += head + "\n"
                } else {
                    text += head + " {\n" + lines.map { "                \($0)\n" }.joined() + "            }\n"
                }
            }
            text += "        }\n"
        }
        text += "    }\n}\n"
        return text
    }
}
