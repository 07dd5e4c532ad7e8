/// The running invocations of a generated machine, in slots: one per `invoke` of the spec.
///
/// Each start of an invocation is a new run of its slot, numbered; an outcome carries the run
/// it comes from, and only the current run's outcomes are delivered. Leaving the state
/// (``cancel(slot:)``) or a `done`/`error` (``end(slot:)``) makes the run stale, so nothing a
/// cancelled or ended invocation sends afterwards reaches the machine, even when its work
/// ignores cancellation.
public struct MachineInvocations {
    @usableFromInline var running: [RunningInvocation?]
    @usableFromInline var runs: [UInt64]

    /// Invocations for `slots` declarations.
    public init(slots: Int) {
        running = Array(repeating: nil, count: slots)
        runs = Array(repeating: 0, count: slots)
    }

    /// Whether `slot`'s invocation runs.
    @inlinable
    public func isRunning(slot: Int) -> Bool {
        running[slot] != nil
    }

    /// Whether `run`, the one an outcome of `slot` comes from, is the slot's running one.
    @inlinable
    public func isCurrent(_ run: UInt64, slot: Int) -> Bool {
        running[slot] != nil && runs[slot] == run
    }

    /// Starts a new run of `slot`: `driver` runs `body`, and each outcome reaches `deliver`
    /// with the run it comes from.
    public mutating func start<Value>(
        slot: Int,
        name: String,
        on driver: any InvocationDriver,
        isolation: (any Actor)?,
        _ body: InvocationWork<Value>.Body,
        deliver: @escaping (_ run: UInt64, InvocationOutcome<Value>) -> Void
    ) {
        running[slot]?.cancel()
        runs[slot] &+= 1
        let run = runs[slot]
        running[slot] = driver.run(InvocationWork(name: name, isolation: isolation, body: body) { deliver(run, $0) })
    }

    /// Cancels `slot`'s run, if one runs: its state was left. Inlinable so that leaving a state
    /// whose invocation ended costs one comparison.
    @inlinable
    public mutating func cancel(slot: Int) {
        if running[slot] != nil {
            cancelRunning(slot: slot)
        }
    }

    /// Ends `slot`'s run without cancelling its work: it returned, threw or finished, and
    /// nothing else it sends is delivered.
    public mutating func end(slot: Int) {
        running[slot] = nil
    }

    @usableFromInline
    mutating func cancelRunning(slot: Int) {
        let invocation = running[slot]
        running[slot] = nil
        invocation?.cancel()
    }
}
