/// The pure transition function and the machine as data.
extension SwiftEmitter {
    func emitTransitionFunction(into writer: inout CodeWriter) {
        let hasGuards = !model.guards.isEmpty
        writer.line("// MARK: - Transition function")
        writer.line()
        writer.line("/// The state `event` leads to from `state`, or `nil` when the machine would ignore it.")
        writer.line("///")
        writer.line("/// A pure function for tests and tools: no action runs\(hasGuards ? " (only `guards`' guards are asked)" : ""), an internal")
        writer.line("/// transition leads to `state` itself, and eventless transitions that may follow are not taken.")
        let parameters = ["from state: State", "on event: Event"] + (hasGuards ? ["guards: any Actions"] : [])
        writer.block("\(access)static func nextState(\(parameters.joined(separator: ", "))) -> State?") { writer in
            emitEventSwitches(into: &writer, receiver: "guards", finalStatesReturn: "return nil") { transition, writer in
                writer.line("return \(transition.target.map(stateCase) ?? (transition.source.map(stateCase) ?? "state"))")
            } unhandled: { writer in
                writer.line("return nil")
            }
        }
        writer.line()
    }

    func emitIntrospection(into writer: inout CodeWriter) {
        writer.line("// MARK: - Introspection")
        writer.line()
        writer.line("/// The state the machine starts in.")
        writer.line("\(access)static let initialState: State = \(stateCase(model.initialState))")
        writer.line()
        writer.line("/// The names of the events, in declaration order.")
        writer.line("\(access)static let eventNames: [String] = [\(model.events.map { SwiftNames.stringLiteral($0.name) }.joined(separator: ", "))]")
        writer.line()
        writer.line("/// Every transition of the spec: each state's in document order, then the machine-level ones.")
        let transitions = model.allTransitions
        if transitions.isEmpty {
            writer.line("\(access)static let transitionTable: [TransitionDescriptor<State>] = []")
        } else {
            writer.line("\(access)static let transitionTable: [TransitionDescriptor<State>] = [")
            writer.indented { writer in
                for transition in transitions {
                    writer.line(descriptor(transition) + ",")
                }
            }
            writer.line("]")
        }
        writer.line()
    }

    private func descriptor(_ transition: TransitionModel) -> String {
        let trigger = switch transition.trigger {
        case .event(let event): ".event(\(SwiftNames.stringLiteral(model[event].name)))"
        case .always: ".always"
        case .after(let delay): ".after(\(SwiftNames.duration(delay)))"
        }
        let guardText = transition.guardExpression.map { SwiftNames.stringLiteral(SpecText.guardExpression($0)) } ?? "nil"
        let actions = transition.actions.map { SwiftNames.stringLiteral(SpecText.action($0, in: model)) }
        return "TransitionDescriptor(source: \(transition.source.map(stateCase) ?? "nil"), trigger: \(trigger), guard: \(guardText), target: \(transition.target.map(stateCase) ?? "nil"), actions: [\(actions.joined(separator: ", "))])"
    }
}
