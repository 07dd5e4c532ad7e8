import FSMCore

/// The parts of the running class whose code depends on the machine's shape: the dispatch
/// (events, eventless transitions, completions), entering and leaving states, and timers.
///
/// A flat machine is a one-level tree, but its code is not what the statechart walk writes
/// for one: `State` is a plain enum, transitions are one call of `transition(from:to:on:)`
/// rather than exits, actions and entries spelled out, and timers belong to states by name
/// rather than by slot. The generated Swift of both is fixed (the goldens), so the two stay
/// apart behind this interface, and the plan's ``MachineShape`` chooses.
protocol MachineShapeGenerator {
    func emitDispatch(into writer: inout CodeWriter)
    func emitStateChanges(into writer: inout CodeWriter)
    /// Only for a machine with timers (``RunningMachineParts/timers``).
    func emitTimers(into writer: inout CodeWriter)
}

extension SwiftPlan {
    /// The generator of the code that depends on the machine's shape.
    func shapeGenerator(spelling: SwiftSpelling, writers: DispatchWriters) -> any MachineShapeGenerator {
        guard shape.isStatechart else { return FlatShapeGenerator(plan: self, spelling: spelling) }
        return StatechartShapeGenerator(plan: self, spelling: spelling, writers: writers)
    }
}

/// A flat machine without data: the version-1 shape.
struct FlatShapeGenerator: MachineShapeGenerator {
    let dispatch: FlatDispatchGenerator
    let stateChanges: FlatStateChangesGenerator

    init(plan: SwiftPlan, spelling: SwiftSpelling) {
        dispatch = FlatDispatchGenerator(plan: plan, spelling: spelling)
        stateChanges = FlatStateChangesGenerator(plan: plan, spelling: spelling, dispatch: dispatch)
    }

    func emitDispatch(into writer: inout CodeWriter) { dispatch.emitDispatch(into: &writer) }
    func emitStateChanges(into writer: inout CodeWriter) { stateChanges.emitStateChanges(into: &writer) }
    func emitTimers(into writer: inout CodeWriter) { stateChanges.emitTimers(into: &writer) }
}

/// A statechart: nested states, parallel regions, state data, history.
struct StatechartShapeGenerator: MachineShapeGenerator {
    let dispatch: StatechartDispatchGenerator
    let stateChanges: StatechartStateChangesGenerator
    let timers: StatechartTimersGenerator

    init(plan: SwiftPlan, spelling: SwiftSpelling, writers: DispatchWriters) {
        dispatch = StatechartDispatchGenerator(plan: plan, spelling: spelling, writers: writers)
        stateChanges = StatechartStateChangesGenerator(plan: plan, spelling: spelling, bodies: writers.bodies)
        timers = StatechartTimersGenerator(plan: plan, spelling: spelling, bodies: writers.bodies)
    }

    func emitDispatch(into writer: inout CodeWriter) { dispatch.emitHierarchicalDispatch(into: &writer) }
    func emitStateChanges(into writer: inout CodeWriter) { stateChanges.emitHierarchicalStateChanges(into: &writer) }
    func emitTimers(into writer: inout CodeWriter) { timers.emitHierarchicalTimers(into: &writer) }
}
