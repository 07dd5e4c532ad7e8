import FSMCompiler
import FSMSpecGenerator
import Foundation
import Testing
import TestSupport

/// The generator's soundness (issue 13): every spec `fsmc check` accepts generates Swift that
/// compiles with `-warnings-as-errors` against FSMRuntime. Random specs of the soundness profile
/// (every construct, edge shapes, names near Swift keywords and generated names, every payload
/// shape) go through the compiler API `fsmc generate` uses, and the files are compiled in
/// batches, one `swiftc` for many machines. A failing spec is minimized and reported with its
/// seed, index and text.
///
/// `FSMC_SOUNDNESS_COUNT` sets how many specs (default 240, about two minutes on two cores);
/// `FSMC_SOUNDNESS_SEED` the seed; `FSMC_SOUNDNESS_FAILURES=<dir>` writes each failing spec there.
@Suite("Random valid specs generate Swift that compiles")
struct GeneratedSwiftSoundnessTests {
    static let environment = ProcessInfo.processInfo.environment
    static let count = Int(environment["FSMC_SOUNDNESS_COUNT"] ?? "") ?? 240
    static let seed = UInt64(environment["FSMC_SOUNDNESS_SEED"] ?? "") ?? 0x50DD_2026
    static let batchSize = 60

    /// The soundness profile: every construct, regions that are parallel states themselves and
    /// events several regions take where a region holds states with data included.
    static let profile = SpecProfile.soundness

    @Test func randomSpecsCompileWithWarningsAsErrors() async throws {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        let failures = try await onOwnThread { try Self.campaign(compiler) }
        #expect(failures.isEmpty, "\(failures.count) generated files did not compile:\n\n\(failures.joined(separator: "\n\n"))")
        // Language version 4 is in what it compiled.
        var generator = SpecGenerator(seed: Self.seed, profile: Self.profile, size: .medium)
        let documents = (0..<Self.count).map { generator.makeSpec(machineName: "Sound\($0)").document }
        let withUpdates = documents.count(where: \.hasUpdates)
        let withArguments = documents.count(where: \.hasCallsWithArguments)
        print("GeneratedSwiftSoundnessTests: of \(documents.count) specs, \(withUpdates) with updates, \(withArguments) with calls with arguments")
        #expect(withUpdates > 0 && withArguments > 0)
    }

    /// The recording support every machine has under `FSMC_RECORDING` compiles too: one batch
    /// of random specs and the campaign's findings, with the condition set.
    @Test func randomSpecsCompileWithRecording() async throws {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"), conditions: ["FSMC_RECORDING"])
        let failures = try await onOwnThread { try Self.campaign(compiler, count: Self.batchSize, seed: Self.seed &+ 25) }
        #expect(failures.isEmpty, "\(failures.count) generated files did not compile with FSMC_RECORDING:\n\n\(failures.joined(separator: "\n\n"))")
        let findings = try Self.regressions.map { text in
            let compilation = Compiler.compile(SourceText(text))
            let machine = try #require(compilation.executable, "\(compilation.diagnostics.map(\.message))")
            return (machine.model.name, SwiftEmitter.emit(machine, sourceFileName: machine.model.name + ".fsm"))
        }
        let result = try await onOwnThread { try compiler.typecheck(findings) }
        #expect(result.succeeded, "swiftc -D FSMC_RECORDING failed:\n\(result.output)")
    }

    /// What the campaign found, fixed in the compiler, kept: each spec generates Swift that
    /// compiles now (`fsmc check` refuses the others: corpus 170 to 173).
    static let regressions: [String] = [
        // `[!!x]` generated `!!actions.x()`, which Swift reads as an operator `!!`.
        """
        machine DoubleNegation {
            event go
            initial state a { on go [!!ready] -> b }
            state b { always [!(!ready && !(!done))] -> a }
        }
        """,
        // No events: `Event` has no cases, and every statement of `send(_:)`, `canHandle(_:)`,
        // … "will never be executed" (a SIL warning `-typecheck` does not show).
        """
        public machine NoEvents {
            output tick
            initial state a { after 1s -> b / emit tick }
            state b { always [ready] -> a }
        }
        """,
        // Every state final (issue 26): `nextState` had the machine level's transitions after
        // a `switch` over the states that returns in every case ("will never be executed").
        """
        machine FinalOnly {
            event event1
            initial final state pass { entry / raise event1 }
            final state fail
            on event1 -> fail
        }
        """,
        // The control language's edge shapes: every transition of a flat state guarded by
        // `false` (left out: no `if false`, no empty case); a parallel state of atomic regions
        // only (a struct without properties, coded and hashed as synthesized) with a deep
        // history; `reenter` and several targets into regions beside an atomic one.
        """
        machine NeverTaken {
            event e
            initial state a {
                on e [false] -> b
                after 1s [false] -> b
                always [false] -> b
            }
            state b { on e [ready && false] -> a }
        }
        """,
        """
        public machine AtomicRegions {
            event e
            event f
            initial state off { on e -> p.history }
            parallel state p {
                history deep
                state a { entry / enterA }
                state b
                on f -> off
                on e -> a / again
            }
        }
        """,
        """
        @MainActor machine Reentering {
            event e
            event f
            initial state off { on e -> b2, c2 / both }
            parallel state p {
                state a { on e reenter -> a / ra }
                state b {
                    initial state b1 { on f -> b2 }
                    state b2 { on e reenter -> b1 }
                }
                state c {
                    initial state c1 { on f -> c2 }
                    state c2
                    history -> c2 / cDefault
                }
                on f [in(b2)] -> off
            }
        }
        """,
        // A Foundation type only in state data: the file did not import Foundation.
        """
        machine DataOnly {
            event go
            initial state a { on go -> b(at: now, id: newID) }
            state b(at: Date, id: UUID) { on go -> a }
        }
        """,
    ]

