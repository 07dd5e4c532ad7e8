/// Reports transitions that an earlier unguarded one (or an `else`) for the same trigger
/// always beats (an error), or an earlier one with the same guard (a warning: a guard
/// the user implements could answer differently when asked twice, but is not meant to),
/// and `else` with no guarded transition before it. Such an `else` does
/// not also shadow the transitions after it: moving it down fixes both at once.
struct ShadowedTransitionCheck {
    let events: [SignalModel]
    let invocations: [InvocationModel]
    /// Triggers whose transitions did not all resolve: skipped.
    let brokenTriggers: Set<OwnedTrigger>
    let diagnostics: DiagnosticCollector

    /// Checks the machine's transitions, then each state's.
    func run(machineTransitions: [TransitionModel], states: [StateModel]) {
        run(machineTransitions, owner: nil)
        for state in states.indices {
            run(states[state].transitions, owner: StateID(state))
        }
    }

    /// Checks the transitions of one state, or of the machine when `owner` is `nil`.
    func run(_ transitions: [TransitionModel], owner: StateID?) {
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
                    "this transition can never fire: \(what) on line \(winner.range.start.line) takes \(trigger.described(events: events, invocations: invocations)) first",
                    at: transitions[index].range,
                    notes: [.init("\(what) that always wins", at: winner.range)])
            case .sameGuard(as: let earlierIndex):
                let earlier = transitions[earlierIndex]
                diagnostics.warning(
                    "this transition can never fire: the transition on line \(earlier.range.start.line) has the same guard and takes \(trigger.described(events: events, invocations: invocations)) first",
                    at: transitions[index].range,
                    notes: [.init("the transition with the same guard, tried first", at: earlier.range)])
            case .elseFirst:
                diagnostics.error(
                    "'else' needs a guarded transition on \(trigger.described(events: events, invocations: invocations)) before it in the same \(owner == nil ? "machine" : "state")",
                    at: transitions[index].range)
            }
        }
    }

    /// What ``run(_:owner:)`` has seen of one trigger's transitions so far; updated in place,
    /// so that each transition costs one lookup.
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
            case .constant(false)?:
                // Never taken, which its guard's warning says: it shadows nothing.
                break
            case let guardExpression?:
                hasGuarded = true
                if let earlier = firstWithGuard[guardExpression] { return .sameGuard(as: earlier) }
                firstWithGuard[guardExpression] = index
            }
            return .fires
        }
    }
}
