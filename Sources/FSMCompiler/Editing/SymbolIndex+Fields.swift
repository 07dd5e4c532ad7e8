import FSMCore
/// What a machine declares that names of data fields are resolved against: the payload labels
/// of its events and invocations, and its states by name.
struct FieldScope {
    var eventPayloads: [String: [String]] = [:]
    var invocationResults: [String: [String]] = [:]
    var states: [String: StateSyntax] = [:]

    init() {}

    init(_ machine: MachineSyntax) {
        let walk = MemberWalk(machine)
        for signal in walk.signals where !signal.isOutput {
            eventPayloads[signal.syntax.name.text] = signal.syntax.parameters.compactMap(\.label?.text)
        }
        for invocation in walk.invocations {
            invocationResults[invocation.invoke.name.text] = invocation.invoke.results.compactMap(\.label?.text)
        }
        for state in walk.states where states[state.state.name.text] == nil {
            states[state.state.name.text] = state.state
        }
    }
}

/// Data fields as symbols: a state declares them; the labels of `update(…)` (language version 4)
/// and of a target's data name them, and so does a value that reads one, so that renaming a
/// field renames every place that would break without it.
extension OccurrenceCollector {
    mutating func recordFields(of state: StateSyntax) {
        for field in state.parameters ?? [] {
            guard let label = field.label else { continue }
            recordField(label, of: state.name.text, declaration: true)
        }
    }

    mutating func collectFields(of transition: TransitionSyntax) {
        let payload: [String] = switch transition.trigger {
        case .event(let name): fields.eventPayloads[name.text] ?? fields.invocationResults[name.text] ?? []
        case .invocationDone(let name, _): fields.invocationResults[name.text] ?? []
        case .invocationError, .childOutput, .always, .after, .computedAfter, .done: []
        }
        if let target = transition.target, let arguments = transition.targetArguments {
            for argument in arguments {
                if let label = argument.label, let state = fields.states[target.text],
                   state.parameters?.contains(where: { $0.label?.text == label.text }) == true {
                    recordField(label, of: target.text)
                }
                collectFields(in: argument, payload: payload)
            }
        }
        if let guardExpression = transition.guardExpression { collectFields(in: guardExpression, payload: payload) }
        collectFields(in: transition.actions, payload: payload)
    }

    mutating func collectFields(in actions: [ActionSyntax], payload: [String]) {
        for action in actions {
            switch action {
            case .update(let arguments, _):
                for argument in arguments {
                    if let label = argument.label, let owner = owner(of: label.text) { recordField(label, of: owner) }
                    collectFields(in: argument, payload: payload)
                }
            case .emit(_, let arguments, _), .raise(_, let arguments, _), .callWithArguments(_, let arguments, _):
                for argument in arguments { collectFields(in: argument, payload: payload) }
            case .call, .callWithoutPayload: break
            }
        }
    }

    private mutating func collectFields(in guardExpression: GuardSyntax, payload: [String]) {
        switch guardExpression {
        case .callWithArguments(_, let arguments, _):
            for argument in arguments { collectFields(in: argument, payload: payload) }
        case .not(let operand, _), .parenthesized(let operand, _): collectFields(in: operand, payload: payload)
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            collectFields(in: lhs, payload: payload)
            collectFields(in: rhs, payload: payload)
        case .name, .nameWithoutPayload, .else, .isIn, .literal: break
        }
    }

    /// A value that names a field: a name that is no payload label there (a payload comes
    /// first) and is a field of the state or a state around it.
    private mutating func collectFields(in argument: ArgumentSyntax, payload: [String]) {
        switch argument.value {
        case .name(let name) where !payload.contains(name):
            if let owner = owner(of: name) { recordField(Identifier(name, range: argument.valueRange), of: owner) }
        case .call(_, let arguments):
            for inner in arguments { collectFields(in: inner, payload: payload) }
        case .name, .string, .integer, .float, .boolean, .nil: break
        }
    }

    /// The innermost enclosing state that declares a field labeled `label`.
    private func owner(of label: String) -> String? {
        enclosing.last { $0.parameters?.contains { $0.label?.text == label } == true }?.name.text
    }

    private mutating func recordField(_ label: Identifier, of owner: String, declaration: Bool = false) {
        occurrences.append(SymbolOccurrence(
            kind: .field, name: label.text, range: label.range, isDeclaration: declaration, machine: machine, owner: owner))
    }
}
