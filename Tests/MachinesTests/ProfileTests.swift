import FSMCompiler
import FSMRuntime
import Foundation
import Machines
import Testing
import TestSupport

/// A server that must not be asked: the manual drivers run no work, the tests answer for it.
private struct UnaskedService: UserService {
    func user(id: Int) async throws -> User {
        Issue.record("the manual driver runs no work, yet user(id: \(id)) was asked")
        throw ServiceError.status(500)
    }

    func changes(ofUser id: Int) -> AsyncThrowingStream<Change, any Error> {
        Issue.record("the manual driver runs no work, yet changes(ofUser: \(id)) was asked")
        return AsyncThrowingStream { $0.finish() }
    }
}

/// A driver whose work ignores cancellation, as a hand-written `Task` that never checks
/// `Task.isCancelled`: it keeps every run's way back to the machine and answers whenever the
/// test says, cancelled or not. (`ManualInvocationDriver` forgets a run it cancels.)
private final class CarelessDriver: SynchronousInvocationDriver {
    private(set) var started: [String] = []
    private(set) var cancelled: [String] = []
    private var answers: [(Any) -> Void] = []

    func run<Value>(_ work: InvocationWork<Value>) -> RunningInvocation {
        started.append(work.name)
        answers.append { value in work.deliver(.returned(value as! Value)) }
        let name = work.name
        return RunningInvocation { [weak self] in self?.cancelled.append(name) }
    }

    /// Run `index` (counting every start) returns `value`.
    func answer(run index: Int, with value: Any) {
        answers[index](value)
    }
}

/// DESIGN's `Profile` of `machines/`, built by the plugin with the app's `User` and `Change`:
/// the fetch tied to `loading`, the changes to `showing`, as DESIGN's "Invocations" says.
@Suite("Profile (DESIGN): a fetch and a stream tied to their states")
struct ProfileTests {
    static let ada = User(id: 4, name: "Ada")

    /// A profile screen on a manual clock and driver.
    struct Run {
        let screen = ProfileScreen(service: UnaskedService())
        let clock = ManualClock()
        let driver = ManualInvocationDriver()
        let machine: Profile

        init() {
            machine = Profile(actions: screen, clock: clock, invocations: driver)
        }
    }

    @Test func openingFetchesTheUserAndShowsIt() {
        let run = Run()
        #expect(run.driver.running == [])
        run.machine.send(.open(id: 4))
        #expect(run.machine.state == .loading(id: 4))
        #expect(run.driver.running == ["fetchUser"])
        run.driver.complete("fetchUser", returning: Self.ada)
        #expect(run.machine.state == .showing(user: Self.ada))
        #expect(run.driver.log == [.started("fetchUser"), .started("changes")])
    }

    /// Closing cancels the fetch; its work ignores that and returns late, in a later visit: the
    /// machine drops the result, and only the later visit's own fetch is taken.
    @Test func aLateResultAfterCloseIsDropped() {
        let driver = CarelessDriver()
        let machine = Profile(actions: ProfileScreen(service: UnaskedService()), clock: ManualClock(), invocations: driver)
        var dropped: [Profile.Invocation] = []
        machine.observeDroppedResults { dropped.append($0) }
        machine.send(.open(id: 4))
        machine.send(.close)
        #expect(driver.cancelled == ["fetchUser"])
        driver.answer(run: 0, with: Self.ada)
        #expect(machine.state == .idle)
        #expect(dropped == [.fetchUser])

        machine.send(.open(id: 5))
        driver.answer(run: 0, with: Self.ada)
        #expect(machine.state == .loading(id: 5))
        let bo = User(id: 5, name: "Bo")
        driver.answer(run: 1, with: bo)
        #expect(machine.state == .showing(user: bo))
        #expect(dropped == [.fetchUser, .fetchUser])
    }

    /// `after 10s` races the fetch: the timer wins, the fetch is cancelled, and its answer,
    /// when it comes anyway, is dropped.
    @Test func aTimeoutRacingTheFetchWinsAndCancelsIt() {
        let driver = CarelessDriver()
        let clock = ManualClock()
        let machine = Profile(actions: ProfileScreen(service: UnaskedService()), clock: clock, invocations: driver)
        machine.send(.open(id: 4))
        clock.advance(by: .seconds(9))
        #expect(machine.state == .loading(id: 4))
        #expect(driver.cancelled == [])
        clock.advance(by: .seconds(1))
        #expect(machine.state == .failed)
        #expect(driver.cancelled == ["fetchUser"])
        driver.answer(run: 0, with: Self.ada)
        #expect(machine.state == .failed)
    }

