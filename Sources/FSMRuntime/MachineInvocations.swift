/// The running invocations of a generated machine, in slots: one per `invoke` of the spec.
///
/// Entering a state schedules its invocations (``schedule(slot:)``); the machine starts what
/// is scheduled once the step that entered the state has ended (``nextScheduled()``), so that
/// a state only passed through starts nothing, and leaving the state unschedules them.
///
/// Each start of an invocation is a new run of its slot, numbered; an outcome carries the run
/// it comes from, and only the current run's outcomes are delivered. Leaving the state
/// (``cancel(slot:)``) or a `done`/`error` (``end(slot:)``) makes the run stale, so nothing a
/// cancelled or ended invocation sends afterwards reaches the machine, even when its work
/// ignores cancellation.
public struct MachineInvocations {
    /// The running invocations, by slot, in an object that cancels them when the machine that
    /// holds it is released: no invocation outlives its machine.
    @usableFromInline final class Running {
        @exclusivity(unchecked) @usableFromInline var bySlot: [RunningInvocation?]

        init(slots: Int) {
            bySlot = Array(repeating: nil, count: slots)
        }

        deinit {
            for invocation in bySlot { invocation?.cancel() }
        }
    }

    @usableFromInline let running: Running
    @usableFromInline var runs: [UInt64]
    @usableFromInline var scheduled: [Bool]
    @usableFromInline var scheduledCount = 0

    /// Invocations for `slots` declarations.
    public init(slots: Int) {
        running = Running(slots: slots)
        runs = Array(repeating: 0, count: slots)
        scheduled = Array(repeating: false, count: slots)
    }

    /// Schedules `slot`'s invocation to start when the current step ends: its state was
    /// entered.
    @inlinable
    public mutating func schedule(slot: Int) {
        if !scheduled[slot] {
            scheduled[slot] = true
            scheduledCount += 1
        }
    }

    /// Whether a slot is scheduled: the step that just ran entered a state with invocations.
    @inlinable
    public var hasScheduled: Bool { scheduledCount > 0 }

    /// The first scheduled slot, no longer scheduled; `nil` when none is. Slots are numbered in
    /// the spec's document order, so invocations start in the order their states are entered
    /// (outer states first) and, within a state, in the order written.
    @inlinable
    public mutating func nextScheduled() -> Int? {
        guard hasScheduled, let slot = scheduled.firstIndex(of: true) else { return nil }
        scheduled[slot] = false
        scheduledCount -= 1
        return slot
    }

    /// Whether `slot`'s invocation runs.
    @inlinable
    public func isRunning(slot: Int) -> Bool {
        running.bySlot[slot] != nil
    }

    /// Whether `run`, the one an outcome of `slot` comes from, is the slot's running one.
    @inlinable
    public func isCurrent(_ run: UInt64, slot: Int) -> Bool {
        running.bySlot[slot] != nil && runs[slot] == run
    }

    /// Starts a new run of `slot`: `driver` runs `routine` with `arguments`, and each outcome
    /// reaches the routine with the run it comes from. Inlinable, with the default driver called directly, so that a
    /// start is specialized for the invocation's value where the machine is compiled rather
    /// than looking up generic metadata at run time.
    @inlinable
    public mutating func start<Arguments, Value>(
        slot: Int,
        name: String,
        on driver: any InvocationDriver,
        isolation: (any Actor)?,
        arguments: Arguments,
        _ routine: InvocationRoutine<Arguments, Value>
    ) {
        running.bySlot[slot]?.cancel()
        runs[slot] &+= 1
        let run = runs[slot]
        if let tasks = driver as? TaskInvocationDriver {
            running.bySlot[slot] = tasks.run(routine, arguments: arguments, run: run, isolation: isolation)
        } else {
            running.bySlot[slot] = driver.run(routine.work(name: name, isolation: isolation, arguments: arguments, run: run))
        }
    }

    /// Starts a new run of `slot` whose work is a child machine (`invoke SignIn as signIn`):
    /// `start` makes the child for the run it is given and returns what stops it, which holds
    /// the child: the slot keeps the child alive while it runs, and cancelling or releasing
    /// the slot stops it.
    public mutating func startChild(slot: Int, _ start: (_ run: UInt64) -> RunningInvocation) {
        running.bySlot[slot]?.cancel()
        runs[slot] &+= 1
        running.bySlot[slot] = start(runs[slot])
    }

    /// Cancels `slot`'s running invocation, if any, making its run stale, and unschedules it;
    /// returns whether one ran.
    @inlinable @discardableResult
    public mutating func cancel(slot: Int) -> Bool {
        if scheduled[slot] {
            scheduled[slot] = false
            scheduledCount -= 1
        }
        guard running.bySlot[slot] != nil else { return false }
        cancelRunning(slot: slot)
        return true
    }

    /// Ends `slot`'s run without cancelling its work: it returned, threw or finished, and
    /// nothing else it sends is delivered.
    public mutating func end(slot: Int) {
        running.bySlot[slot] = nil
    }

    @usableFromInline
    mutating func cancelRunning(slot: Int) {
        let invocation = running.bySlot[slot]
        running.bySlot[slot] = nil
        invocation?.cancel()
    }
}
