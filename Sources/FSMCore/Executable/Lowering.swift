/// Lowers a checked ``MachineModel`` to the ``ExecutableMachine`` the back ends run, or
/// refuses it with located errors when it uses something no back end can execute yet.
///
/// The only stage that decides what a transition exits and enters: SCXML's transition
/// domain, its exit set and its entry set, computed once per transition. Also the one that
/// decides which transitions are never taken: those whose guard is the constant `false`
/// (`[false]`, or an expression the checker folded to it) have no trigger, so every back end
/// leaves them out of its dispatch alike, while the table of transitions still lists them.
public enum Lowering {
    /// The executable machine, or the errors that say why `model` cannot run.
    public static func lower(_ model: MachineModel) -> Result<ExecutableMachine, LoweringFailure> {
        var paths: [[StateID]] = []
        paths.reserveCapacity(model.states.count)
        for state in model.states {
            // A parent comes before its children, so its path is known already.
            paths.append((state.parent.map { paths[$0.index] } ?? []) + [state.id])
        }
        var timers = [[TimerGroup]](repeating: [], count: model.states.count)
        var own = [[ExecutableMachine.Trigger: [TransitionID]]](repeating: [:], count: model.states.count + 1)
        var ownTriggers = [[ExecutableMachine.Trigger]](repeating: [], count: model.states.count + 1)
        var transitions: [ExecutableTransition] = []
        transitions.reserveCapacity(model.states.reduce(model.machineTransitions.count) { $0 + $1.transitions.count })

        func add(_ declaration: TransitionModel, owner: ExecutableMachine.Owner) {
            let id = TransitionID(transitions.count)
            let (domain, entry) = effect(of: declaration, in: model)
            // Numbered and kept, for the transition table and the checks that report it, but
            // offered by no trigger: no dispatch, choice, timer or test path tries it.
            guard !declaration.isNeverTaken else {
                transitions.append(
                    ExecutableTransition(id: id, declaration: declaration, owner: owner, trigger: nil, domain: domain, entry: entry))
                return
            }
            // The state's timer for `delay`: the group of its transitions with the same delay.
            func timer(_ delay: TimerDelay, of state: StateID) -> ExecutableMachine.Trigger {
                let groups = timers[state.index]
                if let group = groups.firstIndex(where: { $0.delay == delay }) {
                    timers[state.index][group].transitions.append(id)
                    return .timer(state, group: group)
                }
                timers[state.index].append(TimerGroup(delay: delay, transitions: [id]))
                return .timer(state, group: groups.count)
            }
            let trigger: ExecutableMachine.Trigger
            switch (declaration.trigger, owner) {
            case (.event(let event), _):
                trigger = .event(event)
            case (.invocation(let invocation, let result), _):
                trigger = .invocation(invocation, result)
            case (.always, _):
                trigger = .always
            case (.after(let duration), .state(let state)):
                trigger = timer(.fixed(duration), of: state)
            case (.afterComputed(let function), .state(let state)):
                trigger = timer(.computed(function), of: state)
            case (.done, .state(let state)):
                trigger = .done(state)
            case (.after, .machine), (.afterComputed, .machine), (.done, .machine):
                // The analyzer reports these; a model that has one is not valid.
                preconditionFailure("fsmc: a machine-level transition with a state trigger")
            }
            let ownerIndex = if case .state(let state) = owner { state.index } else { model.states.count }
            if own[ownerIndex][trigger]?.append(id) == nil {
                own[ownerIndex][trigger] = [id]
                ownTriggers[ownerIndex].append(trigger)
            }
            transitions.append(
                ExecutableTransition(id: id, declaration: declaration, owner: owner, trigger: trigger, domain: domain, entry: entry))
        }
        for state in model.states {
            for transition in state.transitions { add(transition, owner: .state(state.id)) }
        }
        for transition in model.machineTransitions { add(transition, owner: .machine) }
        let unsupported = statesEnteredWithoutData(model, transitions: transitions)
        guard unsupported.isEmpty else { return .failure(LoweringFailure(diagnostics: unsupported)) }

        let initialEntry = EntryPlan(states: [model.initialState] + model.defaultDescent(of: model.initialState))
        return .success(
            ExecutableMachine(
                model: model, transitions: transitions, atomicStates: model.states.filter(\.isAtomic).map(\.id),
                initialEntry: initialEntry, timers: timers, ownTransitions: own, ownTriggers: ownTriggers, paths: paths))
    }

