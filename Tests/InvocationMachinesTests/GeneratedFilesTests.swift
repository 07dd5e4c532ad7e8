import FSMCompiler
import Foundation
import Testing

/// The machines of this target are the reviewed Swift fsmc generates for `Specs/`, compiled as
/// this target's sources: `fsmc check` and the build plugin refuse `invoke` until every back
/// end handles it (the diagrams, SCXML export and test paths do not yet), so the plugin cannot
/// generate them. Each file must equal what fsmc generates now; `FSMC_RECORD_REFERENCES=1`
/// writes them instead, for review with `git diff`.
@Suite struct GeneratedFilesTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageDirectory = directory.deletingLastPathComponent().deletingLastPathComponent()
    static let specs = ["Profile", "Sync"]

    @Test(arguments: specs) func theGeneratedFileIsWhatFsmcGenerates(_ name: String) throws {
        let spec = Self.directory.appendingPathComponent("Specs/\(name).fsm")
        let compilation = Compiler.compile(
            SourceText(bytes: Array(try Data(contentsOf: spec))), options: CompilerOptions(runsInvocations: true))
        #expect(compilation.diagnostics.filter { $0.severity != .note }.map(\.message) == [])
        let machine = try #require(compilation.executable)
        let relativePath = String(spec.standardizedFileURL.path.dropFirst(Self.packageDirectory.standardizedFileURL.path.count + 1))
        let generated = SwiftEmitter.emit(machine, sourceFileName: spec.lastPathComponent, specPath: relativePath)
        let file = Self.directory.appendingPathComponent("Generated/\(name).swift")
        if ProcessInfo.processInfo.environment["FSMC_RECORD_REFERENCES"] == "1" {
            try Data(generated.utf8).write(to: file)
            return
        }
        #expect(generated == (try String(contentsOf: file, encoding: .utf8)), "record with FSMC_RECORD_REFERENCES=1 and review the diff")
    }

    /// The model-based path tests of the specs, which this target runs against their machines:
    /// what `fsmc paths --format swift-testing` makes, invocations' outcomes as steps.
    @Test(arguments: specs) func thePathTestsAreWhatFsmcPlans(_ name: String) throws {
        let spec = Self.directory.appendingPathComponent("Specs/\(name).fsm")
        let compilation = Compiler.compile(
            SourceText(bytes: Array(try Data(contentsOf: spec))), options: CompilerOptions(runsInvocations: true))
        let machine = try #require(compilation.executable)
        let plan = PathPlanner.plan(machine)
        #expect(plan.uncoveredTransitions.isEmpty)
        #expect(plan.unreachableStates.isEmpty)
        let generated = PathsSwiftTestingEmitter.emit(
            plan, sourceFileName: spec.lastPathComponent, module: nil, specPath: "Tests/InvocationMachinesTests/Specs/\(name).fsm")
        let file = Self.directory.appendingPathComponent("Generated/\(name)Paths.swift")
        if ProcessInfo.processInfo.environment["FSMC_RECORD_REFERENCES"] == "1" {
            try Data(generated.utf8).write(to: file)
            return
        }
        #expect(generated == (try String(contentsOf: file, encoding: .utf8)), "record with FSMC_RECORD_REFERENCES=1 and review the diff")
    }
}
