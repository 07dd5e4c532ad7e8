import FSMCompiler
import Foundation
import Testing

/// The model-based path tests of `Specs/` that this target runs are what fsmc plans today. (The
/// machines' Swift is the plugin's; ReferenceTests holds it to its reviewed reference files.)
@Suite struct GeneratedFilesTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let specs = ["Profile", "Sync"]

    /// The model-based path tests of the specs, which this target runs against their machines:
    /// what `fsmc paths --format swift-testing` makes, invocations' outcomes as steps.
    @Test(arguments: specs) func thePathTestsAreWhatFsmcPlans(_ name: String) throws {
        let spec = Self.directory.appendingPathComponent("Specs/\(name).fsm")
        let compilation = Compiler.compile(
            SourceText(bytes: Array(try Data(contentsOf: spec))))
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
