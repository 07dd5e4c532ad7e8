import FSMCompiler
import Foundation
import Testing
import TestSupport

/// A few thousand seeded mutations of every spec in the repository, each run through the
/// whole pipeline with the fuzz target's checks (``PipelineProperties``): no crash, each
/// input under a second of CPU time in a debug build, every diagnostic inside the file,
/// accepted input emits Swift. The seed is fixed, so a failure is the same on every run; the
/// coverage-guided fuzzer (`Fuzz/fuzz.sh`) explores further, outside the test suite.
///
/// Set `FSMC_MUTATION_TRACE=1` to print each mutant before it runs (to find the one that
/// crashes the process); a mutant that breaks a property is written to a file named in the
/// failure, which `Fuzz/fuzz.sh replay <file>` runs again.
@Suite(.offThePool) struct MutationTests {
    static let seed: UInt64 = 0x5EED_F5AC
    static let mutantCount = 3000

    /// What the mutants did.
    struct Summary: Sendable {
        var specCount = 0
        var accepted = 0
        var slowest: (seconds: Double, name: String) = (0, "")
        var failureCount = 0
        /// The first failures: which mutant, where it was saved, what it broke.
        var failures: [String] = []
    }

    @Test func mutantsOfEverySpecKeepThePipelineProperties() async throws {
        // Many seconds of work: on a thread of its own, so the tests that need a thread of
        // the cooperative pool (real timers) do not wait for it.
        let summary = try await onOwnThread { try Self.runMutants() }
        #expect(summary.specCount > 100, "the repository's specs were not found")
        for failure in summary.failures {
            Issue.record(Comment(rawValue: failure))
        }
        // The mutants reach the emitters too, not only the error paths.
        #expect(summary.accepted >= Self.mutantCount / 20, "only \(summary.accepted) of \(Self.mutantCount) mutants were accepted")
        #expect(
            summary.failureCount == 0,
            "\(summary.failureCount) mutants broke a property; the slowest took \(summary.slowest.seconds) s: \(summary.slowest.name)")
    }

    /// Makes every mutant and runs it through the pipeline.
    static func runMutants() throws -> Summary {
        let specs = try RepositorySpecs.relativePaths.map { ($0, try RepositorySpecs.bytes(of: $0)) }
        // Every other mutant starts from a valid spec, so that many reach the emitters.
        let validSpecs = specs.filter { !Compiler.compile(SourceText(bytes: $0.1)).hasErrors }
        var summary = Summary(specCount: specs.count)
        guard !validSpecs.isEmpty else { return summary }
        let trace = ProcessInfo.processInfo.environment["FSMC_MUTATION_TRACE"] == "1"
        var mutator = SpecMutator(seed: seed)
        for number in 0..<mutantCount {
            let fromValid = number.isMultiple(of: 2)
            let (path, original) = fromValid ? validSpecs[number / 2 % validSpecs.count] : specs[number / 2 % specs.count]
            var bytes = original
            let count = fromValid ? 1 : Int.random(in: 1...3, using: &mutator.generator)
            let kinds = (0..<count).map { _ in mutator.mutate(&bytes) }
            let name = "mutant \(number) of \(path) (\(kinds.joined(separator: ", ")))"
            if trace { print(name) }

            let outcome = PipelineProperties.check(bytes)
            if outcome.isAccepted { summary.accepted += 1 }
            if outcome.cpuSeconds > summary.slowest.seconds { summary.slowest = (outcome.cpuSeconds, name) }
            guard !outcome.violations.isEmpty else { continue }
            summary.failureCount += 1
            guard summary.failures.count < 10 else { continue }
            let file = try keep(bytes, number: number)
            summary.failures.append("\(name), saved as \(file.path):\n" + outcome.violations.joined(separator: "\n"))
        }
        return summary
    }

    @Test func theSameSeedGivesTheSameMutants() {
        let spec = Array("machine M {\n    event go\n    initial state a { on go -> b }\n    state b\n}\n".utf8)
        func mutants(_ seed: UInt64) -> [[UInt8]] {
            var mutator = SpecMutator(seed: seed)
            return (0..<50).map { _ in
                var bytes = spec
                _ = mutator.mutate(&bytes)
                return bytes
            }
        }
        #expect(mutants(1) == mutants(1))
        #expect(mutants(1) != mutants(2))
    }

    /// Writes a failing mutant where `Fuzz/fuzz.sh replay` can run it.
    private static func keep(_ bytes: [UInt8], number: Int) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-mutants")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("mutant-\(number).fsm")
        try Data(bytes).write(to: file)
        return file
    }
}
