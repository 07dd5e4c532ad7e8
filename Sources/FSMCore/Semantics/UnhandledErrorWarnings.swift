/// Warns about invocations that can throw where no transition takes their `error`: the error
/// would end the work and nothing would notice.
struct UnhandledErrorWarnings {
    let model: MachineModel
    let diagnostics: DiagnosticCollector

    func run() {
        guard !model.invocations.isEmpty else { return }
        var handled = [Bool](repeating: false, count: model.invocations.count)
        func note(_ transitions: [TransitionModel]) {
            for index in transitions.indices {
                if let delivered = transitions[index].trigger.invocationResult, delivered.result == .error { handled[delivered.invocation.index] = true }
            }
        }
        for state in model.states { note(state.transitions) }
        note(model.machineTransitions)
        for invocation in model.invocations where invocation.canFail && !handled[invocation.id.index] {
            diagnostics.warning(
                "'\(invocation.name)' can throw, and no transition takes 'error \(invocation.name)': its errors would be ignored",
                at: invocation.range)
        }
    }
}
