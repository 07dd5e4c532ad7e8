import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `fsmc import` of a chart whose `<invoke>` holds a child machine's chart: the parent's spec
/// in `--output`, the child's beside it, all or nothing.
@Suite struct ImportChildMachineCommandTests {
    func fsmc(_ arguments: [String], in directory: URL) async throws -> ProcessRun {
        try await CommandLineTests().fsmc(arguments, in: directory)
    }

    /// DESIGN's pair exported with the child inline.
    static func chart() throws -> String {
        let signIn = try #require(Compiler.compile(SourceText(ChildMachineCommandTests.signIn)).model)
        let app = Compiler.compile(SourceText(ChildMachineCommandTests.app), machines: MachineCatalog(specs: [SourceText(ChildMachineCommandTests.signIn)]))
        return SCXMLEmitter.emit(try #require(app.model), children: ["SignIn": signIn])
    }

    @Test func theChildsSpecIsWrittenBesideTheParentsAndBothCheck() async throws {
        let chart = try Self.chart()
        let expected = SCXMLImport.run(SourceText(chart), fallbackName: "App", chartName: "App.scxml")
        try await CommandLineTests().withFiles(["App.scxml": chart]) { directory in
            let run = try await fsmc(["import", "App.scxml", "--output", "App.fsm"], in: directory)
            #expect(run.stderr == "")
            #expect(run.status == 0)
            #expect(try String(contentsOf: directory.appendingPathComponent("App.fsm"), encoding: .utf8) == expected.text)
            #expect(try String(contentsOf: directory.appendingPathComponent("SignIn.fsm"), encoding: .utf8) == expected.children.first?.text)
            let check = try await fsmc(["check", "App.fsm", "--sibling", "SignIn.fsm"], in: directory)
            #expect(check.stderr == "")
            #expect(check.status == 0)
        }
    }

    @Test func withoutOutputOrWhereItCannotWriteNothingIsWritten() async throws {
        try await CommandLineTests().withFiles(["App.scxml": try Self.chart()]) { directory in
            let run = try await fsmc(["import", "App.scxml"], in: directory)
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr == "fsmc import: error: the chart invokes child machines (SignIn), each a spec of its own: name --output, and they are written beside it\n")
            let missing = try await fsmc(["import", "App.scxml", "--output", "missing/App.fsm"], in: directory)
            #expect(missing.status == 1)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("missing").path))
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(files == ["App.scxml"])
        }
    }
}
