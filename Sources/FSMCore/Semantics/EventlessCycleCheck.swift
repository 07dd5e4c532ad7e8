/// Reports unguarded eventless transitions that would run forever: internal ones, and
/// cycles of them through states.
///
/// Eventless transitions bubble like events: in an atomic state, the first unguarded
/// `always` of the state or of its ancestors, innermost first, is the one that is taken
/// when no guard holds. It leads to the atomic state its target starts in (the target's
/// initial descent), so the loops are cycles in a graph of atomic states with at most one
/// edge out of each: linear to find. A `-> X.history` target restores what was active
/// before and is not followed.
struct EventlessCycleCheck {
    /// The states with their transitions resolved.
    let states: [StateModel]
    /// Triggers whose transitions did not all resolve (see ``TransitionResolver/brokenTriggers``).
    let brokenTriggers: Set<OwnedTrigger>
    let diagnostics: DiagnosticCollector

    func run() {
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
            guard let position = states[index].transitions.firstIndex(where: { $0.trigger.isEventless && $0.guardExpression == nil }) else {
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
                $0.trigger.isEventless && $0.guardExpression == nil && StateTree.leaves($0, parallel, in: states)
            }) {
                return true
            }
            pending += states[state.index].children
        }
        return false
    }

    private func reportEventlessCycle(_ cycle: [Int], edges: [(owner: Int, position: Int)?]) {
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
