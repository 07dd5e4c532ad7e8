import FSMCore

/// Runs an ``ExecutableMachine`` the way the generated Swift runs it, with guards answered from
/// a set of names that hold and time on a simulated manual clock. The path planner uses it to
/// know which configuration each step of a test path ends in and which transitions it takes;
/// tests use its trace to pin down the order of exits and entries.
///
/// It reads every decision (candidates, exit sequences, entry plans, timers, completion)
/// from the executable machine, as the Swift emitter does. Child machines (`invoke Machine as
/// name`) run as nested interpreters of their own executable machines
/// (`MachineInterpreter+Children.swift`).
public struct MachineInterpreter: Sendable {
    public let machine: ExecutableMachine
    /// The active states, in document order (outermost first).
    public internal(set) var configuration: [StateID] = []
    /// What each state with `history` remembers, by ``StateID``, as
    /// ``ExecutableMachine/remembered(by:in:)`` says: its active atomic descendants (deep) or
    /// children (shallow) when it was last left; `nil` before it ever was.
    public private(set) var history: [[StateID]?]
    /// Nanoseconds since the start.
    public internal(set) var now: Int64 = 0
    /// Whether a top-level final state was entered; the machine then ignores everything.
    public internal(set) var isFinished = false
    /// Whether a step looped on eventless transitions or raised events; such a run is unusable.
    public internal(set) var diverged = false
    /// What happened so far, in order.
    public internal(set) var trace: [TraceEntry] = []
    /// The invocations running, in the order they started.
    public private(set) var runningInvocations: [InvocationRun] = []
    /// The executable machines of the target, by name: what `invoke Machine as name` runs.
    public let machines: [String: ExecutableMachine]
    /// The child machines running, by their run (a lookup; ``runningInvocations`` has the order).
    var children: [InvocationRun: MachineInterpreter] = [:]
    /// What running children emitted or finished with, not yet delivered: external events of
    /// this machine, in the order they happened.
    var childResults: [(run: InvocationRun, result: InvocationResult)] = []
    /// The outputs this machine emitted, by name, while it runs as a child: its parent takes
    /// them after each of its steps. `nil` for a machine that is not a child.
    var outbox: [String]?
    /// The events kept because an active state defers them, oldest first; each is handled once
    /// no active state defers it any more.
    public internal(set) var keptEvents: [EventID] = []
    /// Answers for the guards `in(…)` does not decide, in the order they are evaluated; `nil`
    /// (as the path planner and the tests run it) answers every guard from the set of names
    /// given with the stimulus. The property checker scripts them
    /// (`MachineInterpreter+Checking.swift`).
    var guardScript: GuardScript?
    /// Answers for the guards' functions one call at a time, per name, in the order the
    /// generated machine calls them (left to right, `&&` and `||` short-circuiting); a name
    /// without answers left is answered from the set given with the stimulus. `nil` answers
    /// every name from that set: what a counterexample whose step asks a guard both ways
    /// needs (``GuardSolver/calls(of:holding:isActive:)``).
    package var guardQueues: [String: [Bool]]?
    /// The calls of the guards' functions, in order, with their answers, while recording under
    /// a ``guardScript``: the calls the generated machine makes for the script's answers to
    /// the expressions (each answered by the first set of names that gives it, in the order
    /// ``GuardSolver/calls(of:holding:isActive:)`` calls them). `nil`, and never appended to,
    /// otherwise.
    package var guardCalls: [(name: String, value: Bool)]?
    /// The configuration after every microstep, the initial entry included, while recording:
    /// what the property checker judges. `nil`, and never appended to, otherwise.
    var microstepConfigurations: [[StateID]]?
    /// Whether child machines are abstracted rather than run: their runs start and stop as any
    /// invocation's, and their outputs and completion are delivered as stimuli of their own
    /// (the property checker's view of a child).
    var abstractsChildren = false
    /// Why each selection of transitions chose what it did, while explaining (the simulator's
    /// step log, `MachineInterpreter+Explanation.swift`); `nil`, and never appended to,
    /// otherwise.
    var explanations: [SelectionExplanation]?

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

