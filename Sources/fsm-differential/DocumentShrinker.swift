import FSMSpecGenerator

/// The specs one removal smaller than a generated one: a machine-level transition, a state (with
/// everything inside it), a state's transition, entry or exit line, history, a transition's
/// guard or action. Some are invalid (a state still targeted, an initial state gone): the
/// chart's own check throws them out.
enum DocumentShrinker {
    static func smaller(_ document: SpecDocument) -> [SpecDocument] {
        var results: [SpecDocument] = []
        for index in document.transitions.indices {
            var copy = document
            copy.transitions.remove(at: index)
            results.append(copy)
        }
        for smallerStates in smaller(states: document.states) {
            var copy = document
            copy.states = smallerStates
            results.append(copy)
        }
        return results
    }

    /// Each way to make a list of sibling states one removal smaller.
    private static func smaller(states: [SpecState]) -> [[SpecState]] {
        var results: [[SpecState]] = []
        for index in states.indices {
            var without = states
            without.remove(at: index)
            results.append(without)
        }
        for (index, state) in states.enumerated() {
            for smallerState in smaller(state: state) {
                var copy = states
                copy[index] = smallerState
                results.append(copy)
            }
        }
        return results
    }

    private static func smaller(state: SpecState) -> [SpecState] {
        var results: [SpecState] = []
        for index in state.transitions.indices {
            var copy = state
            copy.transitions.remove(at: index)
            results.append(copy)
            var transition = state.transitions[index]
            if transition.guardCondition != nil {
                transition.guardCondition = nil
                copy = state
                copy.transitions[index] = transition
                results.append(copy)
            }
            for action in state.transitions[index].actions.indices {
                copy = state
                copy.transitions[index].actions.remove(at: action)
                results.append(copy)
            }
        }
        for index in state.entries.indices {
            var copy = state
            copy.entries.remove(at: index)
            results.append(copy)
        }
        for index in state.exits.indices {
            var copy = state
            copy.exits.remove(at: index)
            results.append(copy)
        }
        if state.history != nil {
            var copy = state
            copy.history = nil
            results.append(copy)
        }
        for smallerChildren in smaller(states: state.children) {
            var copy = state
            copy.children = smallerChildren
            results.append(copy)
        }
        return results
    }
}
