/// A clock that records each timer it fires in a ``TraceRecorder``: a `timer` record, what the
/// machine does, then the step's end (``TraceRecorder/closeSteps(_:isActive:)``). Give it to the
/// machine's `init` in place of the clock it wraps.
///
/// It does not know which state's timer fires, so the record names none: replay fires the
/// earliest running timer, which is the one a clock fires first.
public final class TraceRecordingClock<Clock: MachineClock>: MachineClock {
    /// The clock that schedules the timers.
    public let clock: Clock
    /// Where the timers that fire are recorded.
    public let recorder: TraceRecorder

    /// A clock that schedules through `clock` and records each timer that fires in `recorder`.
    public init(_ clock: Clock, recorder: TraceRecorder) {
        self.clock = clock
        self.recorder = recorder
    }

    /// Schedules `fire` on the wrapped clock; when it fires, the recorder writes a `timer`
    /// record, the machine handles the timer, and the recorder closes the step.
    public func schedule(after delay: Duration, isolation: (any Actor)?, _ fire: @escaping () -> Void) -> ScheduledTimer {
        clock.schedule(after: delay, isolation: isolation) { [recorder] in
            recorder.timer(of: nil)
            fire()
            recorder.closeOpenedStep()
        }
    }
}

/// Timers come back from inside the calls of its owner when the wrapped clock's do.
extension TraceRecordingClock: SynchronousMachineClock where Clock: SynchronousMachineClock {}
