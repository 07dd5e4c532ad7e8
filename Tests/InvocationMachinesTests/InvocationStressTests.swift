import FSMRuntime
import FSMSpecGenerator
import Synchronization
import Testing

/// DESIGN's guarantees under real concurrency, for ThreadSanitizer (CI runs this suite with
/// `--sanitize=thread`): `Profile` on the main actor with the real `TaskInvocationDriver`, whose
/// work hops to other threads and ignores cancellation, while a seeded script opens and closes
/// the screen between the work's steps. Every visit has its own id, carried by the user its
/// fetch returns and by each change its stream yields, so that a result delivered to the wrong
/// visit shows. Nothing waits on the clock: the test waits for the work it started to end, and
/// the machine's timers run on a `ManualClock` that never advances, so that a loaded machine
/// never takes `after 10s -> failed` in the middle of a visit.
@MainActor @Suite(.timeLimit(.minutes(2))) struct InvocationStressTests {
    /// Work started and not yet ended, counted from any thread.
    final class WorkCounter: Sendable {
        let outstanding = Atomic(0)
        func started() { outstanding.add(1, ordering: .sequentiallyConsistent) }
        func ended() { outstanding.subtract(1, ordering: .sequentiallyConsistent) }
        var isIdle: Bool { outstanding.load(ordering: .sequentiallyConsistent) == 0 }
    }

    /// Used on the main actor only, where the machine lives and its work starts.
    final class Actions: Profile.Actions {
        let work = WorkCounter()
        var shownUsers: [String] = []
        var mismatches: [String] = []
        var calls = 0

        func isOffline(error: any Error, id: Int) -> Bool { false }
        func report(error: any Error, id: Int) { calls += 1 }

        func apply(change: Int, user: String) {
            calls += 1
            if "user \(change / 1_000)" != user { mismatches.append("change \(change) applied to \(user)") }
        }

        nonisolated(nonsending) func fetchUser(id: Int) async throws -> String {
            work.started()
            defer { work.ended() }
            // Work that ignores cancellation: it answers from another thread whatever happens.
            let user = await Task.detached { "user \(id)" }.value
            return user
        }

        func changes(user: String) -> InvocationElements<Int> {
            let visit = Int(user.split(separator: " ").last ?? "") ?? -1
            let work = work
            work.started()
            let (stream, continuation) = AsyncStream<Int>.makeStream()
            Task.detached {
                for change in 1...3 { continuation.yield(visit * 1_000 + change) }
                continuation.finish()
                work.ended()
            }
            return InvocationElements(stream)
        }
    }

    @Test func lateResultsNeverReachALaterVisitUnderRealTasks() async {
        let actions = Actions()
        var random = SplitMix64(seed: 7)
        var machine: Profile? = Profile(actions: actions, clock: ManualClock())
        var currentVisit = 0
        machine?.observeEntries { state in
            guard state == .showing, case .showing(let user)? = machine?.state else { return }
            actions.shownUsers.append(user)
            if user != "user \(currentVisit)" { actions.mismatches.append("visit \(currentVisit) showed \(user)") }
        }
        for visit in 1...400 {
            currentVisit = visit
            machine?.send(.open(id: visit))
            for _ in 0..<random.below(6) { await Task.yield() }
            if random.below(3) > 0 {
                machine?.send(.close)
            } else {
                for _ in 0..<random.below(6) { await Task.yield() }
                machine?.send(.close)
            }
            for _ in 0..<random.below(3) { await Task.yield() }
        }
        await waitForWork(of: actions)
        #expect(actions.mismatches.isEmpty, "\(actions.mismatches.prefix(5))")
        #expect(!actions.shownUsers.isEmpty, "some fetches answered while their visit lasted")
        #expect(machine?.state == .idle)

        // Released with work running: nothing it sends afterwards reaches the actions.
        machine?.send(.open(id: 0))
        currentVisit = 0
        weak let released = machine
        machine = nil
        #expect(released == nil)
        let callsAtRelease = actions.calls
        await waitForWork(of: actions)
        #expect(actions.calls == callsAtRelease)
    }

    @Test func everyVisitLeftAloneShowsItsOwnUserAndChanges() async {
        let actions = Actions()
        let machine = Profile(actions: actions, clock: ManualClock())
        var visitsEnded = 0
        machine.observeEntries { state in
            if state == .showing, case .showing(let user) = machine.state { actions.shownUsers.append(user) }
            if state == .idle { visitsEnded += 1 }
        }
        for visit in 1...100 {
            machine.send(.open(id: visit))
            // The fetch returns, the three changes arrive, the stream finishes: `done changes -> idle`.
            await waitUntil { visitsEnded == visit }
            #expect(actions.shownUsers.last == "user \(visit)")
        }
        #expect(actions.mismatches.isEmpty, "\(actions.mismatches.prefix(5))")
        #expect(actions.calls == 300, "each visit applied its three changes")
    }

    /// Yields until `condition` holds: progress, not time, ends the wait (the suite's time limit
    /// catches a condition that never comes).
    private func waitUntil(_ condition: () -> Bool) async {
        while !condition() { await Task.yield() }
    }

    /// Yields until the work started so far has ended: progress, not time, ends the wait.
    private func waitForWork(of actions: Actions) async {
        repeat {
            await Task.yield()
        } while !actions.work.isIdle
        // The last deliveries are queued behind the work's end on the main actor.
        for _ in 0..<20 { await Task.yield() }
    }
}
