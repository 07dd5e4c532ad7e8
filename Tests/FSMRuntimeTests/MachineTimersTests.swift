import FSMRuntime
import Testing

@Suite("MachineTimers: a generated machine's timers, by slot")
struct MachineTimersTests {
    final class Fired {
        var entries: [String] = []
    }

    @Test func aTimerFiresWithTheEntryItWasStartedIn() {
        let clock = ManualClock()
        let fired = Fired()
        var timers = MachineTimers(slots: 2)
        timers.enter(slot: 1)
        timers.start(slot: 1, after: .seconds(1), on: clock, isolation: nil) { entry in
            fired.entries.append("slot 1, entry \(entry)")
        }
        clock.advance(by: .seconds(1))
        #expect(fired.entries == ["slot 1, entry 1"])
        #expect(timers.isCurrent(1, slot: 1))
        #expect(timers.isCurrent(0, slot: 0))
    }

    @Test func aNewEntryMakesTheTimersOfEarlierOnesStale() {
        let clock = ManualClock()
        let fired = Fired()
        var timers = MachineTimers(slots: 1)
        timers.enter(slot: 0)
        timers.start(slot: 0, after: .seconds(1), on: clock, isolation: nil) { entry in
            fired.entries.append("\(entry)")
        }
        timers.enter(slot: 0)
        clock.advance(by: .seconds(1))
        // The timer still fires (the machine queued it, say): its entry tells it is stale.
        #expect(fired.entries == ["1"])
        #expect(!timers.isCurrent(1, slot: 0))
        #expect(timers.isCurrent(2, slot: 0))
    }

    @Test func cancellingASlotStopsItsTimersAlone() {
        let clock = ManualClock()
        let fired = Fired()
        var timers = MachineTimers(slots: 2)
        for slot in 0..<2 {
            for seconds in 1...2 {
                timers.start(slot: slot, after: .seconds(seconds), on: clock, isolation: nil) { _ in
                    fired.entries.append("slot \(slot) after \(seconds)s")
                }
            }
        }
        #expect(clock.pendingTimerCount == 4)
        timers.cancel(slot: 0)
        #expect(clock.pendingTimerCount == 2)
        timers.cancel(slot: 0)
        clock.advance(by: .seconds(2))
        #expect(fired.entries == ["slot 1 after 1s", "slot 1 after 2s"])
    }
}
