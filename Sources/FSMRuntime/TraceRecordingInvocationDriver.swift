/// An invocation driver that records what each invocation delivers in a ``TraceRecorder``: a
/// `result` record, what the machine does with it, then the step's end
/// (``TraceRecorder/closeSteps(_:isActive:)``). Give it to the machine's `init` in place of the
/// driver it wraps. A call's return and a stream's end are `done`, a throw `error`.
public final class TraceRecordingInvocationDriver<Driver: InvocationDriver>: InvocationDriver {
    /// The driver that runs the work.
    public let driver: Driver
    /// Where what the invocations deliver is recorded.
    public let recorder: TraceRecorder

    /// A driver that runs work through `driver` and records each outcome in `recorder`.
    public init(_ driver: Driver, recorder: TraceRecorder) {
        self.driver = driver
        self.recorder = recorder
    }

    /// Runs `work` on the wrapped driver; each outcome is recorded as a `result` record, then
    /// handed to the machine, then the recorder closes the step.
    public func run<Value>(_ work: InvocationWork<Value>) -> RunningInvocation {
        let name = work.name
        let sink = work.sink
        let recorder = recorder
        let recording = InvocationSink<Value> { run, outcome in
            switch outcome {
            case .returned, .finished: recorder.result(of: name, .done)
            case .element: recorder.result(of: name, .element)
            case .failed: recorder.result(of: name, .error)
            }
            sink.deliver(run, outcome)
            recorder.closeOpenedStep()
        }
        return driver.run(InvocationWork(name: name, isolation: work.isolation, body: work.body, run: work.run, sink: recording))
    }
}

/// Delivers from inside the calls of its owner when the wrapped driver does.
extension TraceRecordingInvocationDriver: SynchronousInvocationDriver where Driver: SynchronousInvocationDriver {}
