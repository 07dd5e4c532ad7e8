/// `defer retry` in a state: while the state is active, the event is kept instead of ignored
/// when no enabled transition takes it (DESIGN's "Deferred events").
public struct DeferralModel: Hashable, Sendable {
    /// The event kept; a payload event is kept with its payload.
    public var event: EventID
    /// The whole `defer retry`.
    public var range: SourceRange

    public init(event: EventID, range: SourceRange) {
        self.event = event
        self.range = range
    }
}
