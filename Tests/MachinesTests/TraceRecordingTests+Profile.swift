import FSMCompiler
import FSMRuntime
import Foundation
import Machines
import Testing
import TestSupport

/// DESIGN's Profile recorded with its timers and invocation results: a ``TraceRecordingClock``
/// and a ``TraceRecordingInvocationDriver`` around the manual ones record what fires and what
/// the work delivers, each as a step of its own, and the run replays on `machines/Profile.fsm`.
extension TraceRecordingTests {
    @Test func timersAndInvocationResultsReplay() throws {
        let sink = Bytes()
        let recorder = TraceRecorder(machine: "Profile", spec: "Profile.fsm", fsmcVersion: fsmRuntimeVersion) { sink.bytes += $0 }
        let observer = ProfileTraceObserver(recorder: recorder)
        let clock = ManualClock()
        let driver = ManualInvocationDriver()
        let screen = ProfileScreen(service: OfflineService())
        let profile = Profile(
            actions: RecordingProfileActions(screen, recorder: recorder), clock: TraceRecordingClock(clock, recorder: recorder),
            invocations: TraceRecordingInvocationDriver(driver, recorder: recorder), observers: [observer])
        let states = Profile.StateID.allCases
        recorder.step(states, isActive: profile.isIn)
        recorder.closeSteps(states, isActive: profile.isIn)
        func send(_ event: Profile.Event) {
            recorder.event(event.name)
            profile.send(event)
            recorder.step(states, isActive: profile.isIn)
        }
        send(.open(id: 4))
        driver.complete("fetchUser", returning: User(id: 4, name: "Ada"))
        driver.yield("changes", Change.renamed("Ada L."))
        driver.finish("changes")
        send(.open(id: 5))
        clock.advance(by: .seconds(10))               // the fetch times out: cancelled
        send(.retry)
        send(.open(id: 6))
        driver.fail("fetchUser", with: ServiceError.offline)
        send(.retry)
        send(.close)                                  // ignored in idle

        let url = ExampleMachines.folder.appendingPathComponent("Profile.fsm")
        let spec = try #require(Compiler.compile(SourceText(bytes: Array(try Data(contentsOf: url))), propertyBound: nil).executable)
        let run = TraceReplay.replay(text: sink.text, on: spec)
        #expect(run.divergence == nil, "\(run.divergence.map { $0.rendered(tracePath: "trace") } ?? "")\n\(sink.text)")
        #expect(run.steps.count == 12)
        for record in [
            #"{"kind":"result","invocation":"fetchUser","outcome":"done"}"#, #"{"kind":"result","invocation":"changes","outcome":"element"}"#,
            #"{"kind":"timer"}"#, #"{"kind":"cancelled","invocation":"fetchUser"}"#,
            #"{"kind":"guard","name":"isOffline","arguments":"offline","answer":true}"#,
        ] {
            #expect(sink.text.contains(record), "\(record)")
        }
        withExtendedLifetime(observer) {}
    }
}

/// A server the manual driver never asks.
private struct OfflineService: UserService {
    func user(id: Int) async throws -> User { throw ServiceError.offline }
    func changes(ofUser id: Int) -> AsyncThrowingStream<Change, any Error> { AsyncThrowingStream { $0.finish() } }
}

/// Profile's notifications, recorded.
final class ProfileTraceObserver: Profile.Observer {
    let recorder: TraceRecorder

    init(recorder: TraceRecorder) {
        self.recorder = recorder
    }

    func machine(_ machine: Profile, didExit state: Profile.StateID) { recorder.exit(state.rawValue) }
    func machine(_ machine: Profile, didEnter state: Profile.StateID) { recorder.entry(state.rawValue) }
    func machine(_ machine: Profile, didTransition transition: Profile.Transition) { recorder.transition(trigger: transition.event?.name) }
    func machine(_ machine: Profile, didIgnore event: Profile.Event, in state: Profile.State) { recorder.ignored(event.name) }
    func machine(_ machine: Profile, didStart invocation: Profile.Invocation) { recorder.started(invocation.rawValue) }
    func machine(_ machine: Profile, didCancel invocation: Profile.Invocation) { recorder.cancelled(invocation.rawValue) }
    func machine(_ machine: Profile, didDropResultOf invocation: Profile.Invocation) { recorder.dropped(invocation.rawValue) }
}

/// The screen's actions, each guard's answer recorded.
final class RecordingProfileActions: Profile.Actions {
    let screen: ProfileScreen
    let recorder: TraceRecorder

    init(_ screen: ProfileScreen, recorder: TraceRecorder) {
        self.screen = screen
        self.recorder = recorder
    }

    func isOffline(error: any Error, id: Int) -> Bool {
        let answer = screen.isOffline(error: error, id: id)
        recorder.guardAnswer("isOffline", arguments: "\(error)", answer)
        return answer
    }

    func report(error: any Error, id: Int) { screen.report(error: error, id: id) }
    func apply(change: Change, user: User) { screen.apply(change: change, user: user) }
    nonisolated(nonsending) func fetchUser(id: Int) async throws -> User { try await screen.fetchUser(id: id) }
    func changes(user: User) -> InvocationElements<Change> { screen.changes(user: user) }
}
