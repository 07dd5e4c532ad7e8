import FSMCompiler
import FSMRuntime
import Foundation
import Machines
import Testing
import TestSupport

/// Generated machines recorded with FSMRuntime's ``TraceRecorder`` as an app wires it (an
/// observer given to `init`, a wrapper of the actions that records each guard's answer, the
/// event before `send` and the configuration after), and the trace replayed on the spec by
/// ``TraceReplay``: the generated code and the interpreter agree record for record.
@Suite struct TraceRecordingTests {
    /// Collects what a recorder writes.
    final class Bytes {
        var bytes: [UInt8] = []
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    @Test func theNavigatorsJourneyReplaysOnItsSpec() throws {
        let sink = Bytes()
        let recorder = TraceRecorder(machine: "Navigator", spec: "Navigator.fsm", fsmcVersion: fsmRuntimeVersion) { sink.bytes += $0 }
        let observer = NavigatorTraceObserver(recorder: recorder)
        let navigator = Navigator(actions: NavigatorActions(), observers: [observer])
        let states = Navigator.StateID.allCases
        recorder.step(states, isActive: navigator.isIn)
        for event: Navigator.Event in [.loggedIn(user: "ada"), .open(id: 7), .edit, .toggleItalic, .toggleBold, .toggleItalic, .sleep, .wake, .back, .save] {
            recorder.event(event.name)
            navigator.send(event)
            recorder.step(states, isActive: navigator.isIn)
        }
        let spec = try #require(Compiler.compile(SourceText(try ExampleMachines.text(of: "Navigator.fsm")), propertyBound: nil).executable)
        let run = TraceReplay.replay(text: sink.text, on: spec)
        #expect(run.divergence == nil, "\(run.divergence.map { $0.rendered(tracePath: "trace") } ?? "")\n\(sink.text)")
        #expect(run.steps.count == 11)
        // Both regions of the editor, in document order, and the ignored `back`.
        #expect(sink.text.contains(#"{"kind":"step","configuration":["main","editor","bold","boldOn","italic","italicOn"]}"#))
        #expect(sink.text.contains(#"{"kind":"ignored","event":"back"}"#))
        withExtendedLifetime(observer) {}
    }

    /// Records a Payloads machine: its guards' answers through ``RecordingPayloadActions``,
    /// outputs with their payloads, ignored events and the final state.
    @Test func guardsAndOutputsOfAFlatMachineReplay() throws {
        let sink = Bytes()
        let recorder = TraceRecorder(machine: "Payloads", spec: "Payloads.fsm", fsmcVersion: fsmRuntimeVersion) { sink.bytes += $0 }
        let observer = PayloadsTraceObserver(recorder: recorder)
        let script = PayloadScript()
        let machine = Payloads(actions: RecordingPayloadActions(script, recorder: recorder), observers: [observer])
        let states = Payloads.State.allCases
        recorder.step(states) { machine.state == $0 }
        let events: [Payloads.Event] = [.scan("A1"), .scan("Z9"), .move(x: 3, y: 4), .move(x: 30, y: 4), .rate(score: 4.5, comment: nil), .close, .close]
        for event in events {
            recorder.event(event.name, payload: "\(event)")
            machine.send(event)
            recorder.step(states) { machine.state == $0 }
        }
        let url = ExampleMachines.packageRoot.appendingPathComponent("Tests/MachinesTests/Specs/Payloads.fsm")
        let spec = try #require(Compiler.compile(SourceText(bytes: Array(try Data(contentsOf: url)))).executable)
        let run = TraceReplay.replay(text: sink.text, on: spec)
        #expect(run.divergence == nil, "\(run.divergence.map { $0.rendered(tracePath: "trace") } ?? "")\n\(sink.text)")
        #expect(run.steps.map { $0.answers.sorted() } == [[], ["isKnown"], [], ["isInside"], [], [], [], []])
        #expect(sink.text.contains(#"{"kind":"guard","name":"isKnown","arguments":"\"Z9\"","answer":false}"#))
        #expect(sink.text.contains(#"{"kind":"output","name":"point","payload":"point(x: -1, y: 0)"}"#))

        // The same run with one guard answered the other way no longer matches the spec.
        let flipped = sink.text.replacingOccurrences(
            of: #"{"kind":"guard","name":"isKnown","arguments":"\"Z9\"","answer":false}"#,
            with: #"{"kind":"guard","name":"isKnown","arguments":"\"Z9\"","answer":true}"#)
        #expect(flipped != sink.text)
        let divergence = try #require(TraceReplay.replay(text: flipped, on: spec).divergence)
        #expect(divergence.message == "the trace recorded 'output text', the spec does nothing more in this step")
        withExtendedLifetime(observer) {}
    }

    @Test func theRuntimeWritesTheCompilersVersion() {
        #expect(fsmRuntimeVersion == fsmcVersion)
    }
}

/// Payloads' notifications, recorded.
final class PayloadsTraceObserver: Payloads.Observer {
    let recorder: TraceRecorder

    init(recorder: TraceRecorder) {
        self.recorder = recorder
    }

    func machine(_ machine: Payloads, didExit state: Payloads.State) { recorder.exit(state.rawValue) }
    func machine(_ machine: Payloads, didEnter state: Payloads.State) { recorder.entry(state.rawValue) }
    func machine(_ machine: Payloads, didTransition transition: Payloads.Transition) { recorder.transition(trigger: transition.event?.name) }
    func machine(_ machine: Payloads, didEmit output: Payloads.Output) { recorder.output(Self.name(of: output), payload: "\(output)") }

    /// `Output` has no `name` (an `Event` has): the spec's name of each output.
    static func name(of output: Payloads.Output) -> String {
        switch output {
        case .text: "text"
        case .point: "point"
        case .rating: "rating"
        case .values: "values"
        }
    }
    func machine(_ machine: Payloads, didIgnore event: Payloads.Event, in state: Payloads.State) { recorder.ignored(event.name) }
}

/// Forwards every member of `Payloads.Actions` to the app's actions, recording each guard's
/// answer: the wrapper an app writes to record guards.
final class RecordingPayloadActions: Payloads.Actions {
    let actions: PayloadScript
    let recorder: TraceRecorder

    init(_ actions: PayloadScript, recorder: TraceRecorder) {
        self.actions = actions
        self.recorder = recorder
    }

    func isKnown(_ payload: String) -> Bool {
        let answer = actions.isKnown(payload)
        recorder.guardAnswer("isKnown", arguments: "\"\(payload)\"", answer)
        return answer
    }

    func isInside(x: Int, y: Int) -> Bool {
        let answer = actions.isInside(x: x, y: y)
        recorder.guardAnswer("isInside", arguments: "x: \(x), y: \(y)", answer)
        return answer
    }

    func record(_ payload: String) { actions.record(payload) }
    func store(_ payload1: Int, _ payload2: String) { actions.store(payload1, payload2) }
    func keep(score: Double, comment: String?) { actions.keep(score: score, comment: comment) }
}
