import FSMCompiler
import FSMSpecGenerator
import Testing
import TestSupport

/// The property checker against ``NaiveChecker`` on random specs of the spec generator
/// (seeded, several profiles) with random properties over their states: the same verdicts,
/// counterexamples as short as the brute force's shortest, every one replayed to its
/// violation. A disagreement is shrunk with ``SpecMinimizer`` before it is reported.
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
        var naive = NaiveChecker(machine: machine)
        guard let expected = naive.lengths(of: parsed) else { return nil }
        let report = PropertyChecker.check(machine)
        for (result, length) in zip(report.results, expected) {
            let found: Int?
            switch result.verdict {
            case .holds: found = nil
            case .fails(nil): found = 0
            case .fails(let counterexample?):
                guard PropertyChecker.replay(counterexample, of: result.property, in: machine) else {
                    return "'\(result.property.text)': the counterexample does not replay"
                }
                found = counterexample.steps.count
            case .inconclusive:
                // The naive checker completed, so the checker's caps were not reached.
                return "'\(result.property.text)' inconclusive"
            }
            if found != length {
                return "'\(result.property.text)': checker \(found.map(String.init) ?? "holds"), naive \(length.map(String.init) ?? "holds")"
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
