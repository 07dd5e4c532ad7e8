/// Runs an ``ExecutableMachine`` the way the generated Swift runs it, with guards answered from
/// a set of names that hold and time on a simulated manual clock. The path planner uses it to
/// know which configuration each step of a test path ends in and which transitions it takes;
/// tests use its trace to pin down the order of exits and entries.
///
/// It reads every decision (candidates, exit sequences, entry plans, timers, completion)
/// from the executable machine, as the Swift emitter does.
public struct MachineInterpreter: Sendable {
    public let machine: ExecutableMachine
    /// The active atomic state; its path is the active configuration.
    public private(set) var leaf: StateID
    /// What each state with `history` remembers, by ``StateID``: the atomic state that was
    /// active when it was last left.
    public private(set) var history: [StateID?]
    /// Nanoseconds since the start.
    public private(set) var now: Int64 = 0
    /// Whether a top-level final state was entered; the machine then ignores everything.
    public private(set) var isFinished = false
    /// Whether a step looped on eventless transitions or raised events; such a run is unusable.
    public private(set) var diverged = false
    /// What happened so far, in order.
    public private(set) var trace: [TraceEntry] = []

    /// One thing the machine did.
    public enum TraceEntry: Hashable, Sendable {
        case exited(StateID)
        case entered(StateID)
        /// A transition was taken (internal ones included).
        case took(TransitionID)
        /// An event no transition took.
        case ignored(EventID)
    }

    /// The delay the interpreter assumes for `after name`, whose duration the user's function
    /// computes at run time: one second. Generated path tests script that function to return it.
    public static let computedDelaySample: Int64 = 1_000_000_000

    /// How long a timer waits, in nanoseconds; ``computedDelaySample`` for a computed delay.
    public static func nanoseconds(of delay: TimerDelay) -> Int64 {
        switch delay {
        case .fixed(let duration): duration.nanoseconds
        case .computed: computedDelaySample
        }
    }

    /// More triggers than this handled for one stimulus is taken for a loop.
    public static let maximumStepsPerStimulus = 1_000

    private var timers: [RunningTimer] = []
    private var timerOrder = 0
    /// Raised events and completions, handled after the eventless transitions of a step.
    private var internalQueue: [ExecutableMachine.Trigger] = []

    private struct RunningTimer {
        var deadline: Int64
        var order: Int
        var owner: StateID
        var group: Int
    }

    /// The states that declare `history`, in document order.
    private let historyOwners: [StateID]

    public init(machine: ExecutableMachine) {
        self.machine = machine
        leaf = machine.initialEntry.states.last!
        history = Array(repeating: nil, count: machine.model.states.count)
        historyOwners = machine.model.states.filter { $0.history != nil }.map(\.id)
    }

    /// Whether `state` is active.
    public func isActive(_ state: StateID) -> Bool {
        machine.path(to: leaf).contains(state)
    }

    /// The active states, outermost first.
    public var configuration: [StateID] { machine.path(to: leaf) }

    // MARK: - Situations

    /// What decides everything the machine does from now on, apart from time: the active
    /// atomic state and what each history remembers. A search over a machine's behaviour
    /// (the path planner's) visits each situation once; two interpreters in the same situation
    /// answer every stimulus alike, once their running timers agree.
    public struct Situation: Hashable, Sendable {
        /// The active atomic state.
        public var leaf: StateID
        /// What each state with `history` would restore, in document order of those states:
        /// the remembered atomic state for a deep history, the remembered child for a shallow
        /// one (all it restores), `nil` before the state was first left.
        public var remembered: [StateID?]
    }

    /// The machine's current situation; a flat machine's is its state alone.
    public var situation: Situation {
        let remembered = historyOwners.map { owner -> StateID? in
            guard let leaf = history[owner.index] else { return nil }
            switch machine.model[owner].history {
            case .shallow?: return machine.path(to: leaf)[machine.depth(of: owner) + 1]
            case .deep?, nil: return leaf
            }
        }
        return Situation(leaf: leaf, remembered: remembered)
    }

    /// The atomic state taking `transition` now leads to, before the eventless transitions,
    /// raised events and completions that follow: where its entry ends, with the history it
    /// restores as the exits it makes leave it; the active one for an internal transition.
    public func leaf(afterTaking transition: TransitionID) -> StateID {
        var copy = self
        copy.take(transition, [])
        return copy.leaf
    }

    // MARK: - Stimuli

    /// Enters the initial configuration, as the generated `init` does. Returns the
    /// transitions taken by the eventless transitions and raised events that follow.
    public mutating func start(answers: Set<String>) -> [TransitionID] {
        let mark = trace.count
        enter(machine.initialEntry, answers)
        settle(answers)
        return taken(since: mark)
    }

    /// One `send(event)`, with everything it leads to.
    public mutating func send(_ event: EventID, answers: Set<String>) -> [TransitionID] {
        let mark = trace.count
        if !isFinished {
            // As the generated code: eventless transitions follow a step that took a transition.
            if microstep(for: .event(event), answers) {
                settle(answers)
            } else {
                trace.append(.ignored(event))
            }
        } else {
            trace.append(.ignored(event))
        }
        return taken(since: mark)
    }

