import FSMCompiler
import FSMSpecGenerator
import Testing
import TestSupport

/// Regions coupled by `in(…)` guards are stepped one at a time too: each region's steps are
/// cached by its local situation and the values of the tests it makes of the other regions.
/// The verdicts, situation counts and counterexample lengths are those of the search over whole
/// situations and of ``NaiveChecker``, and every counterexample replays.
@Suite(.offThePool) struct RegionProductTests {
    @Test func regionsCoupledByInTestsAreSteppedSeparatelyButNotIndependently() throws {
        let coupled = try CheckedSpec(
            RegionDecompositionTests.regions(body: "on e0 [in(r1s1)] -> r0s1", other: "on e0 -> r1s1"), [])
        #expect(PropertyChecker.stepsRegionsSeparately(coupled.executable))
        #expect(!PropertyChecker.stepsRegionsIndependently(coupled.executable))
        // What couples regions beyond what they read of each other is never stepped separately.
        for (body, other) in [
            ("on e0 [in(r1s1)] -> r0s1 / raise e1", "on e1 -> r1s1"),  // a raised event crossing regions
            ("always [in(r1s1)] -> r0s1", "on e0 -> r1s1"),  // eventless
            ("on e0 [in(r1s1)] -> r1s0", "on e1 -> r1s1"),  // a transition into another region
        ] {
            let spec = try CheckedSpec(RegionDecompositionTests.regions(body: body, other: other), [])
            #expect(!PropertyChecker.stepsRegionsSeparately(spec.executable), "\(body); \(other)")
        }
    }

    /// A region's steps are cached per stimulus and combination of the values of the other
    /// regions' states it reads: past 4,096 of them per local situation the machine is searched
    /// situation by situation.
    @Test(arguments: [(200, true), (300, false)])
    func theCacheOfARegionThatReadsOthersIsBounded(events: Int, separately: Bool) throws {
        var text = "machine Wide {\n"
        for event in 0..<events { text += "    event e\(event)\n" }
        text += "    initial parallel state all {\n        state r0 {\n            initial state a {\n"
        for event in 0..<events { text += "                on e\(event) [in(b) || in(c) || in(d) || in(f)] -> g\n" }
        text += "            }\n            state g { on e0 -> a }\n        }\n"
        text += "        state r1 {\n            initial state b { on e1 -> c }\n            state c { on e1 -> d }\n"
        text += "            state d { on e1 -> f }\n            state f { on e1 -> b }\n        }\n    }\n}\n"
        let spec = try CheckedSpec(text, ["always reachable in(a) && in(b)"])
        #expect(PropertyChecker.stepsRegionsSeparately(spec.executable) == separately)
        #expect(spec.verdicts() == ["holds"])
        #expect(spec.check().exploredSituations == 8)
    }

    /// Both regions read each other and take the same event in one microstep: the guards see
    /// the configuration before it, so `r0` moves only when `r1` was in `r1s1` *before* `e0`.
    @Test func aGuardReadsTheOtherRegionBeforeTheMicrostep() throws {
        let spec = try CheckedSpec(
            RegionDecompositionTests.regions(body: "on e0 [in(r1s1)] -> r0s1", other: "on e0 [!in(r0s1)] -> r1s1"),
            ["never in(r0s1) && in(r1s0)", "reachable in(r0s1) && in(r1s1)", "always reachable in(r0s0) && in(r1s0)"])
        let product = spec.check()
        let whole = PropertyChecker.check(spec.executable, decomposingRegions: false)
        // The same verdicts over the same situations; the work differs (the product steps each region once).
        #expect(product.results == whole.results && product.exploredSituations == whole.exploredSituations && product.cuts == whole.cuts)
        #expect(spec.verdicts() == ["holds", "holds", "holds"])
        // (r0s0, r1s0), e0 → (r0s0, r1s1), e0 → (r0s1, r1s1); e1 takes both back.
        #expect(product.exploredSituations == 3)
    }

    /// A grid of three regions of four states, each region's first state left only while the
    /// previous region is elsewhere: every one of the 64 situations is reached, and the start
    /// stays reachable from each.
    @Test(arguments: [false, true])
    func aGridIsSearchedAsAProduct(coupled: Bool) throws {
        let spec = try CheckedSpec(Self.grid(regions: 3, states: 4, coupled: coupled), ["always reachable in(s0_0) && in(s1_0) && in(s2_0)", "never in(s0_3) && in(s1_3) && in(s2_3)"])
        #expect(PropertyChecker.stepsRegionsSeparately(spec.executable))
        #expect(PropertyChecker.stepsRegionsIndependently(spec.executable) == !coupled)
        let product = spec.check()
        let whole = PropertyChecker.check(spec.executable, decomposingRegions: false)
        // The same verdicts over the same situations; the work differs (the product steps each region once).
        #expect(product.results == whole.results && product.exploredSituations == whole.exploredSituations && product.cuts == whole.cuts)
        #expect(product.exploredSituations == 64)
        #expect(spec.verdicts() == ["holds", "fails in 10"])
        let counterexample = try spec.counterexample(1)
        #expect(counterexample.count == 10)
    }

