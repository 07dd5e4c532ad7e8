import FSMCompiler
import FSMSpecGenerator
import Foundation
import Testing
import TestSupport

/// Deferred events (language version 3) in the soundness campaign: random specs of the
/// soundness profile with `defer` in some states. A spec the checks refuse is the generator's
/// bug and fails the test with its diagnostics; one whose Swift does not compile with
/// `-warnings-as-errors` is minimized and reported as the other campaigns'.
///
/// `FSMC_DEFERRAL_SOUNDNESS_COUNT` sets how many specs (default 80); `FSMC_SOUNDNESS_SEED` the
/// seed, as for ``randomSpecsCompileWithWarningsAsErrors()``.
extension GeneratedSwiftSoundnessTests {
    static let deferralCount = Int(environment["FSMC_DEFERRAL_SOUNDNESS_COUNT"] ?? "") ?? 80

    static var deferralProfile: SpecProfile {
        var profile = SpecProfile.soundness
        profile.deferral = true
        // With invocations and `@Observable`: their drains and step ends release kept events too.
        profile.invocations = true
        profile.observable = true
        return profile
    }

    @Test func randomSpecsWithDeferralsCompileWithWarningsAsErrors() async throws {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        let failures = try await onOwnThread {
            try Self.campaign(compiler, profile: Self.deferralProfile, size: .medium, count: Self.deferralCount, reportsRefusedSpecs: true)
        }
        #expect(failures.isEmpty, "\(failures.count) generated specs with defer failed:\n\n\(failures.joined(separator: "\n\n"))")
    }
}

/// fsmc's interpreter runs random specs with `defer` without trapping, and keeps DESIGN's
/// guarantee after every stimulus: every event it keeps is deferred by an active state (else
/// it would have been released), and a finished machine keeps none.
@Suite("The interpreter runs random specs with deferred events")
struct DeferralInterpreterRunTests {
    @Test func randomSpecsWithDeferralsRun() async throws {
        try await onOwnThread {
            var generator = SpecGenerator(
                seed: GeneratedSwiftSoundnessTests.seed, profile: GeneratedSwiftSoundnessTests.deferralProfile, size: .medium)
            var random = SplitMix64(seed: GeneratedSwiftSoundnessTests.seed)
            var problems: [String] = []
            var keptSome = 0
            for index in 0..<GeneratedSwiftSoundnessTests.deferralCount {
                let spec = generator.makeSpec(machineName: "Run\(index)")
                guard let machine = Compiler.compile(SourceText(spec.text)).executable, !machine.model.events.isEmpty else { continue }
                let guardNames = machine.model.guards.map(\.name)
                func answers() -> Set<String> { Set(guardNames.filter { _ in random.next() % 2 == 0 }) }
                var interpreter = MachineInterpreter(machine: machine)
                _ = interpreter.start(answers: answers())
                for _ in 0..<40 where !interpreter.diverged {
                    if random.chance(20), let next = interpreter.runningTimers.map(\.deadline).min() {
                        _ = interpreter.advance(to: next, answers: answers())
                    } else {
                        _ = interpreter.send(EventID(random.below(machine.model.events.count)), answers: answers())
                    }
                    if !interpreter.keptEvents.isEmpty { keptSome += 1 }
                    let released = interpreter.keptEvents.filter {
                        !interpreter.diverged && (interpreter.isFinished || !machine.defers($0, in: interpreter.configuration))
                    }
                    if let event = released.first {
                        problems.append("spec \(index): '\(machine.model[event].name)' is kept, yet no active state defers it\n\(spec.text)")
                        break
                    }
                }
                if problems.count >= 2 { break }
            }
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
            #expect(keptSome > 50, "steps that ended with kept events: \(keptSome)")
        }
    }
}
