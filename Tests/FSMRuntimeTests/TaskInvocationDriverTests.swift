import FSMRuntime
import Testing

/// The real driver, on the main actor: every wait is on a stream the test feeds, never on time.
@Suite("TaskInvocationDriver: invocations as tasks on the machine's actor")
@MainActor struct TaskInvocationDriverTests {
    struct Failure: Error {}

    @MainActor final class Delivered {
        var outcomes: [String] = []
        let (arrivals, arrived) = AsyncStream<Void>.makeStream()

        func record(_ text: String) {
            MainActor.preconditionIsolated("outcomes are delivered on the machine's actor")
            outcomes.append(text)
            arrived.yield()
        }

        /// Waits until `count` more outcomes arrived.
        func wait(for count: Int) async {
            var iterator = arrivals.makeAsyncIterator()
            for _ in 0..<count { _ = await iterator.next() }
        }
    }

    private func run<Value>(_ name: String, _ body: InvocationWork<Value>.Body, into delivered: Delivered) -> RunningInvocation {
        TaskInvocationDriver().run(InvocationWork(name: name, isolation: MainActor.shared, body: body) { outcome in
            switch outcome {
            case .returned(let value): delivered.record("returned \(value)")
            case .element(let value): delivered.record("element \(value)")
            case .finished: delivered.record("finished")
            case .failed(let error): delivered.record("failed: \(type(of: error))")
            }
        })
    }

    @Test func aCallRunsOnTheMachinesActorAndDeliversItsResultThere() async {
        let delivered = Delivered()
        let (gate, open) = AsyncStream<Int>.makeStream()
        let running = run("fetch", InvocationWork<Int>.Body.call {
            MainActor.preconditionIsolated("the work starts on the machine's actor")
            var iterator = gate.makeAsyncIterator()
            return await iterator.next() ?? -1
        }, into: delivered)
        open.yield(42)
        await delivered.wait(for: 1)
        #expect(delivered.outcomes == ["returned 42"])
        _ = running
    }

    @Test func aThrowingCallDeliversItsError() async {
        let delivered = Delivered()
        let running = run("fetch", InvocationWork<Int>.Body.call { throw Failure() }, into: delivered)
        await delivered.wait(for: 1)
        #expect(delivered.outcomes == ["failed: Failure"])
        _ = running
    }

    @Test func aStreamDeliversEveryElementInOrderThenItsEnd() async {
        let delivered = Delivered()
        let (elements, feed) = AsyncThrowingStream<Int, any Error>.makeStream()
        let running = run("feed", InvocationWork<Int>.Body.stream { InvocationElements(elements) }, into: delivered)
        for element in 1...3 { feed.yield(element) }
        feed.finish()
        await delivered.wait(for: 4)
        #expect(delivered.outcomes == ["element 1", "element 2", "element 3", "finished"])
        _ = running
    }

    @Test func aStreamThatThrowsDeliversItsErrorAfterItsElements() async {
        let delivered = Delivered()
        let (elements, feed) = AsyncThrowingStream<Int, any Error>.makeStream()
        let running = run("feed", InvocationWork<Int>.Body.stream { InvocationElements(elements) }, into: delivered)
        feed.yield(1)
        feed.finish(throwing: Failure())
        await delivered.wait(for: 2)
        #expect(delivered.outcomes == ["element 1", "failed: Failure"])
        _ = running
    }

    /// Cancelling reaches the work (Swift's cooperative cancellation), and what it returns
    /// afterwards is still handed over: the machine, whose run is stale by then, drops it and
    /// tells its observers (`TaskDriverDroppedTests` in InvocationMachinesTests).
    @Test func cancellingCancelsTheTaskAndHandsOverWhatTheWorkStillReturns() async {
        let delivered = Delivered()
        let (started, didStart) = AsyncStream<Void>.makeStream()
        let running = run("fetch", InvocationWork<Int>.Body.call {
            didStart.yield()
            // Throws as soon as the task is cancelled, which the test does at once.
            try? await Task.sleep(for: .seconds(3_600))
            return Task.isCancelled ? 1 : 0
        }, into: delivered)
        var startIterator = started.makeAsyncIterator()
        _ = await startIterator.next()
        running.cancel()
        await delivered.wait(for: 1)
        #expect(delivered.outcomes == ["returned 1"])
    }
}
