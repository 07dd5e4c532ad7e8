import FSMCompiler
import FSMSpecGenerator
import Foundation
import Testing
import TestSupport

/// Language version 4 at run time, on random specs: specs of the soundness profile with
/// `update(…)` and calls with arguments among timers, history, deferral, invocations and
/// nested states, their machine's Swift and their test paths' tests exactly as `fsmc generate`
/// and `fsmc paths --format swift-testing` write them, compiled with `-warnings-as-errors` into
/// one program whose entry point is Swift Testing's, and run. Every path must pass on the
/// generated machine: after each step the configuration and the states entered are the
/// interpreter's (the planner walks the executable machine), so an update that re-entered its
/// state, restarted a timer or an invocation, or left the wrong configuration fails.
///
/// Specs whose paths need a sample value fsmc has none of are counted, not run. So are those
/// whose machine compiles but whose paths' tests do not, or give an invocation a sample of
/// another type (the soundness profile's `URL` without Foundation imported, `Result`, `Duration`
/// in a tuple, `Substring` results): a limit of the paths' writer this campaign is not about,
/// counted and shown. A failing spec (its machine's Swift does not compile, or a path fails)
/// is reported with its seed, index and text. `FSMC_UPDATE_PATHS_COUNT` sets how many specs are
/// drawn (default 60), `FSMC_UPDATE_PATHS_SEED` the seed.
@Suite struct UpdatePathSwiftTests {
    static let environment = ProcessInfo.processInfo.environment
    static let count = Int(environment["FSMC_UPDATE_PATHS_COUNT"] ?? "") ?? 60
    static let seed = UInt64(environment["FSMC_UPDATE_PATHS_SEED"] ?? "") ?? 0xDA7A_2026

    static let profile: SpecProfile = {
        var profile = SpecProfile.soundness
        profile.deferral = true
        profile.invocations = true
        return profile
    }()

    /// One spec's files: its machine's Swift and its paths' tests.
    struct Case {
        var spec: GeneratedSpec
        var files: [(name: String, swift: String)]
        var tests: Int
    }

    @Test func pathsOfRandomSpecsWithUpdatesPassOnTheGeneratedMachines() async throws {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        var generator = SpecGenerator(seed: Self.seed, profile: Self.profile, size: .small)
        var cases: [Case] = []
        var shortOfSamples = 0
        for index in 0..<Self.count {
            let spec = generator.makeSpec(machineName: "Updating\(index)")
            guard spec.document.hasUpdates else { continue }
            let compilation = Compiler.compile(SourceText(spec.text), propertyBounds: nil)
            let machine = try #require(compilation.executable, "spec \(index) of seed \(spec.seed) is refused by the checks:\n\(spec.text)")
            guard SwiftBackEndLimits.refusals(machine).isEmpty, PathPlanner.refusals(machine.model).isEmpty,
                  PathsSwiftTestingEmitter.refusals(machine.model, children: [:]).isEmpty
            else { continue }
            let plan = PathPlanner.plan(machine)
            if plan.isShortOfSamples {
                shortOfSamples += 1
                continue
            }
            let name = machine.model.name
            let files = [
                (name: name, swift: SwiftEmitter.emit(machine, sourceFileName: name + ".fsm")),
                (name: name + "Paths", swift: PathsSwiftTestingEmitter.emit(plan, sourceFileName: name + ".fsm", module: nil)),
            ]
            cases.append(Case(spec: spec, files: files, tests: plan.reachPaths.count + plan.coveragePaths.count))
        }
        let ran = cases
        let outcome = try await onOwnThread { try Self.outcome(of: ran, compiler) }
        print("""
            UpdatePathSwiftTests: of \(cases.count) specs with updates, \(outcome.passed) passed their paths (\(outcome.tests) tests) \
            on the generated machines; \(shortOfSamples) short of samples, \(outcome.pathsWriterLimits.count) beyond the paths' writer\
            \(outcome.pathsWriterLimits.isEmpty ? "" : ":\n  " + outcome.pathsWriterLimits.joined(separator: "\n  "))
            """)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
        #expect(outcome.passed >= 3, "too few specs with updates passed their paths")
    }

    /// What the run found.
    struct Outcome {
        var passed = 0
        var tests = 0
        /// Specs whose paths' tests the paths' writer cannot make run: the first error of each.
        var pathsWriterLimits: [String] = []
        var failures: [String] = []
    }

    /// Runs the batch; when it fails, each spec alone, to tell its failures from the paths'
    /// writer's limits.
    static func outcome(of cases: [Case], _ compiler: SwiftCompiler) throws -> Outcome {
        let main = CounterexampleSwiftTests.main
        var outcome = Outcome()
        let expected = cases.map(\.tests).reduce(0, +)
        let batch = try compiler.run(cases.flatMap(\.files) + [("main", main)], moduleName: "UpdatePaths")
        if batch.succeeded, CounterexampleSwiftTests.testsRun(in: batch.output) == expected {
            return Outcome(passed: cases.count, tests: expected)
        }
        for testCase in cases {
            let alone = try compiler.run(testCase.files + [("main", main)], moduleName: "UpdatePaths")
            if alone.succeeded, CounterexampleSwiftTests.testsRun(in: alone.output) == testCase.tests {
                outcome.passed += 1
                outcome.tests += testCase.tests
                continue
            }
            let output = alone.compiled ? alone.output : alone.compilerOutput
            let errors = output.split(separator: "\n").filter { $0.contains("error:") || $0.contains("Fatal error") }
            let pathsFile = testCase.spec.machineName + "Paths.swift"
            let isPathsWriterLimit = alone.compiled
                ? errors.contains { $0.contains("ManualInvocationDriver") && $0.contains("delivers") }
                : !errors.isEmpty && errors.allSatisfy { $0.contains(pathsFile) || !$0.contains(".swift:") }
            if isPathsWriterLimit {
                outcome.pathsWriterLimits.append("spec \(testCase.spec.index): \(errors.first.map { String($0.split(separator: "/").last ?? $0) } ?? "")")
                continue
            }
            outcome.failures.append("""
                spec \(testCase.spec.index) of seed \(testCase.spec.seed):
                \(testCase.spec.text)
                \(alone.compiled ? "the tests" : "swiftc"):
                \(output.split(separator: "\n").filter { !$0.contains(" passed ") && !$0.contains(" started.") }.prefix(20).joined(separator: "\n"))
                """)
        }
        return outcome
    }
}
