/// The version of fsmc this runtime ships with: what a ``TraceRecorder`` writes as the
/// `fsmcVersion` of a trace's header. The same as the compiler's `fsmcVersion` (a test in
/// MachinesTests checks), kept here because the runtime never imports the compiler.
public let fsmRuntimeVersion = "0.1.0"
