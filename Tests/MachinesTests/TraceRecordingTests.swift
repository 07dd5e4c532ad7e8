import FSMCompiler
import FSMRuntime
import Foundation
import Machines
import Testing
import TestSupport

/// Generated machines recorded with FSMRuntime's ``TraceRecorder`` in one line, as an app
/// records them (`observers: [Machine.TraceObserver(recorder)]`, compiled by this target's and
/// Machines' `FSMC_RECORDING`), and the trace replayed on the spec by ``TraceReplay``: the
/// generated code and the interpreter agree record for record, guard answers, timers and
/// invocation results included.
@Suite struct TraceRecordingTests {
    /// Collects what a recorder writes.
    final class Bytes {
        var bytes: [UInt8] = []
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    @Test func theNavigatorsJourneyReplaysOnItsSpec() throws {
        let sink = Bytes()
        let recorder = TraceRecorder(machine: "Navigator", spec: "Navigator.fsm", fsmcVersion: fsmRuntimeVersion) { sink.bytes += $0 }
        let navigator = Navigator(actions: NavigatorActions(), observers: [Navigator.TraceObserver(recorder)])
        for event: Navigator.Event in [.loggedIn(user: "ada"), .open(id: 7), .edit, .toggleItalic, .toggleBold, .toggleItalic, .sleep, .wake, .back, .save] {
            navigator.send(event)
        }
        let spec = try #require(Compiler.compile(SourceText(try ExampleMachines.text(of: "Navigator.fsm")), propertyBounds: nil).executable)
        let run = TraceReplay.replay(text: sink.text, on: spec)
        #expect(run.divergence == nil, "\(run.divergence.map { $0.rendered(tracePath: "trace") } ?? "")\n\(sink.text)")
        #expect(run.steps.count == 11)
        // Both regions of the editor, in document order, the ignored `back`, a payload as text.
        #expect(sink.text.contains(#"{"kind":"step","configuration":["main","editor","bold","boldOn","italic","italicOn"]}"#))
        #expect(sink.text.contains(#"{"kind":"ignored","event":"back"}"#))
        #expect(sink.text.contains(#"{"kind":"event","name":"loggedIn","payload":"user: \"ada\""}"#))
    }

