/// The running timers of a generated machine's `after` transitions, in slots: one slot per
/// state with such transitions in a nested machine, a single slot (the current state's) in a
/// flat one.
///
/// A slot counts the entries of its state, and each timer carries the entry it was started
/// in, so that a timer from an earlier visit of the state is never delivered, even when it
/// fired and was queued before the state was left. It lives in the runtime, not written out
/// in every generated machine, because each machine's file is type-checked by its user's
/// build: a call costs the compiler less than the code it calls.
public struct MachineTimers {
    @usableFromInline var running: [[ScheduledTimer]]
    @usableFromInline var entries: [UInt64]

    /// Timers for `slots` states.
    public init(slots: Int) {
        running = Array(repeating: [], count: slots)
        entries = Array(repeating: 0, count: slots)
    }

    /// Counts a new entry of `slot`'s state: timers started before it are stale from now on.
    @inlinable
    public mutating func enter(slot: Int) {
        entries[slot] &+= 1
    }

    /// Whether `entry`, the one a timer of `slot` was started in, is its state's current entry.
    @inlinable
    public func isCurrent(_ entry: UInt64, slot: Int) -> Bool {
        entries[slot] == entry
    }

    /// Asks `clock` for a timer of `slot` that calls `fire`, on `isolation`, with the entry of
    /// the state it was started in, once `delay` has passed.
    public mutating func start(
        slot: Int,
        after delay: Duration,
        on clock: any MachineClock,
        isolation: (any Actor)?,
        _ fire: @escaping (_ entry: UInt64) -> Void
    ) {
        let entry = entries[slot]
        running[slot].append(clock.schedule(after: delay, isolation: isolation) { fire(entry) })
    }

    /// Cancels the running timers of `slot`. Inlinable so that leaving a state without timers
    /// costs one comparison.
    @inlinable
    public mutating func cancel(slot: Int) {
        if !running[slot].isEmpty {
            cancelRunning(slot: slot)
        }
    }

    @usableFromInline
    mutating func cancelRunning(slot: Int) {
        for timer in running[slot] {
            timer.cancel()
        }
        running[slot].removeAll(keepingCapacity: true)
    }
}
