import FSMRuntime

/// Hears everything a Navigator notifies and writes it to a trace (docs/TraceFormat.md): the
/// wiring an app writes to record its machine, passed to the machine's `init` so that the
/// initial entry is recorded too (fsm-examples' `--record` and the tests use it). The
/// Navigator's only guard is `in(boldOn)`, which the machine decides itself: there are no
/// guard answers to record.
public final class NavigatorTraceObserver: Navigator.Observer {
    public let recorder: TraceRecorder

    public init(recorder: TraceRecorder) {
        self.recorder = recorder
    }

    public func machine(_ machine: Navigator, didExit state: Navigator.StateID) { recorder.exit(state.rawValue) }
    public func machine(_ machine: Navigator, didEnter state: Navigator.StateID) { recorder.entry(state.rawValue) }
    public func machine(_ machine: Navigator, didTransition transition: Navigator.Transition) { recorder.transition(trigger: transition.event?.name) }
    public func machine(_ machine: Navigator, didIgnore event: Navigator.Event, in state: Navigator.State) { recorder.ignored(event.name) }
}
