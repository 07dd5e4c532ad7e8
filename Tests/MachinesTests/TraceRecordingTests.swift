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
