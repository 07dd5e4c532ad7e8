import FSMCore

/// What the property checker (`FSMChecker/Verification`) needs of the interpreter beyond what
/// the paths and the tests use: stimuli that happen "at any time" (a chosen timer fires
/// whatever its deadline, an invocation or an abstracted child delivers any outcome), guard
/// answers from a ``GuardScript``, and the configuration after every microstep, these two
/// through the interpreter's ``InterpreterHooks``.
///
/// None of it changes what the interpreter does when not asked: without a script guards are
/// answered from names, without recording nothing is recorded, and children run.
extension MachineInterpreter {
    /// Something that happens to a machine, as the property checker offers it: each steps the
    /// machine with everything it leads to (a kept event released is part of the step).
    public enum Stimulus: Hashable, Sendable {
        /// The machine starts: its initial entry with the macrostep that follows.
        case start
        /// `send(event)`.
        case event(EventID)
        /// The timer `group` of a state's ``ExecutableMachine/timers`` fires.
        case timer(StateID, group: Int)
        /// The running invocation delivers a result: a call returns or throws, a stream yields,
        /// throws or finishes, a child machine emits an output or finishes.
        case outcome(InvocationID, InvocationResult)
    }

    /// An interpreter for the checker: guards answered by scripts, configurations recorded,
    /// child machines abstracted (never run, so `machines` is not needed).
    package init(checking machine: ExecutableMachine) {
        self.init(machine: machine, hooks: .checking)
    }

    /// Runs `stimulus` with `script` answering the guards `in(…)` does not decide; returns the
    /// script as the run left it (what it asked), the configuration after each microstep and
    /// the transitions taken, in order, with the run's trace and, for an interpreter that
    /// explains (``explaining``), why each selection chose what it did. The interpreter's
    /// trace is cleared first: the checker keeps none.
    package mutating func run(
        _ stimulus: Stimulus, script: GuardScript
    ) -> (
        script: GuardScript, configurations: [[StateID]], taken: [TransitionID], trace: [TraceEntry],
        explanations: [SelectionExplanation]
    ) {
        hooks.guardScript = script
        hooks.microstepConfigurations = []
        running.trace = []
        if hooks.explanations != nil { hooks.explanations = [] }
        switch stimulus {
        case .start:
            _ = start(answers: [])
        case .event(let event):
            _ = send(event, answers: [])
        case .timer(let owner, let group):
            fire(timer: group, of: owner)
        case .outcome(let invocation, let result):
            deliverOutcome(result, of: invocation)
        }
        let transitions = taken(since: 0)
        defer {
            hooks.guardScript = nil
            hooks.microstepConfigurations = nil
            running.trace = []
            if hooks.explanations != nil { hooks.explanations = [] }
        }
        return (hooks.guardScript ?? script, hooks.microstepConfigurations ?? [], transitions, running.trace, hooks.explanations ?? [])
    }

    /// This interpreter, explaining each selection of transitions in what ``run(_:script:)``
    /// returns (the simulator's step log); the checker's runs explain nothing.
    package var explaining: MachineInterpreter {
        var copy = self
        copy.hooks.explanations = []
        return copy
    }

    /// The running timers, as (owner, group), in order of owner then group: a timer may fire
    /// at any time its state is active.
    package var runningTimerKeys: [(owner: StateID, group: Int)] {
        running.timers.map { ($0.owner, $0.group) }.sorted { ($0.owner, $0.group) < ($1.owner, $1.group) }
    }

    /// Puts the interpreter in the situation of `configuration` (its active states in document
    /// order) with `timers` (owner, group) running, for a machine without histories,
    /// invocations or kept events: how the checker's product of regions
    /// (`FSMChecker/Verification/RegionProduct.swift`) assembles a whole situation from its
    /// regions' to step it. Time is not part of a situation: the timers are due now.
    package mutating func assume(configuration: [StateID], timers running: [(owner: StateID, group: Int)]) {
        // Kept in document order, as every step keeps it (the product lists its frame's states,
        // then each region's).
        self.running.configuration = configuration.sorted()
        self.running.timers = running.enumerated().map {
            RunningTimer(deadline: self.running.now, order: $0.offset, owner: $0.element.owner, group: $0.element.group)
        }
    }

    /// Fires timer `group` of `owner` now, whatever its deadline; nothing when it does not run.
    mutating func fire(timer group: Int, of owner: StateID) {
        guard !running.isFinished, let index = running.timers.firstIndex(where: { $0.owner == owner && $0.group == group }) else { return }
        fire(running.timers.remove(at: index), [])
    }

    /// Delivers `result` from the running run of `invocation` (a call's or stream's outcome, or
    /// an abstracted child's output or completion), with everything it leads to; nothing when
    /// the invocation does not run.
    mutating func deliverOutcome(_ result: InvocationResult, of invocation: InvocationID) {
        guard let run = running.invocations.first(where: { $0.invocation == invocation }) else { return }
        handle(result, from: run, [])
        deliverChildResults([])
    }
}

extension MachineInterpreter {
    /// How many copies of `event` the machine keeps.
    package func keptCount(of event: EventID) -> Int {
        running.keptEvents.count { $0 == event }
    }

    /// Forgets the copies of `event` kept after the first `count`: for an event no transition
    /// takes, whose copies are ignored or kept again when released, so that how many are kept
    /// changes nothing the machine does (``KeptEventLimit``).
    package mutating func keepAtMost(_ count: Int, of event: EventID) {
        var seen = 0
        running.keptEvents.removeAll { kept in
            guard kept == event else { return false }
            seen += 1
            return seen > count
        }
    }
}
