/// A recorded run replayed as its lines arrive (`fsmc inspect`, docs/Inspector.md): the same
/// replay as ``TraceReplay``, a line at a time, each step handed on as soon as its `step`
/// record comes. Nothing of the run is kept but where the interpreter is, so a run may go on
/// for as long as the app does. No I/O.
public struct LiveReplay: Sendable {
    /// What a line led to.
    public enum Progress: Sendable {
        /// Nothing yet: the header, a blank line, or a record inside a step.
        case pending
        /// The line closed a step, which matched the spec.
        case step(ReplayedRun.Step)
        /// The run parted from the spec, at this line or before.
        case diverged(TraceDivergence)
    }

    private var reader = RecordedTrace.LineReader()
    private var replay: Replay

    /// A replay of a run of `machine`, which runs `children` (and theirs) by name.
    public init(machine: ExecutableMachine, children: [String: ExecutableMachine] = [:]) {
        replay = Replay(machine: machine, children: children)
    }

    /// The run's header, once its first line came.
    public var header: RecordedTrace.Header? { reader.header }
    /// Where the run first parted from the spec, if it did.
    public var divergence: TraceDivergence? { replay.divergence }
    /// How many steps matched.
    public var stepCount: Int { replay.stepCount }
    /// How many lines came, blank ones included.
    public var lineCount: Int { reader.lineCount }
    /// The spec's machine the run is replayed on.
    public var machine: ExecutableMachine { replay.machine }

    /// Takes the next line of the run (the header first), without its newline. After a
    /// divergence every line answers it again: nothing more is replayed.
    public mutating func append(_ line: Substring) -> Progress {
        if let divergence = replay.divergence { return .diverged(divergence) }
        let hadHeader = reader.header != nil
        let record: RecordedTrace.Line?
        do {
            record = try reader.read(line)
        } catch {
            replay.divergence = TraceDivergence(line: error.line, column: error.column, message: error.message)
            return .diverged(replay.divergence!)
        }
        if !hadHeader, let header = reader.header, !replay.begin(header) {
            return .diverged(replay.divergence!)
        }
        guard let record else { return .pending }
        if let step = replay.feed(record) { return .step(step) }
        return replay.divergence.map(Progress.diverged) ?? .pending
    }
}
