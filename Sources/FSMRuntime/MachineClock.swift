/// Schedules the delays of `after` transitions.
///
/// A generated machine asks its clock for a timer when it enters a state with `after`
/// transitions and cancels the timer when it leaves the state. The clock calls `fire` on the
/// isolation the machine lives on, so the machine never runs on two threads at once.
///
/// Two clocks come with the runtime: ``TaskClock`` (real time, the default) and
/// ``ManualClock`` (for tests: time moves only when the test says so).
public protocol MachineClock: AnyObject {
    /// Calls `fire` once `delay` has passed, unless the returned timer is cancelled or
    /// released first.
    ///
    /// - Parameters:
    ///   - delay: how long to wait.
    ///   - isolation: the actor the machine lives on, where `fire` must run; `nil` when the
    ///     machine is used outside any actor.
    ///   - fire: what to run.
    func schedule(after delay: Duration, isolation: (any Actor)?, _ fire: @escaping () -> Void) -> ScheduledTimer
}

/// A timer handed out by a ``MachineClock``. Cancelling it, or releasing the last
/// reference to it, guarantees that its action does not run.
public typealias ScheduledTimer = CancellationHandle

/// Work a machine started and may stop: a timer (``ScheduledTimer``), or an invocation a
/// closure stops (``RunningInvocation/init(onCancel:)``). Cancelling it, or releasing the last
/// reference to it, stops it.
public final class CancellationHandle {
    private var onCancel: (() -> Void)?
    /// The task that does the work, when a `Task` does: held here rather than captured by an
    /// `onCancel` closure, which would be a second allocation for every timer and invocation.
    private var task: Task<Void, Never>?

    /// A handle whose cancellation (or release) calls `onCancel`.
    ///
    /// - Parameter onCancel: stops the work; called at most once.
    public init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    /// A handle whose cancellation (or release) cancels `task`.
    ///
    /// - Parameter task: the task that does the work; cancelled at most once.
    public init(task: Task<Void, Never>) {
        self.task = task
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { onCancel == nil && task == nil }

    /// Stops the work; calling it again does nothing.
    public func cancel() {
        let cancel = onCancel
        onCancel = nil
        let task = task
        self.task = nil
        task?.cancel()
        cancel?()
    }

    deinit {
        task?.cancel()
        onCancel?()
    }
}

/// A clock that fires timers only from inside a call its owner makes (``ManualClock``'s
/// `advance(by:)`), on the owner's own thread, never on its own.
///
/// A machine with `after` transitions that lives outside any actor can take only such a
/// clock: its generated initializer without an actor accepts a `SynchronousMachineClock`,
/// and the one that accepts any clock must be called on an actor, where the timers come back.
/// A real-time clock could not return to a thread no actor owns, so that is a compile-time
/// error rather than a data race.
public protocol SynchronousMachineClock: MachineClock {}
