import FSMCore

/// The visited situations of a search over a product of regions (``RegionProduct``), each a
/// fixed number of 64-bit words, interned to dense ids in the order they are first seen.
///
/// A million situations of a dictionary keyed by arrays cost about 250 MB and an allocation
/// each; here they are one flat array of words and an open-addressing index of `Int32` ids
/// (at most half full), about 16 bytes a situation for a one-word key.
struct PackedSituationTable {
    /// The words of one key.
    let width: Int
    /// The keys, id after id.
    private var words: [UInt64] = []
    /// Ids by hash, `-1` where empty; its count is a power of two.
    private var index: [Int32]
    private(set) var count = 0

    init(width: Int) {
        precondition(width > 0)
        self.width = width
        index = Array(repeating: -1, count: 1 << 10)
    }

    /// The id of `key` (exactly ``width`` words), if it was added.
    func id(of key: [UInt64]) -> Int32? {
        let mask = index.count - 1
        var slot = Self.hash(key, from: 0, width: width) & mask
        while true {
            let candidate = index[slot]
            if candidate < 0 { return nil }
            if Self.equal(words, from: Int(candidate) * width, key, width: width) { return candidate }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `key`, which is not in the table yet, under the next id.
    mutating func add(_ key: [UInt64]) -> Int32 {
        if (count + 1) * 2 > index.count { grow() }
        let id = Int32(count)
        words.append(contentsOf: key)
        count += 1
        place(id, hash: Self.hash(key, from: 0, width: width))
        return id
    }

    /// Copies the key of `id` into `key` (``width`` words).
    func key(of id: Int32, into key: inout [UInt64]) {
        let start = Int(id) * width
        for word in 0..<width { key[word] = words[start + word] }
    }

    private mutating func place(_ id: Int32, hash: Int) {
        let mask = index.count - 1
        var slot = hash & mask
        while index[slot] >= 0 { slot = (slot + 1) & mask }
        index[slot] = id
    }

    private mutating func grow() {
        index = Array(repeating: -1, count: index.count * 2)
        let width = width
        for id in 0..<count {
            place(Int32(id), hash: Self.hash(words, from: id * width, width: width))
        }
    }

    /// A multiply-and-rotate mix of the words (the index's low bits must depend on all of them).
    private static func hash(_ words: [UInt64], from start: Int, width: Int) -> Int {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
        for word in words[start..<(start + width)] {
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
        }
        hash = (hash ^ (hash >> 29)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    private static func equal(_ words: [UInt64], from start: Int, _ key: [UInt64], width: Int) -> Bool {
        for word in 0..<width where words[start + word] != key[word] { return false }
        return true
    }
}
