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

    /// What `fsmc export` writes, `fsmc import` reads back, through the command line: the
    /// example machines with calls and streams (`Profile`) and with child machines (`ReaderFlow`
    /// and its siblings); the imported specs check, and export the same document again but for
    /// the notes on what the export leaves out (state data, results, properties).
    @Test(arguments: [
        ["machines/Profile.fsm"],
        ["machines/Flows/ReaderFlow.fsm", "machines/Flows/OnboardingFlow.fsm", "machines/Flows/EditorFlow.fsm"],
    ])
    func theExportOfAnExampleMachineImportsAndChecks(_ specs: [String]) async throws {
        let root = ExampleMachines.packageRoot
        let name = URL(fileURLWithPath: specs[0]).deletingPathExtension().lastPathComponent
        let siblings = specs.dropFirst().flatMap { ["--sibling", root.appendingPathComponent($0).path] }
        let export = try await fsmc(["export", root.appendingPathComponent(specs[0]).path] + siblings, in: root)
        #expect(export.status == 0, "\(export.stderr)")
        try await CommandLineTests().withFiles(["\(name).scxml": export.stdout]) { directory in
            let run = try await fsmc(["import", "\(name).scxml", "--output", "\(name).fsm"], in: directory)
            #expect(run.stderr == "")
            #expect(run.status == 0)
            let written = specs.map { URL(fileURLWithPath: $0).lastPathComponent }
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)) == Set(written + ["\(name).scxml"]))
            let importedSiblings = written.dropFirst().flatMap { ["--sibling", $0] }
            let check = try await fsmc(["check", "\(name).fsm"] + importedSiblings, in: directory)
            #expect(check.stderr == "")
            #expect(check.status == 0)
            let again = try await fsmc(["export", "\(name).fsm"] + importedSiblings, in: directory)
            let notes = ["<!-- state data, not exported:", "<!-- results, not exported:", "<!-- fsmc: assert "]
            let expected = export.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { line in !notes.contains { line.contains($0) } }.joined(separator: "\n")
            #expect(again.stdout == expected)
        }
    }
}
