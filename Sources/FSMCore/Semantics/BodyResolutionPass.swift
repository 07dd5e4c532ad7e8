/// Resolves what the machine and each state declare in their bodies: transitions, `entry` and
/// `exit` actions, and the members that do not belong where they are written.
struct BodyResolutionPass {
    let states: StateTable
    let diagnostics: DiagnosticCollector
    private var transitions: TransitionResolver
    private var callables: CallableRegistry

    /// What the bodies resolve to.
    struct Output {
        var machineTransitions: [TransitionModel] = []
        /// Each state's transitions, entry and exit actions, by ``StateID``.
        var bodies: [Body]
        /// The guards, actions and value functions the user implements.
        var callables: CallableRegistry
        /// See ``TransitionResolver/brokenTriggers``.
        var brokenTriggers: Set<OwnedTrigger>

        /// Gives each state its transitions, entry and exit actions.
        func fill(_ states: inout [StateModel]) {
            for index in states.indices {
                states[index].entryActions = bodies[index].entryActions
                states[index].exitActions = bodies[index].exitActions
                states[index].transitions = bodies[index].transitions
            }
        }
    }

    /// A state's resolved body.
    struct Body {
        var entryActions: [ActionModel] = []
        var exitActions: [ActionModel] = []
        var transitions: [TransitionModel] = []
    }

    init(signals: SignalTable, states: StateTable, diagnostics: DiagnosticCollector) {
        self.states = states
        self.diagnostics = diagnostics
        transitions = TransitionResolver(signals: signals, states: states, diagnostics: diagnostics)
        callables = CallableRegistry(events: signals.events, diagnostics: diagnostics)
    }

    /// Resolves the machine's members first, then each state's, in document order.
    mutating func run(_ machine: MachineSyntax) -> Output {
        let machineTransitions = resolveMachineMembers(machine.members)
        var bodies: [Body] = []
        bodies.reserveCapacity(states.states.count)
        for id in states.states.indices {
            bodies.append(resolveMembers(of: StateID(id)))
        }
        return Output(
            machineTransitions: machineTransitions, bodies: bodies, callables: callables,
            brokenTriggers: transitions.brokenTriggers)
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
            case .history(let history):
                diagnostics.error(
                    "'history' belongs in a state with child states; the machine itself is never left", at: history.range)
            case .event, .output, .state:
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
                let context = CallContext(payload: .noPayload("entry actions"), data: states.chainData(of: id))
                body.entryActions += transitions.actions.resolve(block.actions, context: context, callables: &callables)
            case .exit(let block):
                if isTopLevelFinal {
                    diagnostics.error("a final state is never left, so its 'exit' actions would never run", at: block.range)
                }
                let context = CallContext(payload: .noPayload("exit actions"), data: states.chainData(of: id))
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
            case .history, .event, .output, .state:
                break
            }
        }
        return body
    }
}
