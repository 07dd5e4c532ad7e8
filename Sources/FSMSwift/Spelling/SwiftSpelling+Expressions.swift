import FSMCore

/// Swift expressions for what the spec writes: guards, actions, values, payload patterns, the
/// names of states.
extension SwiftSpelling {
    func stateCase(_ id: StateID) -> String { plan.names.stateCases[id.index] }

    /// A state as a case of `StateID`: `.list`. (For a flat machine `StateID` is `State`.)
    func stateIDCase(_ id: StateID) -> String { "." + model[id].name }

    /// The state of a transition's source in generated code: a literal for a state's own
    /// transition, the current state for a machine-level one (it changes only on entering the
    /// target).
    func sourceExpression(_ transition: TransitionModel) -> String {
        transition.source.map(stateCase) ?? "state"
    }

    /// `.seek(let to)`, `.paymentFailed(let reason, _)` or `.play`.
    func pattern(for event: EventID, binding used: Set<String>) -> String {
        let variables = payloadVariables[event.index]
        let name = model[event].name
        guard variables.contains(where: used.contains) else { return "." + name }
        return ".\(name)(" + variables.map { used.contains($0) ? "let \($0)" : "_" }.joined(separator: ", ") + ")"
    }

    /// The payload variables that the guards and actions of these transitions use.
    func usedPayload(of transitions: [TransitionModel]) -> Set<String> {
        guard let id = transitions.first?.trigger.event else { return [] }
        return usedPayload(of: transitions, variables: payloadVariables[id.index])
    }

    /// The payload variables among `variables` (the payload's, as ``SwiftNames/payloadVariables(_:)``
    /// names them) that the guards and actions of these transitions use: an event's or what an
    /// invocation delivers.
    func usedPayload(of transitions: [TransitionModel], variables: [String]) -> Set<String> {
        guard !variables.isEmpty else { return [] }
        let all = Set(variables)
        var used: Set<String> = []
        // Whether a value passes the whole payload on (a function's bare call) or names parts
        // of it (a payload, a function's explicit arguments).
        func takesAll(_ arguments: [ArgumentModel]) -> Bool {
            for argument in arguments {
                switch argument.value {
                case .payload(let name): used.insert(SwiftNames.variable(name))
                case .computed(let name): if !valueFunctionsByName[name]!.payload.isEmpty { return true }
                case .computedWithArguments(_, let arguments): if takesAll(arguments) { return true }
                case .string, .integer, .float, .boolean, .nil, .data: break
                }
            }
            return false
        }
        for transition in transitions {
            if let guardModel = transition.guardExpression {
                if guardModel.names.contains(where: { !guardsByName[$0]!.payload.isEmpty }) { return all }
                if takesAll(guardModel.callArguments) { return all }
            }
            if takesAll(transition.targetArguments) { return all }
            for action in transition.actions {
                switch action {
                case .call(let name): if !actionsByName[name]!.payload.isEmpty { return all }
                case .emit(_, let arguments), .raise(_, let arguments), .callWithArguments(_, let arguments):
                    if takesAll(arguments) { return all }
                case .update(let updates): if takesAll(updates.map(\.argument)) { return all }
                }
            }
        }
        return used
    }

    /// Writes `actions` in order. The updates among them change the data the later ones read
    /// (``SwiftSpelling/reading(_:_:)``); returns the data they leave changed, label →
    /// variable, for the configuration the transition sets.
    @discardableResult
    func emitActions(_ actions: [ActionModel], payloadOf trigger: TransitionModel.Trigger?, into writer: inout CodeWriter) -> [String: String] {
        var renames: [String: String] = [:]
        for action in actions {
            reading(renames) {
                guard case .update(let updates) = action else {
                    writer.line(actionCode(action, payloadOf: trigger))
                    return
                }
                renames.merge(emitUpdate(updates, event: trigger?.event, into: &writer)) { $1 }
            }
        }
        return renames
    }

    /// One action as a Swift expression: `actions.jump(to: to)`, `notify(.outputs,
    /// .emitted(.notice))`. Not an update, which changes what the code after it reads
    /// (``emitActions(_:payloadOf:into:)``).
    func actionCode(_ action: ActionModel, payloadOf trigger: TransitionModel.Trigger?) -> String {
        let event = trigger?.event
        switch action {
        case .call(let name):
            return "actions.\(name)" + callArguments(actionsByName[name]!.payload, actionsByName[name]!.data, event: event)
        case .callWithArguments(let name, let arguments):
            return "actions.\(name)" + explicitArguments(arguments, event: event, receiver: "actions")
        case .emit(let output, let arguments):
            return "notify(.outputs, .emitted(\(caseExpression(model[output].name, arguments, event: event, receiver: "actions"))))"
        case .raise(let raised, let arguments):
            let value = caseExpression(model[raised].name, arguments, event: event, receiver: "actions")
            return (plan.internalQueue ?? .raisedEvents).appending(value)
        case .update:
            preconditionFailure("fsmc: an update is written by emitActions(_:payloadOf:into:)")
        }
    }

