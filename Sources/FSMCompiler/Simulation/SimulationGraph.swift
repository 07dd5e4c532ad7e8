import FSMCore

/// The situations of a machine and the steps between them, as the property checker explores
/// them (``CheckerStimuli``, ``StepOutcomes``, ``CheckedSituation``), with what each step did:
/// what the simulator page (`fsmc simulate`) shows and follows, deciding nothing itself.
///
/// A situation is the checker's: the active states, what histories remember, the events kept,
/// the timers and invocations running (time is not part of it: a timer may fire at any time its
/// state is active). Each stimulus it accepts leads, through each outcome class of the guards
/// the step asks, to a next situation; each outcome carries the interpreter's trace and why each
/// selection of transitions chose what it did
/// (``MachineInterpreter/SelectionExplanation``). The search is breadth first, so situations are
/// numbered by how many stimuli reach them. It is bounded as the checker's is
/// (``ExplorationBounds``): at most ``bound`` situations are listed, a step that would keep more
/// copies of an event than the kept-events bound (``KeptEventLimit``) is not followed, and once
/// the work budget is spent the situations left are listed without their steps; a step past a
/// bound has no next situation and says which bound (``Outcome/past``), and ``cuts`` says what
/// was cut, so the page opens at once for every spec.
package struct SimulationGraph: Sendable {
    /// One situation the search reached.
    package struct Situation: Sendable {
        /// The active states, in document order.
        package var configuration: [StateID]
        /// What each state with `history` remembers, by ``MachineInterpreter/Situation/remembered``.
        package var remembered: [[StateID]?]
        /// The events kept because an active state defers them, oldest first.
        package var kept: [EventID]
        /// The running timers, as (owner, group), in order.
        package var timers: [CheckedSituation.TimerKey]
        /// The invocations running, in order of their ids.
        package var running: [InvocationID]
        package var isFinished: Bool
        /// What each stimulus the situation accepts leads to, in the checker's order.
        package var steps: [Step]
        /// The machine's events the situation does not accept, and why.
        package var refused: [Refusal]
        /// Whether its steps were not explored: the work budget was spent first.
        package var isUnexplored = false
    }

    /// A stimulus and its outcome classes.
    package struct Step: Sendable {
        package var stimulus: MachineInterpreter.Stimulus
        package var outcomes: [Outcome]
        /// Whether some outcome classes were not followed: they loop without end, or need more
        /// guard answers or classes than the checker's limits.
        package var isIncomplete: Bool
    }

    /// One outcome class of a stimulus: the guard answers that lead to it and what it did.
    package struct Outcome: Sendable {
        /// Every guard evaluation the step asked, in order, with the answer of this class.
        package var answers: [GuardScript.Answer]
        package var trace: [MachineInterpreter.TraceEntry]
        package var explanations: [MachineInterpreter.SelectionExplanation]
        /// The situation it ends in; `nil` when that one lies past a bound.
        package var next: Int?
        /// Which bound it lies past, when it does.
        package var past: PastBound?
    }

    /// The bound a step's outcome lies past.
    package enum PastBound: Sendable, Hashable {
        /// It would keep `count` copies of `event`, more than the kept-events bound.
        case keptEvents(EventID, count: Int)
        /// Its situation is not among the first ``SimulationGraph/bound``.
        case situations
    }

    /// An event a situation does not accept.
    package struct Refusal: Sendable {
        package var event: EventID
        package var reason: Reason
    }

    /// Why a situation does not accept an event.
    package enum Reason: Sendable, Hashable {
        /// The machine is in a top-level final state.
        case finished
        /// No active state, nor the machine level, has a transition for it, and none defers it.
        case noTransition
    }

    package let machine: ExecutableMachine
    /// How far the search goes.
    package let bounds: ExplorationBounds
    /// How many situations the search lists at most.
    package var bound: Int { bounds.situations }
    /// What the bounds cut: whether the situations bound and the work budget were reached.
    /// (The page keeps no runs to a cut, so the kept-events bound's is ``firstKeptEvent``.)
    package private(set) var cuts = ExplorationCuts()
    /// The event of the first outcome past the kept-events bound.
    package private(set) var firstKeptEvent: EventID?
    /// How many outcomes lie past the kept-events bound.
    package private(set) var keptEventCuts = 0
    /// The outcome classes of the start (its initial entry and the macrostep that follows).
    package private(set) var start: Step
    package private(set) var situations: [Situation] = []
    /// Whether some step leads to a situation past the situations bound.
    package var reachedBound: Bool { cuts.reachedSituationBound }
    /// The situations listed, by what tells them apart.
    private var numbers: [CheckedSituation: Int] = [:]

    /// How many situations a page lists by default: a page holds every step of each, so far
    /// fewer than the checker's bound (``PropertyChecker/defaultBound``) to stay a page a
    /// browser opens at once.
    package static let defaultBound = 10_000
    /// The page's work budget by default, in the checker's steps: its runs explain every
    /// selection (the step log), several times a checker's run, so a page is written in well
    /// under a second by the release tool (docs/Performance.md, "Bounded proofs").
    package static let defaultWork = 100_000

    /// The page's bounds by default.
    package static var defaultBounds: ExplorationBounds {
        ExplorationBounds(situations: defaultBound, work: defaultWork)
    }

    /// Explores `machine` breadth first from its start, within `bounds`.
    package init(_ machine: ExecutableMachine, bounds: ExplorationBounds = defaultBounds) {
        self.machine = machine
        var bounds = bounds
        bounds.situations = max(1, bounds.situations)
        self.bounds = bounds
        start = Step(stimulus: .start, outcomes: [], isIncomplete: false)
        explore()
    }

    private mutating func explore() {
        let stimuli = CheckerStimuli(machine)
        let keptLimit = KeptEventLimit(machine, bound: bounds.keptEvents)
        var frontier: [MachineInterpreter] = []
        var work = 0

        /// The situation `interpreter` is in, numbered when new; or the bound it lies past.
        func number(of interpreter: MachineInterpreter, graph: inout SimulationGraph) -> (next: Int?, past: PastBound?) {
            var interpreter = interpreter
            if let event = keptLimit.apply(to: &interpreter) {
                graph.keptEventCuts += 1
                if graph.firstKeptEvent == nil { graph.firstKeptEvent = event }
                return (nil, .keptEvents(event, count: interpreter.keptCount(of: event)))
            }
            let key = CheckedSituation(interpreter, held: [])
            if let known = graph.numbers[key] { return (known, nil) }
            guard graph.numbers.count < graph.bound else {
                graph.cuts.reachedSituationBound = true
                return (nil, .situations)
            }
            graph.numbers[key] = graph.numbers.count
            frontier.append(interpreter)
            work += ExplorationBounds.stepsPerSituation
            return (graph.numbers.count - 1, nil)
        }

        func step(_ stimulus: MachineInterpreter.Stimulus, from interpreter: MachineInterpreter, graph: inout SimulationGraph) -> Step {
            var search = StepOutcomes()
            var outcomes: [Outcome] = []
            search.forEach(of: stimulus, from: interpreter, workLimit: max(0, graph.bounds.work - work)) { outcome in
                let (next, past) = number(of: outcome.interpreter, graph: &graph)
                outcomes.append(Outcome(
                    answers: outcome.asked, trace: outcome.trace, explanations: outcome.explanations, next: next, past: past))
                return true
            }
            work += search.work
            if search.stoppedForWork { graph.cuts.exhaustedWork = true }
            return Step(stimulus: stimulus, outcomes: outcomes, isIncomplete: search.diverged || search.stoppedForWork)
        }

        start = step(.start, from: MachineInterpreter(checking: machine).explaining, graph: &self)
        var head = 0
        while head < frontier.count {
            let interpreter = frontier[head]
            head += 1
            // Once the budget is spent, the situations already numbered are listed without
            // their steps: every step's `next` stays a listed situation.
            if work > bounds.work {
                cuts.exhaustedWork = true
                var unexplored = situation(of: interpreter, steps: [])
                unexplored.isUnexplored = true
                situations.append(unexplored)
                continue
            }
            let steps = stimuli.stimuli(of: interpreter).map { step($0, from: interpreter, graph: &self) }
            situations.append(situation(of: interpreter, steps: steps))
        }
    }

    private func situation(of interpreter: MachineInterpreter, steps: [Step]) -> Situation {
        let checked = CheckedSituation(interpreter, held: [])
        let accepted = Set(steps.compactMap { if case .event(let event) = $0.stimulus { event } else { nil } })
        let refused = machine.model.events.indices.map(EventID.init).filter { !accepted.contains($0) }.map { event in
            Refusal(event: event, reason: interpreter.isFinished ? .finished : .noTransition)
        }
        return Situation(
            configuration: interpreter.configuration, remembered: checked.situation.remembered, kept: checked.situation.kept,
            timers: checked.timers, running: checked.situation.running, isFinished: interpreter.isFinished, steps: steps,
            refused: refused)
    }

    /// The listed situation `interpreter` is in, if any: where a recorded run's step ends on
    /// the page (`fsmc simulate --trace`).
    package func situation(of interpreter: MachineInterpreter) -> Int? {
        var checked = CheckedSituation(interpreter, held: [])
        // The page abstracts child machines (their outputs and completion are stimuli of their
        // own): a recorded run's children, which replay ran, are no part of its situations.
        checked.situation.children = []
        return numbers[checked]
    }
}
