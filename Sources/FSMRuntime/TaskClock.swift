/// The real-time clock: each timer is a `Task` that sleeps on the continuous clock and then
/// runs its action on the machine's actor.
///
/// A machine sending events from an actor (the main actor or one of your own) gets its
/// timers back on that actor. A machine used outside any actor has no actor to come back
/// to: its timers fire on the global concurrent executor, so confine such a machine yourself
/// or give it a ``ManualClock``.
public final class TaskClock: MachineClock, Sendable {
    /// The clock; it keeps no state, so machines may share one.
    public init() {}

    /// Starts a `Task` that sleeps for `delay` on the continuous clock, then runs `fire` on
    /// `isolation`, unless the timer was cancelled meanwhile.
    ///
    /// - Parameters:
    ///   - delay: how long to wait.
    ///   - isolation: the actor the machine lives on, where `fire` runs; `nil` outside any
    ///     actor, where `fire` runs on the global concurrent executor.
    ///   - fire: what to run.
    /// - Returns: the timer; cancelling or releasing it cancels the task.
    public func schedule(after delay: Duration, isolation: (any Actor)?, _ fire: @escaping () -> Void) -> ScheduledTimer {
        // The action only ever runs on `isolation`, the actor it was created on.
        let action = UncheckedSendableAction(fire)
        let task = Task {
            do {
                try await Task.sleep(for: delay)
            } catch {
                return
            }
            await Self.run(action, on: isolation)
        }
        return ScheduledTimer(task: task)
    }

    /// Runs the action on the machine's actor, unless the timer was cancelled while its task
    /// waited for that actor: the machine cancels on the same actor, so the check is exact.
    private static func run(_ action: UncheckedSendableAction, on isolation: isolated (any Actor)?) {
        guard !Task.isCancelled else { return }
        action.run()
    }
}

/// Carries a timer action to the actor it belongs to.
private struct UncheckedSendableAction: @unchecked Sendable {
    let run: () -> Void

    init(_ run: @escaping () -> Void) {
        self.run = run
    }
}
