import FSMCore
/// A whole machine written back as a `.fsm` spec, as a person would write it: events, outputs,
/// then the states with their members, then the machine-level transitions, then the
/// properties (`assert …`).
///
/// Payloads, state data, access level and isolation are written as the model has them, so
/// that a spec read and written back means what it meant; `fsmc import` writes the model it
/// reads from SCXML with it.
extension SpecText {
    /// The spec of the machine; `header` lines (without `//`) go first, as comments.
    public static func spec(_ model: MachineModel, header: [String] = []) -> String {
        var writer = CodeWriter(indentUnit: "    ")
        for line in header { writer.line(line.isEmpty ? "//" : "// " + line) }
        if !header.isEmpty { writer.line("") }
        for module in model.imports { writer.line("import \(module)") }
        if !model.imports.isEmpty { writer.line("") }
        documentation(model.documentation, into: &writer)
        var declaration = "machine \(model.name) {"
        if model.accessLevel != .internal { declaration = "\(model.accessLevel.rawValue) " + declaration }
        if model.isMainActor { declaration = "@MainActor " + declaration }
        if model.isObservable { declaration = "@Observable " + declaration }
        writer.line(declaration)
        writer.indented { writer in
            signals("event", model.events, into: &writer)
            if !model.outputs.isEmpty {
                if !model.events.isEmpty { writer.line("") }
                signals("output", model.outputs, into: &writer)
            }
            if !model.events.isEmpty || !model.outputs.isEmpty { writer.line("") }
            // A blank line sets off a state written on several lines, and one with documentation.
            var previousWasBlock = false
            // Machine-level transitions stay where they are declared among the states: the
            // actions of transitions taken together run in document order.
            var machineTransitions = model.machineTransitions[...]
            for (position, state) in model.topLevelStates.enumerated() {
                var wroteTransitions = false
                while let transition = machineTransitions.first, transition.range.start < model[state].range.start {
                    if position > 0, !wroteTransitions { writer.line("") }
                    for line in transitionLines(transition, in: model) { writer.line(line) }
                    machineTransitions = machineTransitions.dropFirst()
                    wroteTransitions = true
                }
                let lines = stateLines(state, in: model)
                let isBlock = lines.last == "}"
                if wroteTransitions || position > 0 && (previousWasBlock || lines.count > 1) { writer.line("") }
                for line in lines { writer.line(line) }
                previousWasBlock = isBlock
            }
            if !machineTransitions.isEmpty {
                writer.line("")
                for transition in machineTransitions {
                    for line in transitionLines(transition, in: model) { writer.line(line) }
                }
            }
            // The properties last, as the spec's promises about everything above them.
            if !model.properties.isEmpty {
                writer.line("")
                for property in model.properties { writer.line("assert " + property.text) }
            }
        }
        writer.line("}")
        return writer.text
    }

    /// A transition's documentation lines, then its line.
    private static func transitionLines(_ transition: TransitionModel, in model: MachineModel) -> [String] {
        var lines = (transition.documentation?.split(separator: "\n", omittingEmptySubsequences: false) ?? [])
            .map { $0.isEmpty ? "///" : "/// \($0)" }
        lines.append(transitionLine(transition, in: model))
        return lines
    }

    /// `on pause [isSeekable] -> paused / rewind, emit notice("…")`, `always -> idle`,
    /// `after 1s -> idle`, `done -> login`, `on t reenter -> a2`.
    ///
    /// A guard or an action the model calls bare without the payload its trigger has (its
    /// callable takes none) is written with the data it takes as arguments, `name()` when it
    /// takes none: what an imported chart's `error fetch / report` says, whose actions receive
    /// no payload (SCXML carries none).
    public static func transitionLine(_ transition: TransitionModel, in model: MachineModel) -> String {
        // An event is written after `on`; every other trigger starts with a word of its own.
        var line = switch transition.trigger {
        case .event: "on " + trigger(transition.trigger, in: model)
        case .always, .after, .afterComputed, .done, .invocation: trigger(transition.trigger, in: model)
        }
        let hasPayload = !payload(of: transition.trigger, in: model).isEmpty
        let bareGuards = hasPayload ? argumentsWithoutPayload(model.guards) : [:]
        let bareActions = hasPayload ? argumentsWithoutPayload(model.actions) : [:]
        if let guardModel = transition.guardExpression {
            line += " [\(guardExpression(withoutPayload(guardModel, bareGuards), in: model))]"
        }
        if transition.reenters { line += " reenter" }
        if let target = targetWithData(of: transition, in: model) {
            line += " -> " + target
        }
        if !transition.actions.isEmpty {
            let actions = transition.actions.map { action -> ActionModel in
                guard case .call(let name) = action, let arguments = bareActions[name] else { return action }
                return .callWithArguments(name, arguments)
            }
            line += " / " + actionList(actions, in: model)
        }
        return line
    }

    /// The payload a transition's guards and actions receive from its trigger.
    private static func payload(of trigger: TransitionModel.Trigger, in model: MachineModel) -> [ParameterModel] {
        switch trigger {
        case .event(let event): model[event].parameters
        case .invocation(let invocation, let result): model[invocation].payload(of: result)
        case .always, .after, .afterComputed, .done: []
        }
    }

