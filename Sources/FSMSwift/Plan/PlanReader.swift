import FSMCore

/// A part of the Swift back end that reads the plan: the plan's facts under the names every
/// generator uses, so that a generator holds the plan and nothing it would copy.
protocol PlanReader {
    var plan: SwiftPlan { get }
}

extension PlanReader {
    // Yielded, not returned: a getter would copy the struct (a retain for each of its arrays)
    // at every `machine[id]` and `model[state]`, thousands of times a file.
    var machine: ExecutableMachine {
        _read { yield plan.machine }
    }
    var model: MachineModel {
        _read { yield plan.model }
    }
    var sourceFileName: String { plan.sourceFileName }
    var specPath: String? { plan.specPath }
    /// The language features the plan's decisions and parts are made from; a generator reads
    /// those (``shape``, ``parts``, the plan's decisions), not these.
    var features: SwiftFeatures { plan.features }
    /// The machine's shape: statechart or flat, with data or without.
    var shape: MachineShape { plan.shape }
    /// The features of the running machine, each with all it adds (``RunningMachineParts``).
    var parts: RunningMachineParts { plan.parts }
    var typeConformances: TypeConformances { plan.conformances }
    /// Whether `State` is coded as the name of the active atomic state (``StateCodingDecision``).
    var codesStateByLeaf: Bool { plan.stateCoding == .activeLeafName }
    var regionAnalysis: RegionAnalysis { plan.regionAnalysis }
    var historyOwners: [StateID] { plan.historyOwners }
    var timerSlots: TimerSlots { plan.timerSlots }
    var finalStates: [StateModel] { plan.finalStates }
    var payloadVariables: [[String]] { plan.names.payloadVariables }
    var payloadArgumentItems: [[String]] { plan.names.payloadArgumentItems }
    var guardsByName: [String: CallableModel] { plan.guardsByName }
    var actionsByName: [String: CallableModel] { plan.actionsByName }
    var valueFunctionsByName: [String: ValueFunctionModel] { plan.valueFunctionsByName }
    /// `public ` / `package ` / empty: the prefix of every declaration the user sees.
    var access: String { plan.names.access }
    /// `@MainActor ` or empty.
    var isolation: String { plan.names.isolation }
    /// The machine's name: the generated class's.
    var name: String { model.name }
    var hasSnapshotType: Bool { plan.hasSnapshotType }
    /// The attribute that spares a variable of the machine Swift's run-time exclusivity check,
    /// a call per access (the generated comment above the variables says why that is safe).
    var unchecked: String { "@exclusivity(unchecked) " }
}
