/// A nested machine of any size and depth for the generator benchmark: states in towers of
/// compound states `depth` levels deep, transitions on every level (a leaf's events and its
/// ancestors' are disjoint enough that events bubble), targets across levels, shallow and deep
/// history targets, entry and exit actions, and a timer on every top-level compound state.
///
/// A tower is a compound state at level 1 holding ``leavesPerCompound`` leaves and the next
/// compound state, and so on down to a compound state at level `depth - 1` whose leaves lie at
/// level `depth`. States are numbered `s0`, `s1`, … in document order; `e0`…`e9` are the events,
/// `e9` with a payload. Every state takes five consecutive events (wrapping at `e9`) from an
/// offset of its own; the first leaf of a compound state takes the other five, so no parent
/// transition is overridden in every child. Each state's first transition targets the next
/// state, so every state is reachable and the spec checks without a warning. At depth 1 the
/// spec is flat: all states are leaves at the top level.
struct NestedSyntheticMachine {
    static let eventCount = 10
    /// Consecutive events each state takes.
    static let eventsPerState = 5
    static let leavesPerCompound = 10

    struct State {
        var parent: Int?
        var level: Int
        var children: [Int] = []
        /// The first event of the five the state takes.
        var eventOffset: Int
        /// `history` (shallow) or `history deep`, on compound states.
        var history: String?
        var isCompound: Bool { !children.isEmpty }
    }

    let stateCount: Int
    let depth: Int
    /// In document order: `states[i]` is `s<i>`.
    let states: [State]

    init(stateCount: Int, depth: Int) {
        precondition(stateCount > 1 && depth >= 1)
        self.stateCount = stateCount
        self.depth = depth
        var states: [State] = []
        /// Adds a tower below `parent` at `level`: a compound state with its leaves and the next
        /// tower, or a single leaf at the deepest level or when only one state is left.
        func addTower(parent: Int?, level: Int) {
            let index = states.count
            let offset = (index &* 3) % Self.eventCount
            guard level < depth, stateCount - states.count >= 2 else {
                states.append(State(parent: parent, level: level, eventOffset: offset))
                if let parent { states[parent].children.append(index) }
                return
            }
            let history: String? = level == 1 ? "history deep" : level.isMultiple(of: 2) ? "history" : nil
            states.append(State(parent: parent, level: level, eventOffset: offset, history: history))
            if let parent { states[parent].children.append(index) }
            for leaf in 0..<Self.leavesPerCompound where states.count < stateCount {
                let leafIndex = states.count
                // The first leaf takes the five events its parent does not.
                let leafOffset = leaf == 0 ? (offset + Self.eventsPerState) % Self.eventCount : (leafIndex &* 7) % Self.eventCount
                states.append(State(parent: index, level: level + 1, eventOffset: leafOffset))
                states[index].children.append(leafIndex)
            }
            if states.count < stateCount {
                addTower(parent: index, level: level + 1)
            }
        }
        while states.count < stateCount {
            addTower(parent: nil, level: 1)
        }
        self.states = states
    }

    var transitionCount: Int { stateCount * Self.eventsPerState }

    var compoundStateCount: Int { states.count(where: \.isCompound) }

    /// The deepest level of the spec.
    var deepestLevel: Int { states.map(\.level).max() ?? 0 }

    /// `on` transition `slot` (0 to 4) of `state`, as spec text.
    func transition(_ slot: Int, of state: Int) -> String {
        let event = (states[state].eventOffset + slot) % Self.eventCount
        if slot == 0 {
            // The chain that makes every state reachable; the payload event's guard and action.
            return event == 9
                ? "on e9 [accepts] -> s\((state + 1) % stateCount) / take"
                : "on e\(event) -> s\((state + 1) % stateCount)"
        }
        let target = (state &* 31 + event * 7 + 3) % stateCount
        if event == 9 {
            return "on e9 [accepts] -> \(targetText(target, from: state, event: event)) / take"
        }
        let mix = state + event
        var text = "on e\(event)"
        if mix % 3 == 0 { text += " [g\(mix % SyntheticMachine.guardCount)]" }
        if mix % 7 != 3 { text += " -> " + targetText(target, from: state, event: event) }     // otherwise internal
        if mix.isMultiple(of: 2) { text += " / a\((state &* event) % SyntheticMachine.actionCount)" }
        return text
    }

    /// `s<target>`, or its history for every other transition to a state that keeps one.
    private func targetText(_ target: Int, from state: Int, event: Int) -> String {
        states[target].history != nil && (state + event).isMultiple(of: 2) ? "s\(target).history" : "s\(target)"
    }

    /// The machine as an `.fsm` spec.
    var spec: String {
        var text = "/// A synthetic machine of \(stateCount) states, \(depth) levels deep, and \(transitionCount) transitions.\nmachine NestedSynthetic {\n"
        for event in 0..<Self.eventCount - 1 {
            text += "    event e\(event)\n"
        }
        text += "    event e\(Self.eventCount - 1)(value: Int)\n"
        func write(_ state: Int, indent: String) {
            let node = states[state]
            let isInitial = node.parent.map { states[$0].children.first == state } ?? (state == 0)
            text += "\n\(indent)\(isInitial ? "initial " : "")state s\(state) {\n"
            let inner = indent + "    "
            if let history = node.history { text += "\(inner)\(history)\n" }
            if state.isMultiple(of: 10) { text += "\(inner)entry / a\(state % SyntheticMachine.actionCount)\n" }
            if state % 10 == 5 { text += "\(inner)exit / a\((state / 10) % SyntheticMachine.actionCount)\n" }
            if node.isCompound && node.level == 1 { text += "\(inner)after 30s -> s\((state &* 7 + 1) % stateCount)\n" }
            for slot in 0..<Self.eventsPerState {
                text += inner + transition(slot, of: state) + "\n"
            }
            for child in node.children {
                write(child, indent: inner)
            }
            text += "\(indent)}\n"
        }
        for state in states.indices where states[state].parent == nil {
            write(state, indent: "    ")
        }
        return text + "}\n"
    }
}
