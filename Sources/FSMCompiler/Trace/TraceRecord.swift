/// One line of a recorded run after its header (docs/TraceFormat.md): what a machine was
/// given, what it did, or where a step ended.
///
/// A step is a stimulus record (``start``, ``event``, ``timer``, ``result``, ``stop``), the
/// records of what it led to, and the ``step`` record that closes it with the configuration: a
/// replay finds step boundaries from the kinds alone. A child machine's records are its own
/// run's, told apart by the line's path (``RecordedTrace/Line/path``).
public enum TraceRecord: Hashable, Sendable {
    /// The machine was created: its initial entry is the first step. A child machine's start
    /// names its machine; the header names the recorded one's.
    case start(machine: String?)
    /// The machine was not created in this run but picked up where it was (format 3): a live
    /// inspector's run after a reconnect or a gap (docs/Inspector.md). Its step holds only the
    /// restored starts of the child machines running, with their `step` records, and its `step`
    /// record names the configuration the machine was in. A child's names its machine.
    case restoredStart(machine: String?)
    /// The app sent an event; its payload as text, when it has one.
    case event(name: String, payload: String?)
    /// A timer of `state` fired (`after`); `nil` when the recorder could not tell whose: the
    /// earliest running timer.
    case timer(state: String?)
    /// An invocation delivered a result: `done`, `error`, a stream's `element`, or a child
    /// machine's `output`.
    case result(invocation: String, outcome: Outcome)

    /// `stop()` ended the machine (a parent cancelling its child does): its active states are
    /// exited, and it ignores everything from then on.
    case stop

    /// A guard was asked; its arguments as text, when it takes any.
    case guardAnswer(name: String, arguments: String?, answer: Bool)
    case exit(state: String)
    case entry(state: String)
    /// A transition was taken (one record for the transitions one microstep takes together);
    /// its trigger is the event's name, `nil` for eventless transitions, timers, completions
    /// and invocation results.
    case transition(trigger: String?)
    case output(name: String, payload: String?)
    case ignored(event: String)
    case kept(event: String)
    case started(invocation: String)
    case cancelled(invocation: String)
    /// What an invocation that no longer runs delivered was dropped.
    case dropped(invocation: String)

    /// The step ended: the active states' names, in document order.
    case step(configuration: [String])

    /// What an invocation delivered.
    public enum Outcome: Hashable, Sendable {
        case done, error, element
        case output(String)
    }

    /// Whether the record opens a step.
    public var isStimulus: Bool {
        switch self {
        case .start, .restoredStart, .event, .timer, .result, .stop: true
        default: false
        }
    }

    /// The value of the record's `kind` member.
    public var kind: String {
        switch self {
        case .start, .restoredStart: "start"
        case .event: "event"
        case .timer: "timer"
        case .result: "result"
        case .stop: "stop"
        case .guardAnswer: "guard"
        case .exit: "exit"
        case .entry: "entry"
        case .transition: "transition"
        case .output: "output"
        case .ignored: "ignored"
        case .kept: "kept"
        case .started: "started"
        case .cancelled: "cancelled"
        case .dropped: "dropped"
        case .step: "step"
        }
    }

    /// The record as the trace's text shows it in a message: `exit list`, `event open`.
    public var summary: String {
        switch self {
        case .start(let machine): machine.map { "start of \($0)" } ?? "start"
        case .restoredStart(let machine): machine.map { "restored start of \($0)" } ?? "restored start"
        case .event(let name, _): "event \(name)"
        case .timer(let state): state.map { "timer of \($0)" } ?? "timer"
        case .result(let invocation, let outcome): "result \(outcome.word) of \(invocation)"
        case .stop: "stop"
        case .guardAnswer(let name, _, let answer): "guard \(name) answered \(answer)"
        case .exit(let state): "exit \(state)"
        case .entry(let state): "entry \(state)"
        case .transition(let trigger): "transition on \(trigger ?? "no event")"
        case .output(let name, _): "output \(name)"
        case .ignored(let event): "ignored \(event)"
        case .kept(let event): "kept \(event)"
        case .started(let invocation): "started \(invocation)"
        case .cancelled(let invocation): "cancelled \(invocation)"
        case .dropped(let invocation): "dropped \(invocation)"
        case .step(let configuration): "step ending in [\(configuration.joined(separator: ", "))]"
        }
    }
}

extension TraceRecord.Outcome {
    /// The word the trace writes: `done`, `error`, `element`, `output`.
    public var word: String {
        switch self {
        case .done: "done"
        case .error: "error"
        case .element: "element"
        case .output(let name): "output \(name)"
        }
    }
}
