/// Runs a machine's model the way the generated code runs it, with guards answered from a
/// set of names, and time on a simulated manual clock. The path planner uses it to know which
/// state each step of a test path ends in and which transitions it takes.
struct MachineSimulator {
    /// A transition, by its position in ``MachineModel/allTransitions``.
    typealias TransitionIndex = Int

    let model: MachineModel
    private(set) var state: StateID
    /// Nanoseconds since the start.
    private(set) var now: Int64 = 0
    private(set) var isFinished = false
    /// Whether a step looped on eventless transitions, or on raised events (`on x / raise x`
    /// handles `x` forever); such a path is unusable.
    private(set) var diverged = false
    /// More raised events than this handled for one stimulus is taken for a loop.
    static let maximumRaisedSteps = 1_000
    private var timers: [(deadline: Int64, order: Int, state: StateID, index: Int, entry: Int)] = []
    private var entryCount = 0
    private var timerOrder = 0
    private var raised: [EventID] = []
    private let globalIndex: [StateID?: [TransitionIndex]]

    init(model: MachineModel) {
        self.model = model
        state = model.initialState
        var index: [StateID?: [TransitionIndex]] = [:]
        var position = 0
        for state in model.states {
            index[state.id] = Array(position..<(position + state.transitions.count))
            position += state.transitions.count
        }
        index[nil] = Array(position..<(position + model.machineTransitions.count))
        globalIndex = index
    }

    /// Enters the initial state, as the generated `init` does.
    mutating func start(answers: Set<String>) -> [TransitionIndex] {
        var taken: [TransitionIndex] = []
        enter(model.initialState)
        settle(answers, &taken)
        drainRaised(answers, &taken)
        return taken
    }

    /// One `send(event)`, with the raised events it leads to.
    mutating func send(_ event: EventID, answers: Set<String>) -> [TransitionIndex] {
        var taken: [TransitionIndex] = []
        step(event, answers, &taken)
        drainRaised(answers, &taken)
        return taken
    }

    /// The deadline of the `index`-th `after` transition of the current state, if its timer
    /// is running.
    func deadline(ofTimer index: Int) -> Int64? {
        timers.first { $0.state == state && $0.index == index && $0.entry == entryCount }?.deadline
    }

    /// Moves time to `deadline`, firing every timer due, in order, as `ManualClock` does.
    mutating func advance(to deadline: Int64, answers: Set<String>) -> [TransitionIndex] {
        var taken: [TransitionIndex] = []
        while let next = timers.enumerated().filter({ $0.element.deadline <= deadline })
            .min(by: { ($0.element.deadline, $0.element.order) < ($1.element.deadline, $1.element.order) }) {
            timers.remove(at: next.offset)
            now = max(now, next.element.deadline)
            guard next.element.entry == entryCount, !isFinished else { continue }
            fire(next.element.index, answers, &taken)
            drainRaised(answers, &taken)
        }
        now = max(now, deadline)
        return taken
    }

    // MARK: - Steps

    private mutating func step(_ event: EventID, _ answers: Set<String>, _ taken: inout [TransitionIndex]) {
        guard !isFinished else { return }
        let own = candidates(model[state].transitions, source: state) { $0.trigger == .event(event) }
        let machineLevel = candidates(model.machineTransitions, source: nil) { $0.trigger == .event(event) }
        guard let chosen = (own + machineLevel).first(where: { GuardSolver.evaluate($0.transition.guardExpression ?? .else, answers) }) else {
            return
        }
        take(chosen.transition, chosen.index, &taken)
        settle(answers, &taken)
    }

    private mutating func fire(_ timer: Int, _ answers: Set<String>, _ taken: inout [TransitionIndex]) {
        let timed = candidates(model[state].transitions, source: state) { if case .after = $0.trigger { true } else { false } }
        guard timer < timed.count else { return }
        let chosen = timed[timer]
        guard GuardSolver.evaluate(chosen.transition.guardExpression ?? .else, answers) else { return }
        take(chosen.transition, chosen.index, &taken)
        settle(answers, &taken)
    }

    private mutating func settle(_ answers: Set<String>, _ taken: inout [TransitionIndex]) {
        var remaining = 2 * model.states.count + 2
        while !isFinished {
            let eventless = candidates(model[state].transitions, source: state) { $0.trigger == .always }
            guard let chosen = eventless.first(where: { GuardSolver.evaluate($0.transition.guardExpression ?? .else, answers) }) else {
                return
            }
            remaining -= 1
            if remaining < 0 {
                diverged = true
                return
            }
            take(chosen.transition, chosen.index, &taken)
        }
    }

    private mutating func drainRaised(_ answers: Set<String>, _ taken: inout [TransitionIndex]) {
        var next = 0
        while next < raised.count, !diverged {
            if next == Self.maximumRaisedSteps {
                diverged = true
                break
            }
            step(raised[next], answers, &taken)
            next += 1
        }
        raised.removeAll()
    }

    private mutating func take(_ transition: TransitionModel, _ index: TransitionIndex, _ taken: inout [TransitionIndex]) {
        taken.append(index)
        if transition.target != nil {
            for action in model[state].exitActions {
                if case .raise(let event, _) = action { raised.append(event) }
            }
        }
        for action in transition.actions {
            if case .raise(let event, _) = action { raised.append(event) }
        }
        if let target = transition.target {
            timers.removeAll { $0.entry == entryCount }
            enter(target)
        }
    }

    private mutating func enter(_ target: StateID) {
        state = target
        entryCount += 1
        isFinished = model[target].isFinal
        for action in model[target].entryActions {
            if case .raise(let event, _) = action { raised.append(event) }
        }
        var timerIndex = 0
        for transition in model[target].transitions {
            guard case .after(let delay) = transition.trigger else { continue }
            // A deadline past what 64 bits of nanoseconds hold (292 years on, after long
            // delays one after another) is never reached: no path waits for that timer.
            let (deadline, overflowed) = now.addingReportingOverflow(delay.nanoseconds)
            if !overflowed {
                timers.append((deadline, timerOrder, target, timerIndex, entryCount))
            }
            timerOrder += 1
            timerIndex += 1
        }
    }

    /// The transitions of a list that match, with their global indexes, in document order.
    private func candidates(
        _ transitions: [TransitionModel], source: StateID?, where matches: (TransitionModel) -> Bool
    ) -> [(transition: TransitionModel, index: TransitionIndex)] {
        let indexes = globalIndex[source] ?? []
        return zip(transitions, indexes).filter { matches($0.0) }.map { ($0.0, $0.1) }
    }
}