    var timers: [RunningTimer] = []
    private var timerOrder = 0
    /// How many selections of transitions the interpreter made (a trigger's candidates and
    /// their guards looked at): the work a search counts (``StepOutcomes``).
    package private(set) var selections = 0
    /// Raised events and completions, handled after the eventless transitions of a step.
    private var internalQueue: [ExecutableMachine.Trigger] = []
    /// States entered in this macrostep and not exited since, whose invocations start at its
    /// end (SCXML's `statesToInvoke`).
    private var statesToInvoke: Set<StateID> = []
    private var invocationsStarted = 0

    struct RunningTimer {
        var deadline: Int64
        var order: Int
        var owner: StateID
        var group: Int
    }

    /// The states that declare `history`, in document order.
    private let historyOwners: [StateID]

    /// An interpreter of `machine`; `machines` are the target's other machines, which its
    /// states invoke as children (`invoke Machine as name`) and those children invoke in turn.
    public init(machine: ExecutableMachine, machines: [String: ExecutableMachine] = [:]) {
        self.machine = machine
        self.machines = machines
        history = Array(repeating: nil, count: machine.model.states.count)
        historyOwners = machine.model.states.filter { $0.history != nil }.map(\.id)
    }

    /// Whether `state` is active.
    public func isActive(_ state: StateID) -> Bool {
        configuration.contains(state)
    }

    /// ``isActive(_:)`` as a closure over the configuration alone, for the guard evaluators: the
    /// method itself as a closure copies the whole interpreter at every guard evaluation (most
    /// of a property checker's run, measured).
    var activeStateTest: (StateID) -> Bool {
        let configuration = configuration
        return { configuration.contains($0) }
    }

    /// The active atomic states, in document order: one, unless parallel regions are active.
    public var atomicStates: [StateID] {
        configuration.filter { machine.model[$0].isAtomic }
    }

