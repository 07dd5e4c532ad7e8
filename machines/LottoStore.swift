/// Where the lotto store keeps what it saved: the seed's `LottoNumberSaver`, in memory (a real
/// app would use `UserDefaults`).
public final class LottoStore: Lotto.Actions {
    /// Every set of numbers saved, oldest first.
    public private(set) var savedNumbers: [[Int]] = []

    public init() {}

    public func isSaved(current: [Int]) -> Bool {
        savedNumbers.contains(current)
    }

    public func save(current: [Int]) {
        savedNumbers.append(current)
    }

    public func savedCount(current: [Int]) -> Int {
        savedNumbers.count
    }
}
