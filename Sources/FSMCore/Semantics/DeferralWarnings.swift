/// Warns about a `defer` that never keeps its event: the same state takes the event with a
/// transition without a guard, and a transition is always tried before an event is kept. A
/// guarded one is fine: "take it when the guard holds, else keep it".
struct DeferralWarnings {
    let model: MachineModel
    let diagnostics: DiagnosticCollector

    func run() {
        for state in model.states where !state.deferrals.isEmpty {
            for deferral in state.deferrals {
                guard
                    let taker = state.transitions.first(where: {
                        $0.trigger.event == deferral.event && ($0.guardExpression == nil || $0.guardExpression == .else)
                    })
                else { continue }
                let event = model[deferral.event].name
                diagnostics.warning(
                    "'\(state.name)' takes '\(event)' with a transition without a guard, so 'defer \(event)' never keeps it there",
                    at: deferral.range, notes: [.init("the transition that takes it", at: taker.range)])
            }
        }
    }
}
