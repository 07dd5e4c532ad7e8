import FSMCore

/// `history`: the machine keeps what the states with `history` remember beside its state, and
/// a `Snapshot` carries it.
struct HistoryPart: RunningMachinePart {
    unowned let plan: SwiftPlan

    var snapshotFields: [SnapshotField] {
        [SnapshotField(name: "history", documentation: "What the states with `history` remember.", declaration: " = History()")]
    }
}
