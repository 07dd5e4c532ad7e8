import FSMRuntime
import Foundation
import Machines

/// The Navigator's journey (``navigatorJourney()``) recorded to `<directory>/Navigator.jsonl`:
/// what `fsm-examples --record <directory>` writes (with ``recordProfileJourney(into:)``), and
/// `fsmc replay machines/Navigator.fsm` checks against the spec. `machines/runs/` holds one
/// such run of each.
func recordNavigatorJourney(into directory: String) throws {
    var bytes: [UInt8] = []
    let recorder = TraceRecorder(machine: "Navigator", spec: "Navigator.fsm", fsmcVersion: fsmRuntimeVersion) { bytes.append(contentsOf: $0) }
    // One line records the run: `FSMC_RECORDING` (set for the Machines target) compiles it.
    let navigator = Navigator(actions: NavigatorActions(), observers: [Navigator.TraceObserver(recorder)])
    navigator.send(.loggedIn(user: "grace"))
    navigator.send(.open(id: 42))
    navigator.send(.edit)
    navigator.send(.toggleItalic)              // ignored: italic only while bold is on
    navigator.send(.toggleBold)
    navigator.send(.toggleItalic)
    navigator.send(.sleep)                     // from inside the editor
    navigator.send(.wake)                      // main's history: back in the editor
    navigator.send(.save)                      // main completes: done -> login
    try write(bytes, to: "Navigator.jsonl", in: directory, what: "the Navigator's journey")
}

/// The reading app's journey (``readerFlowJourney()``) recorded to `<directory>/ReaderFlow.jsonl`:
/// the root flow's trace holds its child flows' runs (each record of a child marked with the
/// invocation that runs it), which `fsmc replay machines/Flows/ReaderFlow.fsm` with the child
/// flows' specs as siblings replays together.
@MainActor func recordReaderFlowJourney(into directory: String) throws {
    var bytes: [UInt8] = []
    let recorder = TraceRecorder(machine: "ReaderFlow", spec: "ReaderFlow.fsm", fsmcVersion: fsmRuntimeVersion) { bytes.append(contentsOf: $0) }
    let actions = ReaderFlowActions()
    // The child flows record themselves into the same trace: the root flow gives each its
    // `TraceObserver` as it makes it.
    let app = ReaderFlow(actions: actions, observers: [ReaderFlow.TraceObserver(recorder)])
    app.send(.launch)
    actions.onboarding?.send(.acceptTerms)
    actions.onboarding?.send(.next)
    actions.onboarding?.send(.skipTour)      // the onboarding flow ends: done hands back
    app.send(.signIn(user: "ada"))
    app.send(.open(id: 7))
    app.send(.edit)
    actions.editor?.send(.save)              // the editor flow ends when saved
    app.send(.edit)
    app.send(.back)                          // cancels the editor flow, which closes its editor
    app.send(.logOut)
    try write(bytes, to: "ReaderFlow.jsonl", in: directory, what: "the reading app's journey")
}

/// The Profile's journey (``recordedProfileJourney()``: a fetch, a streamed change, a timeout,
/// an offline failure) recorded to `<directory>/Profile.jsonl`.
func recordProfileJourney(into directory: String) throws {
    try write(recordedProfileJourney(), to: "Profile.jsonl", in: directory, what: "the Profile's journey")
}

private func write(_ bytes: [UInt8], to name: String, in directory: String, what: String) throws {
    let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
    print("Recorded \(what) to \(url.path)")
}
