/// Deferred events (DESIGN's "Deferred events"): an event that no enabled transition takes is
/// kept instead of ignored while an active state defers it, and handled once none does, after
/// the step that changed the configuration, ahead of the events sent after it.
extension ExecutableMachine {
    /// Whether some state defers an event: only then does a machine keep events.
    public var defersEvents: Bool { model.states.contains { !$0.deferrals.isEmpty } }

    /// The events some state defers, in declaration order.
    public var deferredEvents: [EventID] {
        model.events.indices.map(EventID.init).filter { !statesDeferring($0).isEmpty }
    }

    /// The states that defer `event`, in document order.
    public func statesDeferring(_ event: EventID) -> [StateID] {
        model.states.filter { $0.deferrals.contains { $0.event == event } }.map(\.id)
    }

    /// Whether a state of `configuration` (the active states) defers `event`: when no enabled
    /// transition takes it, it is kept.
    public func defers(_ event: EventID, in configuration: [StateID]) -> Bool {
        configuration.contains { state in model[state].deferrals.contains { $0.event == event } }
    }
}
