/// Resolves what the machine and each state declare in their bodies: transitions, `entry` and
/// `exit` actions, deferred events, and the members that do not belong where they are written.
struct BodyResolutionPass {
    let states: StateTable
    let diagnostics: DiagnosticCollector
    private var transitions: TransitionResolver
    private var callables: CallableRegistry
    private let deferrals: DeferralResolver
    private let properties: PropertyResolver

    /// What the bodies resolve to.
    struct Output {
        var machineTransitions: [TransitionModel] = []
        /// Each state's transitions, entry and exit actions, by ``StateID``.
        var bodies: [Body]
        /// The guards, actions and value functions the user implements.
        var callables: CallableRegistry
        /// See ``TransitionResolver/brokenTriggers``.
        var brokenTriggers: Set<OwnedTrigger>
        /// The machine's `assert`s that resolved, in declaration order.
        var properties: [PropertyModel] = []

        /// Gives each state its transitions, entry and exit actions.
        func fill(_ states: inout [StateModel]) {
            for index in states.indices {
                states[index].entryActions = bodies[index].entryActions
                states[index].exitActions = bodies[index].exitActions
                states[index].transitions = bodies[index].transitions
                states[index].historyDefault = bodies[index].historyDefault
                states[index].deferrals = bodies[index].deferrals
            }
        }
    }

    /// A state's resolved body.
    struct Body {
        var entryActions: [ActionModel] = []
        var exitActions: [ActionModel] = []
        var transitions: [TransitionModel] = []
        var historyDefault: HistoryDefaultModel?
        var deferrals: [DeferralModel] = []
    }

    init(signals: SignalTable, states: StateTable, invocations: InvocationTable, diagnostics: DiagnosticCollector) {
        self.states = states
        self.diagnostics = diagnostics
        transitions = TransitionResolver(signals: signals, states: states, invocations: invocations, diagnostics: diagnostics)
        callables = CallableRegistry(events: signals.events, diagnostics: diagnostics)
        deferrals = DeferralResolver(signals: signals, states: states, invocations: invocations, diagnostics: diagnostics)
        properties = PropertyResolver(states: states, diagnostics: diagnostics)
    }

    /// Resolves the machine's members first, then each state's, in document order; the
    /// properties last, when every guard a condition might name by mistake is known.
    mutating func run(_ machine: MachineSyntax) -> Output {
        let machineTransitions = resolveMachineMembers(machine.members)
        var bodies: [Body] = []
        bodies.reserveCapacity(states.states.count)
        for id in states.states.indices {
            bodies.append(resolveMembers(of: StateID(id)))
        }
        let guards = Set(callables.guards.map(\.name))
        let resolvedProperties = machine.members.compactMap { member -> PropertyModel? in
            guard case .property(let property) = member else { return nil }
            return properties.resolve(property, guards: guards)
        }
        return Output(
            machineTransitions: machineTransitions, bodies: bodies, callables: callables,
            brokenTriggers: transitions.brokenTriggers, properties: resolvedProperties)
    }

    private mutating func resolveMachineMembers(_ members: [MemberSyntax]) -> [TransitionModel] {
        var machineTransitions: [TransitionModel] = []
        for member in members {
            switch member {
            case .transition(let transition):
                if let resolved = transitions.resolve(transition, in: nil, callables: &callables) {
                    machineTransitions.append(resolved)
                }
            case .entry(let block), .exit(let block):
                let keyword = if case .entry = member { "entry" } else { "exit" }
                diagnostics.error("'\(keyword)' actions belong in a state, not at machine level", at: block.range)
            case .invoke:
                // The invocation pass reports it.
                break
            case .deferral(let deferral):
                deferrals.reportAtMachineLevel(deferral)
            case .history(let history):
                diagnostics.error(
                    "'history' belongs in a state with child states; the machine itself is never left", at: history.range)
            case .event, .output, .state, .property:
                // A property is resolved once every guard is known (`run`).
                break
            }
        }
        return machineTransitions
    }

    private mutating func resolveMembers(of id: StateID) -> Body {
        let syntax = states.stateSyntax[id.index]
        let isFinal = syntax.has(.final)
        let isTopLevelFinal = isFinal && states[id].parent == nil
        var body = Body()
        // Most members of a state are transitions; growing the list one by one would copy it.
        body.transitions.reserveCapacity(syntax.members.count)
        for member in syntax.members {
            switch member {
            case .entry(let block):
                let context = CallContext(payload: .noPayload("entry actions"), data: states.chainData(of: id), updates: .nowhere("entry actions"))
                body.entryActions += transitions.actions.resolve(block.actions, context: context, callables: &callables)
            case .exit(let block):
                if isTopLevelFinal {
                    diagnostics.error("a final state is never left, so its 'exit' actions would never run", at: block.range)
                }
                let context = CallContext(payload: .noPayload("exit actions"), data: states.chainData(of: id), updates: .nowhere("exit actions"))
                body.exitActions += transitions.actions.resolve(block.actions, context: context, callables: &callables)
            case .transition(let transition):
                if isFinal {
                    let effect = isTopLevelFinal ? "entering it finishes the machine" : "entering it completes '\(states[states[id].parent!].name)'"
                    diagnostics.error(
                        "final state '\(syntax.name.text)' cannot have transitions: \(effect)",
                        at: transition.range)
                }
                if let resolved = transitions.resolve(transition, in: id, callables: &callables) {
                    body.transitions.append(resolved)
                }
            case .history(let history):
                // A second `history` is reported by the structure pass; its default is not read.
                if !history.defaultTargets.isEmpty, states[id].history != nil, body.historyDefault == nil {
                    body.historyDefault = resolveHistoryDefault(history, of: id)
                }
            case .deferral(let deferral):
                deferrals.resolve(deferral, of: id, into: &body.deferrals)
            case .property(let property):
                properties.reportInState(property, state: id)
            case .invoke, .event, .output, .state:
                break
            }
        }
        return body
    }

    /// The default transition of the history of `owner`: targets inside `owner` that can be
    /// entered without data, and actions that receive what `owner`'s entry actions receive.
    private mutating func resolveHistoryDefault(_ history: HistorySyntax, of owner: StateID) -> HistoryDefaultModel? {
        let context = CallContext(payload: .noPayload("a history's default actions"), data: states.chainData(of: owner), updates: .nowhere("a history's default actions"))
        let actions = transitions.actions.resolve(history.defaultActions, context: context, callables: &callables)
        guard let targets = transitions.resolveTargetSet(history.defaultTargets) else { return nil }
        let ownerName = states[owner].name
        var valid = true
        for (target, name) in zip(targets, history.defaultTargets) {
            guard target != owner, StateTree.isDescendant(target, of: owner, in: states.states) else {
                diagnostics.error(
                    "the history's default '\(name.text)' is not inside '\(ownerName)'; a history's default enters states inside its own state",
                    at: name.range, notes: [.init("'\(name.text)' is declared here", at: states[target].range)])
                valid = false
                continue
            }
            var current: StateID? = target
            while let state = current, state != owner {
                if !states[state].data.isEmpty {
                    diagnostics.error(
                        "the history's default enters '\(states[state].name)', which carries data a history's default cannot give; enter it with a transition",
                        at: name.range, notes: [.init("'\(states[state].name)' is declared here", at: states[state].range)])
                    valid = false
                    break
                }
                current = states[state].parent
            }
        }
        return valid ? HistoryDefaultModel(targets: targets, actions: actions, range: history.range) : nil
    }
}
