/// Checks between transitions: ones that can never fire, and eventless loops.
extension SemanticAnalyzer {
    /// Reports transitions that an earlier unguarded one (or an `else`) for the same trigger
    /// always beats, and `else` with no guarded transition before it. Such an `else` does
    /// not also shadow the transitions after it: moving it down fixes both at once.
    mutating func checkShadowedTransitions(_ transitions: [TransitionModel], owner: StateID?) {
        var seen = [TransitionModel.Trigger: Seen](minimumCapacity: transitions.count)
        let hasBrokenTriggers = !brokenTriggers.isEmpty
        // By index, reading only the parts needed: a copy of each transition would retain all
        // of its parts.
        for index in transitions.indices {
            let trigger = transitions[index].trigger
            if hasBrokenTriggers, brokenTriggers.contains(OwnedTrigger(owner: owner, trigger: trigger)) { continue }
            switch seen[trigger, default: Seen()].take(guardedBy: transitions[index].guardExpression, at: index) {
            case .fires:
                break
            case .shadowed(by: let winnerIndex):
                let winner = transitions[winnerIndex]
                let what = winner.guardExpression == .else ? "the 'else' transition" : "the unguarded transition"
                diagnostics.error(
                    "this transition can never fire: \(what) on line \(winner.range.start.line) takes \(describe(trigger)) first",
                    at: transitions[index].range,
                    notes: [.init("\(what) that always wins", at: winner.range)])
            case .elseFirst:
                diagnostics.error(
                    "'else' needs a guarded transition on \(describe(trigger)) before it in the same \(owner == nil ? "machine" : "state")",
                    at: transitions[index].range)
            }
        }
    }

    /// What ``checkShadowedTransitions(_:owner:)`` has seen of one trigger's transitions so
    /// far; updated in place, so that each transition costs one lookup.
    private struct Seen {
        /// The index of the transition that always wins, if any.
        var unguarded: Int?
        var hasGuarded = false

        enum Verdict {
            case fires
            case shadowed(by: Int)
            /// An `else` with no guarded transition before it.
            case elseFirst
        }

        /// Takes the next transition of the trigger, at `index` in its list.
        mutating func take(guardedBy guardExpression: GuardModel?, at index: Int) -> Verdict {
            if let unguarded { return .shadowed(by: unguarded) }
            switch guardExpression {
            case nil:
                unguarded = index
            case .else?:
                guard hasGuarded else { return .elseFirst }
                unguarded = index
            case _?:
                hasGuarded = true
            }
            return .fires
        }
    }

    private func describe(_ trigger: TransitionModel.Trigger) -> String {
        switch trigger {
        case .event(let event): "'\(events[event.index].name)'"
        case .always: "'always'"
        case .after(let duration): "'after \(duration.text)'"
        case .done: "'done'"
        }
    }

    /// Reports unguarded eventless transitions that would run forever: internal ones, and
    /// cycles of them through states.
    mutating func checkEventlessCycles() {
        // Each state has at most one unguarded `always` that matters: the first.
        var next = [StateID?](repeating: nil, count: states.count)
        var edge = [TransitionModel?](repeating: nil, count: states.count)
        for index in states.indices where !brokenTriggers.contains(OwnedTrigger(owner: StateID(index), trigger: .always)) {
            guard let transition = states[index].transitions.first(where: { $0.trigger == .always && $0.guardExpression == nil }) else {
                continue
            }
            guard let target = transition.target else {
                diagnostics.error(
                    "an unguarded 'always' without a target runs forever; give it a guard or a target state",
                    at: transition.range)
                continue
            }
            next[index] = target
            edge[index] = transition
        }
        // Follow the chains; every state is visited once (white, on the current path, done).
        enum Mark { case unvisited, onPath, done }
        var marks = [Mark](repeating: .unvisited, count: states.count)
        for start in states.indices where marks[start] == .unvisited {
            var path: [Int] = []
            var current: Int? = start
            while let state = current, marks[state] == .unvisited {
                marks[state] = .onPath
                path.append(state)
                current = next[state]?.index
            }
            if let state = current, marks[state] == .onPath {
                let cycle = Array(path[path.firstIndex(of: state)!...])
                reportEventlessCycle(cycle, edges: edge)
            }
            for state in path { marks[state] = .done }
        }
    }

    private mutating func reportEventlessCycle(_ cycle: [Int], edges: [TransitionModel?]) {
        let first = cycle.min()!
        let rotated = Array(cycle[cycle.firstIndex(of: first)!...] + cycle[..<cycle.firstIndex(of: first)!])
        let names = (rotated + [first]).map { states[$0].name }.joined(separator: " -> ")
        let notes = rotated.dropFirst().map { state in
            Diagnostic.Note("then '\(states[state].name)' goes on here", at: edges[state]!.range)
        }
        diagnostics.error(
            "unguarded eventless transitions loop forever: \(names)", at: edges[first]!.range, notes: Array(notes))
    }
}
