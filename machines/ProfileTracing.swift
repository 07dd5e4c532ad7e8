import FSMRuntime

// What the generated recording support makes possible: compiled with it (this target sets
// `FSMC_RECORDING`), as an app compiles its recording where it sets the condition.
#if FSMC_RECORDING
/// DESIGN's profile, recorded in one line (`Profile.TraceObserver`, compiled by this target's
/// `FSMC_RECORDING`) on a manual clock and invocation driver: opened, the user fetched, a change
/// streamed, the stream finished; opened again and timed out (the fetch cancelled); opened a
/// third time and failed offline. The trace's bytes: what `fsm-examples --record` writes as
/// `Profile.jsonl`.
public func recordedProfileJourney() -> [UInt8] {
    var bytes: [UInt8] = []
    let recorder = TraceRecorder(machine: "Profile", spec: "Profile.fsm", fsmcVersion: fsmRuntimeVersion) { bytes += $0 }
    let clock = ManualClock()
    let driver = ManualInvocationDriver()
    let profile = Profile(
        actions: ProfileScreen(service: UnreachableService()), clock: clock, invocations: driver,
        observers: [Profile.TraceObserver(recorder)])
    profile.send(.open(id: 4))
    driver.complete("fetchUser", returning: User(id: 4, name: "Ada"))
    driver.yield("changes", Change.renamed("Ada L."))
    driver.finish("changes")
    profile.send(.open(id: 5))
    clock.advance(by: .seconds(10))                   // the fetch times out: cancelled
    profile.send(.retry)
    profile.send(.open(id: 6))
    driver.fail("fetchUser", with: ServiceError.offline)
    profile.send(.retry)
    profile.send(.close)                              // ignored in idle
    return bytes
}

/// The service of the recorded journey, which the manual driver never asks: it runs no work.
private struct UnreachableService: UserService {
    func user(id: Int) async throws -> User { throw ServiceError.offline }
    func changes(ofUser id: Int) -> AsyncThrowingStream<Change, any Error> { AsyncThrowingStream { $0.finish() } }
}
#endif
