import FSMCompiler
import FSMSpecGenerator
import Foundation
import Testing
import TestSupport

/// Language version 4 in random specs (issue 41): `update(field: value, …)` on transitions that
/// stay in the field's owner, and calls with arguments, in the profiles that write state data,
/// combined with every other construct those profiles write. Every spec passes `fsmc check`'s
/// pipeline and the Swift back end's limits (what `fsmc generate` checks), many have updates and calls with arguments, the chart is the one made without
/// them, and the minimizer can take them away.
@Suite("The spec generator writes updates and calls with arguments")
struct SpecGeneratorLanguage4Tests {
    static let seedsPerCase = Int(ProcessInfo.processInfo.environment["FSMC_GENERATOR_SEEDS"] ?? "") ?? 200

    static let cases: [(String, SpecProfile, SpecSize)] = [
        ("soundness small", .soundness, .small),
        ("soundness medium", .soundness, .medium),
        ("soundness large", .soundness, .large),
        ("soundness, invocations, deferral, observable, medium", {
            var profile = SpecProfile.soundness
            profile.invocations = true
            profile.deferral = true
            profile.observable = true
            return profile
        }(), .medium),
    ]

    /// What a case's specs hold: how many have an update, and how many a call with arguments.
    struct Counts {
        var specs = 0
        var withUpdates = 0
        var withArguments = 0
    }

    static func counts(of document: SpecDocument) -> (updates: Bool, arguments: Bool) {
        (document.hasUpdates, document.hasCallsWithArguments)
    }

    @Test(arguments: 0..<cases.count)
    func everySpecPassesCheckAndManyHaveUpdatesAndArguments(_ caseIndex: Int) async throws {
        try await onOwnThread {
            let (name, profile, size) = Self.cases[caseIndex]
            var generator = SpecGenerator(seed: 0x4_0000 + UInt64(caseIndex), profile: profile, size: size)
            var failures: [String] = []
            var counts = Counts()
            for index in 0..<Self.seedsPerCase {
                let spec = generator.makeSpec(machineName: "Updating\(index)")
                // What `fsmc generate` refuses too: the Swift back end's limits.
                let compilation = Compiler.compile(SourceText(spec.text))
                let errors = compilation.diagnostics.filter { $0.severity == .error }
                    + (compilation.executable.map(SwiftBackEndLimits.refusals) ?? [])
                if !errors.isEmpty && failures.count < 3 {
                    failures.append("spec \(index) of seed \(generator.seed):\n" + errors.map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" }.joined(separator: "\n") + "\n" + spec.text)
                }
                let (updates, arguments) = Self.counts(of: spec.document)
                counts.specs += 1
                if updates { counts.withUpdates += 1 }
                if arguments { counts.withArguments += 1 }
            }
            print("SpecGeneratorLanguage4Tests (\(name)): of \(counts.specs) specs, \(counts.withUpdates) with updates, \(counts.withArguments) with calls with arguments")
            #expect(failures.isEmpty, "\(name): \(failures.count)+ invalid specs\n\(failures.joined(separator: "\n\n"))")
            #expect(counts.withUpdates * 20 > counts.specs, "\(name): \(counts.withUpdates) of \(counts.specs) specs with updates")
            #expect(counts.withArguments * 5 > counts.specs, "\(name): \(counts.withArguments) of \(counts.specs) specs with calls with arguments")
        }
    }

    /// The knobs draw their numbers after the rest: with them off, a seed makes the same chart.
    @Test func theChartIsTheOneMadeWithoutThem() {
        var without = SpecProfile.soundness
        without.dataUpdates = false
        without.explicitArguments = false
        var on = SpecGenerator(seed: 41, profile: .soundness)
        var off = SpecGenerator(seed: 41, profile: without)
        var changed = 0
        for index in 0..<100 {
            let (one, other) = (on.makeSpec(machineName: "M\(index)"), off.makeSpec(machineName: "M\(index)"))
            #expect(one.states == other.states && one.events == other.events && one.guards == other.guards, "spec \(index)")
            #expect(!other.text.contains("update("))
            if one.text != other.text { changed += 1 }
        }
        #expect(changed > 20)
    }

    /// The minimizer keeps an update while it is what fails, and drops a call's arguments (at
    /// every use) or an update's field when they are not.
    @Test func theMinimizerDropsUpdatesAndArguments() throws {
        var generator = SpecGenerator(seed: 0x41, profile: .soundness, size: .medium)
        let valid = { (document: SpecDocument) in !Compiler.compile(SourceText(document.text)).hasErrors }
        var minimizedSome = 0
        for index in 0..<40 {
            let document = generator.makeSpec(machineName: "Shrunk\(index)").document
            guard Self.counts(of: document) == (true, true) else { continue }
            let updateKept = SpecMinimizer.minimize(document, tries: 400, isCandidate: valid) { $0.text.contains("update(") }
            #expect(updateKept.text.contains("update("))
            #expect(updateKept.text.count < document.text.count)
            let argumentKept = SpecMinimizer.minimize(document, tries: 400, isCandidate: valid) { Self.counts(of: $0).arguments }
            #expect(!argumentKept.text.contains("update("), "\(argumentKept.text)")
            for variant in document.callReductions() where valid(variant) {
                #expect(variant.text.count < document.text.count)
            }
            minimizedSome += 1
            if minimizedSome == 3 { break }
        }
        #expect(minimizedSome == 3)
    }
}

extension SpecDocument {
    /// Whether the spec writes `update(…)` (language version 4).
    var hasUpdates: Bool { text.contains("update(") }

    /// Whether the spec calls a guard, an action or a value function with arguments, `name(…)`.
    var hasCallsWithArguments: Bool {
        var found = false
        _ = mappingCalls { _, arguments in
            found = true
            return arguments
        }
        return found
    }
}
