import FSMRuntime
import Foundation
import Testing

/// An actor that schedules timers on a ``TaskClock`` and counts the ones that fire on it.
private actor TimerHost {
    let clock = TaskClock()
    private(set) var fired: [String] = []
    private var timers: [ScheduledTimer] = []

    /// What a test does with a timer right after scheduling it, in the same turn of the actor.
    enum Handling {
        case keep, cancel, release
    }

    /// Schedules a timer; its action checks that it runs on this actor.
    func schedule(_ name: String, after delay: Duration, then handling: Handling = .keep) {
        let timer = clock.schedule(after: delay, isolation: self) { [unowned self] in
            preconditionIsolated("a TaskClock timer fires on the actor it was given")
            fired.append(name)
        }
        switch handling {
        case .keep: timers.append(timer)
        case .cancel: timer.cancel()
        case .release: break
        }
    }

    func cancelAll() {
        for timer in timers {
            timer.cancel()
        }
    }

    /// Schedules a timer, keeps the actor busy past its deadline so that the timer is
    /// waiting to run on the actor, then cancels it.
    func cancelAfterTheDeadlineWhileBusy(blockingFor seconds: TimeInterval) {
        schedule("late", after: .milliseconds(5))
        Thread.sleep(forTimeInterval: seconds)
        cancelAll()
    }
}

/// Polls `condition` until it holds or a minute passes. The minute only matters when a test
/// fails: other test targets may keep every thread of the cooperative pool busy for seconds.
private func eventually(_ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return await condition()
}

@Suite("TaskClock: real time, on the machine's actor")
struct TaskClockTests {
    @Test func firesAfterTheDelayOnTheGivenActor() async {
        let host = TimerHost()
        let start = ContinuousClock.now
        await host.schedule("a", after: .milliseconds(50))
        #expect(await eventually { await host.fired == ["a"] })
        #expect(ContinuousClock.now - start >= .milliseconds(50))
    }

    @Test func cancelledBeforeTheDeadlineNeverFires() async throws {
        let host = TimerHost()
        await host.schedule("cancelled", after: .milliseconds(30), then: .cancel)
        await host.schedule("witness", after: .milliseconds(90))
        #expect(await eventually { await host.fired == ["witness"] })
        try await Task.sleep(for: .milliseconds(50))
        #expect(await host.fired == ["witness"])
    }

    @Test func releasedBeforeTheDeadlineNeverFires() async throws {
        let host = TimerHost()
        await host.schedule("released", after: .milliseconds(30), then: .release)
        await host.schedule("witness", after: .milliseconds(90))
        #expect(await eventually { await host.fired == ["witness"] })
    }

    /// The timer's task has slept its delay and waits for the busy actor when it is
    /// cancelled there: its action must not run.
    @Test func cancelledOnTheActorAfterTheDeadlineNeverFires() async throws {
        let host = TimerHost()
        await host.cancelAfterTheDeadlineWhileBusy(blockingFor: 0.1)
        await host.schedule("witness", after: .milliseconds(50))
        #expect(await eventually { await host.fired.contains("witness") })
        #expect(await host.fired == ["witness"])
    }

    @Test func withoutAnActorFiresOnTheGlobalExecutor() async {
        let counter = Counter()
        let timer = TaskClock().schedule(after: .milliseconds(20), isolation: nil) {
            Task { await counter.increment() }
        }
        #expect(await eventually { await counter.value == 1 })
        _ = timer
    }
}

private actor Counter {
    private(set) var value = 0

    func increment() {
        value += 1
    }
}
