import FSMRuntime
import Testing

/// The guarantee users get wrong by hand: nothing from an invocation whose state was left is
/// delivered, even when its work ignores cancellation and sends its result anyway.
@Suite struct LateResultTests {
    /// A driver whose work ignores cancellation: it keeps every run's delivery and sends
    /// whatever the test says, whenever, cancelled or not.
    final class StubbornDriver: SynchronousInvocationDriver {
        var deliveries: [(name: String, deliver: (InvocationOutcome<Any>) -> Void)] = []
        var cancelled: [String] = []
        /// The runs cancelled, by index.
        var cancelledRuns: Set<Int> = []

        func run<Value>(_ work: InvocationWork<Value>) -> RunningInvocation {
            let name = work.name
            let index = deliveries.count
            deliveries.append((name, { outcome in
                switch outcome {
                case .returned(let value): work.deliver(.returned(value as! Value))
                case .element(let value): work.deliver(.element(value as! Value))
                case .finished: work.deliver(.finished)
                case .failed(let error): work.deliver(.failed(error))
                }
            }))
            return RunningInvocation { [weak self] in
                self?.cancelled.append(name)
                self?.cancelledRuns.insert(index)
            }
        }

        /// Run `index` (counting every start) sends `outcome`.
        func send(_ outcome: InvocationOutcome<Any>, fromRun index: Int) {
            deliveries[index].deliver(outcome)
        }
    }

    @Test func aResultFromAnEarlierVisitIsDroppedEvenWhenTheWorkIgnoresCancellation() {
        let driver = StubbornDriver()
        let machine = Profile(actions: ProfileTests.Actions(), clock: ManualClock(), invocations: driver)
        var heard: [Profile.Notification] = []
        machine.observe { notification in
            switch notification {
            case .started, .cancelled, .dropped: heard.append(notification)
            default: break
            }
        }
        machine.send(.open(id: 1))
        machine.send(.close)
        machine.send(.open(id: 2))
        #expect(driver.cancelled == ["fetchUser"])
        // The first visit's fetch answers late, in the second visit: dropped.
        driver.send(.returned("from the first visit"), fromRun: 0)
        #expect(machine.state == .loading(id: 2))
        #expect(heard == [.started(.fetchUser), .cancelled(.fetchUser), .started(.fetchUser), .dropped(.fetchUser)])
        driver.send(.returned("from the second visit"), fromRun: 1)
        #expect(machine.state == .showing(user: "from the second visit"))
    }

    @Test func releasingTheMachineCancelsWhatItRuns() {
        let driver = ManualInvocationDriver()
        var machine: Profile? = Profile(actions: ProfileTests.Actions(), clock: ManualClock(), invocations: driver)
        machine?.send(.open(id: 1))
        #expect(driver.running == ["fetchUser"])
        machine = nil
        #expect(driver.running.isEmpty, "no invocation outlives its machine")
        #expect(driver.log.last == .cancelled("fetchUser"))
    }

    @Test func nothingFollowsADoneOrAnError() {
        let driver = StubbornDriver()
        let actions = ProfileTests.Actions()
        let machine = Profile(actions: actions, clock: ManualClock(), invocations: driver)
        machine.send(.open(id: 1))
        driver.send(.returned("Ada"), fromRun: 0)
        // The stream of changes (run 1) ends with an error; what it sends afterwards is dropped.
        driver.send(.element(1), fromRun: 1)
        driver.send(.failed(ProfileTests.Offline()), fromRun: 1)
        #expect(machine.state == .offline)
        driver.send(.element(2), fromRun: 1)
        driver.send(.finished, fromRun: 1)
        #expect(machine.state == .offline)
        #expect(actions.log == ["apply 1 to Ada"])
        // The fetch already returned: a second answer is dropped too.
        driver.send(.returned("Bo"), fromRun: 0)
        #expect(machine.state == .offline)
    }
}

/// The real driver on the main actor: the work is a task on the machine's actor, its result
/// taken there. The test feeds the work through a stream, never waiting on time.
@MainActor @Suite(.timeLimit(.minutes(12))) struct TaskDrivenSyncTests {
    @MainActor final class Actions: Sync.Actions {
        let (checks, finishCheck) = AsyncStream<Void>.makeStream()
        let (entries, entered) = AsyncStream<String>.makeStream()

        func isComplete(bytes: Int, checksum: String) -> Bool { true }
        func skipCheck() -> Bool { false }
        func isLast(page: Int) -> Bool { page == 2 }
        func record(bytes: Int, checksum: String) {}
        func note() {}
        func store(page: Int) {}
        func send() async throws -> (bytes: Int, checksum: String) {
            MainActor.preconditionIsolated("the work runs on the machine's actor")
            return (bytes: 8, checksum: "c8")
        }
        func check() async throws {
            var iterator = checks.makeAsyncIterator()
            _ = await iterator.next()
        }
        func pages() -> InvocationElements<Int> {
            InvocationElements(AsyncStream { continuation in
                continuation.yield(1)
                continuation.yield(2)
                continuation.finish()
            })
        }
    }

    @Test func tasksRunTheWorkAndTheMachineTakesTheirResults() async {
        let actions = Actions()
        let machine = Sync(actions: actions)
        var entries = actions.entries.makeAsyncIterator()
        machine.observeEntries { state in actions.entered.yield(state.rawValue) }
        machine.send(.start)
        // `send` returns and is taken: `sent` is entered.
        while await entries.next() != "sent" {}
        actions.finishCheck.yield()
        // The check returns; the pages stream yields 1, then 2, the last.
        while await entries.next() != "fetched" {}
        #expect(machine.isIn(.sent) && machine.isIn(.fetched))
    }
}
