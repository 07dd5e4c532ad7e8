import FSMRuntime
import Testing

@Suite("ManualInvocationDriver: invocations a test drives by hand")
struct ManualInvocationDriverTests {
    struct Failure: Error {}

    final class Delivered {
        var outcomes: [String] = []
    }

    private func run<Value>(
        _ name: String, _ body: InvocationWork<Value>.Body, on driver: ManualInvocationDriver, into delivered: Delivered
    ) -> RunningInvocation {
        driver.run(InvocationWork(name: name, isolation: nil, body: body) { outcome in
            switch outcome {
            case .returned(let value): delivered.outcomes.append("\(name) returned \(value)")
            case .element(let value): delivered.outcomes.append("\(name) yielded \(value)")
            case .finished: delivered.outcomes.append("\(name) finished")
            case .failed(let error): delivered.outcomes.append("\(name) failed: \(type(of: error))")
            }
        })
    }

    @Test func theTestCompletesFailsYieldsAndFinishesInAnyOrder() {
        let driver = ManualInvocationDriver()
        let delivered = Delivered()
        let fetch = run("fetch", InvocationWork<String>.Body.call { "never called" }, on: driver, into: delivered)
        let feed = run("feed", InvocationWork<Int>.Body.stream { InvocationElements(AsyncStream { nil }) }, on: driver, into: delivered)
        let save = run("save", InvocationWork<Void>.Body.call {}, on: driver, into: delivered)
        #expect(driver.running == ["fetch", "feed", "save"])
        driver.yield("feed", 1)
        driver.complete("save")
        driver.yield("feed", 2)
        driver.fail("fetch", with: Failure())
        driver.finish("feed")
        #expect(
            delivered.outcomes == [
                "feed yielded 1", "save returned ()", "feed yielded 2", "fetch failed: Failure", "feed finished",
            ])
        #expect(driver.running == [])
        // Ended invocations are not running: cancelling their handles logs nothing.
        for handle in [fetch, feed, save] { handle.cancel() }
        #expect(driver.log == [.started("fetch"), .started("feed"), .started("save")])
    }

    @Test func cancellationIsLoggedAndTheWorkNoLongerRuns() {
        let driver = ManualInvocationDriver()
        let delivered = Delivered()
        let fetch = run("fetch", InvocationWork<Int>.Body.call { 1 }, on: driver, into: delivered)
        #expect(driver.isRunning("fetch"))
        fetch.cancel()
        #expect(!driver.isRunning("fetch"))
        #expect(driver.log == [.started("fetch"), .cancelled("fetch")])
        #expect(delivered.outcomes == [])
    }
}
