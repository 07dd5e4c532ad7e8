import FSMRuntime

/// Everything a Profile notifies, written to a trace (docs/TraceFormat.md): as
/// ``NavigatorTraceObserver``, with the invocations started, cancelled and dropped.
public final class ProfileTraceObserver: Profile.Observer {
    public let recorder: TraceRecorder

    public init(recorder: TraceRecorder) {
        self.recorder = recorder
    }

    public func machine(_ machine: Profile, didExit state: Profile.StateID) { recorder.exit(state.rawValue) }
    public func machine(_ machine: Profile, didEnter state: Profile.StateID) { recorder.entry(state.rawValue) }
    public func machine(_ machine: Profile, didTransition transition: Profile.Transition) { recorder.transition(trigger: transition.event?.name) }
    public func machine(_ machine: Profile, didIgnore event: Profile.Event, in state: Profile.State) { recorder.ignored(event.name) }
    public func machine(_ machine: Profile, didStart invocation: Profile.Invocation) { recorder.started(invocation.rawValue) }
    public func machine(_ machine: Profile, didCancel invocation: Profile.Invocation) { recorder.cancelled(invocation.rawValue) }
    public func machine(_ machine: Profile, didDropResultOf invocation: Profile.Invocation) { recorder.dropped(invocation.rawValue) }
}

/// The screen's actions, each forwarded to the ``ProfileScreen``, with the answer of the one
/// guard, `isOffline`, recorded: the wrapper an app writes to record its guards.
public final class RecordingProfileActions: Profile.Actions {
    public let screen: ProfileScreen
    public let recorder: TraceRecorder

    public init(_ screen: ProfileScreen, recorder: TraceRecorder) {
        self.screen = screen
        self.recorder = recorder
    }

    public func isOffline(error: any Error, id: Int) -> Bool {
        let answer = screen.isOffline(error: error, id: id)
        recorder.guardAnswer("isOffline", arguments: "\(error)", answer)
        return answer
    }

    public func report(error: any Error, id: Int) { screen.report(error: error, id: id) }
    public func apply(change: Change, user: User) { screen.apply(change: change, user: user) }
    public nonisolated(nonsending) func fetchUser(id: Int) async throws -> User { try await screen.fetchUser(id: id) }
    public func changes(user: User) -> InvocationElements<Change> { screen.changes(user: user) }
}

/// DESIGN's profile, recorded on a manual clock and invocation driver (wrapped by
/// ``TraceRecordingClock`` and ``TraceRecordingInvocationDriver``, which record the timer and
/// the results as steps of their own): opened, the user fetched, a change streamed, the stream
/// finished; opened again and timed out (the fetch cancelled); opened a third time and failed
/// offline. The trace's bytes: what `fsm-examples --record` writes as `Profile.jsonl`.
public func recordedProfileJourney() -> [UInt8] {
    var bytes: [UInt8] = []
    let recorder = TraceRecorder(machine: "Profile", spec: "Profile.fsm", fsmcVersion: fsmRuntimeVersion) { bytes += $0 }
    let observer = ProfileTraceObserver(recorder: recorder)
    let clock = ManualClock()
    let driver = ManualInvocationDriver()
    let profile = Profile(
        actions: RecordingProfileActions(ProfileScreen(service: UnreachableService()), recorder: recorder),
        clock: TraceRecordingClock(clock, recorder: recorder), invocations: TraceRecordingInvocationDriver(driver, recorder: recorder),
        observers: [observer])
    let states = Profile.StateID.allCases
    recorder.step(states, isActive: profile.isIn)
    recorder.closeSteps(states, isActive: profile.isIn)
    func send(_ event: Profile.Event, payload: String? = nil) {
        recorder.event(event.name, payload: payload)
        profile.send(event)
        recorder.step(states, isActive: profile.isIn)
    }
    send(.open(id: 4), payload: "id: 4")
    driver.complete("fetchUser", returning: User(id: 4, name: "Ada"))
    driver.yield("changes", Change.renamed("Ada L."))
    driver.finish("changes")
    send(.open(id: 5), payload: "id: 5")
    clock.advance(by: .seconds(10))                   // the fetch times out: cancelled
    send(.retry)
    send(.open(id: 6), payload: "id: 6")
    driver.fail("fetchUser", with: ServiceError.offline)
    send(.retry)
    send(.close)                                      // ignored in idle
    withExtendedLifetime(observer) {}
    return bytes
}

/// The service of the recorded journey, which the manual driver never asks: it runs no work.
private struct UnreachableService: UserService {
    func user(id: Int) async throws -> User { throw ServiceError.offline }
    func changes(ofUser id: Int) -> AsyncThrowingStream<Change, any Error> { AsyncThrowingStream { $0.finish() } }
}
