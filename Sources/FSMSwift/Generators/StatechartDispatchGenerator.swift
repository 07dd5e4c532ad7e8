import FSMCore

/// The dispatch of a nested machine: events, eventless transitions and completions, each a
/// walk of the state tree in the executable machine's priority order.
final class StatechartDispatchGenerator: TreeWalkingGenerator {
    let plan: SwiftPlan
    let spelling: SwiftSpelling
    let writers: DispatchWriters

    init(plan: SwiftPlan, spelling: SwiftSpelling, writers: DispatchWriters) {
        (self.plan, self.spelling, self.writers) = (plan, spelling, writers)
    }
}

extension StatechartDispatchGenerator {
    func emitHierarchicalDispatch(into writer: inout CodeWriter) {
        writer.line("/// Takes the first transition whose guard holds: the active atomic state's, then those of")
        writer.line("/// the states around it, outward, then the machine level's. Returns `false` when none does.")
        writer.line("@inline(__always)")
        eventFunction("private func handle(_ event: Event) -> Bool", into: &writer) { writer in
            let leaves = emitEventWalk(
                mode: .live(.returnTrue), machineLevelComment: "// Machine-level transitions, for events no active state takes.", into: &writer)
            if !leaves { writer.line("return false") }
        }
        writer.line()
        if plan.takesEventlessTransitions { emitHierarchicalEventless(into: &writer) }
        if parts.completion != nil { emitCompletion(into: &writer) }
    }

    private func emitHierarchicalEventless(into writer: inout CodeWriter) {
        writer.line("/// Takes eventless transitions until none is enabled, innermost states first.")
        writer.block("private func takeEventlessTransitions()") { writer in
            writer.block("while true") { writer in
                let leaves = emitMachineWalk(of: .always, event: "nil", ending: .continueLoop, into: &writer)
                if !leaves { writer.line("return") }
            }
        }
        writer.line()
    }

    /// Completions: the `done` transitions of each compound state that declares some.
    private func emitCompletion(into writer: inout CodeWriter) {
        let completing = model.states.filter { !machine.transitions(of: .state($0.id), for: .done($0.id)).isEmpty }
        writer.line("/// Takes the first `done` transition of `completed` whose guard holds, if it is still")
        writer.line("/// active: its completion waited in the internal queue like a raised event.")
        writer.block("private func complete(_ completed: StateID) -> Bool") { writer in
            writer.line("switch completed {")
            for state in completing {
                writer.line("case .\(state.name):")
                writer.indented { writer in
                    let transitions = machine.transitions(of: .state(state.id), for: .done(state.id))
                    let position = bodies.emitActiveGuard(of: state.id, binding: transitions, into: &writer)
                    let leaves = bodies.emitGuardedSequence(transitions, from: position, event: "nil", ending: .returnTrue, into: &writer).leaves
                    if !leaves { writer.line("return false") }
                }
            }
            writer.line("default:")
            writer.indented { writer in writer.line("return false") }
            writer.line("}")
        }
        writer.line()
    }
}