    /// The arguments that pass each callable taking no payload the data it takes
    /// (`report(attempt)`, `report()`), by name.
    private static func argumentsWithoutPayload(_ callables: [CallableModel]) -> [String: [ArgumentModel]] {
        var arguments: [String: [ArgumentModel]] = [:]
        for callable in callables where callable.explicitParameters == nil && callable.payload.isEmpty {
            arguments[callable.name] = callable.data.map { ArgumentModel(label: nil, value: .data($0.label!)) }
        }
        return arguments
    }

    /// The guard with each call of `bare` written with its arguments.
    private static func withoutPayload(_ guardModel: GuardModel, _ bare: [String: [ArgumentModel]]) -> GuardModel {
        switch guardModel {
        case .call(let name): bare[name].map { .callWithArguments(name, $0) } ?? guardModel
        case .not(let operand): .not(withoutPayload(operand, bare))
        case .and(let lhs, let rhs): .and(withoutPayload(lhs, bare), withoutPayload(rhs, bare))
        case .or(let lhs, let rhs): .or(withoutPayload(lhs, bare), withoutPayload(rhs, bare))
        default: guardModel
        }
    }

    // MARK: - Parts

    /// `invoke fetchUser(user: User)`, `invoke stream changes(change: Change)`, `invoke check`,
    /// `invoke SignIn as signIn`.
    private static func invocationLine(_ invocation: InvocationModel) -> String {
        let results = invocation.results.isEmpty ? "" : "(" + invocation.results.map(\.description).joined(separator: ", ") + ")"
        switch invocation.kind {
        case .call: return "invoke \(invocation.name)\(results)"
        case .stream: return "invoke stream \(invocation.name)\(results)"
        case .machine(let machine): return "invoke \(machine) as \(invocation.name)"
        }
    }

    private static func signals(_ keyword: String, _ signals: [SignalModel], into writer: inout CodeWriter) {
        for signal in signals {
            documentation(signal.documentation, into: &writer)
            let parameters = signal.parameters.isEmpty ? "" : "(" + signal.parameters.map(\.description).joined(separator: ", ") + ")"
            writer.line("\(keyword) \(signal.name)\(parameters)")
        }
    }

    /// The lines of a state, unindented; its members one level in. A state with one short
    /// member and no children fits on one line: `state idle { on start -> running }`.
    private static func stateLines(_ id: StateID, in model: MachineModel) -> [String] {
        let state = model[id]
        var lines: [String] = []
        if let documentation = state.documentation {
            lines += documentation.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "///" : "/// \($0)" }
        }
        var modifiers: [String] = []
        if let parent = state.parent, model[parent].initialChild == id { modifiers.append("initial") }
        if state.parent == nil, model.initialState == id { modifiers.append("initial") }
        if state.isFinal { modifiers.append("final") }
        if state.isParallel { modifiers.append("parallel") }
        var head = (modifiers + ["state", state.name]).joined(separator: " ")
        if !state.data.isEmpty { head += "(" + state.data.map(\.description).joined(separator: ", ") + ")" }

        var members: [String] = []
        if let history = state.history {
            var line = history == .deep ? "history deep" : "history"
            // `history -> detail / act`: what the history enters before the state was left.
            if let historyDefault = state.historyDefault {
                line += " -> " + historyDefault.targets.map { model[$0].name }.joined(separator: ", ")
                if !historyDefault.actions.isEmpty { line += " / " + actionList(historyDefault.actions, in: model) }
            }
            members.append(line)
        }
        if !state.entryActions.isEmpty { members.append(block("entry", state.entryActions, in: model)) }
        if !state.exitActions.isEmpty { members.append(block("exit", state.exitActions, in: model)) }
        for invocation in state.invocations.map({ model[$0] }) {
            if let documentation = invocation.documentation {
                members += documentation.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "///" : "/// \($0)" }
            }
            members.append(invocationLine(invocation))
        }
        members += state.deferrals.map { deferral($0, in: model) }
        // Transitions declared among or after the children stay there: the actions of
        // transitions taken together run in document order.
        let firstChild = state.children.first.map { model[$0].range.start }
        let leading = state.transitions.prefix { transition in firstChild.map { transition.range.start < $0 } ?? true }
        for transition in leading {
            members += transitionLines(transition, in: model)
        }
        var children: [[String]] = []
        var trailing = state.transitions.dropFirst(leading.count)
        for child in state.children {
            var childLines: [String] = []
            while let transition = trailing.first, transition.range.start < model[child].range.start {
                childLines += transitionLines(transition, in: model)
                trailing = trailing.dropFirst()
            }
            children.append(childLines + stateLines(child, in: model))
        }
        if !trailing.isEmpty { children.append(trailing.flatMap { transitionLines($0, in: model) }) }
        if members.isEmpty, children.isEmpty { return lines + [head] }
        let oneLine = "\(head) { \(members.first ?? "") }"
        if children.isEmpty, members.count == 1, !members[0].hasPrefix("///"), oneLine.count <= 100 {
            return lines + [oneLine]
        }
        lines.append(head + " {")
        lines += members.map { "    " + $0 }
        for child in children {
            lines += child.map { $0.isEmpty ? "" : "    " + $0 }
        }
        lines.append("}")
        return lines
    }

    private static func documentation(_ documentation: String?, into writer: inout CodeWriter) {
        guard let documentation else { return }
        for line in documentation.split(separator: "\n", omittingEmptySubsequences: false) {
            writer.line(line.isEmpty ? "///" : "/// \(line)")
        }
    }
}
