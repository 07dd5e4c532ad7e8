import FSMSpecGenerator
import Testing

/// A seed names a spec for good: a failure's report (seed and index) makes it again.
@Suite("The spec generator is deterministic")
struct SpecGeneratorDeterminismTests {
    private func texts(seed: UInt64, profile: SpecProfile, count: Int) -> [String] {
        var generator = SpecGenerator(seed: seed, profile: profile, size: .medium)
        return (0..<count).map { generator.makeSpec(machineName: "M\($0)").text }
    }

    @Test func theSameSeedMakesTheSameSpecs() {
        #expect(texts(seed: 7, profile: .soundness, count: 50) == texts(seed: 7, profile: .soundness, count: 50))
        #expect(texts(seed: 7, profile: .differential, count: 50) == texts(seed: 7, profile: .differential, count: 50))
    }

    @Test func anotherSeedMakesOtherSpecs() {
        #expect(texts(seed: 7, profile: .soundness, count: 20) != texts(seed: 8, profile: .soundness, count: 20))
    }

    @Test func aSpecRecordsTheSeedAndIndexThatMakeItAgain() {
        var generator = SpecGenerator(seed: 99, profile: .differential, size: .small)
        let specs = (0..<5).map { generator.makeSpec(machineName: "M\($0)") }
        #expect(specs.map(\.index) == [0, 1, 2, 3, 4])
        #expect(specs.allSatisfy { $0.seed == 99 })
    }
}
