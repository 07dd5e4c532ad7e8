import FSMCompiler
import FSMRuntime
import Synchronization
import Testing

/// README's promise with the real driver: what cancelled work comes back with (a value, an
/// error, a stream's element or its end) is never delivered, and observers hear `dropped`.
/// Each test awaits the notification itself, never a length of time; the interpreter, given the
/// same late result from the same run, drops it too.
@MainActor @Suite(.timeLimit(.minutes(12))) struct TaskDriverDroppedTests {
    /// Values handed to the work one at a time, the work waiting for them as work that never
    /// checks `Task.isCancelled` does: cancelling it does not end the wait. `nil` is an end.
    final class StubbornChannel<Value: Sendable>: Sendable {
        private let state = Mutex<(sent: [Value?], waiting: CheckedContinuation<Value?, Never>?)>(([], nil))

        func send(_ value: Value?) {
            state.withLock { state in
                if let waiting = state.waiting {
                    state.waiting = nil
                    waiting.resume(returning: value)
                } else {
                    state.sent.append(value)
                }
            }
        }

        func next() async -> Value? {
            await withCheckedContinuation { continuation in
                state.withLock { state in
                    if state.sent.isEmpty {
                        state.waiting = continuation
                    } else {
                        continuation.resume(returning: state.sent.removeFirst())
                    }
                }
            }
        }
    }

    /// The elements of a ``StubbornChannel``: a sequence that ignores cancellation.
    struct StubbornElements: AsyncSequence {
        let channel: StubbornChannel<Int>

        struct AsyncIterator: AsyncIteratorProtocol {
            let channel: StubbornChannel<Int>
            func next() async -> Int? { await channel.next() }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(channel: channel) }
    }

    /// How the work behaves once its state is left.
    enum Work {
        /// It waits for the test's answer, cancelled or not.
        case ignoresCancellation
        /// It ends as soon as it is cancelled: a call throws `CancellationError`, a stream ends.
        case heedsCancellation
    }

    /// Used on the main actor only, where the machine lives and its work runs.
    final class Actions: Profile.Actions {
        let work: Work
        let fetches = StubbornChannel<String>()
        let (fetchAnswers, answerFetch) = AsyncStream<String>.makeStream()
        let changes = StubbornChannel<Int>()
        var applied: [Int] = []

        init(_ work: Work) {
            self.work = work
        }

        /// The running fetch returns `user`, however the work waits for it.
        func answerFetch(with user: String) {
            switch work {
            case .ignoresCancellation: fetches.send(user)
            case .heedsCancellation: answerFetch.yield(user)
            }
        }

        nonisolated(nonsending) func fetchUser(id: Int) async throws -> String {
            switch work {
            case .ignoresCancellation:
                return await fetches.next() ?? ""
            case .heedsCancellation:
                // An `AsyncStream`'s iteration ends when its task is cancelled.
                var answers = fetchAnswers.makeAsyncIterator()
                if let answer = await answers.next() { return answer }
                throw CancellationError()
            }
        }

        func changes(user: String) -> InvocationElements<Int> {
            switch work {
            case .ignoresCancellation: InvocationElements(StubbornElements(channel: changes))
            case .heedsCancellation: InvocationElements(AsyncStream<Int> { _ in })
            }
        }

        func isOffline(error: any Error, id: Int) -> Bool { false }
        func report(error: any Error, id: Int) {}
        func apply(change: Int, user: String) { applied.append(change) }
    }

    /// A `Profile` on the main actor with the default driver (a manual clock only for its
    /// `after 10s`, which no test reaches), and what its observers hear, as they hear it.
    @MainActor struct Run {
        let actions: Actions
        let machine: Profile
        let heard: AsyncStream<Profile.Notification>
        var reference: InterpreterRun

        init(_ work: Work) throws {
            actions = Actions(work)
            machine = Profile(actions: actions, clock: ManualClock())
            let (heard, hear) = AsyncStream<Profile.Notification>.makeStream()
            self.heard = heard
            machine.observe { notification in
                switch notification {
                case .started, .cancelled, .dropped: hear.yield(notification)
                default: break
                }
            }
            reference = try InterpreterRun(spec: "Profile")
            reference.start()
        }

        /// Every notification up to and including the first `dropped`, awaited.
        func heardUntilDropped() async -> [Profile.Notification] {
            var notifications: [Profile.Notification] = []
            for await notification in heard {
                notifications.append(notification)
                if case .dropped = notification { break }
            }
            return notifications
        }

        /// Opens the profile in both: `fetchUser` runs.
        mutating func open() {
            machine.send(.open(id: 1))
            reference.send("open")
        }

        /// Opens the profile and lets its fetch return: `changes` streams while `showing`.
        mutating func openAndShow() async {
            open()
            actions.answerFetch(with: "Ada")
            for await notification in heard where notification == .started(.changes) { break }
            reference.deliver(.done, from: "fetchUser")
        }

        /// Closes the profile in both while `invocation` runs, then `comeBack` has its cancelled
        /// work come back. Returns what observers heard up to the first `dropped`, and whether
        /// the interpreter, given `result` from the same cancelled run, dropped it too.
        mutating func close(
            cancelling invocation: String, lateResult result: InvocationResult, comeBack: () -> Void = {}
        ) async -> (heard: [Profile.Notification], interpreterDropped: Bool) {
            let stale = reference.run(of: invocation)
            machine.send(.close)
            reference.send("close")
            comeBack()
            let heard = await heardUntilDropped()
            return (heard, reference.deliver(result, fromRun: stale))
        }
    }

    @Test func aCallThatReturnsAfterItsStateWasLeftIsDropped() async throws {
        var run = try Run(.ignoresCancellation)
        run.open()
        let actions = run.actions
        let (heard, interpreterDropped) = await run.close(cancelling: "fetchUser", lateResult: .done) {
            actions.answerFetch(with: "Ada")
        }
        #expect(heard == [.started(.fetchUser), .cancelled(.fetchUser), .dropped(.fetchUser)])
        #expect(run.machine.state == .idle, "the late user is not shown")
        #expect(interpreterDropped, "the interpreter drops it too")
    }

    @Test func aCallThatThrowsOnceCancelledIsDropped() async throws {
        var run = try Run(.heedsCancellation)
        run.open()
        let (heard, interpreterDropped) = await run.close(cancelling: "fetchUser", lateResult: .error)
        #expect(heard == [.started(.fetchUser), .cancelled(.fetchUser), .dropped(.fetchUser)])
        #expect(run.machine.state == .idle, "the error takes no `error fetchUser` transition")
        #expect(interpreterDropped, "the interpreter drops it too")
    }

    @Test func aStreamElementAfterCancellationIsDropped() async throws {
        var run = try Run(.ignoresCancellation)
        await run.openAndShow()
        let actions = run.actions
        let (heard, interpreterDropped) = await run.close(cancelling: "changes", lateResult: .element) {
            actions.changes.send(7)
        }
        #expect(heard == [.cancelled(.changes), .dropped(.changes)])
        #expect(actions.applied.isEmpty, "the late element is not applied")
        #expect(run.machine.state == .idle)
        #expect(interpreterDropped, "the interpreter drops it too")
    }

    @Test func aStreamThatEndsOnceCancelledIsDropped() async throws {
        var run = try Run(.heedsCancellation)
        await run.openAndShow()
        let (heard, interpreterDropped) = await run.close(cancelling: "changes", lateResult: .done)
        #expect(heard == [.cancelled(.changes), .dropped(.changes)])
        #expect(run.machine.state == .idle, "the end takes no `done changes` transition")
        #expect(interpreterDropped, "the interpreter drops it too")
    }
}