    /// `fsm-bench`'s grid (`PropertyBenchmark.gridSpec`), small.
    static func grid(regions: Int, states: Int, coupled: Bool) -> String {
        var text = "machine Grid {\n"
        for region in 0..<regions { text += "    event step\(region)\n" }
        text += "    initial parallel state grid {\n"
        for region in 0..<regions {
            text += "        state r\(region) {\n"
            for state in 0..<states {
                let guardText = coupled && region > 0 && state == 0 ? " [!in(s\(region - 1)_0)]" : ""
                text += "            \(state == 0 ? "initial " : "")state s\(region)_\(state) { on step\(region)\(guardText) -> s\(region)_\((state + 1) % states) }\n"
            }
            text += "        }\n"
        }
        return text + "    }\n}\n"
    }

    @Test func coupledProductsAgreeWithTheWholeSearchAndTheNaiveChecker() async throws {
        try await onOwnThread {
            var random = SplitMix64(seed: 0xC0_0B1E)
            var coupled = 0
            var comparedWithNaive = 0
            var failures: [String] = []
            for index in 0..<60 {
                let text = Self.randomCoupledRegions(index, &random)
                let compilation = Compiler.compile(SourceText(text))
                guard !compilation.hasErrors, var model = compilation.model else {
                    failures.append("spec \(index) does not compile:\n\(text)")
                    continue
                }
                let names = model.states.filter(\.isAtomic).map(\.name)
                let texts =
                    (0..<4).map { PropertyCheckerAgreementTests.randomProperty(kind: $0, states: names, &random) }
                    + ["always reachable in(all)"]
                model.properties = try texts.map { try PropertyText.property($0, in: model) }
                let machine = try Lowering.lower(model).get()
                guard PropertyChecker.stepsRegionsSeparately(machine), !PropertyChecker.stepsRegionsIndependently(machine)
                else { continue }
                coupled += 1
                let product = PropertyChecker.check(machine)
                let whole = PropertyChecker.check(machine, decomposingRegions: false)
                if product.exploredSituations != whole.exploredSituations {
                    failures.append("spec \(index): product \(product.exploredSituations) situations, whole \(whole.exploredSituations)\n\(text)")
                }
                for (byRegion, byWhole) in zip(product.results, whole.results) {
                    let (lhs, rhs) = (PropertyText.verdict(byRegion.verdict), PropertyText.verdict(byWhole.verdict))
                    if lhs != rhs { failures.append("spec \(index), '\(byRegion.property.text)': product \(lhs), whole \(rhs)\n\(text)") }
                }
                // The naive checker's shortest lengths, and every counterexample replayed.
                if let disagreement = PropertyCheckerAgreementTests.disagreement(text, texts) {
                    failures.append("spec \(index): \(disagreement)\n\(text)")
                } else {
                    comparedWithNaive += 1
                }
                if failures.count > 2 { break }
            }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
            #expect(coupled >= 40)
            #expect(comparedWithNaive >= 40)
        }
    }

    /// ``RegionDecompositionTests/randomRegions(_:_:)`` whose `in(…)` guards test any region's
    /// states, alone or with a guard name.
    static func randomCoupledRegions(_ index: Int, _ random: inout SplitMix64) -> String {
        let events = 2 + random.below(3)
        let stateCounts = (0..<(2 + random.below(2))).map { _ in 2 + random.below(3) }
        let name = { (region: Int, state: Int) in "r\(region)s\(state)" }
        var text = "machine Coupled\(index) {\n"
        for event in 0..<events { text += "    event e\(event)\n" }
        text += "    initial parallel state all {\n"
        for (region, states) in stateCounts.enumerated() {
            text += "        state r\(region) {\n"
            for state in 0..<states {
                var lines: [String] = []
                var unguarded = Set<String>()
                for _ in 0..<random.below(4) {
                    let trigger = random.below(4) == 0 ? "after \(1 + random.below(3))s" : "on e\(random.below(events))"
                    let other = random.below(stateCounts.count)
                    let atom = "\(random.below(2) == 0 ? "!" : "")in(\(name(other, random.below(stateCounts[other]))))"
                    let guardText =
                        switch random.below(5) {
                        case 0: " [g\(random.below(3))]"
                        case 1, 2: " [\(atom)]"
                        case 3: " [\(atom) && g\(random.below(3))]"
                        default: ""
                        }
                    let rest = random.below(5) == 0 ? " / act" : " -> \(name(region, random.below(states)))"
                    if unguarded.contains(trigger) { continue }
                    if guardText.isEmpty { unguarded.insert(trigger) }
                    lines.append("\(trigger)\(guardText)\(rest)")
                }
                let head = "            \(state == 0 ? "initial " : "")state \(name(region, state))"
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
