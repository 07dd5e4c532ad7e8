/// `update(field: value, …)` (language version 4) on some transitions, for fields whose owner
/// the transition does not leave (fsmc's rule, `DataUpdateResolver`): a transition without a
/// target may update the data of its state and the states around it; one with a target, those
/// of its domain and the states around that.
extension SpecBuild {
    /// Adds updates to some transitions of states with data around them, each of one to three
    /// fields with values of their types, sometimes followed by an action that reads them.
    mutating func makeDataUpdates() {
        for state in nodes.indices {
            for index in nodes[state].transitions.indices {
                let transition = nodes[state].transitions[index]
                let fields = updatableFields(of: transition, in: state).filter { $0.label != nil }
                guard !fields.isEmpty, backEndWritesUpdate(in: state, trigger: transition.trigger), random.chance(60) else { continue }
                let context = context(of: state, trigger: transition.trigger)
                var remaining = fields
                var arguments: [SpecArgument] = []
                for _ in 0..<random.inRange(1...min(3, fields.count)) {
                    let field = remaining.remove(at: random.below(remaining.count))
                    // A value of the field's type, as a target's data takes it; the label is required.
                    var argument = self.arguments(for: [field], context)[0]
                    argument.label = field.label
                    arguments.append(argument)
                }
                var actions = transition.actions
                let position = random.inRange(0...actions.count)
                actions.insert(.update(arguments), at: position)
                // Actions after the update see the new values.
                if random.chance(40) { actions.insert(makeCall(context), at: position + 1) }
                nodes[state].transitions[index].actions = actions
            }
        }
    }

    /// The data fields a transition of `state` may update: those of the innermost state it does
    /// not leave and of the states around that.
    func updatableFields(of transition: SpecTransition, in state: Int) -> [SpecParameter] {
        guard let target = transition.target else { return dataChain(of: state) }
        let targets = target.names.compactMap { name in nodes.firstIndex { $0.name == name } }
        var history = false
        if case .history = target { history = true }
        return dataChain(of: domain(source: state, targets: targets, history: history, reenters: transition.reenters))
    }

    /// Whether the Swift back end writes an update in a transition of `state` for `trigger`:
    /// not in one that regions of a parallel state (around `state`, `state` itself, or inside
    /// it) may take in one step with another transition (`SwiftBackEndLimits`). Any other
    /// state's transition for the trigger counts, which keeps out more than that, to be sure.
    func backEndWritesUpdate(in state: Int, trigger: SpecTrigger) -> Bool {
        guard let key = triggerKey(trigger) else { return true }
        let related = [state] + ancestors(of: state) + Array(state + 1..<nodes[state].end + 1)
        guard related.contains(where: { nodes[$0].isParallel }) else { return true }
        return !triggerUses.contains { $0.key == key && $0.state != state }
    }
}
