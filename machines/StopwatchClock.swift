/// The stopwatch's time, read from a clock: the seed's `std::chrono::steady_clock`. Tests and
/// the examples pass a clock they move by hand.
public final class StopwatchClock: Stopwatch.Actions {
    /// What the display showed each time the stopwatch paused, in order.
    public private(set) var shown: [Duration] = []
    private let currentTime: () -> ContinuousClock.Instant

    /// - Parameter now: the current instant; the continuous clock's by default.
    public init(now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        currentTime = now
    }

    public func now() -> ContinuousClock.Instant {
        currentTime()
    }

    public func elapsedTime(since: ContinuousClock.Instant) -> Duration {
        currentTime() - since
    }

    public func resumedStart(elapsed: Duration) -> ContinuousClock.Instant {
        currentTime() - elapsed
    }

    public func show(elapsed: Duration) {
        shown.append(elapsed)
    }
}