    /// When timer `group` of `owner` fires, if it runs.
    public func deadline(ofTimer group: Int, of owner: StateID) -> Int64? {
        timers.first { $0.owner == owner && $0.group == group }?.deadline
    }

    /// The running timers as (owner, group, deadline), in the order they were started.
    public var runningTimers: [(owner: StateID, group: Int, deadline: Int64)] {
        timers.map { ($0.owner, $0.group, $0.deadline) }
    }

    /// Moves time to `deadline`, firing every timer due in order of deadline (then of start),
    /// as `ManualClock` does.
    public mutating func advance(to deadline: Int64, answers: Set<String>) -> [TransitionID] {
        let mark = trace.count
        while !isFinished, !diverged,
            let next = timers.indices.filter({ timers[$0].deadline <= deadline })
                .min(by: { (timers[$0].deadline, timers[$0].order) < (timers[$1].deadline, timers[$1].order) }) {
            let timer = timers.remove(at: next)
            now = max(now, timer.deadline)
            if microstep(for: .timer(timer.owner, group: timer.group), answers) { settle(answers) }
        }
        now = max(now, deadline)
        return taken(since: mark)
    }

    private func taken(since mark: Int) -> [TransitionID] {
        trace[mark...].compactMap { if case .took(let id) = $0 { id } else { nil } }
    }

    // MARK: - Steps

    /// The first candidate whose guard holds, `else` holding whenever reached.
    public func selected(for trigger: ExecutableMachine.Trigger, answers: Set<String>) -> TransitionID? {
        machine.candidates(atLeaf: leaf, for: trigger).first { id in
            guard let guardExpression = machine[id].declaration.guardExpression else { return true }
            return GuardSolver.evaluate(guardExpression, answers, isActive: isActive)
        }
    }

    /// Takes the transition `trigger` selects; `false` when none is enabled.
    private mutating func microstep(for trigger: ExecutableMachine.Trigger, _ answers: Set<String>) -> Bool {
        guard let chosen = selected(for: trigger, answers: answers) else { return false }
        take(chosen, answers)
        return true
    }

    /// Eventless transitions until none is enabled, then the internal queue, one trigger at a
    /// time (each followed by eventless transitions again when it took one), as SCXML's
    /// macrostep. As in the generated code, a raised event or a completion that takes no
    /// transition is not followed by eventless transitions: nothing changed.
    private mutating func settle(_ answers: Set<String>) {
        var remaining = Self.maximumStepsPerStimulus
        var changed = true
        while !isFinished, !diverged {
            if changed, let eventless = selected(for: .always, answers: answers) {
                take(eventless, answers)
            } else if !internalQueue.isEmpty {
                let trigger = internalQueue.removeFirst()
                changed = microstep(for: trigger, answers)
                if !changed, case .event(let event) = trigger { trace.append(.ignored(event)) }
            } else {
                return
            }
            remaining -= 1
            if remaining < 0 { diverged = true }
        }
    }

    private mutating func take(_ id: TransitionID, _ answers: Set<String>) {
        let transition = machine[id]
        guard let entry = transition.entry else {
            queueRaises(transition.declaration.actions)
            trace.append(.took(id))
            return
        }
        let exits = machine.exitSequence(of: id, atLeaf: leaf)
        for state in exits where machine.model[state].history != nil {
            history[state.index] = leaf
        }
        for state in exits {
            timers.removeAll { $0.owner == state }
            queueRaises(machine.model[state].exitActions)
            trace.append(.exited(state))
        }
        queueRaises(transition.declaration.actions)
        trace.append(.took(id))
        enter(entry, answers)
    }

    /// Enters the states of a plan, restoring a history where it says so.
    private mutating func enter(_ plan: EntryPlan, _ answers: Set<String>) {
        var states = plan.states
        if let owner = plan.restoresHistoryOf {
            states += restoredStates(of: owner)
        }
        leaf = states.last ?? leaf
        for state in states {
            queueRaises(machine.model[state].entryActions)
            for (group, timer) in machine.timers[state.index].enumerated() {
                // A deadline past what 64 bits of nanoseconds hold is never reached.
                let (deadline, overflowed) = now.addingReportingOverflow(Self.nanoseconds(of: timer.delay))
                if !overflowed {
                    timers.append(RunningTimer(deadline: deadline, order: timerOrder, owner: state, group: group))
                }
                timerOrder += 1
            }
            trace.append(.entered(state))
            if machine.model[state].isFinal {
                if let parent = machine.completedParent(ofFinal: state) {
                    internalQueue.append(.done(parent))
                } else {
                    isFinished = true
                }
            }
        }
    }

    /// The states below `owner` its history restores: what it remembers (the remembered
    /// child and its initial descendants, for shallow history), or its initial descendants
    /// before it was ever left.
    public func restoredStates(of owner: StateID) -> [StateID] {
        guard let remembered = history[owner.index], let kind = machine.model[owner].history else {
            return machine.defaultDescent(of: owner)
        }
        let path = machine.path(to: remembered)
        let below = Array(path[(machine.depth(of: owner) + 1)...])
        switch kind {
        case .deep: return below
        case .shallow: return [below[0]] + machine.defaultDescent(of: below[0])
        }
    }

    private mutating func queueRaises(_ actions: [ActionModel]) {
        for case .raise(let event, _) in actions {
            internalQueue.append(.event(event))
        }
    }
}
