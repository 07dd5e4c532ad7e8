/// A clock for tests: time stands still until ``advance(by:)``, which fires every timer that
/// falls due, synchronously and in order of their deadlines. No test needs to sleep.
///
/// Use it on the same actor (or thread) as the machine it drives.
public final class ManualClock: SynchronousMachineClock {
    private struct Entry {
        var id: UInt64
        var deadline: Duration
        var fire: () -> Void
    }

    /// How much time has passed since the clock was made.
    public private(set) var now: Duration = .zero
    private var entries: [Entry] = []
    private var nextID: UInt64 = 0

    /// A clock at time zero, with no timer scheduled.
    public init() {}

    /// How many timers are scheduled and not yet fired or cancelled.
    public var pendingTimerCount: Int { entries.count }

    /// The deadlines of the pending timers, earliest first, measured from the clock's start.
    public var pendingDeadlines: [Duration] { entries.map(\.deadline).sorted() }

    /// Schedules `fire` at ``now`` plus `delay` (a negative delay counts as zero); it runs
    /// inside the ``advance(by:)`` call that reaches that deadline, on the caller's thread.
    ///
    /// - Parameters:
    ///   - delay: how long after ``now`` the timer falls due.
    ///   - isolation: ignored: the timer fires wherever ``advance(by:)`` is called.
    ///   - fire: what to run when the timer falls due.
    /// - Returns: the timer; cancelling or releasing it removes it from the pending timers.
    public func schedule(after delay: Duration, isolation: (any Actor)?, _ fire: @escaping () -> Void) -> ScheduledTimer {
        let id = nextID
        nextID += 1
        entries.append(Entry(id: id, deadline: now + max(delay, .zero), fire: fire))
        return ScheduledTimer { [weak self] in
            self?.entries.removeAll { $0.id == id }
        }
    }

    /// Moves time forward, firing each timer whose deadline is reached, earliest first (in
    /// the order they were scheduled when deadlines tie). A timer scheduled by a firing one
    /// fires too if it falls due within the same advance.
    public func advance(by duration: Duration) {
        let end = now + max(duration, .zero)
        while let next = entries.indices.filter({ entries[$0].deadline <= end }).min(by: { entries[$0].deadline < entries[$1].deadline || (entries[$0].deadline == entries[$1].deadline && entries[$0].id < entries[$1].id) }) {
            let entry = entries.remove(at: next)
            now = max(now, entry.deadline)
            entry.fire()
        }
        now = end
    }
}
