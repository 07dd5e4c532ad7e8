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
    let journey = ProfileJourney(observers: [Profile.TraceObserver(recorder)])
    for step in journey.steps { step.run() }
    return bytes
}

/// The Profile's journey a step at a time, on a manual clock and invocation driver: what
/// ``recordedProfileJourney()`` records at once, and what `fsm-examples --inspect` and the live
/// inspector's tests play slowly enough to watch (docs/Inspector.md).
public struct ProfileJourney {
    /// One thing the app does to the machine.
    public struct Step {
        /// What happens, as a person says it (`open the profile of user 4`).
        public let label: String
        public let run: () -> Void
    }

    public let profile: Profile
    /// The journey, in order; each runs one step of the machine.
    public let steps: [Step]

    /// The journey on a new machine, made with `observers` (a `Profile.TraceObserver` records it).
    public init(observers: [any Profile.Observer]) {
        let clock = ManualClock()
        let driver = ManualInvocationDriver()
        let profile = Profile(
            actions: ProfileScreen(service: UnreachableService()), clock: clock, invocations: driver, observers: observers)
        self.profile = profile
        steps = [
            Step(label: "open the profile of user 4") { profile.send(.open(id: 4)) },
            Step(label: "the fetch returns Ada") { driver.complete("fetchUser", returning: User(id: 4, name: "Ada")) },
            Step(label: "a change streams in") { driver.yield("changes", Change.renamed("Ada L.")) },
            Step(label: "the changes finish") { driver.finish("changes") },
            Step(label: "open the profile of user 5") { profile.send(.open(id: 5)) },
            Step(label: "10 seconds pass: the fetch times out") { clock.advance(by: .seconds(10)) },
            Step(label: "retry") { profile.send(.retry) },
            Step(label: "open the profile of user 6") { profile.send(.open(id: 6)) },
            Step(label: "the fetch fails: offline") { driver.fail("fetchUser", with: ServiceError.offline) },
            Step(label: "retry") { profile.send(.retry) },
            Step(label: "close (ignored in idle)") { profile.send(.close) },
        ]
    }
}

/// The service of the recorded journey, which the manual driver never asks: it runs no work.
private struct UnreachableService: UserService {
    func user(id: Int) async throws -> User { throw ServiceError.offline }
    func changes(ofUser id: Int) -> AsyncThrowingStream<Change, any Error> { AsyncThrowingStream { $0.finish() } }
}
#endif
