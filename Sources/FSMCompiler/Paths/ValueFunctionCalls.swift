import FSMCore
/// Where the running machine calls the user's value functions (``MachineModel/valueFunctions``):
/// taking a transition (its target's data, its `emit` and `raise` arguments), entering a state
/// (its entry actions' arguments, the delay of its `after name` timers, its history default's
/// actions' arguments) and exiting one (its exit actions' arguments).
///
/// The generated path tests script each value function to return a sample of its type; the
/// planner takes no step that calls one whose type has no sample.
struct ValueFunctionCalls {
    private var byTransition: [[String]]
    private var onEntry: [[String]]
    private var onExit: [[String]]
    private var onHistoryDefault: [[String]]

    init(_ model: MachineModel) {
        func add(_ names: [String], to list: inout [String]) {
            for name in names where !list.contains(name) { list.append(name) }
        }
        func computed(_ arguments: [ArgumentModel]) -> [String] {
            arguments.compactMap { if case .computed(let name) = $0.value { name } else { nil } }
        }
        func computed(_ actions: [ActionModel]) -> [String] {
            actions.flatMap { action -> [String] in
                switch action {
                case .call: []
                case .emit(_, let arguments), .raise(_, let arguments): computed(arguments)
                }
            }
        }
        byTransition = model.allTransitions.map { transition in
            var names: [String] = []
            add(computed(transition.targetArguments), to: &names)
            add(computed(transition.actions), to: &names)
            return names
        }
        onEntry = model.states.map { state in
            var names = computed(state.entryActions)
            add(state.transitions.compactMap(\.trigger.delayFunction), to: &names)
            return names
        }
        onExit = model.states.map { computed($0.exitActions) }
        onHistoryDefault = model.states.map { $0.historyDefault.map { computed($0.actions) } ?? [] }
    }

    /// The value functions a step calls, by what its trace says it did, each once in order.
    func called(in trace: some Sequence<MachineInterpreter.TraceEntry>) -> [String] {
        var names: [String] = []
        for entry in trace {
            let more: [String]
            switch entry {
            case .took(let transition): more = byTransition[transition.index]
            case .entered(let state): more = onEntry[state.index]
            case .exited(let state): more = onExit[state.index]
            case .tookHistoryDefault(let state): more = onHistoryDefault[state.index]
            case .ignored, .kept, .released, .started, .cancelled, .dropped, .ignoredResult, .inChild: more = []
            }
            for name in more where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The value functions whose `after name` timers the planner times itself: they return
    /// ``MachineInterpreter/computedDelaySample`` in the tests, whatever the samples.
    static func delayFunctions(_ model: MachineModel) -> Set<String> {
        Set(model.states.flatMap(\.transitions).compactMap(\.trigger.delayFunction))
    }
}
