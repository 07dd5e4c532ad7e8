import FSMCore

/// Where a machine is in its run, apart from what the interpreter's callers ask of it
/// (``InterpreterHooks``): the active states, what the histories remember, time and the
/// running timers, the queues, the invocations and child machines running, the events kept,
/// and what happened so far. Two interpreters of one machine with equal running states (and
/// hooks) answer every stimulus alike.
extension MachineInterpreter {
    struct RunningState: Sendable {
        /// The active states, in document order (outermost first).
        var configuration: [StateID] = []
        /// What each state with `history` remembers, by ``StateID``, as
        /// ``ExecutableMachine/remembered(by:in:)`` says: its active atomic descendants (deep)
        /// or children (shallow) when it was last left; `nil` before it ever was.
        var history: [[StateID]?]
        /// Nanoseconds since the start.
        var now: Int64 = 0
        /// Whether a top-level final state was entered; the machine then ignores everything.
        var isFinished = false
        /// Whether a step looped on eventless transitions or raised events; such a run is
        /// unusable.
        var diverged = false
        /// What happened so far, in order.
        var trace: [TraceEntry] = []
        /// The running timers, in the order they were started.
        var timers: [RunningTimer] = []
        /// How many timers were started: the next one's ``RunningTimer/order``.
        var timerOrder = 0
        /// Raised events and completions, handled after the eventless transitions of a step.
        var internalQueue: [ExecutableMachine.Trigger] = []
        /// The events kept because an active state defers them, oldest first; each is handled
        /// once no active state defers it any more.
        var keptEvents: [EventID] = []
        /// The invocations running, in the order they started.
        var invocations: [InvocationRun] = []
        /// States entered in this macrostep and not exited since, whose invocations start at
        /// its end (SCXML's `statesToInvoke`).
        var statesToInvoke: Set<StateID> = []
        /// How many invocations the machine started: the next one's ``InvocationRun/number``.
        var invocationsStarted = 0
        /// The child machines running, by their run (a lookup; ``invocations`` has the order).
        var children: [InvocationRun: MachineInterpreter] = [:]
        /// What running children emitted or finished with, not yet delivered: external events
        /// of this machine, in the order they happened.
        var childResults: [(run: InvocationRun, result: InvocationResult)] = []

        /// The state of a machine of `stateCount` states that has not started.
        init(stateCount: Int) {
            history = Array(repeating: nil, count: stateCount)
        }
    }

    /// A timer of a state's ``ExecutableMachine/timers``, running while its state is active.
    struct RunningTimer: Sendable {
        var deadline: Int64
        /// When it was started among the machine's timers: of two due at one deadline, the
        /// earlier started fires first.
        var order: Int
        var owner: StateID
        var group: Int
    }

    /// One thing the machine did.
    public enum TraceEntry: Hashable, Sendable {
        case exited(StateID)
        case entered(StateID)
        /// A transition was taken (internal ones included).
        case took(TransitionID)
        /// An event no transition took.
        case ignored(EventID)
        /// An event no transition took, kept because an active state defers it.
        case kept(EventID)
        /// A kept event that no active state defers any more, about to be handled: what it
        /// leads to follows.
        case released(EventID)
        /// The default transition of a state's history was taken (its actions ran), right
        /// after the state was entered.
        case tookHistoryDefault(StateID)
        /// An invocation started, at the end of the macrostep that entered its state.
        case started(InvocationRun)
        /// A running invocation was cancelled: its state was exited (after its exit actions),
        /// or the machine finished.
        case cancelled(InvocationRun)
        /// A result of an invocation that no longer runs was dropped, never delivered.
        case dropped(InvocationRun, InvocationResult)
        /// A result no transition took.
        case ignoredResult(InvocationRun, InvocationResult)
        /// What the child machine `run` did (its own run numbers), as it happened.
        indirect case inChild(InvocationRun, TraceEntry)
    }

    /// One run of an invocation: each entry of its state starts a new one, so that a result
    /// from an earlier visit is told apart from the current run's.
    public struct InvocationRun: Hashable, Sendable {
        public var invocation: InvocationID
        /// How many invocations the machine started before this one.
        public var number: Int

        public init(invocation: InvocationID, number: Int) {
            self.invocation = invocation
            self.number = number
        }
    }

    // MARK: - The running state, read

