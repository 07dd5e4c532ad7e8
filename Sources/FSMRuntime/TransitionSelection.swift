/// The transitions one trigger selects in a configuration with parallel regions, for the
/// generated code of a step that several atomic states select for: each active atomic state,
/// in document order, selects the first of its candidates whose guard holds (SCXML's
/// `selectTransitions`), and conflicts are then resolved as SCXML's
/// `removeConflictingTransitions` does. Transitions are the generated code's row numbers.
///
/// The generated code uses it only where regions of a parallel state inside another choose
/// apart; simpler shapes compile to straight `switch` statements.
public struct TransitionSelection: Sendable {
    /// How a transition selected later fares against one selected earlier: a static relation
    /// the compiler works out from the spec.
    public enum Conflict: Sendable {
        /// They can be taken together.
        case none
        /// The later one is taken instead of the earlier (it is declared inside the earlier
        /// one's source).
        case preempts
        /// The later one is dropped.
        case yields
    }

    /// The selected transitions, in selection order, each once.
    public private(set) var transitions: [Int] = []
    /// Where the first atomic state that selected nothing inside the parallel state would
    /// put a transition around it.
    private var firstOpening: Int?

    public init() {
        transitions.reserveCapacity(4)
    }

    /// Whether no atomic state selected a transition inside the parallel state.
    public var isEmpty: Bool { transitions.isEmpty }

    /// Whether an atomic state selected nothing inside the parallel state, so that a
    /// transition around it may be selected too.
    public var hasOpening: Bool { firstOpening != nil }

    /// An atomic state selected `transition` (once, however many select it).
    public mutating func select(_ transition: Int) {
        if !transitions.contains(transition) { transitions.append(transition) }
    }

    /// An atomic state selected nothing inside the parallel state: it looks further out.
    public mutating func open() {
        if firstOpening == nil { firstOpening = transitions.count }
    }

    /// The transition around the parallel state that the atomic states which selected nothing
    /// inside it select, placed where the first of them selected it.
    public mutating func selectAround(_ transition: Int) {
        guard let position = firstOpening, !transitions.contains(transition) else { return }
        transitions.insert(transition, at: position)
    }

    /// The transitions taken together, in selection order: of two that conflict, the later
    /// one preempts or yields to the earlier as `conflict(later, earlier)` says.
    public func resolved(_ conflict: (_ later: Int, _ earlier: Int) -> Conflict) -> [Int] {
        var taken: [Int] = []
        taken.reserveCapacity(transitions.count)
        for candidate in transitions {
            var preempted = false
            var beaten: [Int] = []
            for earlier in taken {
                switch conflict(candidate, earlier) {
                case .none: continue
                case .preempts: beaten.append(earlier)
                case .yields: preempted = true
                }
                if preempted { break }
            }
            if !preempted {
                taken.removeAll { beaten.contains($0) }
                taken.append(candidate)
            }
        }
        return taken
    }
}
