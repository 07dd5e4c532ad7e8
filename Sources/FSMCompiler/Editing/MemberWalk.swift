import FSMCore
/// The declarations of a machine with where each is written, flattened in document order.
struct MemberWalk {
    struct Signal { var syntax: SignalSyntax; var isOutput: Bool }
    struct State { var state: StateSyntax; var parent: StateSyntax? }
    struct Transition { var transition: TransitionSyntax; var owner: StateSyntax? }
    struct Invocation { var invoke: InvokeSyntax; var owner: StateSyntax? }

    var signals: [Signal] = []
    var invocations: [Invocation] = []
    var states: [State] = []
    var transitions: [Transition] = []

    init(_ machine: MachineSyntax) {
        walk(machine.members, owner: nil)
    }

    /// What a declared name carries, as written: `(to: Double)` for an event or an output with a
    /// payload, a state's data; empty otherwise.
    func carried(by name: String, _ kind: SymbolOccurrence.Kind) -> String {
        let parameters: [ParameterSyntax]? = switch kind {
        case .event, .output: signals.first { $0.isOutput == (kind == .output) && $0.syntax.name.text == name }?.syntax.parameters
        case .state: states.first { $0.state.name.text == name }?.state.parameters
        case .invocation: invocations.first { $0.invoke.name.text == name }?.invoke.results
        case .guard, .action, .field: nil
        }
        guard let parameters, !parameters.isEmpty else { return "" }
        return OutlineItem.parameterList(parameters)
    }

    private mutating func walk(_ members: [MemberSyntax], owner: StateSyntax?) {
        for member in members {
            switch member {
            case .event(let signal): signals.append(Signal(syntax: signal, isOutput: false))
            case .output(let signal): signals.append(Signal(syntax: signal, isOutput: true))
            case .state(let state):
                states.append(State(state: state, parent: owner))
                walk(state.members, owner: state)
            case .transition(let transition): transitions.append(Transition(transition: transition, owner: owner))
            case .invoke(let invoke): invocations.append(Invocation(invoke: invoke, owner: owner))
            case .entry, .exit, .history, .deferral, .property: break
            }
        }
    }
}
