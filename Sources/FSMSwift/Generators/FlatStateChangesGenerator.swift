import FSMCore

/// Entering and leaving states, timers, notifications.
final class FlatStateChangesGenerator: PlanReader {
    let plan: SwiftPlan
    let spelling: SwiftSpelling
    let dispatch: FlatDispatchGenerator

    init(plan: SwiftPlan, spelling: SwiftSpelling, dispatch: FlatDispatchGenerator) {
        self.plan = plan
        self.spelling = spelling
        self.dispatch = dispatch
    }
}

extension FlatStateChangesGenerator {
    func emitStateChanges(into writer: inout CodeWriter) {
        writer.line("// MARK: - Entering and leaving states")
        writer.line()
        writer.block("private func exitState(_ state: State)") { writer in
            if parts.timers != nil { writer.line("timers.cancel(slot: 0)") }
            emitStateSwitch(model.states.filter { !$0.exitActions.isEmpty }, into: &writer) { state, writer in
                spelling.emitActions(state.exitActions, payloadOf: nil, into: &writer)
            }
            writer.line("notify(.exits, .exited(state))")
        }
        writer.line()
        writer.block("private func enterState(_ state: State)") { writer in
            writer.line("self.state = state")
            if parts.timers != nil { writer.line("timers.enter(slot: 0)") }
            emitStateSwitch(model.states.filter { !$0.entryActions.isEmpty }, into: &writer) { state, writer in
                spelling.emitActions(state.entryActions, payloadOf: nil, into: &writer)
            }
            if parts.timers != nil { writer.line("startTimers(for: state)") }
            writer.line("notify(.entries, .entered(state))")
        }
        writer.line()
        writer.line("/// Enters `target` at the end of a transition from `source`, and tells the observers.")
        writer.line("/// Returns `true`, which `handle(_:)` returns: the event was taken.")
        writer.line("@discardableResult @inline(__always)")
        writer.block("private func enterState(_ target: State, from source: State, on event: Event?) -> Bool") { writer in
            writer.line("enterState(target)")
            writer.line("notify(.transitions, .transitioned(Transition(source: source, event: event, target: target)))")
            writer.line("return true")
        }
        writer.line()
        writer.line("/// A transition without actions. Returns `true`, which `handle(_:)` returns.")
        writer.line("@discardableResult @inline(__always)")
        writer.block("private func transition(from source: State, to target: State, on event: Event?) -> Bool") { writer in
            writer.line("exitState(source)")
            writer.line("return enterState(target, from: source, on: event)")
        }
        writer.line()
        if plan.hasSingleActionTransitions {
            writer.line("/// A transition with one action, which runs between leaving `source` and entering")
            writer.line("/// `target`. Returns `true`, which `handle(_:)` returns.")
            writer.line("@discardableResult @inline(__always)")
            writer.block("private func transition(from source: State, to target: State, on event: Event?, running action: @autoclosure () -> Void) -> Bool") { writer in
                writer.line("exitState(source)")
                writer.line("action()")
                writer.line("return enterState(target, from: source, on: event)")
            }
            writer.line()
        }
    }

    /// The `after` transitions of `state` grouped by delay, groups in order of first
    /// appearance, as the executable machine's timers hold them (none it never takes).
    func timerGroups(of state: StateModel) -> [(delay: TimerDelay, transitions: [TransitionModel])] {
        machine.timers[state.id.index].map { group in (group.delay, group.transitions.map { machine[$0].declaration }) }
    }

    func emitTimers(into writer: inout CodeWriter) {
        let timed = model.states.filter { !machine.timers[$0.id.index].isEmpty }
        writer.line("// MARK: - Timers")
        writer.line()
        writer.line("/// Starts the timers of the `after` transitions of `state`, one per delay.")
        writer.block("private func startTimers(for state: State)") { writer in
            emitStateSwitch(timed, into: &writer) { state, writer in
                for (index, group) in timerGroups(of: state).enumerated() {
                    writer.line("startTimer(\(index), after: \(spelling.delayCode(group.delay)))")
                }
            }
        }
        writer.line()
        writer.block("private func startTimer(_ index: Int, after delay: Duration)") { writer in
            writer.closure("timers.start(slot: 0, after: delay, on: clock, isolation: isolation) { [weak self] entry in") { writer in
                writer.line("self?.timerFired(index, entry: entry)")
            }
        }
        writer.line()
        writer.block("private func timerFired(_ index: Int, entry: UInt64)") { writer in
            writer.block("guard !isInStep else") { writer in
                writer.line("pendingEvents.append(.timer(index, entry: entry))")
                writer.line("return")
            }
            writer.line("isInStep = true")
            plan.recording.writeStepOpened(by: "recordTimer()", into: &writer)
            writer.line("fireTimer(index, entry: entry)")
            writer.line("drainQueues()")
            writeStepEnd(into: &writer)
        }
        writer.line()
        writer.line("/// Takes the first `after` transition of timer `index` of the current state whose guard")
        writer.line("/// holds, unless the state was left since the timer started.")
        writer.block("private func fireTimer(_ index: Int, entry: UInt64)") { writer in
            writer.line("guard timers.isCurrent(entry, slot: 0) else { return }")
            writer.line("switch (state, index) {")
            for state in timed {
                for (index, group) in timerGroups(of: state).enumerated() {
                    writer.line("case (.\(state.name), \(index)):")
                    writer.indented { writer in emitTimerGroup(group, into: &writer) }
                }
            }
            writer.line("default:")
            writer.indented { writer in writer.line("return") }
            writer.line("}")
            if plan.takesEventlessTransitions { writer.line("takeEventlessTransitions()") }
        }
        writer.line()
    }

    /// `if guard { … } else if guard { … } else { … }` over a timer's transitions; returns from
    /// `fireTimer` when no guard holds.
    private func emitTimerGroup(_ group: (delay: TimerDelay, transitions: [TransitionModel]), into writer: inout CodeWriter) {
        let sequence = GuardedSequence(group.transitions) { self.spelling.guardCode($0, event: nil, receiver: "actions") }
        if sequence.branches.count == 1, let only = sequence.branches.first {
            var body = CodeWriter()
            if let condition = only.condition { body.line("guard \(condition) else { return }") }
            dispatch.emitTransitionBody(group.transitions[only.position], event: "nil", into: &body)
            // `after 1s` alone: a timer that does nothing still needs a statement.
            if body.isEmpty { body.line("break") }
            writer.append(body)
            return
        }
        sequence.writeChain(into: &writer) { branch, writer in
            dispatch.emitTransitionBody(group.transitions[branch.position], event: "nil", into: &writer)
        } otherwise: { writer in
            writer.line("return")
        }
    }

}