    /// `.notice("Already playing.")`, `.detail(id: id)`: a case with its arguments, values
    /// computed by `receiver`'s functions where the spec names one.
    func caseExpression(_ name: String, _ arguments: [ArgumentModel], event: EventID?, receiver: String) -> String {
        guard !arguments.isEmpty else { return "." + name }
        let values = arguments.map { argument in
            let value = valueCode(argument.value, event: event, receiver: receiver)
            return argument.label.map { "\($0): \(value)" } ?? value
        }
        return ".\(name)(" + values.joined(separator: ", ") + ")"
    }

    /// An argument's value: a literal, a bound payload or data variable, or a call of the
    /// function that computes it.
    func valueCode(_ value: ArgumentModel.Value, event: EventID?, receiver: String) -> String {
        switch value {
        case .payload(let name):
            return SwiftNames.variable(name)
        case .data(let label):
            return dataVariable(label)
        case .computed(let name):
            let function = valueFunctionsByName[name]!
            return "\(receiver).\(name)" + callArguments(function.payload, function.data, event: event)
        case .computedWithArguments(let name, let arguments):
            return "\(receiver).\(name)" + explicitArguments(arguments, event: event, receiver: receiver)
        default:
            return SpecText.literal(value)
        }
    }

    /// `(to: to, id: id)`: what a guard, an action or a value function receives, the event's
    /// payload (bound to its variables) then the state's data (bound to theirs). Without an
    /// event, the payload is what an invocation delivered, bound under its labels (a child
    /// machine's unlabeled output parameters as ``SwiftNames/payloadVariables(_:)`` names them).
    func callArguments(_ payload: [ParameterModel], _ data: [ParameterModel], event: EventID?) -> String {
        var items: [String] = []
        if !payload.isEmpty, let event {
            items += payloadArgumentItems[event.index]
        } else {
            for (parameter, variable) in zip(payload, SwiftNames.payloadVariables(payload)) {
                items.append(parameter.label.map { "\($0): \(variable)" } ?? variable)
            }
        }
        for field in data {
            items.append("\(field.label!): \(dataVariable(field.label!))")
        }
        return "(" + items.joined(separator: ", ") + ")"
    }

    /// `(url: url, progress: fraction)`: the arguments a call written with them passes, each
    /// labeled as its parameter (``CallableModel/explicitParameters``).
    func explicitArguments(_ arguments: [ArgumentModel], event: EventID?, receiver: String) -> String {
        "(" + arguments.map { "\($0.label!): \(valueCode($0.value, event: event, receiver: receiver))" }.joined(separator: ", ") + ")"
    }

    /// A guard as a Swift condition, or `nil` for `else` (which always holds when reached).
    /// `in(state)` reads `isIn(.state)` of the running machine, or of `configuration` (the
    /// pure transition function's state) when given.
    func guardCode(_ guardModel: GuardModel, event: EventID?, receiver: String, configuration: String? = nil) -> String? {
        func leaf(_ guardModel: GuardModel) -> String {
            switch guardModel {
            case .call(let name):
                return "\(receiver).\(name)" + callArguments(guardsByName[name]!.payload, guardsByName[name]!.data, event: event)
            case .constant(let value):
                // Never reached: the checker folds constants away (`[true]` is no guard) and
                // lowering gives the transitions guarded by `[false]` no trigger, so no
                // dispatch offers them (``ExecutableTransition/trigger``).
                return value ? "true" : "false"
            case .isIn(let state):
                guard let configuration else { return "isIn(\(stateIDCase(state)))" }
                // A flat machine's state is one of its states: `in(x)` holds only in `x` itself.
                guard shape.isStatechart else { return "(\(configuration) == \(stateIDCase(state)))" }
                return "Self.configuration(\(configuration), contains: \(stateIDCase(state)))"
            case .else:
                return "true"
            case .not, .and, .or:
                preconditionFailure("fsmc: SwiftBooleanExpression spells the operators")
            case .callWithArguments(let name, let arguments):
                return "\(receiver).\(name)" + explicitArguments(arguments, event: event, receiver: receiver)
            }
        }
        return guardModel == .else ? nil : SwiftBooleanExpression.code(guardModel, leaf: leaf)
    }

    /// A guard as the running machine evaluates it.
    func liveCondition(_ guardModel: GuardModel, _ event: EventID?) -> String? {
        guardCode(guardModel, event: event, receiver: "actions")
    }

    /// How long a timer waits: `.seconds(1)`, or what the user's function computes from the
    /// state's data (bound where the timer starts).
    func delayCode(_ delay: TimerDelay) -> String {
        switch delay {
        case .fixed(let duration):
            return SwiftNames.duration(duration)
        case .computed(let name):
            let function = valueFunctionsByName[name]!
            return "actions.\(name)" + callArguments([], function.data, event: nil)
        }
    }
}
