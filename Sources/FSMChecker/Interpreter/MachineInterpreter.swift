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
///
/// An interpreter is where its machine is (``RunningState``,
/// `MachineInterpreter+RunningState.swift`) and what its caller asks of it
/// (``InterpreterHooks``: the property checker's scripted guards and recorded microsteps, the
/// simulator's explanations, a counterexample's guard answers per call); the stimuli below and
/// the steps they make are the one step function every caller drives.
public struct MachineInterpreter: Sendable {
    public let machine: ExecutableMachine
    /// The executable machines of the target, by name: what `invoke Machine as name` runs.
    public let machines: [String: ExecutableMachine]
    /// Where the machine is in its run.
    var running: RunningState
    /// What the caller asks of the run beyond running the machine.
    package var hooks: InterpreterHooks
    /// The states that declare `history`, in document order.
    let historyOwners: [StateID]

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

    /// An interpreter of `machine`; `machines` are the target's other machines, which its
    /// states invoke as children (`invoke Machine as name`) and those children invoke in turn.
    public init(machine: ExecutableMachine, machines: [String: ExecutableMachine] = [:]) {
        self.init(machine: machine, machines: machines, hooks: InterpreterHooks())
    }

    /// An interpreter of `machine` that does what `hooks` ask.
    package init(machine: ExecutableMachine, machines: [String: ExecutableMachine] = [:], hooks: InterpreterHooks) {
        self.machine = machine
        self.machines = machines
        self.hooks = hooks
        running = RunningState(stateCount: machine.model.states.count)
        historyOwners = machine.model.states.filter { $0.history != nil }.map(\.id)
    }

