import FSMCore

/// `stop()`, which every generated machine has: it ends the machine for good, as a parent
/// machine ends a child it cancels (SCXML's cancelled session; docs/ChildMachines.md). The
/// active states are exited innermost first, in reverse document order, their exit actions
/// run, their timers stop and their invocations are cancelled; from then on every event is
/// ignored.
///
/// A stopped machine is in a step that never ends: `isInStep` stays set, so `send(_:)` and
/// every other way in go to their slow path, which drops what arrives. That keeps the check
/// out of each step; the only per-step cost of `stop()` is the end of a step of a child
/// machine, which also stops a child its parent released during that step.
struct StopGenerator: PlanReader {
    let plan: SwiftPlan

    func emitStop(into writer: inout CodeWriter) {
        writer.line("/// Ends the machine for good, as a parent machine ends a child it cancels: exits the active")
        if plan.asynchronousWork?.hasInvocations == true {
            writer.line("/// states, innermost first, running their exit actions, stopping their timers and cancelling")
            writer.line("/// their invocations; from then on the machine ignores every event. A finished machine has")
            writer.line("/// nothing to exit.")
        } else if plan.hasAsynchronousWork {
            writer.line("/// states, innermost first, running their exit actions and stopping their timers; from then")
            writer.line("/// on the machine ignores every event. A finished machine has nothing to exit.")
        } else {
            writer.line("/// states, innermost first, running their exit actions; from then on the machine ignores")
            writer.line("/// every event. A finished machine has nothing to exit.")
        }
        writer.line("///")
        writer.line("/// Call it between steps, not from an action or an observer of this machine. (A parent that")
        writer.line("/// is released during a step of its child stops the child when that step ends.)")
        writer.block("\(access)func stop()") { writer in
            writer.line("guard !isStopped else { return }")
            writer.line("isStopped = true")
            writer.block("if isInStep") { writer in
                writer.line("precondition(childLink != nil, \"\(model.name).stop() was called during a step of the machine\")")
                writer.line("return")
            }
            writer.line("exitForGood()")
        }
        writer.line()
        writer.line("/// The end of a step of this machine as a parent's child: the parent's link hears it, unless")
        writer.line("/// the parent stopped the machine during the step, which takes effect now.")
        writer.line("@inline(never)")
        writer.block("private func endChildStep(_ link: any ChildMachineLink)") { writer in
            writer.block("if isStopped", closing: "} else {") { writer in
                writer.line("exitForGood()")
            }
            writer.indented { writer in
                writer.line("link.childStepEnded(isFinished: isFinished)")
            }
            writer.line("}")
        }
        writer.line()
        writer.line("/// Exits the active states in a step that never ends, so that what the exit actions send is")
        writer.line("/// dropped and no other step starts.")
        writer.block("private func exitForGood()") { writer in
            writer.line("isInStep = true")
            let exit = shape.isStatechart ? "exitActiveStates()" : "exitState(state)"
            let recording = plan.recording
            let exitRecorded = { (writer: inout CodeWriter) in
                recording.writeStopOpened(into: &writer)
                writer.line(exit)
                recording.writeStopClosed(into: &writer)
            }
            if finalStates.isEmpty {
                exitRecorded(&writer)
            } else {
                writer.block("if !isFinished") { writer in
                    exitRecorded(&writer)
                }
            }
            writer.line("pendingEvents.removeAll()")
            for queue in parts.drainQueues { writer.line("\(queue.storage).removeAll()") }
        }
        writer.line()
    }
}
