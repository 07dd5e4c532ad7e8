import FSMCore

/// `raise`, and the completions that wait with raised events: the internal queue
/// (`raisedEvents`), which `drainQueues()` empties before anything else.
struct RaisedEventsPart: RunningMachinePart {
    unowned let plan: SwiftPlan
    /// What the queue holds.
    let queue: InternalQueueDecision

    func emitQueueStorage(into writer: inout CodeWriter) {
        switch queue {
        case .raisedEventsAndCompletions:
            writer.line("/// Events raised by actions and completions of compound states, in the order they")
            writer.line("/// happened; they go before events sent from outside.")
        case .raisedEvents:
            writer.line("/// Events raised by actions; they go before events sent from outside.")
        }
        writer.line("\(unchecked)private var raisedEvents = EventQueue<\(queue.entryType)>()")
    }

    var drainQueue: DrainQueue? {
        DrainQueue(
            stage: .internalQueue, storage: "raisedEvents", next: "raisedEvents.popFirst()", binding: "next",
            holdsEvents: queue == .raisedEvents
        ) { writer in
            guard queue == .raisedEventsAndCompletions else {
                writer.line("step(next)")
                return
            }
            writer.line("switch next {")
            writer.line("case .raised(let event): step(event)")
            writer.line("case .completed(let completed):")
            writer.indented { writer in
                writer.line(plan.takesEventlessTransitions ? "if complete(completed) { takeEventlessTransitions() }" : "_ = complete(completed)")
            }
            writer.line("}")
        }
    }
}
