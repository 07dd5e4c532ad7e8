import FSMRuntime
import Testing

@Suite("ManualClock: deadlines, ties, timers scheduled while firing, cancel and release")
struct ManualClockTests {
    @Test func timeStandsStillUntilAdvanced() {
        let clock = ManualClock()
        var fired = false
        let timer = clock.schedule(after: .seconds(1), isolation: nil) { fired = true }
        #expect(clock.now == .zero)
        #expect(clock.pendingTimerCount == 1)
        #expect(!fired)
        clock.advance(by: .milliseconds(999))
        #expect(!fired)
        #expect(clock.now == .milliseconds(999))
        clock.advance(by: .milliseconds(1))
        #expect(fired)
        #expect(clock.pendingTimerCount == 0)
        _ = timer
    }

    @Test func firesInDeadlineOrderNotSchedulingOrder() {
        let clock = ManualClock()
        var fired: [String] = []
        let timers = [
            clock.schedule(after: .seconds(3), isolation: nil) { fired.append("3s") },
            clock.schedule(after: .seconds(1), isolation: nil) { fired.append("1s") },
            clock.schedule(after: .seconds(2), isolation: nil) { fired.append("2s") },
        ]
        #expect(clock.pendingDeadlines == [.seconds(1), .seconds(2), .seconds(3)])
        clock.advance(by: .seconds(10))
        #expect(fired == ["1s", "2s", "3s"])
        #expect(clock.now == .seconds(10))
        _ = timers
    }

    @Test func tiesFireInSchedulingOrder() {
        let clock = ManualClock()
        var fired: [Int] = []
        let timers = (0..<5).map { index in
            clock.schedule(after: .seconds(1), isolation: nil) { fired.append(index) }
        }
        clock.advance(by: .seconds(1))
        #expect(fired == [0, 1, 2, 3, 4])
        _ = timers
    }

    @Test func nowIsTheDeadlineOfTheFiringTimer() {
        let clock = ManualClock()
        var seen: [Duration] = []
        let timers = [
            clock.schedule(after: .milliseconds(300), isolation: nil) { seen.append(clock.now) },
            clock.schedule(after: .milliseconds(700), isolation: nil) { seen.append(clock.now) },
        ]
        clock.advance(by: .seconds(1))
        #expect(seen == [.milliseconds(300), .milliseconds(700)])
        _ = timers
    }

    @Test func aTimerScheduledWhileFiringFiresInTheSameAdvanceIfDue() {
        let clock = ManualClock()
        var fired: [String] = []
        var timers: [ScheduledTimer] = []
        timers.append(clock.schedule(after: .seconds(1), isolation: nil) {
            fired.append("first at \(clock.now)")
            timers.append(clock.schedule(after: .seconds(1), isolation: nil) { fired.append("second at \(clock.now)") })
            timers.append(clock.schedule(after: .seconds(5), isolation: nil) { fired.append("third at \(clock.now)") })
        })
        clock.advance(by: .seconds(2))
        #expect(fired == ["first at 1.0 seconds", "second at 2.0 seconds"])
        #expect(clock.pendingDeadlines == [.seconds(6)])
        clock.advance(by: .seconds(4))
        #expect(fired.last == "third at 6.0 seconds")
    }

    @Test func aZeroDelayTimerScheduledWhileFiringRunsAfterTheTiesAlreadyDue() {
        let clock = ManualClock()
        var fired: [String] = []
        var timers: [ScheduledTimer] = []
        timers.append(clock.schedule(after: .seconds(1), isolation: nil) {
            fired.append("a")
            timers.append(clock.schedule(after: .zero, isolation: nil) { fired.append("c") })
        })
        timers.append(clock.schedule(after: .seconds(1), isolation: nil) { fired.append("b") })
        clock.advance(by: .seconds(1))
        #expect(fired == ["a", "b", "c"])
    }

    @Test func negativeDelaysAndAdvancesCountAsZero() {
        let clock = ManualClock()
        var fired = false
        let timer = clock.schedule(after: .seconds(-1), isolation: nil) { fired = true }
        clock.advance(by: .seconds(-5))
        #expect(clock.now == .zero)
        #expect(fired)
        _ = timer
    }

    @Test func cancelledTimerNeverFires() {
        let clock = ManualClock()
        var fired = false
        let timer = clock.schedule(after: .seconds(1), isolation: nil) { fired = true }
        #expect(!timer.isCancelled)
        timer.cancel()
        #expect(timer.isCancelled)
        #expect(clock.pendingTimerCount == 0)
        timer.cancel()
        clock.advance(by: .seconds(2))
        #expect(!fired)
    }

    @Test func releasedTimerNeverFires() {
        let clock = ManualClock()
        var fired = false
        _ = clock.schedule(after: .seconds(1), isolation: nil) { fired = true }
        #expect(clock.pendingTimerCount == 0)
        clock.advance(by: .seconds(2))
        #expect(!fired)
    }

    @Test func aFiringTimerCanCancelATieDueAfterIt() {
        let clock = ManualClock()
        var fired: [String] = []
        var second: ScheduledTimer?
        let first = clock.schedule(after: .seconds(1), isolation: nil) {
            fired.append("first")
            second?.cancel()
        }
        second = clock.schedule(after: .seconds(1), isolation: nil) { fired.append("second") }
        clock.advance(by: .seconds(1))
        #expect(fired == ["first"])
        _ = first
    }

    @Test func cancellingOnlyRemovesItsOwnTimer() {
        let clock = ManualClock()
        var fired: [Int] = []
        let timers = (0..<3).map { index in
            clock.schedule(after: .seconds(index + 1), isolation: nil) { fired.append(index) }
        }
        timers[1].cancel()
        #expect(clock.pendingDeadlines == [.seconds(1), .seconds(3)])
        clock.advance(by: .seconds(3))
        #expect(fired == [0, 2])
    }

    @Test func cancellingATimerWhoseClockIsGoneDoesNothing() {
        var clock: ManualClock? = ManualClock()
        let timer = clock!.schedule(after: .seconds(1), isolation: nil) {}
        weak let released = clock
        clock = nil
        #expect(released == nil)
        timer.cancel()     // the clock is gone: nothing to do, and no crash
        #expect(timer.isCancelled)
    }
}

@Suite("ScheduledTimer")
struct ScheduledTimerTests {
    @Test func cancelStopsOnceAndOnlyOnce() {
        var stops = 0
        let timer = ScheduledTimer { stops += 1 }
        timer.cancel()
        timer.cancel()
        #expect(stops == 1)
        #expect(timer.isCancelled)
    }

    @Test func releasingAnUncancelledTimerStopsIt() {
        var stops = 0
        var timer: ScheduledTimer? = ScheduledTimer { stops += 1 }
        #expect(timer?.isCancelled == false)
        timer = nil
        #expect(stops == 1)
    }

    @Test func releasingACancelledTimerDoesNotStopItAgain() {
        var stops = 0
        var timer: ScheduledTimer? = ScheduledTimer { stops += 1 }
        timer?.cancel()
        timer = nil
        #expect(stops == 1)
    }
}
