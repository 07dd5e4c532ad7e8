/// A transition's targets in the order written, read in place: the first
/// (``TransitionModel/target``) then ``TransitionModel/otherTargets``, without making an array
/// of them. The lowering and the checks read the targets of every transition; this view spares
/// each read an allocation.
public struct TransitionTargets: RandomAccessCollection, Sendable {
    /// The first target; `nil` for an internal transition, which has none.
    private let firstTarget: StateID?
    /// The targets after the first.
    private let others: [StateID]

    init(first: StateID?, others: [StateID]) {
        firstTarget = first
        // A transition without a target has no other targets either.
        self.others = first == nil ? [] : others
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { firstTarget == nil ? 0 : others.count + 1 }

    public subscript(position: Int) -> StateID {
        position == 0 ? firstTarget! : others[position - 1]
    }
}

extension TransitionTargets: Equatable {
    /// Equal when they hold the same targets in the same order; an array literal compares too.
    public static func == (lhs: TransitionTargets, rhs: TransitionTargets) -> Bool { lhs.elementsEqual(rhs) }
}

extension TransitionTargets: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: StateID...) {
        self.init(first: elements.first, others: Array(elements.dropFirst()))
    }
}
