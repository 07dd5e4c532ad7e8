import FSMCompiler
import Foundation
import Testing
import TestSupport

/// The same spec gives byte-identical output every time: `fsmc` runs twice, in two
/// processes (so with two different hash seeds: a `Dictionary` or `Set` iterated into the
/// output would show), on every spec in the repository, for every output it makes.
@Suite struct DeterminismTests {
    /// What `fsmc` makes of a valid spec, as the arguments that write it to `output`.
    static let outputs: [(name: String, arguments: @Sendable (_ spec: String, _ output: String) -> [String])] = [
        ("Swift", { ["generate", $0, "--output-file", $1] }),
        ("DOT", { ["graph", $0, "--format", "dot", "--output", $1] }),
        ("Mermaid", { ["graph", $0, "--format", "mermaid", "--output", $1] }),
        ("PlantUML", { ["graph", $0, "--format", "plantuml", "--output", $1] }),
        ("paths as text", { ["paths", $0, "--format", "text"] + moneySample + ["--output", $1] }),
        ("paths as JSON", { ["paths", $0, "--format", "json"] + moneySample + ["--output", $1] }),
        ("paths for Swift Testing", { ["paths", $0, "--format", "swift-testing", "--module", "Machines"] + moneySample + ["--output", $1] }),
    ]

    /// Samples of the payload types fsmc has none of, without which `paths` exits with 1:
    /// `Tests/MachinesTests/Specs/Uploader.fsm`'s own `Money`, and the type the broken
    /// consumer's `Typos/Player.fsm` misspells on purpose.
    static let moneySample = ["--sample", "Money=Money(cents: 100)", "--sample", "Doubel=0"]

    @Test(arguments: RepositorySpecs.relativePaths)
    func twoRunsGiveTheSameBytes(_ spec: String) async throws {
        let cli = CommandLineTests()
        let root = ExampleMachines.packageRoot
        // `cli.fsmc` suspends while the process runs, so that over a hundred specs do not hold
        // the cooperative pool's threads, which the tests of real timers need.
        func fsmc(_ arguments: [String]) async throws -> ProcessRun {
            try await cli.fsmc(arguments, in: root)
        }
        // The diagnostics, for every spec, broken or not.
        let checks = [try await fsmc(["check", spec]), try await fsmc(["check", spec])]
        #expect(checks[0].status == checks[1].status)
        #expect(checks[0].stderr == checks[1].stderr)
        #expect(checks[0].stdout == checks[1].stdout)
        guard !Compiler.compile(SourceText(bytes: try RepositorySpecs.bytes(of: spec))).hasErrors else { return }

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-determinism-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, arguments) in Self.outputs {
            var files: [Data] = []
            for run in 0..<2 {
                let file = folder.appendingPathComponent("\(name)-\(run)")
                let result = try await fsmc(arguments(spec, file.path))
                #expect(result.status == 0, "\(name): \(result.stderr)")
                files.append(try Data(contentsOf: file))
            }
            #expect(!files[0].isEmpty, "\(name) of \(spec) is empty")
            #expect(files[0] == files[1], "\(name) of \(spec) differs between two runs")
        }
    }
}
