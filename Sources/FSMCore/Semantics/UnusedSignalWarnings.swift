/// Warns about events no transition handles and outputs no action emits.
struct UnusedSignalWarnings {
    let model: MachineModel
    let diagnostics: DiagnosticCollector

    func run() {
        // Each list is read where it is: joining them into new arrays would copy every
        // transition of the machine.
        var handled = [Bool](repeating: false, count: model.events.count)
        var emitted = [Bool](repeating: false, count: model.outputs.count)
        func noteTransitions(_ transitions: [TransitionModel]) {
            for index in transitions.indices {
                if let event = transitions[index].trigger.event { handled[event.index] = true }
                noteActions(transitions[index].actions)
            }
        }
        func noteActions(_ actions: [ActionModel]) {
            for action in actions {
                if let output = action.emittedOutput { emitted[output.index] = true }
            }
        }
        for state in model.states {
            noteActions(state.entryActions)
            noteActions(state.exitActions)
            noteTransitions(state.transitions)
        }
        noteTransitions(model.machineTransitions)
        for (index, event) in model.events.enumerated() where !handled[index] {
            diagnostics.warning("event '\(event.name)' is never handled", at: event.range)
        }
        for (index, output) in model.outputs.enumerated() where !emitted[index] {
            diagnostics.warning("output '\(output.name)' is never emitted", at: output.range)
        }
    }
}
