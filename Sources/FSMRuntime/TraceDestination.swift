/// Where a machine's recorded run goes: a file, memory, or a live inspector (FSMInspector's
/// `LiveInspector`, which streams each run to `fsmc inspect`).
///
/// A destination makes one ``TraceRecorder`` for each machine instance that records into it;
/// the recorder hands its lines (docs/TraceFormat.md) to wherever the destination sends them.
/// A generated machine's `TraceObserver` is given one where the app defines `FSMC_RECORDING`.
///
/// A destination is `Sendable`: an app makes one and hands it to machines living on any actor.
/// The recorders it makes are not: each belongs to its machine and is used where the machine
/// runs.
public protocol TraceDestination: Sendable {
    /// A recorder for a new run of machine `machine`, which has written its header and `start`
    /// record into this destination: create it before the machine (its initial entry is the
    /// run's first step).
    ///
    /// - Parameters:
    ///   - machine: the machine's name, as the spec declares it.
    ///   - spec: the spec's file name (`Profile.fsm`).
    ///   - fsmcVersion: the version of fsmc that generated the machine (``fsmRuntimeVersion``).
    func recorder(machine: String, spec: String, fsmcVersion: String) -> TraceRecorder
}
