/// One generated spec: its text, its tree (to shrink it), and what a driver needs to run it.
public struct GeneratedSpec: Sendable {
    /// The seed of the generator that made it and the spec's index in that generator's
    /// sequence: `SpecGenerator(seed:profile:size:)` then `index + 1` calls of `makeSpec`
    /// make it again.
    public var seed: UInt64
    public var index: Int
    public var document: SpecDocument
    public var text: String { document.text }
    public var machineName: String { document.name }
    /// Every declared event, in declaration order.
    public var events: [String]
    /// The events a driver may send from outside. In the differential profile the events
    /// only `raise` uses (`r1`, …) are left out: their transitions are what keeps every chain
    /// of raised events finite.
    public var externalEvents: [String]
    /// The guard names (the differential profile's booleans a harness sets), in first use.
    public var guards: [String]
    /// The names of every state, in document order.
    public var states: [String]
    /// The distinct delays of `after` transitions, shortest first.
    public var timerDelays: [Duration]
    public var hasTimers: Bool { !timerDelays.isEmpty }
}
