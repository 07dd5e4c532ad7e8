/// XXH64 (Yann Collet's xxHash, 64-bit), written out because the plugin's tool may use no
/// package and swift-corelibs-foundation has no digest. The result cache of `generate`
/// (``GenerateCache``) uses it where speed matters more than resistance to an attacker: to name
/// its entries (the entry itself holds the whole key, compared byte for byte) and to tell one
/// build of the tool from another (every byte of the executable, which a debug build of the
/// tool reads in about 10 ms, where a hand-written SHA-256 takes seconds). Streaming:
/// ``update(_:)`` any number of times, then ``digest``.
package struct XXHash64 {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    private let seed: UInt64
    private var lanes: (UInt64, UInt64, UInt64, UInt64)
    /// The bytes of a 32-byte stripe not yet full.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    package init(seed: UInt64 = 0) {
        self.seed = seed
        lanes = (seed &+ Self.prime1 &+ Self.prime2, seed &+ Self.prime2, seed, seed &- Self.prime1)
        pending.reserveCapacity(32)
    }

    /// The digest of `bytes` with `seed`.
    package static func digest(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
        var hash = XXHash64(seed: seed)
        hash.update(bytes)
        return hash.digest
    }

    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let taken = min(32 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<taken])
            offset = taken
            guard pending.count == 32 else { return }
            pending.withUnsafeBytes { consumeStripes($0.baseAddress!, count: 1) }
            pending.removeAll(keepingCapacity: true)
        }
        guard let base = bytes.baseAddress else { return }
        let stripes = (bytes.count - offset) / 32
        if stripes > 0 {
            consumeStripes(base + offset, count: stripes)
            offset += stripes * 32
        }
        pending.append(contentsOf: bytes[offset...])
    }

    /// The digest of everything given so far.
    package var digest: UInt64 {
        var hash: UInt64
        if length >= 32 {
            hash = Self.rotateLeft(lanes.0, 1) &+ Self.rotateLeft(lanes.1, 7) &+ Self.rotateLeft(lanes.2, 12)
                &+ Self.rotateLeft(lanes.3, 18)
            hash = Self.merge(hash, lanes.0)
            hash = Self.merge(hash, lanes.1)
            hash = Self.merge(hash, lanes.2)
            hash = Self.merge(hash, lanes.3)
        } else {
            hash = seed &+ Self.prime5
        }
        hash &+= length
        var index = 0
        while pending.count - index >= 8 {
            var word: UInt64 = 0
            for byte in 0..<8 { word |= UInt64(pending[index + byte]) << UInt64(8 * byte) }
            hash ^= Self.round(0, word)
            hash = Self.rotateLeft(hash, 27) &* Self.prime1 &+ Self.prime4
            index += 8
        }
        if pending.count - index >= 4 {
            var word: UInt64 = 0
            for byte in 0..<4 { word |= UInt64(pending[index + byte]) << UInt64(8 * byte) }
            hash ^= word &* Self.prime1
            hash = Self.rotateLeft(hash, 23) &* Self.prime2 &+ Self.prime3
            index += 4
        }
        while index < pending.count {
            hash ^= UInt64(pending[index]) &* Self.prime5
            hash = Self.rotateLeft(hash, 11) &* Self.prime1
            index += 1
        }
        hash ^= hash >> 33
        hash &*= Self.prime2
        hash ^= hash >> 29
        hash &*= Self.prime3
        hash ^= hash >> 32
        return hash
    }

    @inline(__always)
    private static func rotateLeft(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 &- count))
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotateLeft(accumulator &+ input &* prime2, 31) &* prime1
    }

    @inline(__always)
    private static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
        (hash ^ round(0, lane)) &* prime1 &+ prime4
    }

    /// `count` stripes of 32 bytes into the four lanes: the loop a large input spends its time
    /// in, kept free of calls so that it stays fast unoptimized (a debug build of the tool).
    private mutating func consumeStripes(_ base: UnsafeRawPointer, count: Int) {
        var (lane0, lane1, lane2, lane3) = lanes
        let prime1 = Self.prime1
        let prime2 = Self.prime2
        var offset = 0
        let end = count &* 32
        while offset < end {
            let word0 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let word1 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self))
            let word2 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self))
            let word3 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self))
            lane0 = lane0 &+ word0 &* prime2
            lane0 = ((lane0 << 31) | (lane0 >> 33)) &* prime1
            lane1 = lane1 &+ word1 &* prime2
            lane1 = ((lane1 << 31) | (lane1 >> 33)) &* prime1
            lane2 = lane2 &+ word2 &* prime2
            lane2 = ((lane2 << 31) | (lane2 >> 33)) &* prime1
            lane3 = lane3 &+ word3 &* prime2
            lane3 = ((lane3 << 31) | (lane3 >> 33)) &* prime1
            offset &+= 32
        }
        lanes = (lane0, lane1, lane2, lane3)
    }
}