    /// How many selections of transitions the interpreter made: the work a search counts
    /// (``InterpreterHooks/selections``).
    package var selections: Int { hooks.selections }

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
        let mark = running.trace.count
        enter([machine.initialEntry])
        hooks.microstepConfigurations?.append(running.configuration)
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
        let mark = running.trace.count
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
        guard let index = running.invocations.firstIndex(of: run), !running.isFinished else {
            running.trace.append(.dropped(run, result))
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
            running.invocations.remove(at: index)
            running.children[run] = nil
        }
        if microstep(for: .invocation(run.invocation, result), answers) {
            settle(answers)
            releaseKeptEvents(answers)
        } else {
            running.trace.append(.ignoredResult(run, result))
        }
    }

    /// One `send(event)`, with everything it leads to.
    public mutating func send(_ event: EventID, answers: Set<String>) -> [TransitionID] {
        let mark = running.trace.count
        if !running.isFinished {
            if handle(event, answers) { releaseKeptEvents(answers) }
        } else {
            running.trace.append(.ignored(event))
        }
        deliverChildResults(answers)
        return taken(since: mark)
    }

    /// Moves time to `deadline`, firing every timer due in order of deadline (then of start),
    /// as `ManualClock` does.
    public mutating func advance(to deadline: Int64, answers: Set<String>) -> [TransitionID] {
        let mark = running.trace.count
        while !running.isFinished, !running.diverged {
            let next = running.timers.indices.filter({ running.timers[$0].deadline <= deadline })
                .min(by: { (running.timers[$0].deadline, running.timers[$0].order) < (running.timers[$1].deadline, running.timers[$1].order) })
            // The children's timers run on the same clock: one that is due first fires first.
            // On equal deadlines this machine's fire before its children's (the generated code's
            // order across machines is for its agreement tests to settle).
            if let childDeadline = nextChildTimerDeadline, childDeadline <= deadline,
               next.map({ childDeadline < running.timers[$0].deadline }) ?? true {
                running.now = max(running.now, childDeadline)
                advanceChildren(to: childDeadline, answers)
                deliverChildResults(answers)
                continue
            }
            guard let next else { break }
            fire(running.timers.remove(at: next), answers)
            deliverChildResults(answers)
        }
        running.now = max(running.now, deadline)
        advanceChildren(to: running.now, answers)
        return taken(since: mark)
    }

    /// Fires timer `group` of `owner` alone, at its deadline (time moves there, never back),
    /// as a clock that fires each timer as a step of its own does when several are due at one
    /// instant; the children's timers wait for their own. Nothing happens when it does not run.
    public mutating func fireTimer(_ group: Int, of owner: StateID, answers: Set<String>) -> [TransitionID] {
        let mark = running.trace.count
        guard !running.isFinished, let index = running.timers.firstIndex(where: { $0.owner == owner && $0.group == group }) else { return [] }
        fire(running.timers.remove(at: index), answers)
        deliverChildResults(answers)
        return taken(since: mark)
    }

    /// Fires `timer`, no longer running, at its deadline (time moves there, never back), with
    /// the macrostep it starts.
    mutating func fire(_ timer: RunningTimer, _ answers: Set<String>) {
        running.now = max(running.now, timer.deadline)
        if microstep(for: .timer(timer.owner, group: timer.group), answers) {
            settle(answers)
            releaseKeptEvents(answers)
        }
    }

    /// The transitions taken since the trace held `mark` entries.
    func taken(since mark: Int) -> [TransitionID] {
        running.trace[mark...].compactMap { if case .took(let id) = $0 { id } else { nil } }
    }

    // MARK: - Selecting transitions

    /// What one selection of transitions asked and answered.
    struct SelectionAnswers {
        /// Which answers the selection notes.
        enum Notes {
            /// None: every guard asked is answered afresh, as names answer it alike each time.
            case none
            /// Each guard's answer, so that a transition asked again (a parallel state's is a
            /// candidate of each of its regions' atomic states) is answered as it was.
            case guarded
            /// Each guard's answer and `true` for each transition without a guard: an
            /// explanation tells those apart from transitions never tried.
            case all
        }

        /// Which answers are noted.
        var notes: Notes
        /// The answers noted, in the order asked: a handful a selection, searched in a list
        /// rather than hashed (the checker makes millions of selections).
        private(set) var asked: [(transition: TransitionID, value: Bool)] = []

        init(notes: Notes) { self.notes = notes }

        /// The answer `transition` gave, if noted.
        subscript(transition: TransitionID) -> Bool? {
            for entry in asked where entry.transition == transition { return entry.value }
            return nil
        }

        /// The answers noted, by transition.
        var values: [TransitionID: Bool] {
            Dictionary(asked.map { ($0.transition, $0.value) }, uniquingKeysWith: { first, _ in first })
        }

        mutating func note(_ value: Bool, for transition: TransitionID) {
            asked.append((transition, value))
        }
    }

    /// The transitions `trigger` takes together in the current configuration
    /// (``ExecutableMachine/selectTransitions(for:atomicStates:isEnabled:)``): the one opening
    /// of every way the interpreter answers guards. A transition without a guard is enabled;
    /// `value` answers a guard, given the transition, its guard, the answer the selection gave
    /// it before when noted (a transition of a parallel state is a candidate of each of its
    /// regions' atomic states) and the test of the active states its `in(…)` reads. `answered`
    /// notes the answers its ``SelectionAnswers/notes`` asks for.
    func selectTransitions(
        for trigger: ExecutableMachine.Trigger, answered: inout SelectionAnswers,
        _ value: (_ transition: TransitionID, _ expression: GuardModel, _ before: Bool?, _ isActive: (StateID) -> Bool) -> Bool
    ) -> [TransitionID] {
        let isActive = activeStateTest
        let transitions = machine.transitions
        return machine.selectTransitions(for: trigger, atomicStates: atomicStates) { id in
            guard let expression = transitions[id.index].declaration.guardExpression else {
                if answered.notes == .all { answered.note(true, for: id) }
                return true
            }
            guard answered.notes != .none else { return value(id, expression, nil, isActive) }
            let before = answered[id]
            let enabled = value(id, expression, before, isActive)
            if before == nil { answered.note(enabled, for: id) }
            return enabled
        }
    }

    /// The transitions `trigger` takes together
    /// (``ExecutableMachine/selectTransitions(for:atomicStates:isEnabled:)``), guards answered
    /// from `answers`, `else` holding whenever reached.
    public func selected(for trigger: ExecutableMachine.Trigger, answers: Set<String>) -> [TransitionID] {
        var answered = SelectionAnswers(notes: .none)
        return selectTransitions(for: trigger, answered: &answered) { _, expression, _, isActive in
            GuardSolver.evaluate(expression, answers, isActive: isActive)
        }
    }

    /// The transitions `trigger` takes together, as the hooks ask: ``selected(for:answers:)``;
    /// or with the guards' functions answered per call (``InterpreterHooks/guardQueues``); or
    /// with the guards `in(…)` does not decide answered by ``InterpreterHooks/guardScript``,
    /// evaluated lazily (each region's candidates in priority order up to the first enabled
    /// one), so that the script's answers tell which candidate each region takes.
    mutating func choose(for trigger: ExecutableMachine.Trigger, _ answers: Set<String>) -> [TransitionID] {
        hooks.selections &+= 1
        var answered = SelectionAnswers(notes: .guarded)
        if var queues = hooks.guardQueues {
            let chosen = selectTransitions(for: trigger, answered: &answered) { _, expression, before, isActive in
                if let before { return before }
                return GuardSolver.evaluateCalling(expression, isActive: isActive) { name in
                    guard var queue = queues[name], !queue.isEmpty else { return answers.contains(name) }
                    let first = queue.removeFirst()
                    queues[name] = queue
                    return first
                }
            }
            hooks.guardQueues = queues
            return chosen
        }
        guard var script = hooks.guardScript else {
            let chosen = selected(for: trigger, answers: answers)
            if hooks.explanations != nil { explain(trigger, chose: chosen, answers: answers, scriptedSince: nil) }
            return chosen
        }
        let mark = script.asked.count
        var calls = hooks.guardCalls
        let chosen = selectTransitions(for: trigger, answered: &answered) { id, expression, before, isActive in
            if let decided = GuardScript.decidedValue(of: expression, isActive: isActive) {
                // The generated machine still calls the functions before the `in(…)` that decides.
                if calls != nil { calls! += GuardSolver.calls(of: expression, holding: [], isActive: isActive).calls }
                return decided
            }
            // One selection asks a guard once, so that the script's answers are outcome classes.
            if let before { return before }
            let answer = script.answer(for: id)
            if calls != nil {
                let holding = GuardSolver.names(making: expression, evaluateTo: answer, isActive: isActive) ?? []
                calls! += GuardSolver.calls(of: expression, holding: holding, isActive: isActive).calls
            }
            return answer
        }
        hooks.guardCalls = calls
        hooks.guardScript = script
        if hooks.explanations != nil { explain(trigger, chose: chosen, answers: answers, scriptedSince: mark) }
        return chosen
    }

    // MARK: - Steps

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
        while !running.isFinished, !running.diverged {
            if changed, case let eventless = choose(for: .always, answers), !eventless.isEmpty {
                take(eventless, answers)
            } else if !running.internalQueue.isEmpty {
                let trigger = running.internalQueue.removeFirst()
                changed = microstep(for: trigger, answers)
                if !changed, let event = trigger.event { keepOrIgnore(event) }
            } else {
                startInvocations(answers)
                return
            }
            remaining -= 1
            if remaining < 0 { running.diverged = true }
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
        if !running.isFinished, machine.defers(event, in: running.configuration) {
            running.keptEvents.append(event)
            running.trace.append(.kept(event))
        } else {
            running.trace.append(.ignored(event))
        }
    }

    /// After a macrostep that changed the configuration: handles the oldest kept event that no
    /// active state defers any more, each with its own macrostep, until every one left is
    /// deferred again (those keep their order). A finished machine defers nothing, so it
    /// releases them all, and ignores them.
    mutating func releaseKeptEvents(_ answers: Set<String>) {
        var remaining = Self.maximumStepsPerStimulus
        while !running.diverged, let index = running.keptEvents.firstIndex(where: { running.isFinished || !machine.defers($0, in: running.configuration) }) {
            let event = running.keptEvents.remove(at: index)
            running.trace.append(.released(event))
            if running.isFinished {
                running.trace.append(.ignored(event))
            } else {
                _ = handle(event, answers)
            }
            remaining -= 1
            if remaining < 0 { running.diverged = true }
        }
    }

    /// One microstep (SCXML's): the exit set in reverse document order (histories recorded
    /// first), the transitions' actions in document order, the entry set in document order.
    private mutating func take(_ transitions: [TransitionID], _ answers: Set<String>) {
        let exits = machine.exitSet(of: transitions, in: running.configuration)
        for state in exits where machine.model[state].history != nil {
            running.history[state.index] = machine.remembered(by: state, in: running.configuration)
        }
        for state in exits {
            running.timers.removeAll { $0.owner == state }
            queueRaises(machine.model[state].exitActions)
            running.trace.append(.exited(state))
            running.configuration.removeAll { $0 == state }
            cancelInvocations(of: state)
            running.statesToInvoke.remove(state)
        }
        for id in machine.inDocumentOrder(transitions) {
            queueRaises(machine[id].declaration.actions)
            running.trace.append(.took(id))
            traceUpdates(machine[id].declaration.actions)
        }
        enter(transitions.compactMap { machine[$0].entry })
        hooks.microstepConfigurations?.append(running.configuration)
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
            if let owner = plan.restoresHistoryOf, running.history[owner.index]?.isEmpty ?? true {
                takingHistoryDefault.insert(owner)
            }
        }
        for state in entering.sorted() {
            running.configuration.insert(state, at: running.configuration.firstIndex { $0 > state } ?? running.configuration.count)
            queueRaises(machine.model[state].entryActions)
            let takesHistoryDefault = takingHistoryDefault.contains(state) && machine.model[state].historyDefault != nil
            if takesHistoryDefault { queueRaises(machine.model[state].historyDefault!.actions) }
            for (group, timer) in machine.timers[state.index].enumerated() {
                // A deadline past what 64 bits of nanoseconds hold is never reached.
                let (deadline, overflowed) = running.now.addingReportingOverflow(Self.nanoseconds(of: timer.delay))
                if !overflowed {
                    running.timers.append(RunningTimer(deadline: deadline, order: running.timerOrder, owner: state, group: group))
                }
                running.timerOrder += 1
            }
            running.trace.append(.entered(state))
            if takesHistoryDefault { running.trace.append(.tookHistoryDefault(state)) }
            if !machine.model[state].invocations.isEmpty { running.statesToInvoke.insert(state) }
            if machine.model[state].isFinal {
                if machine.model[state].parent == nil {
                    running.isFinished = true
                    // Nothing outlives the machine's final state.
                    cancelInvocations(of: nil)
                    running.statesToInvoke = []
                } else {
                    running.internalQueue += machine.completions(afterEntering: state, in: running.configuration).map { .done($0) }
                }
            }
        }
    }

    /// The states below `owner` its history restores
    /// (``ExecutableMachine/restoredEntry(of:remembered:)``), in document order.
    public func restoredStates(of owner: StateID) -> [StateID] {
        machine.restoredEntry(of: owner, remembered: running.history[owner.index])
    }

    /// Starts the invocations of the states entered in the macrostep that just ended and still
    /// active: states in entry (document) order, each one's invocations in document order.
    mutating func startInvocations(_ answers: Set<String>) {
        guard !running.statesToInvoke.isEmpty else { return }
        let states = running.statesToInvoke.sorted()
        running.statesToInvoke = []
        guard !running.isFinished, !running.diverged else { return }
        for state in states {
            for invocation in machine.model[state].invocations {
                let run = InvocationRun(invocation: invocation, number: running.invocationsStarted)
                running.invocationsStarted += 1
                running.invocations.append(run)
                running.trace.append(.started(run))
                if let child = machine.model[invocation].child, !hooks.abstractsChildren { startChild(child.name, as: run, answers) }
            }
        }
    }

    /// Exits every active state, as a cancelled child machine does (SCXML's exit of an invoked
    /// session): in reverse document order, each one's timers stopped, exit actions run and
    /// invocations cancelled. What those actions raise or emit is never handled: the machine
    /// is dropped. A machine that finished exits nothing.
    mutating func exitEverything() {
        guard !running.isFinished else { return }
        for state in running.configuration.reversed() {
            running.timers.removeAll { $0.owner == state }
            queueRaises(machine.model[state].exitActions)
            running.trace.append(.exited(state))
            running.configuration.removeAll { $0 == state }
            cancelInvocations(of: state)
        }
        running.internalQueue = []
        running.statesToInvoke = []
    }

    /// Cancels the running invocations of `owner` (every one for `nil`), in the order they
    /// started.
    private mutating func cancelInvocations(of owner: StateID?) {
        guard !running.invocations.isEmpty else { return }
        let model = machine.model
        let isCancelled = { (run: InvocationRun) in owner == nil || model[run.invocation].owner == owner }
        for run in running.invocations where isCancelled(run) {
            running.trace.append(.cancelled(run))
            cancelChild(run)
        }
        running.invocations.removeAll(where: isCancelled)
    }

    /// The fields a transition's `update(…)` actions give new values, after its `took`: only
    /// a transition's actions update.
    private mutating func traceUpdates(_ actions: [ActionModel]) {
        for action in actions {
            for update in action.dataUpdates {
                running.trace.append(.updated(update.owner, field: update.field, value: SpecText.literal(update.argument.value)))
            }
        }
    }

    private mutating func queueRaises(_ actions: [ActionModel]) {
        for action in actions {
            switch action {
            case .raise(let event, _): running.internalQueue.append(.event(event))
            case .emit(let output, _): hooks.outbox?.append(machine.model[output].name)
            case .call, .callWithArguments, .update: break
            }
        }
    }
}
