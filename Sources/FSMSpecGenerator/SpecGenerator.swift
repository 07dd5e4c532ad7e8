/// Makes random `.fsm` specs of language version 2 (3 with invocations and deferrals, 4 with
/// updates and calls with arguments), deterministically from a seed.
///
/// ```swift
/// var generator = SpecGenerator(seed: 42, profile: .differential, size: .medium)
/// let spec = generator.makeSpec(machineName: "Chart1")
/// ```
///
/// Every spec it makes passes `fsmc check` without errors (warnings, such as unreachable
/// states, may remain; properties, written only when ``SpecProfile/properties`` asks, may fail): it builds the state tree first, then writes transitions that respect
/// the language's rules by construction (see ``SpecProfile`` for what each profile writes).
public struct SpecGenerator: Sendable {
    public let seed: UInt64
    public let profile: SpecProfile
    public let size: SpecSize
    private var random: SplitMix64
    private var made = 0

    public init(seed: UInt64, profile: SpecProfile, size: SpecSize = .medium) {
        self.seed = seed
        self.profile = profile
        self.size = size
        random = SplitMix64(seed: seed)
    }

    /// The next spec of the sequence, with the machine named `machineName` (a caller compiling
    /// many specs together gives each its own name).
    public mutating func makeSpec(machineName: String) -> GeneratedSpec {
        // Each spec draws from a generator of its own, seeded from the sequence: the spec does
        // not depend on how many numbers the ones before it drew.
        var specRandom = SplitMix64(seed: random.next())
        var build = SpecBuild(profile: profile, size: size, random: specRandom)
        let document = build.makeDocument(machineName: machineName)
        specRandom = build.random
        defer { made += 1 }
        return GeneratedSpec(
            seed: seed, index: made, document: document,
            events: document.events.map(\.name),
            externalEvents: document.events.map(\.name).filter { !build.raisedOnlyEvents.contains($0) },
            guards: build.guardNamesInOrder,
            states: build.nodes.map(\.name),
            timerDelays: build.delays.sorted())
    }
}