    @Test func theCampaignsFindingsCompile() async throws {
        let build = try #require(BuildProducts.directory, "cannot locate the build products directory")
        let compiler = SwiftCompiler(modules: build.appendingPathComponent("Modules"))
        let files = try Self.regressions.map { text in
            let compilation = Compiler.compile(SourceText(text))
            let machine = try #require(compilation.executable, "\(compilation.diagnostics.map(\.message))")
            return (machine.model.name, SwiftEmitter.emit(machine, sourceFileName: machine.model.name + ".fsm"))
        }
        let result = try await onOwnThread { try compiler.typecheck(files) }
        #expect(result.succeeded, "swiftc failed:\n\(result.output)")
    }

    /// Generates, compiles in batches, confirms each file a batch's errors name on its own, and
    /// minimizes the first few.
    ///
    /// With `reportsRefusedSpecs`, a spec the checks refuse is a failure too (the generator's
    /// bug), reported with its diagnostics, for profiles the validity tests do not cover.
    static func campaign(
        _ compiler: SwiftCompiler, profile: SpecProfile = profile, size: SpecSize = .medium, count: Int = count,
        seed: UInt64 = seed, reportsRefusedSpecs: Bool = false
    ) throws -> [String] {
        var generator = SpecGenerator(seed: seed, profile: profile, size: size)
        var failures: [String] = []
        var start = 0
        while start < count {
            let specs = (start..<min(count, start + batchSize)).map { generator.makeSpec(machineName: "Sound\($0)") }
            start += batchSize
            let sources = specs.map { ($0, Self.swift(for: $0.document)) }
            if reportsRefusedSpecs {
                for (spec, swift) in sources where swift == nil {
                    let compilation = Compiler.compile(SourceText(spec.text))
                    let errors = compilation.diagnostics.filter { $0.severity == .error }
                        + (compilation.executable.map(SwiftBackEndLimits.refusals) ?? [])
                    let messages = errors.map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" }
                    failures.append(
                        "spec \(spec.index) of seed \(spec.seed) is refused by the checks (a generator bug):\n"
                            + messages.joined(separator: "\n") + "\n" + spec.text)
                }
            }
            let compilable = sources.compactMap { spec, swift in swift.map { (spec, $0) } }
            let batch = try compiler.typecheck(compilable.map { ($0.0.machineName, $0.1) })
            guard !batch.succeeded else { continue }
            let blamed = compilable.filter { batch.output.contains("/\($0.0.machineName).swift:") }
            if blamed.isEmpty {
                // An error no file is named in (a bad flag, a crash): report it as it is.
                failures.append("swiftc failed on the batch from spec \(start - batchSize):\n\(batch.output.prefix(4000))")
            }
            for (spec, swift) in blamed {
                let alone = try compiler.typecheck([(spec.machineName, swift)])
                guard !alone.succeeded else { continue }
                let minimized = failures.count < 3 ? try minimize(spec.document, compiler) : spec.document
                if let directory = environment["FSMC_SOUNDNESS_FAILURES"] {
                    try? Data(minimized.text.utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent("\(spec.machineName).fsm"))
                }
                let check = try compiler.typecheck([(minimized.name, Self.swift(for: minimized) ?? swift)])
                failures.append("""
                    spec \(spec.index) of seed \(spec.seed) (FSMC_SOUNDNESS_SEED=\(spec.seed)), minimized:
                    \(minimized.text)
                    swiftc:
                    \(check.output.split(separator: "\n").prefix(12).joined(separator: "\n"))
                    """)
            }
        }
        return failures
    }

    /// The Swift of a spec the checks and the back end's limits accept, as `fsmc generate`
    /// writes it; nil for one they do not (the generator's validity tests report those).
    static func swift(for document: SpecDocument) -> String? {
        let compilation = Compiler.compile(SourceText(document.text))
        guard !compilation.hasErrors, let machine = compilation.executable, SwiftBackEndLimits.refusals(machine).isEmpty else { return nil }
        return SwiftEmitter.emit(machine, sourceFileName: document.name + ".fsm")
    }

    static func minimize(_ document: SpecDocument, _ compiler: SwiftCompiler) throws -> SpecDocument {
        try SpecMinimizer.minimize(document, tries: 150, isCandidate: { swift(for: $0) != nil }) { candidate in
            try !compiler.typecheck([(candidate.name, swift(for: candidate)!)]).succeeded
        }
    }
}

/// `swiftc` over generated files in a scratch directory, Swift 6 mode, warnings as errors,
/// against the built FSMRuntime module. It runs the SIL diagnostic passes too (`-emit-sil`):
/// some warnings (code that never runs, variables never read) come only from them.
struct SwiftCompiler {
    let modules: URL
    /// Compile conditions set (`-D`), such as `FSMC_RECORDING`.
    var conditions: [String] = []

    func typecheck(_ files: [(name: String, swift: String)]) throws -> (succeeded: Bool, output: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-soundness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for file in files {
            let url = directory.appendingPathComponent(file.name + ".swift")
            try Data(file.swift.utf8).write(to: url)
            paths.append(url.path)
        }
        let result = try Subprocess.runBlocking(
            "swiftc",
            ["-emit-sil", "-wmo", "-o", "/dev/null", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library",
             "-module-name", "Soundness", "-package-name", "Soundness", "-I", modules.path]
                + conditions.flatMap { ["-D", $0] } + paths)
        return (result.status == 0, result.output)
    }
}
