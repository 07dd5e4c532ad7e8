import FSMRuntime
import Foundation
import Testing

/// An actor that schedules timers on a ``TaskClock`` and counts the ones that fire on it.
private actor TimerHost {
    let clock = TaskClock()
    private(set) var fired: [String] = []
    private var timers: [ScheduledTimer] = []
    /// The names of the timers that fire, as they fire: what a test awaits.
    let firings: AsyncStream<String>
    private let firing: AsyncStream<String>.Continuation

    init() {
        (firings, firing) = AsyncStream<String>.makeStream()
    }

    /// What a test does with a timer right after scheduling it, in the same turn of the actor.
    enum Handling {
        case keep, cancel, release
    }

    /// Schedules a timer; its action checks that it runs on this actor.
    func schedule(_ name: String, after delay: Duration, then handling: Handling = .keep) {
        let timer = clock.schedule(after: delay, isolation: self) { [unowned self] in
            preconditionIsolated("a TaskClock timer fires on the actor it was given")
            fired.append(name)
            firing.yield(name)
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

/// Every test awaits the timers it expects to fire, never a length of time: a loaded machine
/// (other builds on the same cores) may run a timer seconds after its deadline, and only the
/// suite's time limit, a generous cap, says when it never came. A timer that must not fire is
/// checked once a witness with a later deadline fired.
@Suite("TaskClock: real time, on the machine's actor", .timeLimit(.minutes(12)))
struct TaskClockTests {
    @Test func firesAfterTheDelayOnTheGivenActor() async {
        let host = TimerHost()
        var firings = host.firings.makeAsyncIterator()
        let start = ContinuousClock.now
        await host.schedule("a", after: .milliseconds(50))
        #expect(await firings.next() == "a")
        #expect(ContinuousClock.now - start >= .milliseconds(50), "not before its deadline")
    }

    @Test func cancelledBeforeTheDeadlineNeverFires() async {
        let host = TimerHost()
        var firings = host.firings.makeAsyncIterator()
        await host.schedule("cancelled", after: .milliseconds(30), then: .cancel)
        await host.schedule("witness", after: .milliseconds(90))
        #expect(await firings.next() == "witness")
        #expect(await host.fired == ["witness"])
    }

    @Test func releasedBeforeTheDeadlineNeverFires() async {
        let host = TimerHost()
        var firings = host.firings.makeAsyncIterator()
        await host.schedule("released", after: .milliseconds(30), then: .release)
        await host.schedule("witness", after: .milliseconds(90))
        #expect(await firings.next() == "witness")
        #expect(await host.fired == ["witness"])
    }

    /// The timer's task has slept its delay and waits for the busy actor when it is
    /// cancelled there: its action must not run. (On a loaded machine its task may not have
    /// woken yet: then it is cancelled before its deadline, and must not run either.)
    @Test func cancelledOnTheActorAfterTheDeadlineNeverFires() async {
        let host = TimerHost()
        var firings = host.firings.makeAsyncIterator()
        await host.cancelAfterTheDeadlineWhileBusy(blockingFor: 0.1)
        await host.schedule("witness", after: .milliseconds(50))
        #expect(await firings.next() == "witness")
        #expect(await host.fired == ["witness"])
    }

    @Test func withoutAnActorFiresOnTheGlobalExecutor() async {
        let (firings, firing) = AsyncStream<Void>.makeStream()
        let start = ContinuousClock.now
        let timer = TaskClock().schedule(after: .milliseconds(20), isolation: nil) {
            firing.yield()
        }
        var iterator = firings.makeAsyncIterator()
        #expect(await iterator.next() != nil)
        #expect(ContinuousClock.now - start >= .milliseconds(20), "not before its deadline")
        _ = timer
    }
}
