/// Smaller variants for language version 4's constructs: an update without one of its fields,
/// a name called with one argument fewer or bare (at every use, which must agree on the
/// parameters). Dropping a whole `update` is dropping an action (``SpecDocument/reductions()``).
extension SpecDocument {
    /// The variants, bare calls first.
    public func callReductions() -> [SpecDocument] {
        var result: [SpecDocument] = []
        var labelsByName: [(name: String, labels: [String])] = []
        _ = mappingCalls { name, arguments in
            let labels = arguments.map(Self.parameterLabel)
            if let index = labelsByName.firstIndex(where: { $0.name == name }) {
                labelsByName[index].labels += labels.filter { !labelsByName[index].labels.contains($0) }
            } else {
                labelsByName.append((name, labels))
            }
            return arguments
        }
        for (name, _) in labelsByName {
            result.append(mappingCalls { called, arguments in called == name ? nil : arguments })
        }
        for (name, labels) in labelsByName {
            for label in labels {
                result.append(mappingCalls { called, arguments in
                    called == name ? arguments.filter { Self.parameterLabel($0) != label } : arguments
                })
            }
        }
        result += updateFieldReductions()
        return result
    }

    /// The label of the parameter an argument of a call gives: its own, or the name of the
    /// payload or data it passes.
    private static func parameterLabel(_ argument: SpecArgument) -> String {
        argument.label ?? argument.value
    }

    /// Each update of several fields without one of them.
    private func updateFieldReductions() -> [SpecDocument] {
        var result: [SpecDocument] = []
        var place = 0
        func count(_ actions: [SpecAction]) -> [(action: Int, fields: Int)] {
            actions.indices.compactMap { index in
                if case .update(let arguments) = actions[index], arguments.count > 1 { (index, arguments.count) } else { nil }
            }
        }
        // Numbered in the order `mappingTransitions` walks them.
        var updates: [(transition: Int, action: Int, fields: Int)] = []
        _ = mappingTransitions { transition in
            updates += count(transition.actions).map { (place, $0.action, $0.fields) }
            place += 1
            return transition
        }
        for update in updates {
            for field in 0..<update.fields {
                var visited = 0
                result.append(mappingTransitions { transition in
                    defer { visited += 1 }
                    guard visited == update.transition, case .update(var arguments) = transition.actions[update.action] else { return transition }
                    var transition = transition
                    arguments.remove(at: field)
                    transition.actions[update.action] = .update(arguments)
                    return transition
                })
            }
        }
        return result
    }

    /// The document with every call with arguments, `name(…)`, given the arguments `transform`
    /// returns for it, or called bare when it returns nil: in guards, actions, and arguments
    /// everywhere.
    public func mappingCalls(_ transform: (String, [SpecArgument]) -> [SpecArgument]?) -> SpecDocument {
        func argument(_ argument: SpecArgument) -> SpecArgument {
            guard let arguments = argument.functionArguments else { return argument }
            var argument = argument
            argument.functionArguments = transform(argument.value, arguments)
            return argument
        }
        func action(_ action: SpecAction) -> SpecAction {
            switch action {
            case .call: action
            case .callWithArguments(let name, let arguments):
                transform(name, arguments).map { .callWithArguments(name, $0) } ?? .call(name, bare: false)
            case .emit(let name, let arguments): .emit(name, arguments.map(argument))
            case .raise(let name, let arguments): .raise(name, arguments.map(argument))
            case .update(let arguments): .update(arguments.map(argument))
            }
        }
        func condition(_ written: SpecGuard) -> SpecGuard {
            switch written {
            case .callWithArguments(let name, let arguments):
                transform(name, arguments).map { .callWithArguments(name, $0) } ?? .name(name, bare: false)
            case .not(let operand): .not(condition(operand))
            case .and(let left, let right): .and(condition(left), condition(right))
            case .or(let left, let right): .or(condition(left), condition(right))
            case .name, .inState, .otherwise, .constant: written
            }
        }
        func actions(_ list: [SpecAction]) -> [SpecAction] { list.map(action) }
        func states(_ list: [SpecState]) -> [SpecState] {
            list.map { state in
                var state = state
                state.entries = state.entries.map(actions)
                state.exits = state.exits.map(actions)
                if let history = state.historyDefault { state.historyDefault?.actions = actions(history.actions) }
                state.children = states(state.children)
                return state
            }
        }
        var copy = mappingTransitions { transition in
            var transition = transition
            transition.guardCondition = transition.guardCondition.map(condition)
            if case .state(let name, let arguments)? = transition.target {
                transition.target = .state(name, arguments: arguments.map(argument))
            }
            transition.actions = actions(transition.actions)
            return transition
        }
        copy.states = states(copy.states)
        return copy
    }

    /// The document with `transform` applied to every transition, the states' in document order
    /// (a state's before its children's), then the machine's.
    public func mappingTransitions(_ transform: (SpecTransition) -> SpecTransition) -> SpecDocument {
        func states(_ list: [SpecState]) -> [SpecState] {
            list.map { state in
                var state = state
                state.transitions = state.transitions.map(transform)
                state.children = states(state.children)
                return state
            }
        }
        var copy = self
        copy.states = states(self.states)
        copy.transitions = transitions.map(transform)
        return copy
    }
}