    /// The other way round: a fetch that returns in time cancels the timeout.
    @Test func aFetchInTimeCancelsTheTimeout() {
        let run = Run()
        run.machine.send(.open(id: 4))
        run.clock.advance(by: .seconds(9))
        run.driver.complete("fetchUser", returning: Self.ada)
        run.clock.advance(by: .seconds(60))
        #expect(run.machine.state == .showing(user: Self.ada))
    }

    @Test func anOfflineErrorPassesTheGuardAndOthersAreReported() {
        let offline = Run()
        offline.machine.send(.open(id: 4))
        offline.driver.fail("fetchUser", with: ServiceError.offline)
        #expect(offline.machine.state == .offline)
        #expect(offline.screen.reports == [])
        offline.machine.send(.retry)
        #expect(offline.machine.state == .idle)

        let failed = Run()
        failed.machine.send(.open(id: 7))
        failed.driver.fail("fetchUser", with: ServiceError.status(500))
        #expect(failed.machine.state == .failed)
        #expect(failed.screen.reports == ["user 7: status(500)"])
    }

    /// Each change is applied as it comes, in order; the stream's end goes back to `idle`.
    @Test func theChangesArriveInOrderThenTheirEnd() {
        let run = Run()
        run.machine.send(.open(id: 4))
        run.driver.complete("fetchUser", returning: Self.ada)
        var seen: [String] = []
        run.driver.yield("changes", Change.bio("Writes programs."))
        seen.append(run.screen.updatedUser?.bio ?? "")
        run.driver.yield("changes", Change.renamed("Ada L."))
        seen.append(run.screen.updatedUser?.name ?? "")
        run.driver.yield("changes", Change.renamed("Ada Lovelace"))
        #expect(seen == ["Writes programs.", "Ada L."])
        #expect(run.screen.updatedUser == User(id: 4, name: "Ada Lovelace", bio: "Writes programs."))
        #expect(run.machine.state == .showing(user: Self.ada))
        run.driver.finish("changes")
        #expect(run.machine.state == .idle)
        #expect(run.driver.running == [])
    }

    @Test func aFailingStreamGoesOffline() {
        let run = Run()
        run.machine.send(.open(id: 4))
        run.driver.complete("fetchUser", returning: Self.ada)
        run.driver.yield("changes", Change.renamed("Ada L."))
        run.driver.fail("changes", with: ServiceError.offline)
        #expect(run.machine.state == .offline)
        #expect(run.screen.updatedUser?.name == "Ada L.")
    }

    /// DESIGN's `showing` has no `close` (and `retry` waits for `defer`, step 15): both are
    /// ignored there, and the stream goes on.
    @Test func showingIgnoresCloseAndRetry() {
        let run = Run()
        run.machine.send(.open(id: 4))
        run.driver.complete("fetchUser", returning: Self.ada)
        #expect(!run.machine.canHandle(.close))
        #expect(!run.machine.canHandle(.retry))
        run.machine.send(.retry)
        #expect(run.driver.running == ["changes"])
    }

    /// `Profile.State` is not `Codable` (fsmc cannot know that `User` is), but an app may keep
    /// the state itself: restored, the machine starts the invocations of its state.
    @Test func aRestoredScreenStreamsAgain() {
        let driver = ManualInvocationDriver()
        let machine = Profile(
            actions: ProfileScreen(service: UnaskedService()), clock: ManualClock(), invocations: driver,
            restoring: .showing(user: Self.ada))
        #expect(machine.state == .showing(user: Self.ada))
        #expect(driver.running == ["changes"])
    }
}

