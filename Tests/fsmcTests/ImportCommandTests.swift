import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `fsmc import`, run as a subprocess: the spec on stdout or in `--output`, located errors in
/// the chart, the spec's own errors, warnings, and usage errors.
@Suite struct ImportCommandTests {
    func fsmc(_ arguments: [String], in directory: URL) async throws -> ProcessRun {
        try await CommandLineTests().fsmc(arguments, in: directory)
    }

    static let chart = """
        <?xml version="1.0" encoding="UTF-8"?>
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="Door">
            <state id="closed"><transition event="open" target="opened"/></state>
            <state id="opened"><transition event="close" target="closed"/></state>
        </scxml>

        """

    static let spec = """
        // Imported by fsmc from Door.scxml; docs/SCXML.md describes the mapping.

        machine Door {
            event open
            event close

            initial state closed { on open -> opened }
            state opened { on close -> closed }
        }

        """

    @Test func importPrintsTheSpecOnStdout() async throws {
        try await CommandLineTests().withFiles(["Door.scxml": Self.chart]) { directory in
            let run = try await fsmc(["import", "Door.scxml"], in: directory)
            #expect(run.status == 0)
            #expect(run.stderr == "")
            #expect(run.stdout == Self.spec)
        }
    }

    @Test func importWritesTheOutputFileAndTheSpecChecksCleanly() async throws {
        try await CommandLineTests().withFiles(["Door.scxml": Self.chart]) { directory in
            let run = try await fsmc(["import", "Door.scxml", "--output", "Door.fsm"], in: directory)
            #expect(run.status == 0)
            #expect(run.stdout == "")
            #expect(run.stderr == "")
            #expect(try String(contentsOf: directory.appendingPathComponent("Door.fsm"), encoding: .utf8) == Self.spec)
            let check = try await fsmc(["check", "--warnings-as-errors", "Door.fsm"], in: directory)
            #expect(check.status == 0)
        }
    }

    @Test func aChartTheImportRefusesPrintsLocatedErrorsAndWritesNothing() async throws {
        let chart = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="Door">
                <state id="closed">
                    <transition event="open" target="closed"><assign location="x" expr="1"/></transition>
                    <transition event="*" target="closed"/>
                </state>
            </scxml>

            """
        try await CommandLineTests().withFiles(["Door.scxml": chart]) { directory in
            let run = try await fsmc(["import", "Door.scxml", "--output", "Door.fsm"], in: directory)
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr == """
                Door.scxml:3:50: error: <assign> is not supported: fsmc's machines have no data model to assign to
                Door.scxml:4:21: error: the event descriptor '*' matches every event, SCXML's own included: fsmc has no transition on any event

                """)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Door.fsm").path))
        }
    }

    @Test func aDocumentThatIsNotWellFormedIsALocatedError() async throws {
        try await CommandLineTests().withFiles(["Door.scxml": "<scxml>\n  <state id=\"a\">\n</scxml>\n"]) { directory in
            let run = try await fsmc(["import", "Door.scxml"], in: directory)
            #expect(run.status == 1)
            #expect(run.stderr == "Door.scxml:3:1: error: the end tag </scxml> does not match <state>\n")
        }
    }

    @Test func aSpecTheLanguageRejectsShowsItsErrorsWithTheSpecsLines() async throws {
        let chart = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="Loop">
                <state id="a"><transition target="a"/></state>
            </scxml>

            """
        try await CommandLineTests().withFiles(["Loop.scxml": chart]) { directory in
            let run = try await fsmc(["import", "Loop.scxml", "--output", "Loop.fsm"], in: directory)
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr == """
                Loop.fsm:4:23: error: unguarded eventless transitions loop forever: a -> a
                    initial state a { always -> a }
                                      ^~~~~~~~~~~

                """)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Loop.fsm").path))
        }
    }

    @Test func warningsAreShownAndTheSpecWrittenUnlessWarningsAreErrors() async throws {
        // The second transition on `go` is never taken (the first always is): left out, with a
        // warning of the chart's; the first is SCXML's external transition, so `reenter`.
        let chart = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="Nest">
                <state id="a">
                    <transition event="go" target="a2"/>
                    <transition event="go" target="a1"/>
                    <state id="a1"/>
                    <state id="a2"/>
                </state>
            </scxml>

            """
        try await CommandLineTests().withFiles(["Nest.scxml": chart]) { directory in
            let run = try await fsmc(["import", "Nest.scxml"], in: directory)
            #expect(run.status == 0)
            #expect(run.stderr.hasPrefix("Nest.scxml:4:9: warning: this transition is never taken on 'go': the one on line 3 is taken first; the spec leaves it out"))
            #expect(run.stderr.contains("Nest.fsm:9:15: warning: state 'a2' has no way out; mark it 'final' if the machine ends there"))
            #expect(run.stdout.contains("on go reenter -> a2"))
            let strict = try await fsmc(["import", "Nest.scxml", "--warnings-as-errors", "--output", "Nest.fsm"], in: directory)
            #expect(strict.status == 1)
            #expect(strict.stderr.hasPrefix("Nest.scxml:4:9: error: this transition is never taken"))
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Nest.fsm").path))
        }
    }

    @Test func importUsageErrorsExitWith2AndAMissingFileWith1() async throws {
        let root = ExampleMachines.packageRoot
        let noFile = try await fsmc(["import"], in: root)
        #expect(noFile.status == 2)
        #expect(noFile.stderr == "fsmc import: error: name exactly one .scxml file\n")
        let twoFiles = try await fsmc(["import", "a.scxml", "b.scxml"], in: root)
        #expect(twoFiles.status == 2)
        let missing = try await fsmc(["import", "nowhere.scxml"], in: root)
        #expect(missing.status == 1)
        #expect(missing.stderr == "fsmc: error: no such file or directory: 'nowhere.scxml'\n")
        let directory = try await fsmc(["import", "Tests/MachinesTests/Charts"], in: root)
        #expect(directory.status == 1)
        #expect(directory.stderr == "fsmc: error: 'Tests/MachinesTests/Charts' is a directory; name an .scxml file\n")
    }

    @Test func theUsageListsImportAndItsHelpDescribesIt() async throws {
        let root = ExampleMachines.packageRoot
        let usage = try await fsmc(["--help"], in: root)
        // The summaries are aligned in one column, as wide as the longest command needs.
        let line = usage.stdout.split(separator: "\n").first { $0.hasPrefix("  import ") }
        #expect(line?.hasSuffix(" Imports a W3C SCXML statechart as a spec.") == true, "\(usage.stdout)")
        let help = try await fsmc(["import", "--help"], in: root)
        #expect(help.status == 0)
        #expect(help.stdout.contains("<chart.scxml> [--output <spec.fsm>] [--warnings-as-errors]"))
    }
}
