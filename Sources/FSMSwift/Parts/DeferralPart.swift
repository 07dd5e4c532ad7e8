import FSMCore

/// `defer`: the machine keeps the events an active state defers (`keptEvents`, in `Snapshot`s
/// too), releases them once no active state defers them, and tells its observers it kept one.
/// The functions that keep and release them are `DeferralGenerator`'s.
struct DeferralPart: RunningMachinePart {
    unowned let plan: SwiftPlan

    var snapshotFields: [SnapshotField] {
        [
            SnapshotField(
                name: "keptEvents", documentation: "Events no transition took while an active state deferred them, oldest first.",
                declaration: ": [Event] = []")
        ]
    }

    /// A kept event is released once the step has ended, before the events sent after it.
    var drainQueue: DrainQueue? {
        DrainQueue(stage: .afterStepEnded, storage: "keptEvents", next: "releasedEvent()", binding: "event", holdsEvents: true) { writer in
            writer.line("step(event)")
        }
    }

    var notifications: [ObserverHook] {
        [
            ObserverHook(
                notification: "kept", kind: .keptEvents, parameters: [("didKeep", "event", "Event"), ("in", "state", "State")],
                summary: "No transition took `event` in `state` and an active state defers it: the machine keeps it.",
                documentation: [
                    "No transition took the event and an active state defers it: the machine keeps it and handles",
                    "it once no active state defers it any more.",
                ],
                whenCalled: "with each event an active state defers and no transition takes, which the machine keeps, and the state it was kept in")
        ]
    }
}
