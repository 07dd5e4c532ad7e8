@testable import FSMChecker
import FSMCore
import FSMSpecGenerator
import Testing

/// The product's visited table: situations packed into words (across word boundaries when
/// they do not fit one), interned to dense ids in order, read back as they were written.
@Suite(.offThePool) struct PackedSituationTableTests {
    @Test(arguments: [1, 3])
    func situationsRoundTripAndInternToDenseIds(seedOffset: UInt64) {
        var random = SplitMix64(seed: 0x7AB1_E000 + seedOffset)
        // Eight to ten regions of 16 to 40 atomic states and 4 to 12 timers (8 to 18 bits each)
        // and three marks: a key takes two or three words, regions straddle word boundaries.
        let regions = 8 + random.below(3)
        let atomicStates = (0..<regions).map { _ in 16 + random.below(25) }
        let timers = (0..<regions).map { _ in 4 + random.below(9) }
        let layout = ProductSituationLayout(atomicStates: atomicStates, timers: timers, heldCount: 3)
        #expect(layout.width >= 2)
        var table = PackedSituationTable(width: layout.width)
        var added: [([Int32], [Bool])] = []
        var seen: [[UInt64]: Int32] = [:]
        var key = Array(repeating: UInt64(0), count: layout.width)
        for _ in 0..<5_000 {
            let locals = (0..<regions).map { region in
                Int32(random.below(min(1 << layout.bits[region], 4 * atomicStates[region] + 3)))
            }
            let held = (0..<3).map { _ in random.below(2) == 0 }
            layout.encode(locals, held: held, into: &key)
            if let known = table.id(of: key) {
                #expect(seen[key] == known)
                continue
            }
            #expect(seen[key] == nil)
            let id = table.add(key)
            #expect(Int(id) == added.count)
            seen[key] = id
            added.append((locals, held))
        }
        #expect(table.count == added.count)
        var locals = Array(repeating: Int32(0), count: regions)
        var held = Array(repeating: false, count: 3)
        for (id, situation) in added.enumerated() {
            table.key(of: Int32(id), into: &key)
            layout.decode(key, locals: &locals, held: &held)
            #expect(locals == situation.0 && held == situation.1)
        }
    }

    @Test func aSmallProductFitsOneWord() {
        let layout = ProductSituationLayout(atomicStates: Array(repeating: 10, count: 6), timers: Array(repeating: 0, count: 6), heldCount: 0)
        #expect(layout.bits == Array(repeating: 4, count: 6))
        #expect(layout.width == 1)
    }
}
