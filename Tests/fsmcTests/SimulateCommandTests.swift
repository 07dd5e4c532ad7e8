import FSMCompiler
import Foundation
import Testing
import TestSupport

/// `fsmc simulate`, run as a subprocess: the page, the graph's JSON, and the errors.
@Suite struct SimulateCommandTests {
    func fsmc(_ arguments: [String], in directory: URL, environment: [String: String]? = nil) async throws -> ProcessRun {
        try await CommandLineTests().fsmc(arguments, in: directory, environment: environment)
    }

    /// The dump is the graph the interpreter's exploration gives, as the page embeds it.
    @Test func dumpsTheGraphAsJSON() async throws {
        let run = try await fsmc(["simulate", "machines/Navigator.fsm", "--dump"], in: ExampleMachines.packageRoot)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let model = try Models.model(of: "machines/Navigator.fsm")
        let machine = try Lowering.lower(model).get()
        #expect(run.stdout == SimulationGraphJSONEmitter.emit(SimulationGraph(machine)))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["machine"] as? String == "Navigator")
    }

    @Test(.enabled(if: Graphviz.dot != nil, "needs Graphviz's dot on the PATH"))
    func writesOneSelfContainedPage() async throws {
        try await CommandLineTests().withFiles(["Valid.fsm": CommandLineTests.valid]) { directory in
            let run = try await fsmc(["simulate", "Valid.fsm", "--output", "Valid.html"], in: directory)
            #expect(run.status == 0)
            #expect(run.stdout == "")
            let page = try String(contentsOf: directory.appendingPathComponent("Valid.html"), encoding: .utf8)
            #expect(page.hasPrefix("<!DOCTYPE html>"))
            #expect(page.contains("<svg"))
            #expect(!page.contains("<?xml"), "the SVG is inline, without its XML declaration")
            #expect(page.contains("<script type=\"application/json\" id=\"fsmc-graph\">"))
            // Nothing is loaded from anywhere: no script, style or image by address.
            #expect(!page.contains("src=") && !page.contains("<link"))
        }
    }

    @Test func aPageWithoutGraphvizSaysHowToInstallIt() async throws {
        try await CommandLineTests().withFiles(["Valid.fsm": CommandLineTests.valid, "empty/.keep": ""]) { directory in
            let run = try await fsmc(
                ["simulate", "Valid.fsm", "--output", "Valid.html"], in: directory,
                environment: ["PATH": directory.appendingPathComponent("empty").path])
            #expect(run.status == 1)
            #expect(run.stderr == """
                fsmc simulate: error: the page's diagram needs Graphviz's 'dot' on the PATH; install Graphviz \
                (Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz), or write the graph alone with --dump

                """)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Valid.html").path))
        }
    }

    @Test func aSpecWithErrorsIsReportedAtItsLocation() async throws {
        try await CommandLineTests().withFiles(["Broken.fsm": "machine Broken {\n    initial state a { on go -> b }\n}\n"]) { directory in
            let run = try await fsmc(["simulate", "Broken.fsm", "--dump"], in: directory)
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr.contains("Broken.fsm:2:"))
        }
    }

    @Test func aBoundMustBeAPositiveNumber() async throws {
        let run = try await fsmc(["simulate", "machines/Player.fsm", "--dump", "--bound", "none"], in: ExampleMachines.packageRoot)
        #expect(run.status == 2)
        #expect(run.stderr == "fsmc simulate: error: --bound takes a positive whole number of situations, not 'none'\n")
    }

    @Test func aSmallBoundIsAWarningAndThePageSaysSo() async throws {
        let run = try await fsmc(["simulate", "machines/Navigator.fsm", "--dump", "--bound", "2"], in: ExampleMachines.packageRoot)
        #expect(run.status == 0)
        #expect(run.stderr.contains("fsmc simulate: warning: Navigator.fsm: The machine has more situations than the bound of 2"))
        #expect(run.stdout.contains("\"reachedBound\": true"))
    }
}

extension SimulateCommandTests {
    /// A run fsm-examples recorded, replayed on the spec: its steps and the situations they end in.
    @Test func aRecordedRunIsReplayedIntoThePage() async throws {
        let run = try await fsmc(
            ["simulate", "machines/Navigator.fsm", "--dump", "--trace", "machines/runs/Navigator.jsonl"], in: ExampleMachines.packageRoot)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let recorded = try #require(document["recordedRun"] as? [String: Any])
        let steps = try #require(recorded["steps"] as? [[String: Any]])
        #expect(recorded["divergence"] is NSNull)
        #expect(steps.first?["label"] as? String == "start")
        #expect(steps.first?["lines"] as? String == "Navigator.jsonl:2-4")
        #expect(steps.allSatisfy { $0["situation"] is Int }, "every step ends in a situation of the graph")
    }

    /// The reading app's run, its child flows' steps included: each labeled with the flow, its
    /// log in the child's own names.
    @Test func aRecordedRunWithChildMachinesIsReplayedIntoThePage() async throws {
        let run = try await fsmc(
            ["simulate", "machines/Flows/ReaderFlow.fsm", "--sibling", "machines/Flows/OnboardingFlow.fsm",
             "--sibling", "machines/Flows/EditorFlow.fsm", "--dump", "--trace", "machines/runs/ReaderFlow.jsonl"],
            in: ExampleMachines.packageRoot)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let recorded = try #require(document["recordedRun"] as? [String: Any])
        #expect(recorded["divergence"] is NSNull)
        let steps = try #require(recorded["steps"] as? [[String: Any]])
        let labels = steps.compactMap { $0["label"] as? String }
        #expect(labels.count == 15)
        #expect(Array(labels.prefix(7)) == [
            "start", "event launch", "onboardingFlow: event acceptTerms", "on onboardingFlow.show", "onboardingFlow: event next",
            "onboardingFlow: event skipTour", "done onboardingFlow",
        ])
        #expect(steps.allSatisfy { $0["situation"] is Int }, "every step ends in a situation of the graph, which abstracts the children")
        let log = try #require(steps[2]["log"] as? [[String: String]]).compactMap { $0["text"] }
        #expect(log.first == "onboardingFlow: exit terms")
        #expect(log.contains("onboardingFlow: take terms --acceptTerms--> tour"))
    }

    @Test func aRunThatPartsFromTheSpecIsAWarning() async throws {
        let trace = """
            {"fsmcTrace":1,"machine":"Player","spec":"Player.fsm","fsmcVersion":"0.1.0"}
            {"kind":"start"}
            {"kind":"step","configuration":["playing"]}

            """
        try await CommandLineTests().withFiles(["run.jsonl": trace]) { directory in
            let spec = ExampleMachines.folder.appendingPathComponent("Player.fsm").path
            let run = try await fsmc(["simulate", spec, "--dump", "--trace", "run.jsonl"], in: directory)
            #expect(run.status == 0)
            #expect(run.stderr.hasPrefix("run.jsonl:3: warning: "))
            #expect(run.stdout.contains("\"divergence\": \"run.jsonl:3: error: "))
        }
    }
}