    /// The active states, in document order (outermost first).
    public var configuration: [StateID] { running.configuration }
    /// What each state with `history` remembers, by ``StateID``, as
    /// ``ExecutableMachine/remembered(by:in:)`` says: its active atomic descendants (deep) or
    /// children (shallow) when it was last left; `nil` before it ever was.
    public var history: [[StateID]?] { running.history }
    /// Nanoseconds since the start.
    public var now: Int64 { running.now }
    /// Whether a top-level final state was entered; the machine then ignores everything.
    public var isFinished: Bool { running.isFinished }
    /// Whether a step looped on eventless transitions or raised events; such a run is unusable.
    public var diverged: Bool { running.diverged }
    /// What happened so far, in order.
    public var trace: [TraceEntry] { running.trace }
    /// The invocations running, in the order they started.
    public var runningInvocations: [InvocationRun] { running.invocations }
    /// The events kept because an active state defers them, oldest first; each is handled once
    /// no active state defers it any more.
    public var keptEvents: [EventID] { running.keptEvents }

    /// Whether `state` is active.
    public func isActive(_ state: StateID) -> Bool {
        running.configuration.contains(state)
    }

    /// ``isActive(_:)`` as a closure over the configuration alone, for the guard evaluators: the
    /// method itself as a closure copies the whole interpreter at every guard evaluation (most
    /// of a property checker's run, measured).
    var activeStateTest: (StateID) -> Bool {
        let configuration = running.configuration
        return { configuration.contains($0) }
    }

    /// The active atomic states, in document order: one, unless parallel regions are active.
    public var atomicStates: [StateID] {
        // Both lists are in document order: one pass over each, and no closure, which would
        // copy the machine (a retain per array of it and its model) at every selection.
        let atomic = machine.atomicStates
        var result: [StateID] = []
        var next = 0
        for state in running.configuration {
            while next < atomic.count && atomic[next] < state { next += 1 }
            if next < atomic.count && atomic[next] == state { result.append(state) }
        }
        return result
    }

    /// The first active atomic state in document order: the active atomic state of a machine
    /// outside parallel regions.
    public var leaf: StateID { atomicStates.first ?? machine.initialEntry.states.last! }

    /// When timer `group` of `owner` fires, if it runs.
    public func deadline(ofTimer group: Int, of owner: StateID) -> Int64? {
        running.timers.first { $0.owner == owner && $0.group == group }?.deadline
    }

    /// The running timers as (owner, group, deadline), in the order they were started.
    public var runningTimers: [(owner: StateID, group: Int, deadline: Int64)] {
        running.timers.map { ($0.owner, $0.group, $0.deadline) }
    }

    /// When the next timer of this machine or of a child machine it runs fires, if any runs.
    var nextTimerDeadline: Int64? {
        [running.timers.map(\.deadline).min(), nextChildTimerDeadline].compactMap { $0 }.min()
    }

    // MARK: - Situations

    /// What decides everything the machine does from now on, apart from time: the active
    /// atomic states and what each history remembers. A search over a machine's behaviour
    /// (the path planner's) visits each situation once; two interpreters in the same situation
    /// answer every stimulus alike, once their running timers agree.
    public struct Situation: Hashable, Sendable {
        /// The active atomic states, in document order.
        public var atomicStates: [StateID]
        /// What each state with `history` remembers, in document order of those states (all
        /// it restores): atomic states for a deep history, children for a shallow one, `nil`
        /// before the state was first left.
        public var remembered: [[StateID]?]
        /// The invocations running, in order of their ids: those of active states that have not
        /// returned, thrown or finished.
        public var running: [InvocationID] = []
        /// The events kept because an active state defers them, oldest first.
        public var kept: [EventID] = []
        /// The situations of the running child machines, in order of their invocations' ids:
        /// what a child does next depends on where it is.
        public var children: [Situation] = []

        /// The first active atomic state: the only one outside parallel regions.
        public var leaf: StateID { atomicStates[0] }
    }

    /// The machine's current situation; a flat machine's is its state alone.
    public var situation: Situation {
        let invocations = running.invocations.sorted { $0.invocation < $1.invocation }
        return Situation(
            atomicStates: atomicStates, remembered: historyOwners.map { running.history[$0.index] },
            running: invocations.map(\.invocation), kept: running.keptEvents,
            children: invocations.compactMap { running.children[$0]?.situation })
    }
}
