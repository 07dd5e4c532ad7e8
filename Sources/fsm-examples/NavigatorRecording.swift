import FSMRuntime
import Foundation
import Machines

/// The Navigator's journey (``navigatorJourney()``) recorded to `<directory>/Navigator.jsonl`:
/// what `fsm-examples --record <directory>` writes, and `fsmc replay machines/Navigator.fsm`
/// checks against the spec. `machines/runs/Navigator.jsonl` is one such run.
func recordNavigatorJourney(into directory: String) throws {
    var bytes: [UInt8] = []
    let recorder = TraceRecorder(machine: "Navigator", spec: "Navigator.fsm", fsmcVersion: fsmRuntimeVersion) { bytes.append(contentsOf: $0) }
    let observer = NavigatorTraceObserver(recorder: recorder)
    let navigator = Navigator(actions: NavigatorActions(), observers: [observer])
    // Made once: the recorder walks it after every step without allocating.
    let states = Navigator.StateID.allCases
    recorder.step(states, isActive: navigator.isIn)
    func send(_ event: Navigator.Event, payload: String? = nil) {
        recorder.event(event.name, payload: payload)
        navigator.send(event)
        recorder.step(states, isActive: navigator.isIn)
    }
    send(.loggedIn(user: "grace"), payload: "user: \"grace\"")
    send(.open(id: 42), payload: "id: 42")
    send(.edit)
    send(.toggleItalic)              // ignored: italic only while bold is on
    send(.toggleBold)
    send(.toggleItalic)
    send(.sleep)                     // from inside the editor
    send(.wake)                      // main's history: back in the editor
    send(.save)                      // main completes: done -> login
    withExtendedLifetime(observer) {}
    let url = URL(fileURLWithPath: directory).appendingPathComponent("Navigator.jsonl")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
    print("Recorded the Navigator's journey to \(url.path)")
}
