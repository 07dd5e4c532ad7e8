/// Checks between transitions: ones that can never fire, and eventless loops.
extension SemanticAnalyzer {
    /// Reports transitions that an earlier unguarded one (or an `else`) for the same trigger
    /// always beats (an error), or an earlier one with the same guard (a warning: a guard
    /// the user implements could answer differently when asked twice, but is not meant to),
    /// and `else` with no guarded transition before it. Such an `else` does
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
            case .sameGuard(as: let earlierIndex):
                let earlier = transitions[earlierIndex]
                diagnostics.warning(
                    "this transition can never fire: the transition on line \(earlier.range.start.line) has the same guard and takes \(describe(trigger)) first",
                    at: transitions[index].range,
                    notes: [.init("the transition with the same guard, tried first", at: earlier.range)])
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
        /// The first transition with each guard, by its index.
        var firstWithGuard: [GuardModel: Int] = [:]

        enum Verdict {
            case fires
            case shadowed(by: Int)
            /// An earlier transition has the same guard: it is taken whenever this one could be.
            case sameGuard(as: Int)
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
            case let guardExpression?:
                hasGuarded = true
                if let earlier = firstWithGuard[guardExpression] { return .sameGuard(as: earlier) }
                firstWithGuard[guardExpression] = index
            }
            return .fires
        }
    }

    func describe(_ trigger: TransitionModel.Trigger) -> String {
        switch trigger {
        case .event(let event): "'\(events[event.index].name)'"
        case .always: "'always'"
        case .after(let duration): "'after \(duration.text)'"
        case .afterComputed(let function): "'after \(function)'"
        case .done: "'done'"
        }
    }

    /// Reports unguarded eventless transitions that would run forever: internal ones, and
    /// cycles of them through states.
    ///
    /// Eventless transitions bubble like events: in an atomic state, the first unguarded
    /// `always` of the state or of its ancestors, innermost first, is the one that is taken
    /// when no guard holds. It leads to the atomic state its target starts in (the target's
    /// initial descent), so the loops are cycles in a graph of atomic states with at most one
    /// edge out of each: linear to find. A `-> X.history` target restores what was active
    /// before and is not followed.
    mutating func checkEventlessCycles() {
        // The first unguarded `always` each state declares, by position in its transitions.
        var firstUnguarded = [Int?](repeating: nil, count: states.count)
        // A state whose `always` transitions did not all resolve ends the search: the missing
        // one might have been taken first.
        var isBroken = [Bool](repeating: false, count: states.count)
        let hasBrokenTriggers = !brokenTriggers.isEmpty
        for index in states.indices {
            if hasBrokenTriggers, brokenTriggers.contains(OwnedTrigger(owner: StateID(index), trigger: .always)) {
                isBroken[index] = true
                continue
            }
            guard let position = states[index].transitions.firstIndex(where: { $0.trigger == .always && $0.guardExpression == nil }) else {
                continue
            }
            firstUnguarded[index] = position
            if states[index].transitions[position].target == nil {
                diagnostics.error(
                    "an unguarded 'always' without a target runs forever; give it a guard or a target state",
                    at: states[index].transitions[position].range)
            }
        }
        // The atomic state each state starts in when entered: itself, or its initial child's.
        // A parent comes before its children, so going backwards finds the children's first.
        var startLeaf = states.map(\.id)
        for index in states.indices.reversed() {
            if let child = states[index].initialChild { startLeaf[index] = startLeaf[child.index] }
        }
        // One edge out of each atomic state: (where it leads, the state that declares it, its position).
        var next = [StateID?](repeating: nil, count: states.count)
        var edge = [(owner: Int, position: Int)?](repeating: nil, count: states.count)
        for index in states.indices where states[index].isAtomic {
            var owner: StateID? = StateID(index)
            while let current = owner, !isBroken[current.index] {
                if let position = firstUnguarded[current.index] {
                    let transition = states[current.index].transitions[position]
                    if let target = transition.target, !transition.targetsHistory {
                        next[index] = startLeaf[target.index]
                        edge[index] = (current.index, position)
                    }
                    break
                }
                owner = states[current.index].parent
            }
        }
        // Whether each region asked about declares an escape from its parallel state.
        var escapes: [StateID: Bool] = [:]
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
                if !cycle.contains(where: { mayBeLeftByAnotherRegion(StateID($0), escapes: &escapes) }) {
                    reportEventlessCycle(cycle, edges: edge)
                }
            }
            for state in path { marks[state] = .done }
        }
    }

    /// Whether an unguarded `always` transition of another region may leave a parallel state
    /// around `state` before a loop through `state` comes round: then the loop may never run
    /// (the other region's transition wins when its state comes first in document order), and
    /// is not reported. `escapes` remembers the answer for each region asked about.
    private func mayBeLeftByAnotherRegion(_ state: StateID, escapes: inout [StateID: Bool]) -> Bool {
        var inside = state
        while let parallel = states[inside.index].parent {
            defer { inside = parallel }
            guard states[parallel.index].isParallel else { continue }
            for region in states[parallel.index].children where region != inside {
                if escapes[region] == nil {
                    escapes[region] = declaresEscape(from: parallel, inside: region)
                }
                if escapes[region]! { return true }
            }
        }
        return false
    }

    /// Whether `region`, or a state inside it, declares an unguarded `always` transition that
    /// leaves `parallel`.
    private func declaresEscape(from parallel: StateID, inside region: StateID) -> Bool {
        var pending = [region]
        while let state = pending.popLast() {
            if states[state.index].transitions.contains(where: {
                $0.trigger == .always && $0.guardExpression == nil && StateTree.leaves($0, parallel, in: states)
            }) {
                return true
            }
            pending += states[state.index].children
        }
        return false
    }

    private mutating func reportEventlessCycle(_ cycle: [Int], edges: [(owner: Int, position: Int)?]) {
        let first = cycle.min()!
        let rotated = Array(cycle[cycle.firstIndex(of: first)!...] + cycle[..<cycle.firstIndex(of: first)!])
        let names = (rotated + [first]).map { states[$0].name }.joined(separator: " -> ")
        func range(of state: Int) -> SourceRange {
            let edge = edges[state]!
            return states[edge.owner].transitions[edge.position].range
        }
        let notes = rotated.dropFirst().map { state in
            let owner = edges[state]!.owner
            let text = owner == state
                ? "then '\(states[state].name)' goes on here"
                : "then '\(states[state].name)' goes on here, with the transition of '\(states[owner].name)'"
            return Diagnostic.Note(text, at: range(of: state))
        }
        diagnostics.error(
            "unguarded eventless transitions loop forever: \(names)", at: range(of: first), notes: Array(notes))
    }
}
