import FSMCore

/// The dispatch: `switch` over the current state, then over the event, in document order.
extension SwiftEmitter {
    /// Transitions of one state (or the machine level) taking one event, in document order.
    struct EventGroup {
        package var event: EventID
        var transitions: [TransitionModel]
    }

    /// The `on` transitions of a list grouped by event, groups in order of first appearance.
    func eventGroups(_ transitions: [TransitionModel]) -> [EventGroup] {
        // Sized for the transitions up front: growing a table rehashes it, each time.
        var groups: [EventGroup] = []
        groups.reserveCapacity(transitions.count)
        var position = [EventID: Int](minimumCapacity: transitions.count)
        for transition in transitions {
            guard case .event(let event) = transition.trigger else { continue }
            if let index = position[event] {
                groups[index].transitions.append(transition)
            } else {
                position[event] = groups.count
                groups.append(EventGroup(event: event, transitions: [transition]))
            }
        }
        return groups
    }

    func emitDispatch(into writer: inout CodeWriter) {
        writer.line("/// Takes the first transition whose guard holds: the current state's, then the")
        writer.line("/// machine-level ones. Returns `false` when none does.")
        writer.line("@inline(__always)")
        eventFunction("private func handle(_ event: Event) -> Bool", into: &writer) { writer in
            emitEventSwitches(into: &writer)
        }
        writer.line()
        if features.contains(.eventless) { emitEventlessTransitions(into: &writer) }
    }

    /// `switch state`, then `switch event` in each state, then the machine-level transitions:
    /// the body of `handle(_:)`. Taking a transition returns `true`.
    private func emitEventSwitches(into writer: inout CodeWriter) {
        guard !model.events.isEmpty else {
            writer.line("switch event {}")
            return
        }
        let handlingStates = model.states.filter { state in
            state.transitions.contains { if case .event = $0.trigger { true } else { false } }
        }
        var everyPathReturns = false
        if !handlingStates.isEmpty {
            writer.line("switch state {")
            var everyStateReturns = true
            for state in handlingStates {
                writer.line("case .\(state.name):")
                writer.indented { writer in
                    let returns = emitEventSwitch(eventGroups(state.transitions), into: &writer)
                    everyStateReturns = everyStateReturns && returns
                }
            }
            if handlingStates.count < model.states.count {
                writer.line("default:")
                writer.indented { writer in writer.line("break") }
                everyStateReturns = false
            }
            writer.line("}")
            everyPathReturns = everyStateReturns
        }
        guard !everyPathReturns else { return }
        let machineGroups = eventGroups(model.machineTransitions)
        if !machineGroups.isEmpty {
            writer.line("// Machine-level transitions, for events the current state does not take.")
            if emitEventSwitch(machineGroups, into: &writer) { return }
        }
        writer.line("return false")
    }

    /// `switch event { … }` over the groups; returns whether every path leaves the function.
    private func emitEventSwitch(_ groups: [EventGroup], into writer: inout CodeWriter) -> Bool {
        writer.line("switch event {")
        var everyGroupLeaves = true
        for group in groups {
            writer.line("case ", pattern(for: group.event, binding: usedPayload(of: group.transitions)), ":")
            writer.indented { writer in
                let sequence = GuardedSequence(group.transitions) { self.guardCode($0, event: group.event, receiver: "actions") }
                let written = sequence.writeBlocks(into: &writer) { branch, writer in
                    emitTransitionBody(branch.candidate, event: "event", returningTrue: true, into: &writer)
                }
                everyGroupLeaves = everyGroupLeaves && written.leaves
            }
        }
        let coversAllEvents = groups.count == model.events.count
        if !coversAllEvents {
            writer.line("default:")
            writer.indented { writer in writer.line("break") }
        }
        writer.line("}")
        return coversAllEvents && everyGroupLeaves
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
        guard case .event(let id)? = transitions.first?.trigger, !payloadVariables[id.index].isEmpty else { return [] }
        let all = Set(payloadVariables[id.index])
        var used: Set<String> = []
        // Whether a value passes the whole payload on (a function's call) or names a part of it.
        func takesAll(_ arguments: [ArgumentModel]) -> Bool {
            for argument in arguments {
                switch argument.value {
                case .payload(let name): used.insert(SwiftNames.variable(name))
                case .computed(let name): if !valueFunctionsByName[name]!.payload.isEmpty { return true }
                default: break
                }
            }
            return false
        }
        for transition in transitions {
            if transition.guardExpression?.names.contains(where: { !guardsByName[$0]!.payload.isEmpty }) == true { return all }
            if takesAll(transition.targetArguments) { return all }
            for action in transition.actions {
                switch action {
                case .call(let name): if !actionsByName[name]!.payload.isEmpty { return all }
                case .emit(_, let arguments), .raise(_, let arguments): if takesAll(arguments) { return all }
                }
            }
        }
        return used
    }

    // MARK: - Transitions

