/// A recorded run checked against its spec by ``TraceReplay``: the steps that matched, each
/// with the interpreter's situation after it, and the first divergence, if any.
public struct ReplayedRun: Sendable {
    /// One step of the run: what the trace's stimulus was, how its guards were answered, and
    /// where the interpreter (the one semantics) ended.
    public struct Step: Sendable {
        /// The child machine the step is of, as the invocations that run it from the recorded
        /// machine down (``RecordedTrace/Line/path``); empty for a step of the recorded machine.
        public var path: [String]
        public var stimulus: Stimulus
        /// The guards the trace answered `true` in this step (those answered `false` are left
        /// out): the answers the interpreter was given.
        public var answers: Set<String>
        /// Every guard answer the trace recorded in the step, in order, as (name, answer).
        public var guardAnswers: [GuardAnswer]
        /// The transitions the recorded machine took, in order (none in a child's step: what
        /// the child emits reaches it in steps of its own).
        public var transitions: [TransitionID]
        /// What the interpreter did in the step, in order, a child's entries wrapped
        /// (``MachineInterpreter/TraceEntry/inChild(_:_:)``).
        public var entries: [MachineInterpreter.TraceEntry]
        /// The interpreter after the step: its configuration, situation, timers, invocations.
        public var interpreter: MachineInterpreter
        /// The lines of the trace the step spans: its stimulus through its `step` record.
        public var lines: ClosedRange<Int>

        /// The active states after the step, in document order.
        public var configuration: [StateID] { interpreter.configuration }
        /// The situation after the step (``MachineInterpreter/Situation``).
        public var situation: MachineInterpreter.Situation { interpreter.situation }
    }

    /// What opened a step.
    public enum Stimulus: Hashable, Sendable {
        /// The machine's creation: its initial entry.
        case start
        /// The machine picked up mid-run, in the configuration the step ends in (a live run
        /// after a reconnect or a gap: docs/Inspector.md).
        case restored
        case event(EventID)
        /// The timer `group` of `state` fired.
        case timer(StateID, group: Int)
        /// An invocation delivered `result`; a child machine's output or completion included.
        case result(InvocationID, InvocationResult)
        /// `stop()` ended the machine.
        case stop
        /// A step of a child machine (``Step/path``): its stimulus as the trace shows it
        /// (`event save`).
        case child(path: [String], summary: String)
    }

    /// One guard answer the trace recorded.
    public struct GuardAnswer: Hashable, Sendable {
        public var name: String
        public var arguments: String?
        public var answer: Bool

        public init(name: String, arguments: String?, answer: Bool) {
            self.name = name
            self.arguments = arguments
            self.answer = answer
        }
    }

    /// The spec's executable machine the run was replayed on.
    public var machine: ExecutableMachine
    /// The steps that matched the trace, in order.
    public var steps: [Step]
    /// Where the trace and the spec first part ways; `nil` when the whole run matched.
    public var divergence: TraceDivergence?

    /// Whether every step of the trace matched the spec.
    public var matches: Bool { divergence == nil }
}

/// Where a recorded run and its spec first part ways: at a line of the trace, with notes at
/// the spec's lines (the transitions involved).
public struct TraceDivergence: Hashable, Sendable, Error {
    /// The 1-based line of the trace.
    public var line: Int
    /// The 1-based UTF-8 column, for a line that cannot be read; `nil` for the whole line.
    public var column: Int?
    public var message: String
    /// Locations in the spec that explain it.
    public var notes: [Diagnostic.Note]

    public init(line: Int, column: Int? = nil, message: String, notes: [Diagnostic.Note] = []) {
        self.line = line
        self.column = column
        self.message = message
        self.notes = notes
    }

    /// `path:LINE: error: message` (`path:LINE:COLUMN:` with a column), as fsmc prints it.
    public func rendered(tracePath path: String) -> String {
        "\(path):\(line)\(column.map { ":\($0)" } ?? ""): error: \(message)"
    }
}
