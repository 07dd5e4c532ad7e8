import FSMRuntime

/// A manual clock whose timers cannot be cancelled: it stands for a real clock whose timer
/// already fired and is waiting to run when the machine cancels it, so that tests can check
/// that the machine itself drops such a stale timer.
final class UncancellableClock: SynchronousMachineClock {
    let base = ManualClock()
    /// The base clock's timers, kept alive so that releasing them cannot cancel them either.
    private var timers: [ScheduledTimer] = []

    func schedule(after delay: Duration, isolation: (any Actor)?, _ fire: @escaping () -> Void) -> ScheduledTimer {
        timers.append(base.schedule(after: delay, isolation: isolation, fire))
        return ScheduledTimer {}
    }

    func advance(by duration: Duration) {
        base.advance(by: duration)
    }
}

/// A manual clock that fires timers falling due at the same instant in the reverse order of
/// scheduling: a legitimate ``MachineClock`` (``TaskClock`` promises no order for ties
/// either), which tests use to check that a machine does not depend on the order of ties.
final class ReversedTiesClock: SynchronousMachineClock {
    private struct Entry {
        var id: Int
        var deadline: Duration
        var fire: () -> Void
    }

    private(set) var now: Duration = .zero
    private var entries: [Entry] = []
    private var nextID = 0

    func schedule(after delay: Duration, isolation: (any Actor)?, _ fire: @escaping () -> Void) -> ScheduledTimer {
        let id = nextID
        nextID += 1
        entries.append(Entry(id: id, deadline: now + delay, fire: fire))
        return ScheduledTimer { [weak self] in
            self?.entries.removeAll { $0.id == id }
        }
    }

    /// Fires every timer due by `now + duration`: earliest deadline first, latest scheduled
    /// first among equal deadlines.
    func advance(by duration: Duration) {
        let end = now + duration
        while let next = entries.filter({ $0.deadline <= end }).min(by: { ($0.deadline, -$0.id) < ($1.deadline, -$1.id) }) {
            entries.removeAll { $0.id == next.id }
            now = next.deadline
            next.fire()
        }
        now = end
    }
}
