import FSMCore

/// `drainQueues()`: the queues the parts fill (``RunningMachineParts/drainQueues``), then the
/// events sent from outside, in one loop whose form is the cheapest the queues allow.
extension RunningClassGenerator {
    func emitDrain(into writer: inout CodeWriter) {
        let queues = parts.drainQueues
        if let stepEnded = parts.stepEndedWork {
            emitDrain(queues, around: stepEnded, into: &writer)
        } else if queues.contains(where: { !$0.holdsEvents }) {
            emitDrainChain(queues, into: &writer)
        } else {
            // Every queue holds events: one `while let` takes the first of them all.
            let asStimulus = plan.hasAsynchronousWork ? ".map(Stimulus.event)" : ""
            let taken = queues.map { "\($0.next)\(asStimulus) ?? " }.joined()
            if plan.hasAsynchronousWork {
                writer.block("while let next = \(taken)pendingEvents.popFirst()") { writer in
                    emitStimulusSwitch(into: &writer)
                }
            } else {
                writer.block("while let event = \(taken)pendingEvents.popFirst()") { writer in
                    writer.line("step(event)")
                }
            }
        }
    }

    /// The loop of a machine with work for the end of a step: the internal queue, then that
    /// work, then the other queues and the events from outside, each taken anew from the top.
    private func emitDrain(_ queues: [DrainQueue], around stepEnded: StepEndedWork, into writer: inout CodeWriter) {
        writer.block("while true") { writer in
            for queue in queues where queue.stage == .internalQueue {
                emitTake(queue, into: &writer)
            }
            for line in stepEnded.lines { writer.line(line) }
            for queue in queues where queue.stage > .internalQueue {
                emitTake(queue, into: &writer)
            }
            writer.line("guard let next = pendingEvents.popFirst() else { return }")
            emitStimulusSwitch(into: &writer)
        }
    }

    /// `if let next = raisedEvents.popFirst() { … continue }`
    private func emitTake(_ queue: DrainQueue, into writer: inout CodeWriter) {
        writer.block("if let \(queue.binding) = \(queue.next)") { writer in
            queue.handle(&writer)
            writer.line("continue")
        }
    }

    /// The loop of a machine whose internal queue holds more than events: one `if`/`else if`
    /// chain over the queues.
    private func emitDrainChain(_ queues: [DrainQueue], into writer: inout CodeWriter) {
        writer.block("while true") { writer in
            for (index, queue) in queues.enumerated() {
                writer.line("\(index == 0 ? "" : "} else ")if let \(queue.binding) = \(queue.next) {")
                writer.indented { writer in queue.handle(&writer) }
            }
            writer.line("} else if let next = pendingEvents.popFirst() {")
            writer.indented { writer in
                if plan.hasAsynchronousWork {
                    emitStimulusSwitch(into: &writer)
                } else {
                    writer.line("step(next)")
                }
            }
            writer.line("} else {")
            writer.indented { writer in writer.line("return") }
            writer.line("}")
        }
    }

    /// Hands `next`, a `Stimulus`, on.
    private func emitStimulusSwitch(into writer: inout CodeWriter) {
        writer.line("switch next {")
        writer.line("case .event(let event): step(event)")
        for stimulus in parts.stimulusCases { writer.line(stimulus.handling) }
        writer.line("}")
    }
}
