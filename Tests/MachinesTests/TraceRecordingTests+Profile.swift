import FSMCompiler
import FSMRuntime
import Foundation
import Machines
import Testing
import TestSupport

/// DESIGN's Profile recorded in one line with its timers and invocation results
/// (``recordedProfileJourney()``: `Profile.TraceObserver`, the machine writing what fires,
/// what the work delivers and the guard's answer, each delivery a step of its own), and the
/// run replays on `machines/Profile.fsm`.
extension TraceRecordingTests {
    @Test func timersAndInvocationResultsReplay() throws {
        let text = String(decoding: recordedProfileJourney(), as: UTF8.self)
        let url = ExampleMachines.folder.appendingPathComponent("Profile.fsm")
        let spec = try #require(Compiler.compile(SourceText(bytes: Array(try Data(contentsOf: url))), propertyBounds: nil).executable)
        let run = TraceReplay.replay(text: text, on: spec)
        #expect(run.divergence == nil, "\(run.divergence.map { $0.rendered(tracePath: "trace") } ?? "")\n\(text)")
        #expect(run.steps.count == 12)
        for record in [
            #"{"kind":"result","invocation":"fetchUser","outcome":"done"}"#, #"{"kind":"result","invocation":"changes","outcome":"element"}"#,
            #"{"kind":"timer"}"#, #"{"kind":"cancelled","invocation":"fetchUser"}"#,
            #"{"kind":"result","invocation":"fetchUser","outcome":"error"}"#,
            #"{"kind":"guard","name":"isOffline","arguments":"error: offline, id: 6","answer":true}"#,
        ] {
            #expect(text.contains(record), "\(record)")
        }
        #expect(run.steps.filter { !$0.answers.isEmpty }.map { $0.answers.sorted() } == [["isOffline"]])
    }
}
