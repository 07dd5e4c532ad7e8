import FSMCompiler
import FSMSpecGenerator
import Foundation
import Testing
import TestSupport

/// Every spec the generator makes passes `fsmc check` without errors, in both profiles and at
/// every size: a generator that wrote invalid specs would test fsmc's diagnostics, not its code.
@Suite("The spec generator writes valid specs")
struct SpecGeneratorValidityTests {
    static let seedsPerCase = Int(ProcessInfo.processInfo.environment["FSMC_GENERATOR_SEEDS"] ?? "") ?? 1000

    static let cases: [(String, SpecProfile, SpecSize)] = [
        ("soundness small", .soundness, .small), ("soundness medium", .soundness, .medium),
        ("differential small", .differential, .small), ("differential large", .differential, .large),
        ("differential, whole control language, medium", SpecProfile.differential.exportsWholeControlLanguage, .medium),
        ("soundness with invocations, medium", withInvocations(.soundness), .medium),
    ]

    static func withInvocations(_ profile: SpecProfile) -> SpecProfile {
        var profile = profile
        profile.invocations = true
        return profile
    }

    @Test(arguments: 0..<cases.count)
    func everySpecPassesCheck(_ caseIndex: Int) async throws {
        // Seconds of CPU: on a thread of its own, so that it holds none of the cooperative
        // pool's, which the real-time timer tests of other targets need (see onOwnThread).
        try await onOwnThread {
            let (name, profile, size) = Self.cases[caseIndex]
            var generator = SpecGenerator(seed: 0x5EED_0000 + UInt64(caseIndex), profile: profile, size: size)
            var failures: [String] = []
            for index in 0..<Self.seedsPerCase {
                let spec = generator.makeSpec(machineName: "Generated\(index)")
                // Invocations are checked behind the preview gate.
                let compilation = Compiler.compile(SourceText(spec.text))
                let errors = compilation.diagnostics.filter { $0.severity == .error }
                if !errors.isEmpty && failures.count < 3 {
                    failures.append("spec \(index) of seed \(generator.seed):\n" + errors.map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" }.joined(separator: "\n") + "\n" + numbered(spec.text))
                }
            }
            #expect(failures.isEmpty, "\(name): \(failures.count)+ invalid specs\n\(failures.joined(separator: "\n\n"))")
        }
    }

    private func numbered(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { "\($0.offset + 1)\t\($0.element)" }.joined(separator: "\n")
    }
}