    /// Records a Payloads machine in one line: its guards' answers, outputs with their payloads,
    /// ignored events and the final state.
    @Test func guardsAndOutputsOfAFlatMachineReplay() throws {
        let sink = Bytes()
        let recorder = TraceRecorder(machine: "Payloads", spec: "Payloads.fsm", fsmcVersion: fsmRuntimeVersion) { sink.bytes += $0 }
        let machine = Payloads(actions: PayloadScript(), observers: [Payloads.TraceObserver(recorder)])
        let events: [Payloads.Event] = [.scan("A1"), .scan("Z9"), .move(x: 3, y: 4), .move(x: 30, y: 4), .rate(score: 4.5, comment: nil), .close, .close]
        for event in events {
            machine.send(event)
        }
        let url = ExampleMachines.packageRoot.appendingPathComponent("Tests/MachinesTests/Specs/Payloads.fsm")
        let spec = try #require(Compiler.compile(SourceText(bytes: Array(try Data(contentsOf: url)))).executable)
        let run = TraceReplay.replay(text: sink.text, on: spec)
        #expect(run.divergence == nil, "\(run.divergence.map { $0.rendered(tracePath: "trace") } ?? "")\n\(sink.text)")
        #expect(run.steps.map { $0.answers.sorted() } == [[], ["isKnown"], [], ["isInside"], [], [], [], []])
        #expect(sink.text.contains(#"{"kind":"guard","name":"isKnown","arguments":"\"Z9\"","answer":false}"#))
        #expect(sink.text.contains(#"{"kind":"output","name":"point","payload":"x: -1, y: 0"}"#))
        #expect(sink.text.contains(#"{"kind":"event","name":"scan","payload":"\"A1\""}"#))

        // The same run with one guard answered the other way no longer matches the spec.
        let flipped = sink.text.replacingOccurrences(
            of: #"{"kind":"guard","name":"isKnown","arguments":"\"Z9\"","answer":false}"#,
            with: #"{"kind":"guard","name":"isKnown","arguments":"\"Z9\"","answer":true}"#)
        #expect(flipped != sink.text)
        let divergence = try #require(TraceReplay.replay(text: flipped, on: spec).divergence)
        #expect(divergence.message == "the trace recorded 'output text', the spec does nothing more in this step")
    }

    /// `canHandle(_:)` asks guards between steps: the machine records nothing for it.
    @Test func guardsAskedBetweenStepsAreNotRecorded() {
        let sink = Bytes()
        let recorder = TraceRecorder(machine: "Payloads", spec: "Payloads.fsm", fsmcVersion: fsmRuntimeVersion) { sink.bytes += $0 }
        let machine = Payloads(actions: PayloadScript(), observers: [Payloads.TraceObserver(recorder)])
        let before = sink.bytes.count
        _ = machine.canHandle(.scan("A1"))
        #expect(sink.bytes.count == before)
    }

    @Test func theRuntimeWritesTheCompilersVersion() {
        #expect(fsmRuntimeVersion == fsmcVersion)
    }
}

/// Child machines recorded with their parent: the generated parent gives each child it makes a
/// `TraceObserver` writing into its own trace, and replay runs them together; `stop()` records
/// a step of its own.
extension TraceRecordingTests {
    static func flowSpecs() throws -> (root: ExecutableMachine, children: [String: ExecutableMachine]) {
        let flows = ExampleMachines.folder.appendingPathComponent("Flows")
        func text(_ name: String) throws -> SourceText { SourceText(bytes: Array(try Data(contentsOf: flows.appendingPathComponent(name)))) }
        let onboarding = try #require(Compiler.compile(try text("OnboardingFlow.fsm"), propertyBounds: nil).executable)
        let editor = try #require(Compiler.compile(try text("EditorFlow.fsm"), propertyBounds: nil).executable)
        let root = Compiler.compile(
            try text("ReaderFlow.fsm"), machines: MachineCatalog(specs: [try text("OnboardingFlow.fsm"), try text("EditorFlow.fsm")]),
            propertyBounds: nil)
        return (try #require(root.executable), ["OnboardingFlow": onboarding, "EditorFlow": editor])
    }

    @MainActor @Test func aParentsTraceHoldsItsChildrensRunsAndReplays() throws {
        let sink = Bytes()
        let recorder = TraceRecorder(machine: "ReaderFlow", spec: "ReaderFlow.fsm", fsmcVersion: fsmRuntimeVersion) { sink.bytes += $0 }
        let actions = ReaderFlowActions()
        let app = ReaderFlow(actions: actions, observers: [ReaderFlow.TraceObserver(recorder)])
        app.send(.launch)
        actions.onboarding?.send(.acceptTerms)
        actions.onboarding?.send(.skipTour)
        app.send(.signIn(user: "grace"))
        app.send(.open(id: 3))
        app.send(.edit)
        actions.editor?.send(.save)
        app.send(.edit)
        app.stop()  // cancels the running editor flow too
        let (root, children) = try Self.flowSpecs()
        let run = TraceReplay.replay(text: sink.text, on: root, children: children)
        #expect(run.divergence == nil, "\(run.divergence.map { $0.rendered(tracePath: "trace") } ?? "")\n\(sink.text)")
        #expect(run.steps.filter { !$0.path.isEmpty }.count == 3)
        #expect(run.steps.last?.stimulus == .stop)
        #expect(sink.text.contains(#"{"kind":"start","in":"editorFlow","machine":"EditorFlow"}"#))
        #expect(sink.text.contains(#"{"kind":"stop","in":"editorFlow"}"#))
        #expect(sink.text.hasSuffix(#"{"kind":"step","configuration":[]}"# + "\n"))
        // Without the children's specs, replay says which it needs.
        #expect(TraceReplay.replay(text: sink.text, on: root).divergence?.message
            == "replay needs the spec of machine 'OnboardingFlow', which 'onboardingFlow' runs: name it with --sibling")
    }
}