    /// The first active atomic state in document order: the active atomic state of a machine
    /// outside parallel regions.
    public var leaf: StateID { atomicStates.first ?? machine.initialEntry.states.last! }

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
        let running = runningInvocations.sorted { $0.invocation < $1.invocation }
        return Situation(
            atomicStates: atomicStates, remembered: historyOwners.map { history[$0.index] },
            running: running.map(\.invocation), kept: keptEvents, children: running.compactMap { children[$0]?.situation })
    }

    /// The active atomic states taking `transition` now leads to, before the eventless
    /// transitions, raised events and completions that follow: where its entry ends, with
    /// the history it restores as the exits it makes leave it; the active ones for an internal
    /// transition.
    public func atomicStates(afterTaking transition: TransitionID) -> [StateID] {
        var copy = self
        copy.take([transition], [])
        return copy.atomicStates
    }

    /// The first of ``atomicStates(afterTaking:)``: the only one outside parallel regions.
    public func leaf(afterTaking transition: TransitionID) -> StateID {
        atomicStates(afterTaking: transition)[0]
    }

    // MARK: - Stimuli

    /// Enters the initial configuration, as the generated `init` does. Returns the
    /// transitions taken by the eventless transitions and raised events that follow.
    public mutating func start(answers: Set<String>) -> [TransitionID] {
        let mark = trace.count
        enter([machine.initialEntry])
        microstepConfigurations?.append(configuration)
        settle(answers)
        // A raised event kept on the way in, whose state was passed through.
        releaseKeptEvents(answers)
        deliverChildResults(answers)
        return taken(since: mark)
    }

    /// What invocation `run` delivers: `.done` when a call returns or a stream finishes,
    /// `.error` when either throws, `.element` for each element of a stream. Handled as an
    /// event is, with everything it leads to; dropped when the run no longer runs (its state
    /// was exited, or it already returned, threw or finished).
    ///
    /// A child machine's results come from the child (``send(_:toChild:answers:)``), not
    /// from here.
    public mutating func deliver(_ result: InvocationResult, from run: InvocationRun, answers: Set<String>) -> [TransitionID] {
        let mark = trace.count
        precondition(
            machine.model[run.invocation].child == nil,
            "fsmc: '\(machine.model[run.invocation].name)' is a child machine, which delivers its own results")
        handle(result, from: run, answers)
        deliverChildResults(answers)
        return taken(since: mark)
    }

    /// Handles what invocation `run` delivers as an event, with everything it leads to;
    /// drops it when the run no longer runs.
    mutating func handle(_ result: InvocationResult, from run: InvocationRun, _ answers: Set<String>) {
        guard let index = runningInvocations.firstIndex(of: run), !isFinished else {
            trace.append(.dropped(run, result))
            return
        }
        switch result {
        case .element:
            precondition(
                machine.model[run.invocation].kind == .stream,
                "fsmc: an element from '\(machine.model[run.invocation].name)', which is not a stream")
        case .output:
            break
        case .done, .error:
            runningInvocations.remove(at: index)
            children[run] = nil
        }
        if microstep(for: .invocation(run.invocation, result), answers) {
            settle(answers)
            releaseKeptEvents(answers)
        } else {
            trace.append(.ignoredResult(run, result))
        }
    }

    /// One `send(event)`, with everything it leads to.
    public mutating func send(_ event: EventID, answers: Set<String>) -> [TransitionID] {
        let mark = trace.count
        if !isFinished {
            if handle(event, answers) { releaseKeptEvents(answers) }
        } else {
            trace.append(.ignored(event))
        }
        deliverChildResults(answers)
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
        while !isFinished, !diverged {
            let next = timers.indices.filter({ timers[$0].deadline <= deadline })
                .min(by: { (timers[$0].deadline, timers[$0].order) < (timers[$1].deadline, timers[$1].order) })
            // The children's timers run on the same clock: one that is due first fires first.
            // On equal deadlines this machine's fire before its children's (the generated code's
            // order across machines is for its agreement tests to settle).
            if let childDeadline = nextChildTimerDeadline, childDeadline <= deadline,
               next.map({ childDeadline < timers[$0].deadline }) ?? true {
                now = max(now, childDeadline)
                advanceChildren(to: childDeadline, answers)
                deliverChildResults(answers)
                continue
            }
            guard let next else { break }
            let timer = timers.remove(at: next)
            now = max(now, timer.deadline)
            if microstep(for: .timer(timer.owner, group: timer.group), answers) {
                settle(answers)
                releaseKeptEvents(answers)
            }
            deliverChildResults(answers)
        }
        now = max(now, deadline)
        advanceChildren(to: now, answers)
        return taken(since: mark)
    }

    /// Fires timer `group` of `owner` alone, at its deadline (time moves there, never back),
    /// as a clock that fires each timer as a step of its own does when several are due at one
    /// instant; the children's timers wait for their own. Nothing happens when it does not run.
    public mutating func fireTimer(_ group: Int, of owner: StateID, answers: Set<String>) -> [TransitionID] {
        let mark = trace.count
        guard !isFinished, let index = timers.firstIndex(where: { $0.owner == owner && $0.group == group }) else { return [] }
        let timer = timers.remove(at: index)
        now = max(now, timer.deadline)
        if microstep(for: .timer(timer.owner, group: timer.group), answers) {
            settle(answers)
            releaseKeptEvents(answers)
        }
        deliverChildResults(answers)
        return taken(since: mark)
    }

    /// When the next timer of this machine or of a child machine it runs fires, if any runs.
    var nextTimerDeadline: Int64? {
        [timers.map(\.deadline).min(), nextChildTimerDeadline].compactMap { $0 }.min()
    }

    private func taken(since mark: Int) -> [TransitionID] {
        trace[mark...].compactMap { if case .took(let id) = $0 { id } else { nil } }
    }

    // MARK: - Steps

    /// The transitions `trigger` takes together
    /// (``ExecutableMachine/selectTransitions(for:atomicStates:isEnabled:)``), guards answered
    /// from `answers`, `else` holding whenever reached.
    public func selected(for trigger: ExecutableMachine.Trigger, answers: Set<String>) -> [TransitionID] {
        let isActive = activeStateTest
        return machine.selectTransitions(for: trigger, atomicStates: atomicStates) { id in
            guard let guardExpression = machine[id].declaration.guardExpression else { return true }
            return GuardSolver.evaluate(guardExpression, answers, isActive: isActive)
        }
    }

    /// The transitions `trigger` takes together: ``selected(for:answers:)``, or with the guards
    /// `in(…)` does not decide answered by ``guardScript`` when there is one, evaluated lazily
    /// (each region's candidates in priority order up to the first enabled one), so that the
    /// script's answers tell which candidate each region takes.
    mutating func choose(for trigger: ExecutableMachine.Trigger, _ answers: Set<String>) -> [TransitionID] {
        selections &+= 1
        if var queues = guardQueues {
            var answered: [TransitionID: Bool] = [:]
            let isActive = activeStateTest
            let chosen = machine.selectTransitions(for: trigger, atomicStates: atomicStates) { id in
                guard let guardExpression = machine[id].declaration.guardExpression else { return true }
                if let answer = answered[id] { return answer }
                let answer = GuardSolver.evaluateCalling(guardExpression, isActive: isActive) { name in
                    guard var queue = queues[name], !queue.isEmpty else { return answers.contains(name) }
                    let first = queue.removeFirst()
                    queues[name] = queue
                    return first
                }
                answered[id] = answer
                return answer
            }
            guardQueues = queues
            return chosen
        }
        guard var script = guardScript else {
            let chosen = selected(for: trigger, answers: answers)
            if explanations != nil { explain(trigger, chose: chosen, answers: answers, scriptedSince: nil) }
            return chosen
        }
        let mark = script.asked.count
        // A transition of a parallel state is a candidate of each of its regions' atomic
        // states: one selection asks its guard once, so that its answers are outcome classes.
        var answered: [TransitionID: Bool] = [:]
        let isActive = activeStateTest
        var calls = guardCalls
        let chosen = machine.selectTransitions(for: trigger, atomicStates: atomicStates) { id in
            guard let guardExpression = machine[id].declaration.guardExpression else { return true }
            if let decided = GuardScript.decidedValue(of: guardExpression, isActive: isActive) {
                // The generated machine still calls the functions before the `in(…)` that decides.
                if calls != nil { calls! += GuardSolver.calls(of: guardExpression, holding: [], isActive: isActive).calls }
                return decided
            }
            if let answer = answered[id] { return answer }
            let answer = script.answer(for: id)
            answered[id] = answer
            if calls != nil {
                let holding = GuardSolver.names(making: guardExpression, evaluateTo: answer, isActive: isActive) ?? []
                calls! += GuardSolver.calls(of: guardExpression, holding: holding, isActive: isActive).calls
            }
            return answer
        }
        guardCalls = calls
        guardScript = script
        if explanations != nil { explain(trigger, chose: chosen, answers: answers, scriptedSince: mark) }
        return chosen
    }

    /// Takes the transitions `trigger` selects; `false` when none is enabled.
    mutating func microstep(for trigger: ExecutableMachine.Trigger, _ answers: Set<String>) -> Bool {
        let chosen = choose(for: trigger, answers)
        guard !chosen.isEmpty else { return false }
        take(chosen, answers)
        return true
    }

    /// Eventless transitions until none is enabled, then the internal queue, one trigger at a
    /// time (each followed by eventless transitions again when it took one), as SCXML's
    /// macrostep. As in the generated code, a raised event or a completion that takes no
    /// transition is not followed by eventless transitions: nothing changed.
    mutating func settle(_ answers: Set<String>) {
        var remaining = Self.maximumStepsPerStimulus
        var changed = true
        while !isFinished, !diverged {
            if changed, case let eventless = choose(for: .always, answers), !eventless.isEmpty {
                take(eventless, answers)
            } else if !internalQueue.isEmpty {
                let trigger = internalQueue.removeFirst()
                changed = microstep(for: trigger, answers)
                if !changed, case .event(let event) = trigger { keepOrIgnore(event) }
            } else {
                startInvocations(answers)
                return
            }
            remaining -= 1
            if remaining < 0 { diverged = true }
        }
    }

    /// An event sent, or a kept one released, with the macrostep it starts; `false` when no
    /// transition took it (it was kept or ignored).
    private mutating func handle(_ event: EventID, _ answers: Set<String>) -> Bool {
        // As the generated code: eventless transitions follow a step that took a transition.
        guard microstep(for: .event(event), answers) else {
            keepOrIgnore(event)
            return false
        }
        settle(answers)
        return true
    }

    /// An event no enabled transition took: kept while an active state defers it, else ignored.
    private mutating func keepOrIgnore(_ event: EventID) {
        if !isFinished, machine.defers(event, in: configuration) {
            keptEvents.append(event)
            trace.append(.kept(event))
        } else {
            trace.append(.ignored(event))
        }
    }

    /// After a macrostep that changed the configuration: handles the oldest kept event that no
    /// active state defers any more, each with its own macrostep, until every one left is
    /// deferred again (those keep their order). A finished machine defers nothing, so it
    /// releases them all, and ignores them.
    mutating func releaseKeptEvents(_ answers: Set<String>) {
        var remaining = Self.maximumStepsPerStimulus
        while !diverged, let index = keptEvents.firstIndex(where: { isFinished || !machine.defers($0, in: configuration) }) {
            let event = keptEvents.remove(at: index)
            trace.append(.released(event))
            if isFinished {
                trace.append(.ignored(event))
            } else {
                _ = handle(event, answers)
            }
            remaining -= 1
            if remaining < 0 { diverged = true }
        }
    }

    /// One microstep (SCXML's): the exit set in reverse document order (histories recorded
    /// first), the transitions' actions in document order, the entry set in document order.
    private mutating func take(_ transitions: [TransitionID], _ answers: Set<String>) {
        let exits = machine.exitSet(of: transitions, in: configuration)
        for state in exits where machine.model[state].history != nil {
            history[state.index] = machine.remembered(by: state, in: configuration)
        }
        for state in exits {
            timers.removeAll { $0.owner == state }
            queueRaises(machine.model[state].exitActions)
            trace.append(.exited(state))
            configuration.removeAll { $0 == state }
            cancelInvocations(of: state)
            statesToInvoke.remove(state)
        }
        for id in machine.inDocumentOrder(transitions) {
            queueRaises(machine[id].declaration.actions)
            trace.append(.took(id))
        }
        enter(transitions.compactMap { machine[$0].entry })
        microstepConfigurations?.append(configuration)
    }

    /// Enters the states of entry plans (taken together), in document order, restoring
    /// histories where they say so.
    private mutating func enter(_ plans: [EntryPlan]) {
        var entering = Set<StateID>()
        // States whose history takes its default transition: its actions follow their entry
        // actions (SCXML's `defaultHistoryContent`), when the state itself is entered.
        var takingHistoryDefault = Set<StateID>()
        for plan in plans {
            let restored = plan.restoresHistoryOf.map { restoredStates(of: $0) } ?? []
            entering.formUnion(plan.states(restoring: restored))
            if let owner = plan.restoresHistoryOf, history[owner.index]?.isEmpty ?? true {
                takingHistoryDefault.insert(owner)
            }
        }
        for state in entering.sorted() {
            configuration.insert(state, at: configuration.firstIndex { $0 > state } ?? configuration.count)
            queueRaises(machine.model[state].entryActions)
            let takesHistoryDefault = takingHistoryDefault.contains(state) && machine.model[state].historyDefault != nil
            if takesHistoryDefault { queueRaises(machine.model[state].historyDefault!.actions) }
            for (group, timer) in machine.timers[state.index].enumerated() {
                // A deadline past what 64 bits of nanoseconds hold is never reached.
                let (deadline, overflowed) = now.addingReportingOverflow(Self.nanoseconds(of: timer.delay))
                if !overflowed {
                    timers.append(RunningTimer(deadline: deadline, order: timerOrder, owner: state, group: group))
                }
                timerOrder += 1
            }
            trace.append(.entered(state))
            if takesHistoryDefault { trace.append(.tookHistoryDefault(state)) }
            if !machine.model[state].invocations.isEmpty { statesToInvoke.insert(state) }
            if machine.model[state].isFinal {
                if machine.model[state].parent == nil {
                    isFinished = true
                    // Nothing outlives the machine's final state.
                    cancelInvocations(of: nil)
                    statesToInvoke = []
                } else {
                    internalQueue += machine.completions(afterEntering: state, in: configuration).map { .done($0) }
                }
            }
        }
    }

    /// The states below `owner` its history restores
    /// (``ExecutableMachine/restoredEntry(of:remembered:)``), in document order.
    public func restoredStates(of owner: StateID) -> [StateID] {
        machine.restoredEntry(of: owner, remembered: history[owner.index])
    }

    /// Starts the invocations of the states entered in the macrostep that just ended and still
    /// active: states in entry (document) order, each one's invocations in document order.
    private mutating func startInvocations(_ answers: Set<String>) {
        guard !statesToInvoke.isEmpty else { return }
        let states = statesToInvoke.sorted()
        statesToInvoke = []
        guard !isFinished, !diverged else { return }
        for state in states {
            for invocation in machine.model[state].invocations {
                let run = InvocationRun(invocation: invocation, number: invocationsStarted)
                invocationsStarted += 1
                runningInvocations.append(run)
                trace.append(.started(run))
                if let child = machine.model[invocation].child, !abstractsChildren { startChild(child.name, as: run, answers) }
            }
        }
    }

    /// Exits every active state, as a cancelled child machine does (SCXML's exit of an invoked
    /// session): in reverse document order, each one's timers stopped, exit actions run and
    /// invocations cancelled. What those actions raise or emit is never handled: the machine
    /// is dropped. A machine that finished exits nothing.
    mutating func exitEverything() {
        guard !isFinished else { return }
        for state in configuration.reversed() {
            timers.removeAll { $0.owner == state }
            queueRaises(machine.model[state].exitActions)
            trace.append(.exited(state))
            configuration.removeAll { $0 == state }
            cancelInvocations(of: state)
        }
        internalQueue = []
        statesToInvoke = []
    }

    /// Cancels the running invocations of `owner` (every one for `nil`), in the order they
    /// started.
    private mutating func cancelInvocations(of owner: StateID?) {
        guard !runningInvocations.isEmpty else { return }
        let model = machine.model
        let isCancelled = { (run: InvocationRun) in owner == nil || model[run.invocation].owner == owner }
        for run in runningInvocations where isCancelled(run) {
            trace.append(.cancelled(run))
            cancelChild(run)
        }
        runningInvocations.removeAll(where: isCancelled)
    }

    private mutating func queueRaises(_ actions: [ActionModel]) {
        for action in actions {
            switch action {
            case .raise(let event, _): internalQueue.append(.event(event))
            case .emit(let output, _): outbox?.append(machine.model[output].name)
            case .call: break
            }
        }
    }
}
