import FSMRuntime

/// A clock whose timers fire only when a test fires them, one at a time, in any order, even
/// after they were cancelled: it stands for a real clock whose timers race with the machine
/// (a timer that fell due while the machine's actor was busy runs after the machine may
/// have cancelled it). The machine itself must drop every timer that is no longer current.
final class HandFiredClock: SynchronousMachineClock {
    private var actions: [() -> Void] = []
    /// Whether each timer was cancelled, by the order it was scheduled in.
    private(set) var cancelled: [Bool] = []

    /// How many timers were ever scheduled.
    var scheduledCount: Int { actions.count }

    func schedule(after delay: Duration, isolation: (any Actor)?, _ fire: @escaping () -> Void) -> ScheduledTimer {
        let index = actions.count
        actions.append(fire)
        cancelled.append(false)
        return ScheduledTimer { [weak self] in
            self?.cancelled[index] = true
        }
    }

    /// Runs the `index`-th timer's action, cancelled or not.
    func fire(_ index: Int) {
        actions[index]()
    }
}
