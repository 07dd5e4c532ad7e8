import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `fsmc format`, run as a subprocess: rewriting in place, `--check`, folders, and specs it
/// refuses.
@Suite struct FormatCommandTests {
    func fsmc(_ arguments: [String], in directory: URL) async throws -> ProcessRun {
        try await CommandLineTests().fsmc(arguments, in: directory)
    }

    static let messy = "machine M{\n  event go\n initial state a{on go->b}\n  final state b\n}"
    static let tidy = "machine M {\n    event go\n    initial state a { on go -> b }\n    final state b\n}\n"
    static let broken = "machine M {\n    event go\n    initial state a { on go => b }\n}\n"

    func contents(_ path: String, in directory: URL) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func rewritesSpecsInPlaceAndLeavesTidyOnesAlone() async throws {
        try await CommandLineTests().withFiles(["specs/Messy.fsm": Self.messy, "specs/deeper/Tidy.fsm": Self.tidy]) { directory in
            let tidyURL = directory.appendingPathComponent("specs/deeper/Tidy.fsm")
            let past = Date(timeIntervalSince1970: 1_000_000)
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: tidyURL.path)
            let run = try await fsmc(["format", "specs"], in: directory)
            #expect(run.status == 0)
            #expect(run.stderr == "")
            #expect(run.stdout == "Formatted 2 specs: 1 changed.\n")
            #expect(try contents("specs/Messy.fsm", in: directory) == Self.tidy)
            // A spec already in the layout is not written at all.
            let modified = try FileManager.default.attributesOfItem(atPath: tidyURL.path)[.modificationDate] as? Date
            #expect(modified == past)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("specs").path).sorted() == ["Messy.fsm", "deeper"])
        }
    }

    @Test func checkListsTheSpecsThatWouldChangeAndExits1() async throws {
        try await CommandLineTests().withFiles(["A.fsm": Self.messy, "B.fsm": Self.tidy, "C.fsm": Self.messy]) { directory in
            let run = try await fsmc(["format", "--check", "A.fsm", "B.fsm", "C.fsm"], in: directory)
            #expect(run.status == 1)
            #expect(run.stdout == "A.fsm\nC.fsm\n")
            #expect(run.stderr == "fsmc format: 2 specs of 3 would change; run 'fsmc format' on them\n")
            #expect(try contents("A.fsm", in: directory) == Self.messy)

            let clean = try await fsmc(["format", "--check", "B.fsm"], in: directory)
            #expect(clean.status == 0)
            #expect(clean.output == "")
        }
    }

    @Test func refusesASpecWithSyntaxErrorsAndLeavesItUntouched() async throws {
        try await CommandLineTests().withFiles(["Broken.fsm": Self.broken, "Messy.fsm": Self.messy]) { directory in
            let run = try await fsmc(["format", "Broken.fsm", "Messy.fsm"], in: directory)
            #expect(run.status == 1)
            #expect(run.stderr == "Broken.fsm:3:29: error: '=>' is not an arrow of the language; did you mean '->'?\n")
            #expect(run.stdout == "Formatted 1 spec: 1 changed.\n")
            #expect(try contents("Broken.fsm", in: directory) == Self.broken)
            #expect(try contents("Messy.fsm", in: directory) == Self.tidy)
        }
    }

    @Test func aDashFormatsStandardInputToStandardOutput() async throws {
        let fsmc = try CommandLineTests.executable().path
        let run = try await ProcessRunner.run(fsmc, ["format", "-"], input: Self.messy)
        #expect(run.status == 0)
        #expect(run.stdout == Self.tidy)
        #expect(run.stderr == "")

        let check = try await ProcessRunner.run(fsmc, ["format", "--check", "-"], input: Self.messy)
        #expect(check.status == 1)
        #expect(check.output == "")
        #expect(try await ProcessRunner.run(fsmc, ["format", "--check", "-"], input: Self.tidy).status == 0)

        let broken = try await ProcessRunner.run(fsmc, ["format", "-"], input: Self.broken)
        #expect(broken.status == 1)
        #expect(broken.stdout == "")
        #expect(broken.stderr == "<stdin>:3:29: error: '=>' is not an arrow of the language; did you mean '->'?\n")
    }

    @Test func theExampleMachinesAreFormatted() async throws {
        let run = try await fsmc(["format", "--check", "machines"], in: ExampleMachines.packageRoot)
        #expect(run.output == "")
        #expect(run.status == 0)
    }

    @Test func namingNothingIsBadUsage() async throws {
        let run = try await fsmc(["format"], in: ExampleMachines.packageRoot)
        #expect(run.status == 2)
        #expect(run.stderr == "fsmc format: error: name at least one .fsm file or directory\n")
    }
}
