import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `fsmc replay`: the Navigator run recorded by `fsm-examples --record` (committed under
/// `machines/runs/`, and recorded afresh) replays; a run that diverges from the spec is
/// reported at its trace line with a note at the spec's; a broken trace is a located error.
extension CommandLineTests {
    static let committedRun = ExampleMachines.folder.appendingPathComponent("runs/Navigator.jsonl")
    static let navigatorSpec = ExampleMachines.folder.appendingPathComponent("Navigator.fsm")

    @Test func theCommittedNavigatorRunReplays() async throws {
        let run = try await fsmc(["replay", Self.navigatorSpec.path, Self.committedRun.path], in: ExampleMachines.packageRoot)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.stdout == "\(Self.committedRun.path): 10 steps and 9 transitions match Navigator; it ends in [login]\n")
    }

    @Test func aRunRecordedByFSMExamplesNowReplaysAndIsTheCommittedOne() async throws {
        let examples = try BuildProducts.executable(named: "fsm-examples")
        try await withFiles([String: String]()) { directory in
            let record = try await ProcessRunner.run(examples.path, ["--record", directory.path], input: "", in: directory)
            #expect(record.status == 0, "\(record.stderr)")
            let recorded = directory.appendingPathComponent("Navigator.jsonl")
            let replay = try await fsmc(["replay", Self.navigatorSpec.path, recorded.path], in: directory)
            #expect(replay.status == 0, "\(replay.stderr)")
            // The journey is deterministic: the committed run is what fsm-examples records today.
            #expect(try Data(contentsOf: recorded) == Data(contentsOf: Self.committedRun))
        }
    }

    @Test func aDivergentRunIsReportedAtItsLineWithTheSpecsTransition() async throws {
        var lines = try String(contentsOf: Self.committedRun, encoding: .utf8).split(separator: "\n").map(String.init)
        // Opening document 42 entered `detail`; say it entered `list` again.
        let index = try #require(lines.firstIndex(of: #"{"kind":"entry","state":"detail"}"#))
        lines[index] = #"{"kind":"entry","state":"list"}"#
        try await withFiles(["Navigator.fsm": try ExampleMachines.text(of: "Navigator.fsm"), "run.jsonl": lines.joined(separator: "\n") + "\n"]) { directory in
            let run = try await fsmc(["replay", "Navigator.fsm", "run.jsonl"], in: directory)
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr == """
                run.jsonl:\(index + 1): error: the trace recorded 'entry list', the spec does 'entry detail' here
                Navigator.fsm:22:13: note: the spec takes this transition here

                """)
        }
    }

    @Test func aBrokenTraceIsALocatedErrorAndAMissingOneToo() async throws {
        let spec = try ExampleMachines.text(of: "Navigator.fsm")
        try await withFiles(["Navigator.fsm": spec, "run.jsonl": "{\"fsmcTrace\":1,\n"]) { directory in
            let run = try await fsmc(["replay", "Navigator.fsm", "run.jsonl"], in: directory)
            #expect(run.status == 1)
            #expect(run.stderr == "run.jsonl:1:16: error: expected a member name in quotes\n")
            let missing = try await fsmc(["replay", "Navigator.fsm", "none.jsonl"], in: directory)
            #expect(missing.status == 1)
            #expect(missing.stderr == "fsmc: error: no such file or directory: 'none.jsonl'\n")
            let usage = try await fsmc(["replay", "Navigator.fsm"], in: directory)
            #expect(usage.status == 2)
        }
    }

    @Test func aRunIsWrittenAsASwiftTestingTest() async throws {
        let run = try await fsmc(
            ["replay", "machines/Navigator.fsm", "machines/runs/Navigator.jsonl", "--format", "swift-testing", "--module", "Machines"],
            in: ExampleMachines.packageRoot)
        #expect(run.status == 0, "\(run.stderr)")
        let committed = ExampleMachines.packageRoot.appendingPathComponent("Tests/PathTests/NavigatorRecordedRun.swift")
        // The committed test (compiled and run in PathTests) is what the command writes today.
        #expect(run.stdout == (try String(contentsOf: committed, encoding: .utf8)))
    }
}
