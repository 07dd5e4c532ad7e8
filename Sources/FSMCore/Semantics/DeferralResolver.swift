/// Resolves `defer event` members: the event a state keeps, checked where it is written.
struct DeferralResolver {
    let signals: SignalTable
    let states: StateTable
    let invocations: InvocationTable
    let diagnostics: DiagnosticCollector

    /// `defer` at the machine level: the machine is always active, so nothing would ever
    /// release the event.
    func reportAtMachineLevel(_ syntax: DeferSyntax) {
        diagnostics.error(
            "'defer' belongs in a state: the machine is always active, so the event would be kept forever",
            at: syntax.range)
    }

    /// Adds the deferral `syntax` of `state` to `deferrals`, or reports why it cannot be one.
    func resolve(_ syntax: DeferSyntax, of state: StateID, into deferrals: inout [DeferralModel]) {
        let name = syntax.event
        guard let event = signals.eventIndex[name.text] else {
            if invocations.index[name.text] != nil {
                diagnostics.error(
                    "'\(name.text)' is an invocation, not an event; 'defer' keeps events sent to the machine",
                    at: name.range)
            } else {
                diagnostics.reportUnknown(name, kind: .event) { signals.events.map(\.name) }
            }
            return
        }
        let model = states[state]
        if model.isFinal {
            let effect = model.parent.map { "entering it completes '\(states[$0].name)'" } ?? "entering it finishes the machine"
            diagnostics.error(
                "final state '\(model.name)' cannot defer events: \(effect), so nothing would release them",
                at: syntax.range)
            return
        }
        if let earlier = deferrals.first(where: { $0.event == event }) {
            diagnostics.warning(
                "'\(model.name)' defers '\(name.text)' twice; the second 'defer' changes nothing",
                at: syntax.range, notes: [.init("first deferred here", at: earlier.range)])
            return
        }
        deferrals.append(DeferralModel(event: event, range: syntax.range))
    }
}
