import FSMCore

/// Deferred events (`defer`): which events the active states defer, keeping an event no
/// transition took, and releasing the kept events no active state defers any more. Only for a
/// machine with `defer`: no other machine stores or checks kept events.
struct DeferralGenerator: PlanReader {
    let plan: SwiftPlan
}

extension DeferralGenerator {
    func emitDeferral(into writer: inout CodeWriter) {
        writer.line("// MARK: - Deferred events")
        writer.line()
        writer.line("/// An event no transition took: kept while an active state defers it, else ignored.")
        writer.block("private func keepOrIgnore(_ event: Event)") { writer in
            writer.block("if defers(event)", closing: "} else {") { writer in
                writer.line("keptEvents.append(event)")
                writer.line("notify(.keptEvents, .kept(event, in: state))")
            }
            writer.indented { writer in
                writer.line("notify(.ignoredEvents, .ignored(event, in: state))")
            }
            writer.line("}")
        }
        writer.line()
        writer.line("/// Whether an active state defers `event`.")
        writer.block("private func defers(_ event: Event) -> Bool") { writer in
            let deferred = machine.deferredEvents
            writer.line("switch event {")
            for event in deferred {
                let states = machine.statesDeferring(event).map { "isIn(.\(model[$0].name))" }
                writer.line("case .\(model[event].name): \(states.joined(separator: " || "))")
            }
            if deferred.count < model.events.count { writer.line("default: false") }
            writer.line("}")
        }
        writer.line()
        writer.line("/// Takes out the oldest kept event that no active state defers any more: once a step has")
        writer.line("/// changed the configuration, it is handled before any event sent after it. The others stay")
        writer.line("/// kept, in their order.")
        writer.block("private func releasedEvent() -> Event?") { writer in
            writer.line("guard let index = keptEvents.firstIndex(where: { !defers($0) }) else { return nil }")
            writer.line("return keptEvents.remove(at: index)")
        }
        writer.line()
    }
}
