/// A small, seeded random number generator (SplitMix64): the same seed gives the same specs on
/// every platform and toolchain, which `SystemRandomNumberGenerator` and the standard library's
/// `random(in:using:)` (whose algorithm may change) do not promise.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0). The modulo's bias is negligible for the small
    /// bounds a generator uses, and the algorithm is ours, so it never changes under us.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "an empty range has no element")
        return Int(next() % UInt64(bound))
    }

    /// A number in `range`.
    public mutating func inRange(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// An element of a non-empty collection.
    public mutating func pick<C: Collection>(_ elements: C) -> C.Element where C.Index == Int {
        elements[elements.startIndex + below(elements.count)]
    }
}