/// The plugin's `Profile` beside fsmc's interpreter of `machines/Profile.fsm`, the one
/// semantics: after every step of a script through every transition, both have the same states
/// active and the same invocations running.
@Suite struct ProfileAgreesWithTheInterpreterTests {
    @Test func aScriptThroughEveryTransitionAgreesStepByStep() throws {
        let source = SourceText(bytes: Array(try Data(contentsOf: ExampleMachines.folder.appendingPathComponent("Profile.fsm"))))
        let executable = try #require(Compiler.compile(source).executable)
        var interpreter = MachineInterpreter(machine: executable)
        let run = ProfileTests.Run()
        _ = interpreter.start(answers: [])
        var steps = 0

        func expectAgreement(_ step: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            steps += 1
            let configuration = Profile.StateID.allCases.filter(run.machine.isIn).map(\.rawValue)
            #expect(configuration == interpreter.configuration.map { executable.model[$0].name }, "after \(step)", sourceLocation: sourceLocation)
            let running = interpreter.runningInvocations.map { executable.model[$0.invocation].name }
            #expect(run.driver.running == running, "after \(step)", sourceLocation: sourceLocation)
        }
        func send(_ event: Profile.Event) {
            let id = executable.model.events.firstIndex { $0.name == event.name }!
            run.machine.send(event)
            _ = interpreter.send(EventID(id), answers: [])
            expectAgreement(event.name)
        }
        func deliver(_ result: InvocationResult, from name: String, offline: Bool = false, _ drive: () -> Void) {
            let invocation = interpreter.runningInvocations.first { executable.model[$0.invocation].name == name }!
            drive()
            _ = interpreter.deliver(result, from: invocation, answers: offline ? ["isOffline"] : [])
            expectAgreement("\(name) \(result)")
        }

        send(.open(id: 4))
        send(.close)
        send(.open(id: 4))
        run.clock.advance(by: .seconds(10))
        _ = interpreter.advance(to: interpreter.now + 10_000_000_000, answers: [])
        expectAgreement("10s")
        send(.retry)
        send(.open(id: 4))
        deliver(.error, from: "fetchUser", offline: true) { run.driver.fail("fetchUser", with: ServiceError.offline) }
        send(.retry)
        send(.open(id: 4))
        deliver(.error, from: "fetchUser") { run.driver.fail("fetchUser", with: ServiceError.status(500)) }
        send(.retry)
        send(.open(id: 4))
        deliver(.done, from: "fetchUser") { run.driver.complete("fetchUser", returning: ProfileTests.ada) }
        send(.close)                        // ignored while showing, by both
        deliver(.element, from: "changes") { run.driver.yield("changes", Change.renamed("Ada L.")) }
        deliver(.done, from: "changes") { run.driver.finish("changes") }
        send(.open(id: 5))
        deliver(.done, from: "fetchUser") { run.driver.complete("fetchUser", returning: User(id: 5, name: "Bo")) }
        deliver(.error, from: "changes") { run.driver.fail("changes", with: ServiceError.offline) }
        #expect(run.machine.state == .offline)
        #expect(steps == 19)
    }
}

/// The real driver on the main actor, over the `UserService` the app injects: the fetch and the
/// stream are tasks, their results taken on the main actor. The test feeds the stream itself
/// and waits on the machine's notifications, never on time.
@MainActor @Suite(.timeLimit(.minutes(12))) struct ProfileOnTheMainActorTests {
    /// A service whose changes the test yields.
    struct FedService: UserService {
        let changes: AsyncThrowingStream<Change, any Error>

        func user(id: Int) async throws -> User {
            User(id: id, name: "Ada")
        }

        func changes(ofUser id: Int) -> AsyncThrowingStream<Change, any Error> {
            changes
        }
    }

    @Test func theFetchAndTheChangesRunAsTasksAndArriveInOrder() async {
        let (changes, feed) = AsyncThrowingStream<Change, any Error>.makeStream()
        let screen = ProfileScreen(service: FedService(changes: changes))
        let profile = Profile(actions: screen)
        let (entries, entered) = AsyncStream<Profile.StateID>.makeStream()
        profile.observeEntries { entered.yield($0) }
        var entry = entries.makeAsyncIterator()

        profile.send(.open(id: 4))
        #expect(await entry.next() == .loading)
        #expect(await entry.next() == .showing)
        #expect(profile.state == .showing(user: User(id: 4, name: "Ada")))
        feed.yield(.renamed("Ada L."))
        feed.yield(.bio("Writes programs."))
        feed.finish()
        #expect(await entry.next() == .idle)
        #expect(screen.updatedUser == User(id: 4, name: "Ada L.", bio: "Writes programs."))
    }
}
