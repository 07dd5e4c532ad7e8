import FSMCompiler
import Foundation
import Testing
import TestSupport

/// Child machines read back from SCXML (docs/SCXML.md, "Child machines"): an `<invoke>` of an
/// inline chart becomes `invoke Child as id` and a second spec; the export's run-numbered
/// outputs and completion become `on id.output` and `done id`; what SCXML and fsmc would not
/// run alike is refused where it is written.
@Suite(.offThePool) struct SCXMLImportChildMachineTests {
    typealias Run = MachineInterpreterTests.Run

    /// A parent and its children, as specs of one target.
    struct Pair: CustomStringConvertible {
        var name: String
        var parent: String
        var children: [String]
        var description: String { name }
    }

    static let design = Pair(
        name: "DESIGN", parent: SCXMLChildMachineExportTests.app, children: [SCXMLChildMachineExportTests.signIn])

    /// fsm-differential's pair: several outputs in one step, a timer in the child, `reenter`.
    static var signInApp: Pair {
        let folder = ExampleMachines.packageRoot.appendingPathComponent("Tests/FSMCompilerTests/ChildDifferential/SignInApp")
        let read = { (name: String) in (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? "" }
        return Pair(name: "SignInApp", parent: read("App.fsm"), children: [read("SignIn.fsm")])
    }

    /// fsm-differential's grandchildren: `Sync` invokes `Upload`, which invokes `Retry`.
    static var nested: Pair {
        let folder = ExampleMachines.packageRoot.appendingPathComponent("Tests/FSMCompilerTests/ChildDifferential/Nested")
        let read = { (name: String) in (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? "" }
        return Pair(name: "Nested", parent: read("Sync.fsm"), children: [read("Upload.fsm"), read("Retry.fsm")])
    }

    /// The pair's export: the parent's document with its children inline.
    static func exported(_ pair: Pair) throws -> String {
        let parent = try SCXMLChildMachineExportTests.model(pair.parent, siblings: pair.children)
        var children: [String: MachineModel] = [:]
        for child in pair.children {
            let model = try SCXMLChildMachineExportTests.model(child, siblings: pair.children.filter { $0 != child })
            children[model.name] = model
        }
        #expect(SCXMLEmitter.refusals(parent, children: children).isEmpty)
        return SCXMLEmitter.emit(parent, children: children)
    }

    static func imported(_ scxml: String, name: String) throws -> SCXMLImport {
        let imported = SCXMLImport.run(SourceText(scxml), fallbackName: name, chartName: "\(name).scxml")
        #expect(imported.chartDiagnostics.isEmpty, "\(imported.chartDiagnostics)")
        // Warnings the original specs have too (a state with no way out) come back with them.
        #expect(!imported.specDiagnostics.contains { $0.severity == .error }, "\(imported.specDiagnostics)")
        #expect(!imported.children.contains { $0.diagnostics.contains { $0.severity == .error } }, "\(imported.children.map(\.diagnostics))")
        _ = try #require(imported.text, "\(imported.specDiagnostics) \(imported.rejectedText ?? "")")
        return imported
    }

    @Test func designsPairComesBackAsItsTwoSpecs() throws {
        let imported = try Self.imported(try Self.exported(Self.design), name: "App")
        #expect(imported.text == """
            // Imported by fsmc from App.scxml; docs/SCXML.md describes the mapping.

            machine App {
                event logOut

                initial state onboarding {
                    invoke SignIn as signIn
                    on signIn.signedIn -> home
                    done signIn -> home
                }

                state home { on logOut -> onboarding }
            }

            """)
        #expect(imported.children.map(\.name) == ["SignIn"])
        #expect(imported.children.first?.text == """
            // Imported by fsmc from App.scxml; docs/SCXML.md describes the mapping.

            machine SignIn {
                event submit

                output signedIn

                initial state form {
                    exit / clearForm
                    on submit -> finished / emit signedIn
                }

                final state finished
            }

            """)
    }

    /// The imported pair exports to the same document (without the state data the export
    /// notes and drops).
    @Test(arguments: [design, signInApp, nested])
    func theImportedPairExportsTheSameDocument(_ pair: Pair) throws {
        let scxml = try Self.exported(pair)
        let imported = try Self.imported(scxml, name: "App")
        let again = try Self.exported(Pair(name: pair.name, parent: imported.text!, children: imported.children.map(\.text)))
        let withoutData = scxml.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("<!-- state data, not exported:") }.joined(separator: "\n")
        #expect(again == withoutData)
    }

    /// The original pair and the imported one run alike in the interpreter on random scripts
    /// of the parent's events, the running child's events and time: the same trace (the
    /// child's included) step by step, payloads and state data aside.
    @Test(arguments: [design, signInApp, nested])
    func theImportedPairRunsAsTheOriginal(_ pair: Pair) throws {
        let imported = try Self.imported(try Self.exported(pair), name: "App")
        let original = try Self.runner(parent: pair.parent, children: pair.children)
        let copy = try Self.runner(parent: imported.text!, children: imported.children.map(\.text))
        var generator = SeededGenerator(seed: 23)
        for _ in 0..<60 {
            let script = Self.randomScript(parent: original.parent, child: original.children[0], using: &generator)
            #expect(Self.trace(script, original) == Self.trace(script, copy), "\(pair): \(script)")
        }
    }

    // MARK: - Foreign charts

    /// A chart fsmc did not write: its inline child runs while its state is active and tells
    /// the parent nothing, which SCXML and fsmc mean alike.
    @Test func aForeignChartsInlineChildImports() throws {
        let chart = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="Player">
              <state id="idle"><transition event="play" target="playing"/></state>
              <state id="playing">
                <!-- Beeps on every other tick. -->
                <invoke id="ticker" type="scxml">
                  <content>
                    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="quiet">
                      <state id="quiet"><transition event="tick" target="loud"/></state>
                      <state id="loud">
                        <onentry><log label="action" expr="'beep'"/></onentry>
                        <transition event="tick" target="quiet"/>
                      </state>
                    </scxml>
                  </content>
                </invoke>
                <transition event="stop" target="idle"/>
              </state>
            </scxml>
            """
        let imported = try Self.imported(chart, name: "Player")
        #expect(imported.text == """
            // Imported by fsmc from Player.scxml; docs/SCXML.md describes the mapping.

            machine Player {
                event play
                event stop

                initial state idle { on play -> playing }

                state playing {
                    /// Beeps on every other tick.
                    invoke Ticker as ticker
                    on stop -> idle
                }
            }

            """)
        #expect(imported.children.map(\.name) == ["Ticker"])
        #expect(imported.children.first?.text == """
            // Imported by fsmc from Player.scxml; docs/SCXML.md describes the mapping.

            machine Ticker {
                event tick

                initial state quiet { on tick -> loud }

                state loud {
                    entry / beep
                    on tick -> quiet
                }
            }

            """)
    }

    static func foreign(_ invoke: String, parentTransitions: String = "") -> String {
        """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="Parent">
          <state id="running">
            \(invoke)
            \(parentTransitions)
          </state>
          <state id="over"/>
        </scxml>
        """
    }

    static let child = """
        <content><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><state id="a"/></scxml></content>
        """

    func expectRefusal(_ marked: String, _ expected: [ExpectedDiagnostic], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let chart = MarkedSource(marked)
        let imported = SCXMLImport.run(chart.source, fallbackName: "Parent", chartName: "Parent.scxml")
        #expect(imported.text == nil, sourceLocation: sourceLocation)
        #expect(imported.children.isEmpty, sourceLocation: sourceLocation)
        #expect(MarkedSource.lines(of: imported.chartDiagnostics) == chart.lines(of: expected, sourceLocation: sourceLocation), sourceLocation: sourceLocation)
    }

    /// What a foreign child sends its parent, SCXML delivers even from a cancelled run (to the
    /// next run of the same `<invoke>`, which has the same id), and fsmc drops.
    @Test func aForeignChildsSendToItsParentIsRefused() {
        expectRefusal(Self.foreign("""
            <invoke id="worker"><content><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
              <state id="a"><transition event="go" target="b">1️⃣<send target="#_parent" event="ready"/></transition></state>
              <final id="b"/>
            </scxml></content></invoke>
            """, parentTransitions: #"<transition 2️⃣event="done.invoke.worker" target="over"/>"#), [
            .error("1️⃣", "a child's <send> to its parent is read only as fsmc's export writes it: SCXML delivers what a cancelled child sent, fsmc drops it, and only the export's run number (docs/SCXML.md, \"Child machines\") makes the two agree"),
            .error("2️⃣", "'done.invoke.worker' is SCXML's completion of an invocation, which SCXML also delivers from a cancelled run to the next run of the same <invoke>, where fsmc drops it: the import reads a child's completion as the export writes it ('fsmc.done.<id>' with the run number, docs/SCXML.md, \"Child machines\")"),
        ])
    }

    @Test func invokesTheImportCannotReadAreRefusedWhereTheyAre() {
        expectRefusal(Self.foreign(#"<invoke id="w" 1️⃣src="worker.scxml"/>"#), [
            .error("1️⃣", "<invoke src> is not supported: the import reads a child chart written inline, in <content>"),
        ])
        expectRefusal(Self.foreign(#"<invoke id="w" 1️⃣type="http://www.w3.org/TR/ccxml/">\#(Self.child)</invoke>"#), [
            .error("1️⃣", "the invoke type 'http://www.w3.org/TR/ccxml/' is not supported: fsmc invokes SCXML charts (type 'http://www.w3.org/TR/scxml/'); calls and streams are the spec's invoke"),
        ])
        expectRefusal(Self.foreign(#"1️⃣<invoke>\#(Self.child)</invoke>"#), [
            .error("1️⃣", "an <invoke> without an id: fsmc names every invocation, and the parent's transitions name it; give it one"),
        ])
        expectRefusal(Self.foreign(#"<invoke id="w" 1️⃣autoforward="true">\#(Self.child)</invoke>"#), [
            .error("1️⃣", "autoforward is not supported: an fsmc parent forwards no events to its child"),
        ])
        expectRefusal(Self.foreign(#"<invoke id="w">1️⃣<param name="user" expr="1"/>\#(Self.child)</invoke>"#), [
            .error("1️⃣", "<param> is not supported: an fsmc child machine is given no data by its parent (its own actions give it what it needs)"),
        ])
        expectRefusal(Self.foreign(#"1️⃣<invoke id="w"/>"#), [
            .error("1️⃣", "the <invoke> holds no <content>: the import reads a child chart written inline, as <content><scxml>…</scxml></content>"),
        ])
        expectRefusal(Self.foreign(#"<invoke id="w">\#(Self.child)1️⃣<finalize/></invoke>"#), [
            .error("1️⃣", "<finalize> is not supported: fsmc's parent runs no actions on a child's events before its transitions"),
        ])
    }

    /// The child's own refusals are located in the same file, inside the `<content>`.
    @Test func whatTheChildsChartCannotSayIsRefusedInsideIt() {
        expectRefusal(Self.foreign("""
            <invoke id="w"><content><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
              <state id="a"><onentry>1️⃣<assign location="x" expr="1"/></onentry></state>
            </scxml></content></invoke>
            """), [
            .error("1️⃣", "<assign> is not supported: fsmc's machines have no data model to assign to"),
        ])
    }

    /// The export's events without the run number's test are a foreign chart's: a cancelled
    /// run's output would be taken.
    @Test func aChildsEventWithoutItsRunNumberIsRefused() throws {
        let scxml = try Self.exported(Self.design)
        let stripped = scxml.replacingOccurrences(of: #" cond="_event.data.fsmc_run == fsmc_run_signIn""#, with: "")
        let imported = SCXMLImport.run(SourceText(stripped), fallbackName: "App", chartName: "App.scxml")
        #expect(imported.text == nil)
        #expect(imported.chartDiagnostics.map(\.message) == Array(repeating:
            "a child's event is taken only from its current run, as the export tests it ('_event.data.fsmc_run == fsmc_run_signIn' in the condition): SCXML delivers what a cancelled run sent, fsmc drops it",
            count: 2))
        // Without the run number's move on exit, a cancelled run's events would still pass.
        let unmoved = scxml.replacingOccurrences(of: #"<assign location="fsmc_run_signIn" expr="fsmc_run_signIn + 1"/>"#, with: "")
        let second = SCXMLImport.run(SourceText(unmoved), fallbackName: "App", chartName: "App.scxml")
        #expect(second.text == nil)
        #expect(second.chartDiagnostics.first?.message
            == "the state 'onboarding' does not move 'fsmc_run_signIn' on in its <onexit>: without it a cancelled child's events would still be taken, which fsmc never does")
    }

    /// The export's `<invoke>` of a call or a stream is a harness's session, not a machine: it
    /// comes back as the call (SCXMLImportCallTests), with no child spec.
    @Test func theExportsCallsAndStreamsAreNoChildMachines() throws {
        let spec = """
            machine Fetcher {
                event open
                initial state idle { on open -> loading }
                state loading {
                    invoke fetchUser
                    done fetchUser -> idle
                }
            }
            """
        let scxml = SCXMLEmitter.emit(try #require(Compiler.compile(SourceText(spec)).model))
        let imported = SCXMLImport.run(SourceText(scxml), fallbackName: "Fetcher", chartName: "Fetcher.scxml")
        #expect(imported.chartDiagnostics.isEmpty, "\(imported.chartDiagnostics)")
        #expect(imported.children.isEmpty)
        #expect(imported.text?.contains("invoke fetchUser\n") == true)
    }

    // MARK: - Running both

    struct Runner {
        var parent: Lowered
        var children: [Lowered]
    }

    static func runner(parent: String, children: [String]) throws -> Runner {
        Runner(
            parent: try Lowered(parent: parent, children: children),
            children: try children.map { child in try Lowered(parent: child, children: children.filter { $0 != child }) })
    }

    enum Step: CustomStringConvertible {
        case send(String)
        case toChild(String)
        case advance

        var description: String {
            switch self {
            case .send(let event): event
            case .toChild(let event): "child." + event
            case .advance: "+100ms"
            }
        }
    }

    static func randomScript(parent: Lowered, child: Lowered, using generator: inout SeededGenerator) -> [Step] {
        (0..<20).map { _ in
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: .advance
            case 1: .send(parent.model.events.randomElement(using: &generator)!.name)
            default: .toChild(child.model.events.randomElement(using: &generator)!.name)
            }
        }
    }

    /// The trace of each step, and the parent's configuration after it. `reenter` on a
    /// transition to its own atomic source is left out: it leaves and re-enters it either way,
    /// and the import writes it only where SCXML's meaning needs it.
    static func trace(_ script: [Step], _ runner: Runner) -> [[String]] {
        rawTrace(script, runner).map { $0.map { $0.replacingOccurrences(of: " reenter -> ", with: " -> ") } }
    }

    static func rawTrace(_ script: [Step], _ runner: Runner) -> [[String]] {
        var run = Run(runner.parent, machines: runner.children)
        var traces = [run.start()]
        var now: Int64 = 0
        for step in script {
            switch step {
            case .send(let event):
                traces.append(run.send(event))
            case .toChild(let event):
                if let child = run.interpreter.runningInvocations.first {
                    traces.append(run.sendToChild(event, child, of: runner.children[0]))
                } else {
                    traces.append(["no child"])
                }
            case .advance:
                now += 100_000_000
                _ = run.interpreter.advance(to: now, answers: [])
                traces.append(run.newTrace())
            }
            traces.append(run.configuration)
        }
        return traces
    }
}
