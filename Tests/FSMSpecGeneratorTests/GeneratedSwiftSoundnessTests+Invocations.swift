import FSMCompiler
import FSMSpecGenerator
import Foundation
import Testing
import TestSupport

/// Invocations (language version 3, behind the preview gate) in the soundness campaign: random
/// specs of the soundness profile with calls and streams in some states and `done`, `error` and
/// `on` transitions on them, compiled with `CompilerOptions(runsInvocations: true)`. A spec the
/// checks refuse is the generator's bug and fails the test with its diagnostics; one whose Swift
/// does not compile with `-warnings-as-errors` is minimized and reported as the other campaign's.
///
/// `FSMC_INVOCATION_SOUNDNESS_COUNT` sets how many specs (default 120); `FSMC_SOUNDNESS_SEED`
/// the seed, as for ``randomSpecsCompileWithWarningsAsErrors()``.
extension GeneratedSwiftSoundnessTests {
    static let invocationCount = Int(environment["FSMC_INVOCATION_SOUNDNESS_COUNT"] ?? "") ?? 120

    static var invocationProfile: SpecProfile {
        var profile = SpecProfile.soundness
        profile.invocations = true
        return profile
    }

    static let invocationOptions = CompilerOptions(runsInvocations: true)

    @Test func randomSpecsWithInvocationsCompileWithWarningsAsErrors() async throws {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        let failures = try await onOwnThread {
            try Self.campaign(
                compiler, profile: Self.invocationProfile, count: Self.invocationCount,
                options: Self.invocationOptions, reportsRefusedSpecs: true)
        }
        #expect(failures.isEmpty, "\(failures.count) generated specs with invocations failed:\n\n\(failures.joined(separator: "\n\n"))")
    }

    /// What the invocation campaigns found, fixed, kept: each spec generates Swift that compiles.
    static let invocationRegressions: [String] = []

    @Test func theInvocationCampaignsFindingsCompile() async throws {
        guard !Self.invocationRegressions.isEmpty else { return }
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        let files = try Self.invocationRegressions.map { text in
            let compilation = Compiler.compile(SourceText(text), options: Self.invocationOptions)
            let machine = try #require(compilation.executable, "\(compilation.diagnostics.map(\.message))")
            return (machine.model.name, SwiftEmitter.emit(machine, sourceFileName: machine.model.name + ".fsm"))
        }
        let result = try await onOwnThread { try compiler.typecheck(files) }
        #expect(result.succeeded, "swiftc failed:\n\(result.output)")
    }
}
