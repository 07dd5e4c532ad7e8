/// Smaller variants of a spec, for minimizing one that fails: each drops one thing (a state
/// with what is inside it, an `assert` line, an invocation with the transitions that name it, a transition, an
/// entry or exit line, an action, a guard, a history, a doc comment, a declaration, a result, a
/// field of an update, an argument of a call, see ``callReductions()``). A variant may be invalid (a dropped state that a target still
/// names); the minimizer keeps only those that stay valid and still fail.
extension SpecDocument {
    /// The variants, the largest removals first.
    public func reductions() -> [SpecDocument] {
        var result: [SpecDocument] = []
        for index in properties.indices {
            var copy = self
            copy.properties.remove(at: index)
            result.append(copy)
        }
        for path in statePaths() {
            var copy = self
            if copy.removeState(at: path) { result.append(copy) }
        }
        for path in statePaths() {
            for invocation in self.state(at: path).invocations.indices {
                var copy = updating(path) { $0.invocations.remove(at: invocation) }
                copy.removeTransitions(naming: [self.state(at: path).invocations[invocation].name])
                result.append(copy)
            }
        }
        for index in transitions.indices {
            var copy = self
            copy.transitions.remove(at: index)
            result.append(copy)
        }
        for path in statePaths() {
            let state = self.state(at: path)
            for index in state.transitions.indices {
                result.append(updating(path) { $0.transitions.remove(at: index) })
            }
            for index in state.entries.indices {
                result.append(updating(path) { $0.entries.remove(at: index) })
            }
            for index in state.exits.indices {
                result.append(updating(path) { $0.exits.remove(at: index) })
            }
            for index in state.deferrals.indices {
                result.append(updating(path) { $0.deferrals.remove(at: index) })
            }
        }
        for index in events.indices {
            var copy = self
            copy.events.remove(at: index)
            result.append(copy)
        }
        for index in outputs.indices {
            var copy = self
            copy.outputs.remove(at: index)
            result.append(copy)
        }
        for path in statePaths() {
            let state = self.state(at: path)
            for index in state.transitions.indices {
                let transition = state.transitions[index]
                if transition.guardCondition != nil {
                    result.append(updating(path) { $0.transitions[index].guardCondition = nil })
                }
                for action in transition.actions.indices {
                    result.append(updating(path) { $0.transitions[index].actions.remove(at: action) })
                }
                if transition.documentation != nil {
                    result.append(updating(path) { $0.transitions[index].documentation = nil })
                }
                if transition.reenters {
                    result.append(updating(path) { $0.transitions[index].reenters = false })
                }
                if case .states(let names)? = transition.target {
                    result.append(updating(path) { $0.transitions[index].target = .state(names[0], arguments: []) })
                }
            }
            if state.history != nil { result.append(updating(path) { $0.history = nil; $0.historyDefault = nil }) }
            if let historyDefault = state.historyDefault {
                result.append(updating(path) { $0.historyDefault = nil })
                if historyDefault.targets.count > 1 {
                    result.append(updating(path) { $0.historyDefault?.targets = [historyDefault.targets[0]] })
                }
                if !historyDefault.actions.isEmpty {
                    result.append(updating(path) { $0.historyDefault?.actions = [] })
                }
            }
            for (number, invocation) in state.invocations.enumerated() {
                for label in invocation.results.indices {
                    result.append(updating(path) { $0.invocations[number].results.remove(at: label) })
                }
                if invocation.documentation != nil {
                    result.append(updating(path) { $0.invocations[number].documentation = nil })
                }
            }
            if state.documentation != nil { result.append(updating(path) { $0.documentation = nil }) }
            if state.isParallel { result.append(updating(path) { $0.isParallel = false }) }
        }
        for index in transitions.indices {
            if transitions[index].guardCondition != nil {
                var copy = self
                copy.transitions[index].guardCondition = nil
                result.append(copy)
            }
            if case .states(let names)? = transitions[index].target {
                var copy = self
                copy.transitions[index].target = .state(names[0], arguments: [])
                result.append(copy)
            }
            for action in transitions[index].actions.indices {
                var copy = self
                copy.transitions[index].actions.remove(at: action)
                result.append(copy)
            }
        }
        for index in events.indices where events[index].documentation != nil {
            var copy = self
            copy.events[index].documentation = nil
            result.append(copy)
        }
        if documentation != nil {
            var copy = self
            copy.documentation = nil
            result.append(copy)
        }
        if !imports.isEmpty {
            var copy = self
            copy.imports = []
            result.append(copy)
        }
        if isMainActor {
            var copy = self
            copy.isMainActor = false
            result.append(copy)
        }
        if isObservable {
            var copy = self
            copy.isObservable = false
            result.append(copy)
        }
        if access != nil {
            var copy = self
            copy.access = nil
            result.append(copy)
        }
        result += callReductions()
        return result
    }

    /// Removes every transition whose trigger names one of `invocations` (`done x`, `error x`,
    /// `on x`), at machine level and in every state.
    private mutating func removeTransitions(naming invocations: Set<String>) {
        func names(_ transition: SpecTransition) -> Bool {
            transition.trigger.invocation.map(invocations.contains) ?? false
        }
        func apply(_ states: inout [SpecState]) {
            for index in states.indices {
                states[index].transitions.removeAll(where: names)
                apply(&states[index].children)
            }
        }
        transitions.removeAll(where: names)
        apply(&states)
    }

    /// Every state's path of child indices from the top level, in document order.
    private func statePaths() -> [[Int]] {
        var paths: [[Int]] = []
        func walk(_ states: [SpecState], prefix: [Int]) {
            for (index, state) in states.enumerated() {
                paths.append(prefix + [index])
                walk(state.children, prefix: prefix + [index])
            }
        }
        walk(states, prefix: [])
        return paths
    }

    private func state(at path: [Int]) -> SpecState {
        var state = states[path[0]]
        for index in path.dropFirst() { state = state.children[index] }
        return state
    }

    private func updating(_ path: [Int], _ change: (inout SpecState) -> Void) -> SpecDocument {
        var copy = self
        func apply(_ states: inout [SpecState], _ rest: ArraySlice<Int>) {
            let index = rest.first!
            if rest.count == 1 {
                change(&states[index])
            } else {
                apply(&states[index].children, rest.dropFirst())
            }
        }
        apply(&copy.states, path[...])
        return copy
    }

    /// Removes a state and what is inside it, and the transitions elsewhere that name an
    /// invocation of a state removed; not an initial state (its parent would have none).
    private mutating func removeState(at path: [Int]) -> Bool {
        let removed = state(at: path)
        guard !removed.isInitial else { return false }
        var invocations: Set<String> = []
        func collect(_ state: SpecState) {
            for invocation in state.invocations { invocations.insert(invocation.name) }
            state.children.forEach(collect)
        }
        collect(removed)
        defer { if !invocations.isEmpty { removeTransitions(naming: invocations) } }
        func apply(_ states: inout [SpecState], _ rest: ArraySlice<Int>) {
            let index = rest.first!
            if rest.count == 1 {
                states.remove(at: index)
            } else {
                apply(&states[index].children, rest.dropFirst())
            }
        }
        apply(&states, path[...])
        return true
    }
}
