import FSMCompiler
import FSMSpecGenerator
import Testing
import TestSupport

/// The property checker against ``NaiveChecker`` on random specs of the spec generator
/// (seeded, several profiles) with random properties over their states: the same verdicts,
/// counterexamples as short as the brute force's shortest, every one replayed to its
/// violation. The properties are either built here over a spec's model or written by the
/// generator as `assert` lines (``SpecProfile/properties``) and read by the compiler, whose
/// build then fails exactly when one does. A disagreement is shrunk with ``SpecMinimizer``
/// before it is reported.
@Suite(.offThePool) struct PropertyCheckerAgreementTests {
    static let cases: [(name: String, profile: SpecProfile)] = [
        ("soundness", .soundness),
        ("differential", .differential),
        ("deferral and invocations", {
            var profile = SpecProfile.soundness
            profile.deferral = true
            profile.invocations = true
            return profile
        }()),
        ("flat", {
            var profile = SpecProfile.differential
            profile.parallelStates = false
            profile.history = false
            return profile
        }()),
    ]
    static let specsPerCase = 30

    @Test(arguments: 0..<cases.count)
    func theCheckerAgreesWithTheNaiveOne(_ caseIndex: Int) async throws {
        try await onOwnThread {
            let (name, profile) = Self.cases[caseIndex]
            var generator = SpecGenerator(seed: 0x9E0F_0000 + UInt64(caseIndex), profile: profile, size: .small)
            var random = SplitMix64(seed: 0x9E0F + UInt64(caseIndex))
            var compared = 0
            var failures: [String] = []
            for index in 0..<Self.specsPerCase {
                let spec = generator.makeSpec(machineName: "Generated\(index)")
                guard let model = Self.model(of: spec.document.text) else { continue }
                let properties = (0..<4).map { Self.randomProperty(kind: $0, states: model.states.map(\.name), &random) }
                guard let disagreement = Self.disagreement(spec.document.text, properties) else {
                    compared += 1
                    continue
                }
                let smallest = SpecMinimizer.minimize(
                    spec.document, tries: 100, isCandidate: { Self.model(of: $0.text) != nil },
                    stillFails: { Self.disagreement($0.text, properties) != nil })
                failures.append("\(name) spec \(index): \(Self.disagreement(smallest.text, properties) ?? disagreement)\n\(smallest.text)")
                if failures.count >= 2 { break }
            }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
            // Most specs are small enough for the brute force: the comparison is not vacuous.
            #expect(compared >= Self.specsPerCase / 2, "\(name): only \(compared) specs compared")
        }
    }

    /// The same comparison on the generator's `assert` lines, compiled as a build compiles
    /// them: the properties are the ones the parser and resolver read, and the build fails
    /// exactly when one of them does.
    @Test(arguments: 0..<cases.count)
    func theCheckerAgreesWithTheNaiveOneOnAssertLines(_ caseIndex: Int) async throws {
        try await onOwnThread {
            var (name, profile) = Self.cases[caseIndex]
            profile.properties = 4
            var generator = SpecGenerator(seed: 0xA55E_0000 + UInt64(caseIndex), profile: profile, size: .small)
            var compared = 0
            var failures: [String] = []
            for index in 0..<Self.specsPerCase {
                let spec = generator.makeSpec(machineName: "Asserted\(index)")
                guard let machine = Self.machine(of: spec.text) else {
                    failures.append("\(name) spec \(index) is refused by the checks:\n\(spec.text)")
                    continue
                }
                #expect(machine.model.properties.count == 4)
                guard let disagreement = Self.disagreement(machine, buildFailure: spec.text) else {
                    compared += 1
                    continue
                }
                let smallest = SpecMinimizer.minimize(
                    spec.document, tries: 100, isCandidate: { Self.machine(of: $0.text) != nil },
                    stillFails: { Self.machine(of: $0.text).flatMap { Self.disagreement($0, buildFailure: nil) } != nil })
                let reported = Self.machine(of: smallest.text).flatMap { Self.disagreement($0, buildFailure: nil) }
                failures.append("\(name) spec \(index) (seed \(spec.seed)): \(reported ?? disagreement)\n\(smallest.text)")
                if failures.count >= 2 { break }
            }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
            #expect(compared >= Self.specsPerCase / 2, "\(name): only \(compared) specs compared")
        }
    }

    /// The machine of a spec with `assert` lines, its properties not checked (they may fail).
    static func machine(of text: String) -> ExecutableMachine? {
        let compilation = Compiler.compile(SourceText(text), propertyBounds: nil)
        guard !compilation.hasErrors else { return nil }
        return compilation.executable
    }

    static func model(of text: String) -> MachineModel? {
        let compilation = Compiler.compile(SourceText(text))
        guard !compilation.hasErrors, compilation.executable != nil else { return nil }
        return compilation.model
    }

    /// What the checker and the naive checker disagree on, if anything: `nil` too when the
    /// spec no longer has the properties' states or is too large for the naive checker.
    static func disagreement(_ text: String, _ properties: [String]) -> String? {
        guard var model = model(of: text),
            let parsed = try? properties.map({ try PropertyText.property($0, in: model) })
        else { return nil }
        model.properties = parsed
        guard let machine = try? Lowering.lower(model).get() else { return nil }
        return disagreement(machine, buildFailure: nil)
    }

    /// What the checker and the naive checker disagree on over the machine's properties, if
    /// anything (`nil` too when it is too large for the naive checker). With `buildFailure`,
    /// the spec's text: compiled as a build compiles it, it must fail exactly when a property
    /// does.
    static func disagreement(_ machine: ExecutableMachine, buildFailure text: String?) -> String? {
        var checked: PropertyReport?
        let disagreement = NaiveChecker.disagreement(of: machine) {
            let report = PropertyChecker.check(machine)
            checked = report
            return report
        }
        if let disagreement { return disagreement }
        if let text, let report = checked {
            let fails = report.results.contains { if case .fails = $0.verdict { true } else { false } }
            if Compiler.compile(SourceText(text)).hasErrors != fails {
                return fails ? "the build passes though a property fails" : "the build fails though every property holds"
            }
        }
        return nil
    }

    /// One property of each form in turn, over one to three random states.
    static func randomProperty(kind: Int, states: [String], _ random: inout SplitMix64) -> String {
        let condition = { (random: inout SplitMix64) -> String in
            var text = "in(\(states[random.below(states.count)]))"
            for _ in 0..<random.below(3) {
                let atom = (random.below(3) == 0 ? "!" : "") + "in(\(states[random.below(states.count)]))"
                text = random.below(2) == 0 ? "\(text) && \(atom)" : "(\(text)) || \(atom)"
            }
            return text
        }
        switch kind {
        case 0: return "never " + condition(&random)
        case 1: return "reachable " + condition(&random)
        case 2: return "always reachable " + condition(&random)
        default: return "\(condition(&random)) only after \(condition(&random))"
        }
    }
}
