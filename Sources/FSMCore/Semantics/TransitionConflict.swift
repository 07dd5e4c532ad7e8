/// How a transition selected later in a step fares against one selected earlier, when the
/// atomic states of several parallel regions each select one for the same trigger: SCXML's
/// `removeConflictingTransitions`, stated once. The run-time selection reads it
/// (``ExecutableMachine/conflict(of:with:)``, and through it the interpreter, the region
/// analysis and the generated code's conflict tables), and so do the warnings about
/// transitions a conflict always discards (`ConflictingTransitionWarnings`), over the model
/// before it is lowered (``StateTree/conflict(of:with:in:)``).
public enum TransitionConflict: Sendable, Hashable {
    /// They can be taken together.
    case none
    /// The later one is taken instead of the earlier.
    case preempts
    /// The later one is dropped.
    case yields

    /// What the rule reads of a transition selected in a step.
    package struct Party {
        /// The state that declares it; `nil` at machine level.
        package var source: StateID?
        /// Whether it exits states: it has a target (an internal transition exits nothing).
        package var exits: Bool
        /// Its domain (``StateTree/domain(of:in:)``): it exits the active states below it;
        /// `nil`, the machine, for all of them.
        package var domain: StateID?

        package init(source: StateID?, exits: Bool, domain: StateID?) {
            self.source = source
            self.exits = exits
            self.domain = domain
        }
    }

    /// Whether two transitions cannot be taken together: both exit states and their exit sets
    /// (the active states below each one's domain) meet, that is their domains lie on one line
    /// of the tree. Each exit set holds the atomic state that selected its transition, so
    /// neither is empty. `isInside(a, b)` tells whether state `a` lies strictly inside `b`.
    package static func conflicts(_ first: Party, _ second: Party, isInside: (StateID, StateID) -> Bool) -> Bool {
        guard first.exits, second.exits else { return false }
        guard let a = first.domain, let b = second.domain else { return true }
        return a == b || isInside(a, b) || isInside(b, a)
    }

    /// How `later` fares against `earlier`: when they ``conflicts(_:_:isInside:)``, the later
    /// one preempts the earlier when declared inside its source (a region's transition wins
    /// over its parallel state's), and otherwise yields to it (the one selected first, from the
    /// atomic state earlier in document order, wins).
    package init(of later: Party, with earlier: Party, isInside: (StateID, StateID) -> Bool) {
        guard Self.conflicts(later, earlier, isInside: isInside) else {
            self = .none
            return
        }
        // Everything lies inside the machine level, and the machine level inside nothing.
        let inside = later.source.map { source in earlier.source.map { isInside(source, $0) } ?? true } ?? false
        self = inside ? .preempts : .yields
    }
}

extension StateTree {
    /// The conflict rule (``TransitionConflict``) between two transitions of the model, before
    /// it is lowered: how `later`, selected after `earlier` in one step, fares against it.
    static func conflict(of later: TransitionModel, with earlier: TransitionModel, in states: [StateModel]) -> TransitionConflict {
        func party(_ transition: TransitionModel) -> TransitionConflict.Party {
            TransitionConflict.Party(
                source: transition.source, exits: transition.target != nil, domain: domain(of: transition, in: states))
        }
        return TransitionConflict(of: party(later), with: party(earlier)) { state, ancestor in
            state != ancestor && isDescendant(state, of: ancestor, in: states)
        }
    }
}
