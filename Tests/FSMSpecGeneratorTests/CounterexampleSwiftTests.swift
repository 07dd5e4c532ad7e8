import FSMCompiler
import FSMSpecGenerator
import Foundation
import Testing
import TestSupport

/// Issue 24's replays in the generated Swift: random specs whose `assert` lines the spec
/// generator writes (``SpecProfile/properties``), and whose properties fail, get their machine's
/// Swift and their counterexamples exactly as `fsmc generate` and `fsmc verify --format
/// swift-testing` write them (``CounterexamplePaths``, ``PathsSwiftTestingEmitter``). Those
/// files, for many machines at once, are compiled with FSMRuntime into one program whose
/// entry point is Swift Testing's own, and every test must pass: each drives its generated
/// machine through its counterexample with scripted guard answers and checks the violation.
/// Each counterexample is held to ``NaiveChecker`` first (as short as its shortest, replayed to
/// its violation in the interpreter).
///
/// Counterexamples the export refuses are counted and reported (``Outcome/refusals``), never
/// skipped in silence; the test fails when none ran. A failing spec is minimized and reported
/// with its seed, index and text. `FSMC_COUNTEREXAMPLE_SWIFT_COUNT` sets how many specs per
/// profile (default 16), `FSMC_COUNTEREXAMPLE_SWIFT_SEED` the seed.
@Suite("Random counterexamples replay on the generated Swift")
struct CounterexampleSwiftTests {
    static let environment = ProcessInfo.processInfo.environment
    static let count = Int(environment["FSMC_COUNTEREXAMPLE_SWIFT_COUNT"] ?? "") ?? 16
    static let seed = UInt64(environment["FSMC_COUNTEREXAMPLE_SWIFT_SEED"] ?? "") ?? 0xC0DE_2024

    /// The differential profile (guards are names and `in(…)`) and the soundness one with
    /// deferral and invocations (payloads, state data, value functions, timers with delay
    /// functions: what the export needs samples for), each writing four properties per spec.
    static let profiles: [(name: String, profile: SpecProfile)] = [
        ("differential", {
            var profile = SpecProfile.differential
            profile.properties = 4
            return profile
        }()),
        ("soundness, deferral and invocations", {
            var profile = SpecProfile.soundness
            profile.deferral = true
            profile.invocations = true
            profile.properties = 4
            return profile
        }()),
    ]

    /// Swift Testing's entry point, as `swift test` calls it: it runs every test the program
    /// holds and exits non-zero when one fails.
    static let main = """
        import Foundation
        import Testing

        exit(await Testing.__swiftPMEntryPoint(passing: nil))

        """