    /// What taking a transition does: exit, transition actions, entry, notification.
    ///
    /// The Swift compiler type-checks each statement on its own, and a machine of 10,000
    /// transitions has as many of these: a transition without actions or with one action is
    /// one call (the action an autoclosure that `transition(from:to:on:running:)` runs between
    /// exit and entry), and in `handle(_:)` (`returningTrue`) the call is the `return` statement.
    func emitTransitionBody(_ transition: TransitionModel, event: String, returningTrue: Bool = false, into writer: inout CodeWriter) {
        let returning = returningTrue ? "return " : ""
        guard let target = transition.target else {
            emitActions(transition.actions, payloadOf: transition.trigger, into: &writer)
            if returningTrue { writer.line("return true") }
            return
        }
        let source = sourceExpression(transition)
        // Written in parts (see `CodeWriter.line(_:)`); the target is a case of `State`.
        let targetName = model[target].name
        switch transition.actions.count {
        case 0:
            writer.line(returning, "transition(from: ", source, ", to: .", targetName, ", on: ", event, ")")
        case 1:
            let action = actionCode(transition.actions[0], payloadOf: transition.trigger)
            writer.line(returning, "transition(from: ", source, ", to: .", targetName, ", on: ", event, ", running: ", action, ")")
        default:
            writer.line("exitState(\(source))")
            emitActions(transition.actions, payloadOf: transition.trigger, into: &writer)
            writer.line("\(returning)enterState(.\(targetName), from: \(source), on: \(event))")
        }
    }

    func emitActions(_ actions: [ActionModel], payloadOf trigger: TransitionModel.Trigger?, into writer: inout CodeWriter) {
        for action in actions {
            writer.line(actionCode(action, payloadOf: trigger))
        }
    }

    /// One action as a Swift expression: `actions.jump(to: to)`, `notify(.outputs, .emitted(.notice))`.
    func actionCode(_ action: ActionModel, payloadOf trigger: TransitionModel.Trigger?) -> String {
        let event: EventID? = if case .event(let event)? = trigger { event } else { nil }
        switch action {
        case .call(let name):
            return "actions.\(name)" + callArguments(actionsByName[name]!.payload, actionsByName[name]!.data, event: event)
        case .emit(let output, let arguments):
            return "notify(.outputs, .emitted(\(caseExpression(model[output].name, arguments, event: event, receiver: "actions"))))"
        case .raise(let raised, let arguments):
            let value = caseExpression(model[raised].name, arguments, event: event, receiver: "actions")
            return features.contains(.completion) ? "raisedEvents.append(.raised(\(value)))" : "raisedEvents.append(\(value))"
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
        case .payload(let name), .data(let name):
            return SwiftNames.variable(name)
        case .computed(let name):
            let function = valueFunctionsByName[name]!
            return "\(receiver).\(name)" + callArguments(function.payload, function.data, event: event)
        default:
            return SpecText.literal(value)
        }
    }

    /// `(to: to, id: id)`: what a guard, an action or a value function receives, the event's
    /// payload (bound to its variables) then the state's data (bound to theirs).
    func callArguments(_ payload: [ParameterModel], _ data: [ParameterModel], event: EventID?) -> String {
        var items: [String] = []
        if !payload.isEmpty, let event {
            items += payloadArgumentItems[event.index]
        }
        for field in data {
            items.append("\(field.label!): \(SwiftNames.variable(field.label!))")
        }
        return "(" + items.joined(separator: ", ") + ")"
    }

    /// A guard as a Swift condition, or `nil` for `else` (which always holds when reached).
    /// `in(state)` reads `isIn(.state)` of the running machine, or of `configuration` (the
    /// pure transition function's state) when given.
    func guardCode(_ guardModel: GuardModel, event: EventID?, receiver: String, configuration: String? = nil) -> String? {
        func code(_ guardModel: GuardModel, precedence: Int) -> String {
            switch guardModel {
            case .call(let name):
                return "\(receiver).\(name)" + callArguments(guardsByName[name]!.payload, guardsByName[name]!.data, event: event)
            case .not(let operand):
                // `!!g` would be one operator, `!!`, which Swift does not have.
                let inner = code(operand, precedence: 3)
                return inner.hasPrefix("!") ? "!(\(inner))" : "!" + inner
            case .and(let lhs, let rhs):
                let text = code(lhs, precedence: 2) + " && " + code(rhs, precedence: 2)
                return precedence > 2 ? "(\(text))" : text
            case .or(let lhs, let rhs):
                let text = code(lhs, precedence: 1) + " || " + code(rhs, precedence: 1)
                return precedence > 1 ? "(\(text))" : text
            case .else:
                return "true"
            case .isIn(let state):
                guard let configuration else { return "isIn(\(stateIDCase(state)))" }
                // A flat machine's state is one of its states: `in(x)` holds only in `x` itself.
                guard features.contains(.statechart) else { return "(\(configuration) == \(stateIDCase(state)))" }
                return "Self.configuration(\(configuration), contains: \(stateIDCase(state)))"
            }
        }
        return guardModel == .else ? nil : code(guardModel, precedence: 0)
    }

    // MARK: - Eventless transitions

    private func emitEventlessTransitions(into writer: inout CodeWriter) {
        let states = model.states.filter { $0.transitions.contains { $0.trigger == .always } }
        writer.line("/// Takes eventless transitions until none is enabled.")
        writer.block("private func takeEventlessTransitions()") { writer in
            writer.block("while true") { writer in
                writer.line("switch state {")
                for state in states {
                    writer.line("case .\(state.name):")
                    writer.indented { writer in
                        let transitions = state.transitions.filter { $0.trigger == .always }
                        let sequence = GuardedSequence(transitions) { self.guardCode($0, event: nil, receiver: "actions") }
                        let written = sequence.writeBlocks(into: &writer) { branch, writer in
                            emitTransitionBody(branch.candidate, event: "nil", into: &writer)
                            if branch.condition != nil { writer.line("continue") }
                        }
                        if !written.leaves { writer.line("return") }
                    }
                }
                if states.count < model.states.count {
                    writer.line("default:")
                    writer.indented { writer in writer.line("return") }
                }
                writer.line("}")
            }
        }
        writer.line()
    }
}
