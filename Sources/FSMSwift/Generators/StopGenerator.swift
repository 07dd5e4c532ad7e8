import FSMCore

/// `stop()`, which every generated machine has: it ends the machine for good, as a parent
/// machine ends a child it cancels (SCXML's cancelled session; docs/ChildMachines.md). The
/// active states are exited innermost first, in reverse document order, their exit actions
/// run, their timers stop and their invocations are cancelled; from then on `step(_:)`
/// ignores every event (`isStopped`).
struct StopGenerator: PlanReader {
    let plan: SwiftPlan

    func emitStop(into writer: inout CodeWriter) {
        writer.line("/// Ends the machine for good, as a parent machine ends a child it cancels: exits the active")
        if features.contains(.invocations) {
            writer.line("/// states, innermost first, running their exit actions, stopping their timers and cancelling")
            writer.line("/// their invocations; from then on the machine ignores every event. A finished machine has")
            writer.line("/// nothing to exit.")
        } else if features.contains(.timers) {
            writer.line("/// states, innermost first, running their exit actions and stopping their timers; from then")
            writer.line("/// on the machine ignores every event. A finished machine has nothing to exit.")
        } else {
            writer.line("/// states, innermost first, running their exit actions; from then on the machine ignores")
            writer.line("/// every event. A finished machine has nothing to exit.")
        }
        writer.line("///")
        writer.line("/// Call it between steps, not from an action or an observer of this machine.")
        writer.block("\(access)func stop()") { writer in
            writer.line("guard !isStopped else { return }")
            writer.line("precondition(!isInStep, \"\(model.name).stop() was called during a step of the machine\")")
            writer.line("isStopped = true")
            if !finalStates.isEmpty { writer.line("guard !isFinished else { return }") }
            // A step of its own, so that what the exit actions send is queued, then dropped.
            writer.line("isInStep = true")
            writer.line(features.contains(.statechart) ? "exitActiveStates()" : "exitState(state)")
            writer.line("pendingEvents.removeAll()")
            if features.contains(.raise) || features.contains(.completion) { writer.line("raisedEvents.removeAll()") }
            if features.contains(.deferral) { writer.line("keptEvents.removeAll()") }
            writer.line("isInStep = false")
        }
        writer.line()
    }
}
