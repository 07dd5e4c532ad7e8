/// The transitions one trigger selects in a configuration with parallel regions, for the
/// generated code of a step that several atomic states select for: each active atomic state,
/// in document order, selects the first of its candidates whose guard holds (SCXML's
/// `selectTransitions`), and conflicts are then resolved as SCXML's
/// `removeConflictingTransitions` does. Transitions are the generated code's row numbers.
///
/// The generated code uses it only where regions of a parallel state inside another choose
/// apart; simpler shapes compile to straight `switch` statements. Up to eight transitions are
/// held inline, so a step allocates nothing.
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

    private static let inlineCapacity = 8
    private var inline: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    /// The transitions past the inline ones (an empty array allocates nothing).
    private var overflow: [Int] = []
    /// How many transitions are selected.
    public private(set) var count = 0
    /// Where the first atomic state that selected nothing inside the parallel state would
    /// put a transition around it.
    private var firstOpening: Int?

    /// An empty selection, for one trigger.
    public init() {}

    /// Whether no atomic state selected a transition inside the parallel state.
    public var isEmpty: Bool { count == 0 }

    /// Whether an atomic state selected nothing inside the parallel state, so that a
    /// transition around it may be selected too.
    public var hasOpening: Bool { firstOpening != nil }

    /// The selected transitions, in selection order.
    public var transitions: [Int] { (0..<count).map { self[$0] } }

    /// Whether `transition` is selected.
    public func contains(_ transition: Int) -> Bool {
        contains { $0 == transition }
    }

    /// Whether a selected transition satisfies `predicate`.
    public func contains(where predicate: (Int) -> Bool) -> Bool {
        for position in 0..<count where predicate(self[position]) { return true }
        return false
    }

    /// An atomic state selected `transition` (once, however many select it).
    public mutating func select(_ transition: Int) {
        if !contains(transition) { insert(transition, at: count) }
    }

    /// An atomic state selected nothing inside the parallel state: it looks further out.
    public mutating func open() {
        if firstOpening == nil { firstOpening = count }
    }

    /// The transition around the parallel state that the atomic states which selected nothing
    /// inside it select, placed where the first of them selected it.
    public mutating func selectAround(_ transition: Int) {
        guard let position = firstOpening, !contains(transition) else { return }
        insert(transition, at: position)
    }

    /// The transitions taken together, in selection order: of two that conflict, the later
    /// one preempts or yields to the earlier as `conflict(later, earlier)` says.
    public func resolved(_ conflict: (_ later: Int, _ earlier: Int) -> Conflict) -> TransitionSelection {
        var taken = TransitionSelection()
        for position in 0..<count {
            let candidate = self[position]
            guard !taken.contains(where: { conflict(candidate, $0) == .yields }) else { continue }
            taken.removeAll { conflict(candidate, $0) == .preempts }
            taken.insert(candidate, at: taken.count)
        }
        return taken
    }

    // MARK: - Storage

    private subscript(position: Int) -> Int {
        get {
            guard position < Self.inlineCapacity else { return overflow[position - Self.inlineCapacity] }
            return withUnsafeBytes(of: inline) { $0.load(fromByteOffset: position * MemoryLayout<Int>.stride, as: Int.self) }
        }
        set {
            guard position < Self.inlineCapacity else {
                overflow[position - Self.inlineCapacity] = newValue
                return
            }
            withUnsafeMutableBytes(of: &inline) { $0.storeBytes(of: newValue, toByteOffset: position * MemoryLayout<Int>.stride, as: Int.self) }
        }
    }

    private mutating func insert(_ transition: Int, at position: Int) {
        if count >= Self.inlineCapacity { overflow.append(0) }
        var index = count
        while index > position {
            self[index] = self[index - 1]
            index -= 1
        }
        self[position] = transition
        count += 1
    }

    private mutating func removeAll(where shouldRemove: (Int) -> Bool) {
        var kept = 0
        for position in 0..<count {
            let transition = self[position]
            if !shouldRemove(transition) {
                self[kept] = transition
                kept += 1
            }
        }
        while count > kept {
            count -= 1
            if count >= Self.inlineCapacity { overflow.removeLast() }
        }
    }
}
