import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `fsmc export`, run as a subprocess: the SCXML document on stdout or in `--output`, errors,
/// warnings, `--trace` and usage errors (the mapping itself is SCXMLExportTests').
@Suite struct ExportCommandTests {
    static func export(_ spec: String) throws -> String {
        SCXMLEmitter.emit(try Models.compile(spec))
    }

    func fsmc(_ arguments: [String], in directory: URL) async throws -> ProcessRun {
        try await CommandLineTests().fsmc(arguments, in: directory)
    }

    @Test func exportPrintsTheDocumentOnStdout() async throws {
        let run = try await fsmc(["export", "machines/Navigator.fsm", "--format", "scxml"], in: ExampleMachines.packageRoot)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == SCXMLEmitter.emit(try Models.model(of: "machines/Navigator.fsm")))
        let byDefault = try await fsmc(["export", "machines/Navigator.fsm"], in: ExampleMachines.packageRoot)
        #expect(byDefault.stdout == run.stdout)
    }

    @Test func exportWritesTheOutputFileInsteadOfStdout() async throws {
        try await CommandLineTests().withFiles(["Valid.fsm": SampleSpecs.valid]) { directory in
            let run = try await fsmc(["export", "Valid.fsm", "--format=scxml", "--output", "Valid.scxml"], in: directory)
            #expect(run.status == 0)
            #expect(run.stdout == "")
            #expect(run.stderr == "")
            let written = try String(contentsOf: directory.appendingPathComponent("Valid.scxml"), encoding: .utf8)
            #expect(written == (try Self.export(SampleSpecs.valid)))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["Valid.fsm", "Valid.scxml"])
        }
    }

    @Test func exportOfASpecWithErrorsPrintsThemAndWritesNothing() async throws {
        try await CommandLineTests().withFiles(["Broken.fsm": CommandLineTests.broken]) { directory in
            let run = try await fsmc(["export", "Broken.fsm", "--format", "scxml", "--output", "Broken.scxml"], in: directory)
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr == """
                Broken.fsm:3:32: error: unknown state 'nowhere'
                Broken.fsm:4:18: error: unknown event 'stop'

                """)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Broken.scxml").path))
        }
    }

    @Test func exportWarnsAndStillWritesUnlessWarningsAreErrors() async throws {
        try await CommandLineTests().withFiles(["Warned.fsm": CommandLineTests.warned]) { directory in
            let run = try await fsmc(["export", "Warned.fsm"], in: directory)
            #expect(run.status == 0)
            #expect(run.stderr == "Warned.fsm:5:11: warning: state 'orphan' is unreachable from the initial state 'a'\n")
            #expect(run.stdout.hasPrefix("<?xml"))
            let strict = try await fsmc(["export", "Warned.fsm", "--warnings-as-errors", "--output", "Warned.scxml"], in: directory)
            #expect(strict.status == 1)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Warned.scxml").path))
        }
    }

    @Test func exportUsageErrorsExitWith2() async throws {
        let root = ExampleMachines.packageRoot
        let badFormat = try await fsmc(["export", "machines/Player.fsm", "--format", "xmi"], in: root)
        #expect(badFormat.status == 2)
        #expect(badFormat.stdout == "")
        #expect(badFormat.stderr == "fsmc export: error: unknown format 'xmi'; use scxml\n")

        let noFile = try await fsmc(["export", "--format", "scxml"], in: root)
        #expect(noFile.status == 2)
        #expect(noFile.stderr == "fsmc export: error: name exactly one .fsm file\n")

        let twoFiles = try await fsmc(["export", "machines/Player.fsm", "machines/Lotto.fsm"], in: root)
        #expect(twoFiles.status == 2)

        let unknownOption = try await fsmc(["export", "machines/Player.fsm", "--module", "X"], in: root)
        #expect(unknownOption.status == 2)
        #expect(unknownOption.stderr.hasPrefix("fsmc export: error: unknown option '--module' for 'export'"))

        let missing = try await fsmc(["export", "machines/Nowhere.fsm"], in: root)
        #expect(missing.status == 1)
        #expect(missing.stdout == "")

        let help = try await fsmc(["export", "--help"], in: root)
        #expect(help.status == 0)
        #expect(help.stdout.contains("--format scxml"))
        let usage = try await fsmc(["--help"], in: root)
        #expect(usage.stdout.contains("export"))
    }

    /// `--trace`: every state logs its entry and exit (SCXMLTraceTests has the mapping).
    @Test func exportTraceOptionTracesStates() async throws {
        let run = try await fsmc(["export", "machines/Navigator.fsm", "--trace"], in: ExampleMachines.packageRoot)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == SCXMLEmitter.emit(try Models.model(of: "machines/Navigator.fsm"), tracingStates: true))
    }

    @Test func exportRefusesEachDeferAtItsLine() async throws {
        let spec = """
            machine Held {
                event go
                event ping
                initial state a {
                    defer ping
                    on go -> b
                }
                state b { on ping -> a }
            }

            """
        try await CommandLineTests().withFiles(["Held.fsm": spec]) { directory in
            let run = try await fsmc(["export", "Held.fsm", "--format", "scxml", "--output", "Held.scxml"], in: directory)
            #expect(run.status == 1)
            #expect(run.stderr == "Held.fsm:5:9: error: SCXML export cannot write 'defer ping': SCXML has no deferred events\n")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Held.scxml").path))
        }
    }
}
