/// Where recorded runs go: something that makes the ``TraceRecorder`` of each machine that
/// records to it, such as FSMInspector's `LiveInspector`, which streams each run to
/// `fsmc inspect` as it happens. A generated machine's `TraceObserver(recordingTo:)` asks it for
/// the recorder of the machine, named as its spec names it.
public protocol TraceDestination: AnyObject, Sendable {
    /// A new recorder for one run of the machine `machine`, generated from the spec `spec` by
    /// fsmc `fsmcVersion`; it has written its header and `start` record, as
    /// ``TraceRecorder/init(machine:spec:fsmcVersion:write:)`` does.
    func recorder(machine: String, spec: String, fsmcVersion: String) -> TraceRecorder
}
