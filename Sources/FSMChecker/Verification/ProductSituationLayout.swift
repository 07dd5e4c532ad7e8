import FSMCore

/// How a situation of a product of regions is packed into the words of a
/// ``PackedSituationTable`` key: each region's local situation in as many bits as its region
/// can have local situations, then one bit per "has held" mark of the `only after` properties.
struct ProductSituationLayout {
    /// The bits of each region's local situation number.
    let bits: [Int]
    let heldCount: Int
    /// The words of one key.
    let width: Int

    /// For regions of `atomicStates[r]` atomic states and `timers[r]` timers (a local
    /// situation is an atomic state and a set of running timers).
    init(atomicStates: [Int], timers: [Int], heldCount: Int) {
        // A local situation is numbered by an `Int32`: never more than 31 bits.
        bits = zip(atomicStates, timers).map { states, timers in
            min(31, max(1, Int.bitWidth - (max(states, 1) - 1).leadingZeroBitCount + timers))
        }
        self.heldCount = heldCount
        width = max(1, (bits.reduce(0, +) + heldCount + 63) / 64)
    }

    /// Writes `locals` and `held` into `key` (``width`` words).
    func encode(_ locals: [Int32], held: [Bool], into key: inout [UInt64]) {
        if width == 1 {
            // The common case, a shift and an `or` a region.
            var word: UInt64 = 0
            var position = 0
            for region in locals.indices {
                word |= UInt64(UInt32(locals[region])) << position
                position += bits[region]
            }
            for mark in held {
                if mark { word |= 1 << position }
                position += 1
            }
            key[0] = word
            return
        }
        for word in key.indices { key[word] = 0 }
        var position = 0
        for (region, local) in locals.enumerated() {
            put(UInt64(UInt32(local)), at: &position, bits: bits[region], into: &key)
        }
        for mark in held { put(mark ? 1 : 0, at: &position, bits: 1, into: &key) }
    }

    /// Reads `key` back into `locals` and `held` (of the right counts).
    func decode(_ key: [UInt64], locals: inout [Int32], held: inout [Bool]) {
        var position = 0
        for region in locals.indices { locals[region] = Int32(take(at: &position, bits: bits[region], from: key)) }
        for slot in held.indices { held[slot] = take(at: &position, bits: 1, from: key) == 1 }
    }

    private func put(_ value: UInt64, at position: inout Int, bits: Int, into key: inout [UInt64]) {
        let (word, offset) = position.quotientAndRemainder(dividingBy: 64)
        key[word] |= value << offset
        if offset + bits > 64 { key[word + 1] |= value >> (64 - offset) }
        position += bits
    }

    private func take(at position: inout Int, bits: Int, from key: [UInt64]) -> UInt64 {
        let (word, offset) = position.quotientAndRemainder(dividingBy: 64)
        var value = key[word] >> offset
        if offset + bits > 64 { value |= key[word + 1] << (64 - offset) }
        position += bits
        return value & ((1 << bits) - 1)
    }
}
