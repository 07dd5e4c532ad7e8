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

    @Test func runsRecordedByFSMExamplesNowReplayAndAreTheCommittedOnes() async throws {
        let examples = try BuildProducts.executable(named: "fsm-examples")
        try await withFiles([String: String]()) { directory in
            let record = try await ProcessRunner.run(examples.path, ["--record", directory.path], input: "", in: directory)
            #expect(record.status == 0, "\(record.stderr)")
            let flows = ExampleMachines.folder.appendingPathComponent("Flows")
            let specs = [
                ("Navigator", ExampleMachines.folder.appendingPathComponent("Navigator.fsm"), [URL]()),
                ("Profile", ExampleMachines.folder.appendingPathComponent("Profile.fsm"), []),
                // The root flow's trace holds its child flows' runs: their specs are siblings.
                ("ReaderFlow", flows.appendingPathComponent("ReaderFlow.fsm"),
                 [flows.appendingPathComponent("OnboardingFlow.fsm"), flows.appendingPathComponent("EditorFlow.fsm")]),
            ]
            for (name, spec, siblings) in specs {
                let recorded = directory.appendingPathComponent("\(name).jsonl")
                let replay = try await fsmc(["replay", spec.path, recorded.path] + siblings.flatMap { ["--sibling", $0.path] }, in: directory)
                #expect(replay.status == 0, "\(replay.stderr)")
                // The journeys are deterministic: the committed runs are what fsm-examples records today.
                let committed = ExampleMachines.folder.appendingPathComponent("runs/\(name).jsonl")
                #expect(try Data(contentsOf: recorded) == Data(contentsOf: committed), "\(name)")
            }
            let profile = try await fsmc(["replay", "machines/Profile.fsm", "machines/runs/Profile.jsonl"], in: ExampleMachines.packageRoot)
            #expect(profile.stdout == "machines/runs/Profile.jsonl: 12 steps and 10 transitions match Profile; it ends in [idle]\n")
            let readerFlow = try await fsmc(
                ["replay", "machines/Flows/ReaderFlow.fsm", "machines/runs/ReaderFlow.jsonl",
                 "--sibling", "machines/Flows/OnboardingFlow.fsm", "--sibling", "machines/Flows/EditorFlow.fsm"],
                in: ExampleMachines.packageRoot)
            #expect(readerFlow.stdout == "machines/runs/ReaderFlow.jsonl: 15 steps and 11 transitions match ReaderFlow; it ends in [signedOut]\n")
            let withoutSiblings = try await fsmc(["replay", "machines/Flows/ReaderFlow.fsm", "machines/runs/ReaderFlow.jsonl"], in: ExampleMachines.packageRoot)
            #expect(withoutSiblings.status == 1)
            #expect(withoutSiblings.stderr.contains("machines/Flows/ReaderFlow.fsm:21:16: error: unknown machine 'OnboardingFlow'"))
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

    @Test func runsAreWrittenAsSwiftTestingTests() async throws {
        let profileSamples = ["--sample", #"User=User(id: 0, name: "")"#, "--sample", #"Change=Change.renamed("")"#]
        for (name, samples) in [("Navigator", []), ("Profile", profileSamples)] {
            let run = try await fsmc(
                ["replay", "machines/\(name).fsm", "machines/runs/\(name).jsonl", "--format", "swift-testing", "--module", "Machines"] + samples,
                in: ExampleMachines.packageRoot)
            #expect(run.status == 0, "\(run.stderr)")
            let committed = ExampleMachines.packageRoot.appendingPathComponent("Tests/PathTests/\(name)RecordedRun.swift")
            // The committed tests (compiled and run in PathTests) are what the command writes today.
            #expect(run.stdout == (try String(contentsOf: committed, encoding: .utf8)), "\(name)")
        }
        // Without a sample of what fetchUser returns, the test cannot be written: said at the step.
        let unsampled = try await fsmc(
            ["replay", "machines/Profile.fsm", "machines/runs/Profile.jsonl", "--format", "swift-testing"], in: ExampleMachines.packageRoot)
        #expect(unsampled.status == 1)
        #expect(unsampled.stdout == "")
        #expect(unsampled.stderr == "machines/runs/Profile.jsonl:11: error: the run cannot be written as a test: 'fetchUser' delivers a value of type 'User', which has no sample for the test: give one with --sample\n")
    }
}