    /// States that would be entered without their data: only a transition's target is given
    /// data, so a state with data cannot be the machine's initial state or an initial child
    /// (entered by default), nor lie on the way from a transition's domain to its target.
    /// Read from the lowered `transitions`, so that no entry set is worked out twice.
    private static func statesEnteredWithoutData(_ model: MachineModel, transitions: [ExecutableTransition]) -> [Diagnostic] {
        // Most machines carry no data, and then nothing can be entered without it.
        guard model.states.contains(where: { !$0.data.isEmpty }) else { return [] }
        var problems: [Diagnostic] = []
        // Initial states with data, reported once each: not again at every transition that
        // enters them by default.
        var initialsWithData: Set<StateID> = []
        for state in model.states where !state.data.isEmpty {
            let fields = state.data.map { "\($0.label!): …" }.joined(separator: ", ")
            if state.id == model.initialState {
                initialsWithData.insert(state.id)
                problems.append(Diagnostic(
                    .error, "the initial state '\(state.name)' carries data, but the machine starts in it without any; start in a state without data and enter '\(state.name)(\(fields))' from there",
                    at: state.range))
            } else if let parent = state.parent, model[parent].initialChild == state.id {
                initialsWithData.insert(state.id)
                problems.append(Diagnostic(
                    .error, "initial state '\(state.name)' carries data, but entering '\(model[parent].name)' enters it without any; make a state without data initial, and enter '\(state.name)(\(fields))' with a transition",
                    at: state.range))
            }
        }
        for lowered in transitions {
            let transition = lowered.declaration
            guard let target = transition.target, let entry = lowered.entry else { continue }
            // A region with data is the analyzer's to report: every entry of its parallel state
            // enters it without data. A target of several with data is the analyzer's too.
            for state in entry.states
            where !transition.targets.contains(state) && !model[state].data.isEmpty && !initialsWithData.contains(state) && !isRegion(state, in: model) {
                let fields = model[state].data.map { "\($0.label!): …" }.joined(separator: ", ")
                problems.append(Diagnostic(
                    .error, "'-> \(SpecText.target(of: transition, in: model)!)' enters '\(model[state].name)' on its way, but a transition gives data only to its target; target '\(model[state].name)(\(fields))' first, or move this transition inside '\(model[state].name)'",
                    at: transition.range))
            }
            if transition.targetsHistory, !model[target].data.isEmpty, entry.states.contains(target) {
                // Written inside the state, the transition keeps the state and its data.
                let name = model[target].name
                let fields = model[target].data.map { "\($0.label!): …" }.joined(separator: ", ")
                problems.append(Diagnostic(
                    .error, "'-> \(name).history' enters '\(name)', which carries data a history target cannot give; target '\(name)(\(fields))' instead",
                    at: transition.range))
            }
        }
        return problems
    }

    private static func isRegion(_ state: StateID, in model: MachineModel) -> Bool {
        model[state].parent.map { model[$0].isParallel } ?? false
    }

    /// The domain of a transition and the states it enters (SCXML's `getTransitionDomain`
    /// and `computeEntrySet`). A history target `X.history` counts as a child of `X`.
    ///
    /// A parallel state is not compound here, as in SCXML: a transition it declares to one
    /// of its own regions leaves and re-enters it. Entering a state inside a region enters
    /// the parallel state's other regions by default.
    private static func effect(of transition: TransitionModel, in model: MachineModel) -> (StateID?, EntryPlan?) {
        guard let target = transition.target else { return (nil, nil) }
        // The domain rule has one home, shared with the checks and the SCXML export.
        let domain = StateTree.domain(of: transition, in: model.states)
        if transition.targetsHistory {
            let states = model.entrySet(of: CollectionOfOne(target), below: domain, descendingIntoTargets: false)
            return (domain, EntryPlan(states: states, restoresHistoryOf: target))
        }
        return (domain, EntryPlan(states: model.entrySet(of: transition.targets, below: domain)))
    }
}

/// Why ``Lowering/lower(_:)`` refused a model: errors located in the spec.
public struct LoweringFailure: Error, Sendable {
    public var diagnostics: [Diagnostic]
}