    @Test(arguments: 0..<profiles.count)
    func counterexamplesOfRandomSpecsPassOnTheGeneratedMachines(_ profileIndex: Int) async throws {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        let (name, profile) = Self.profiles[profileIndex]
        let outcome = try await onOwnThread {
            try Self.campaign(compiler, profile: profile, seed: Self.seed + UInt64(profileIndex))
        }
        // What the export refused is part of the result: reported with every run.
        print("""
            CounterexampleSwiftTests (\(name)): \(outcome.ran) counterexamples of \(outcome.specs) specs passed on the \
            generated Swift; \(outcome.refusals.count) refused by the export\
            \(outcome.refusals.isEmpty ? "" : ":\n  " + outcome.refusals.joined(separator: "\n  "))
            """)
        #expect(outcome.failures.isEmpty, "\(name):\n\n\(outcome.failures.joined(separator: "\n\n"))")
        #expect(outcome.ran > 0, "\(name): no counterexample ran on the generated Swift")
        // Language version 4 where the profile writes it: some specs that ran update data or
        // call with arguments.
        print("CounterexampleSwiftTests (\(name)): of \(outcome.specs) specs run, \(outcome.withUpdates) with updates, \(outcome.withArguments) with calls with arguments")
        if profile.dataUpdates { #expect(outcome.withUpdates > 0, "\(name): no spec with updates ran") }
        if profile.explicitArguments { #expect(outcome.withArguments > 0, "\(name): no spec with calls with arguments ran") }
    }

    /// What a campaign found.
    struct Outcome {
        /// Specs with a counterexample the export writes.
        var specs = 0
        /// Counterexample tests that ran on the generated machines and passed.
        var ran = 0
        /// Of ``specs``, those with `update(…)` and those with calls with arguments.
        var withUpdates = 0
        var withArguments = 0
        /// Each refused counterexample: its spec and the export's error.
        var refusals: [String] = []
        var failures: [String] = []
    }

    /// One spec's files: its machine's Swift and its counterexample tests, as fsmc writes them.
    struct Case {
        var spec: GeneratedSpec
        var document: SpecDocument
        var files: [(name: String, swift: String)]
        var tests: Int
    }

    static func campaign(_ compiler: SwiftCompiler, profile: SpecProfile, seed: UInt64) throws -> Outcome {
        var generator = SpecGenerator(seed: seed, profile: profile, size: .small)
        var outcome = Outcome()
        var cases: [Case] = []
        for index in 0..<count {
            let spec = generator.makeSpec(machineName: "Asserted\(index)")
            let label = "spec \(index) of seed \(seed)"
            guard let machine = machine(of: spec.text) else {
                outcome.failures.append("\(label) is refused by the checks (a generator bug):\n\(spec.text)")
                continue
            }
            let report = PropertyChecker.check(machine)
            if let disagreement = NaiveChecker.disagreement(of: machine, report: { report }) {
                outcome.failures.append("\(label): \(disagreement)\n\(spec.text)")
                continue
            }
            let exported = export(spec.document, machine: machine, report: report)
            outcome.refusals += exported.refusals.map { "\(label): \($0)" }
            if exported.tests > 0 {
                cases.append(Case(spec: spec, document: spec.document, files: exported.files, tests: exported.tests))
            }
        }
        outcome.specs = cases.count
        outcome.withUpdates = cases.count(where: { $0.document.hasUpdates })
        outcome.withArguments = cases.count(where: { $0.document.hasCallsWithArguments })
        guard !cases.isEmpty else { return outcome }
        let run = try compiler.run(cases.flatMap(\.files) + [("main", main)], moduleName: "Counterexamples")
        let expected = cases.map(\.tests).reduce(0, +)
        if run.succeeded, testsRun(in: run.output) == expected {
            outcome.ran = expected
            return outcome
        }
        // Find the specs at fault on their own, and minimize the first.
        for testCase in cases {
            let alone = try compiler.run(testCase.files + [("main", main)], moduleName: "Counterexamples")
            if alone.succeeded, testsRun(in: alone.output) == testCase.tests {
                outcome.ran += testCase.tests
                continue
            }
            let minimized = outcome.failures.isEmpty ? try minimize(testCase.document, compiler) : testCase.document
            var shown = alone
            if minimized != testCase.document, let run = try runAlone(minimized, compiler) { shown = run }
            let output = shown.compiled ? shown.output : shown.compilerOutput
            outcome.failures.append("""
                spec \(testCase.spec.index) of generator seed \(testCase.spec.seed), minimized:
                \(minimized.text)
                \(shown.compiled ? "the tests" : "swiftc"):
                \(output.split(separator: "\n").filter { !$0.contains(" passed ") && !$0.contains(" started.") }.prefix(20).joined(separator: "\n"))
                """)
        }
        if outcome.failures.isEmpty {
            // Every spec passes alone: what failed is the batch itself (a flag, a clash).
            outcome.failures.append("the batch failed though every spec passes alone:\n\((run.compiled ? run.output : run.compilerOutput).prefix(4000))")
        }
        return outcome
    }

    /// The machine of a spec, its properties read but not checked (they may fail: the build
    /// would stop), as `fsmc verify` compiles it.
    static func machine(of text: String) -> ExecutableMachine? {
        let compilation = Compiler.compile(SourceText(text), propertyBounds: nil)
        guard !compilation.hasErrors else { return nil }
        return compilation.executable
    }

    /// The machine's Swift (`fsmc generate`) and its counterexamples' tests (`fsmc verify
    /// --format swift-testing`), with how many tests they hold and the export's refusals.
    static func export(
        _ document: SpecDocument, machine: ExecutableMachine, report: PropertyReport
    ) -> (files: [(name: String, swift: String)], tests: Int, refusals: [String]) {
        let refused = CounterexamplePaths.refusals(machine.model)
        guard refused.isEmpty else { return ([], 0, refused.map(\.located)) }
        let counterexamples = CounterexamplePaths(report, of: machine)
        let fileName = document.name + ".fsm"
        let files = [
            (name: document.name, swift: SwiftEmitter.emit(machine, sourceFileName: fileName)),
            (name: document.name + "Counterexamples",
             swift: PathsSwiftTestingEmitter.emit(counterexamples, sourceFileName: fileName, module: nil, specPath: fileName)),
        ]
        return (files, counterexamples.paths.count, counterexamples.refusals.map(\.located))
    }

    /// How many tests Swift Testing says it ran ("Test run with 12 tests in 3 suites …").
    static func testsRun(in output: String) -> Int? {
        guard let range = output.range(of: "Test run with ") else { return nil }
        return Int(output[range.upperBound...].prefix { $0.isNumber })
    }

    static func runAlone(_ document: SpecDocument, _ compiler: SwiftCompiler) throws -> SwiftCompiler.ProgramRun? {
        guard let machine = machine(of: document.text) else { return nil }
        let exported = export(document, machine: machine, report: PropertyChecker.check(machine))
        guard exported.tests > 0 else { return nil }
        return try compiler.run(exported.files + [("main", main)], moduleName: "Counterexamples")
    }

    /// The smallest spec found whose counterexample tests still fail on the generated machine.
    static func minimize(_ document: SpecDocument, _ compiler: SwiftCompiler) throws -> SpecDocument {
        try SpecMinimizer.minimize(document, tries: 25) { candidate in
            guard let machine = machine(of: candidate.text) else { return false }
            return export(candidate, machine: machine, report: PropertyChecker.check(machine)).tests > 0
        } stillFails: { candidate in
            guard let run = try runAlone(candidate, compiler) else { return false }
            return !run.succeeded
        }
    }
}

extension Diagnostic {
    /// `line:column: message`, for a report.
    fileprivate var located: String {
        "\(range.start.line):\(range.start.column): \(message)"
    }
}
