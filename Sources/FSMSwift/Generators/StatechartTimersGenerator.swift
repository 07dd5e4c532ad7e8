import FSMCore

/// The timers of a nested machine: each state with `after` transitions has a slot of timers
/// that run while it is active, at any depth, whatever its children do.
final class StatechartTimersGenerator: PlanReader {
    let plan: SwiftPlan
    let spelling: SwiftSpelling
    let bodies: TransitionBodyWriter

    init(plan: SwiftPlan, spelling: SwiftSpelling, bodies: TransitionBodyWriter) {
        self.plan = plan
        self.spelling = spelling
        self.bodies = bodies
    }
}

extension StatechartTimersGenerator {
    func emitHierarchicalTimers(into writer: inout CodeWriter) {
        writer.line("// MARK: - Timers")
        writer.line()
        writer.block("private func startTimer(slot: Int, group: Int, after delay: Duration)") { writer in
            writer.closure("timers.start(slot: slot, after: delay, on: clock, isolation: isolation) { [weak self] entry in") { writer in
                writer.line("self?.timerFired(slot: slot, group: group, entry: entry)")
            }
        }
        writer.line()
        writer.line("/// Starts the timers of `state`'s `after` transitions, one per delay; `state` is active.")
        writer.block("private func startTimers(of state: StateID)") { writer in
            let timed = timerSlots.timedStates.map { model[$0] }
            emitStateSwitch(timed, into: &writer) { state, writer in
                let slot = spelling.timerSlot(of: state.id)!
                let delays = machine.timers[state.id.index].map(\.delay)
                var read: Set<String> = []
                for case .computed(let name) in delays { read.formUnion(valueFunctionsByName[name]!.data.map { $0.label! }) }
                spelling.emitDataBinding(of: state.id, for: read, into: &writer)
                writer.line("timers.enter(slot: \(slot))")
                for (group, delay) in delays.enumerated() {
                    writer.line("startTimer(slot: \(slot), group: \(group), after: \(spelling.delayCode(delay)))")
                }
            }
        }
        writer.line()
        writer.line("/// Starts the timers of every active state again: a restored machine's.")
        writer.block("private func restartTimers()") { writer in
            if machine.hasParallelStates {
                writer.block("for state in StateID.allCases where isIn(state)") { writer in
                    writer.line("startTimers(of: state)")
                }
                return
            }
            writer.line("var active: StateID? = Self.activeLeaf(of: state)")
            writer.block("while let state = active") { writer in
                writer.line("startTimers(of: state)")
                writer.line("active = Self.parent(of: state)")
            }
        }
        writer.line()
        writer.block("private func timerFired(slot: Int, group: Int, entry: UInt64)") { writer in
            writer.block("guard !isInStep else") { writer in
                writer.line("pendingEvents.append(.timer(slot: slot, group: group, entry: entry))")
                writer.line("return")
            }
            writer.line("isInStep = true")
            plan.recording.writeStepOpened(by: "recordTimer()", into: &writer)
            writer.line("fireTimer(slot: slot, group: group, entry: entry)")
            writer.line("drainQueues()")
            writeStepEnd(into: &writer)
        }
        writer.line()
        writer.line("/// Takes the first `after` transition of a timer whose guard holds, unless its state was")
        writer.line("/// left since the timer started; then the eventless transitions that follow.")
        writer.block("private func fireTimer(slot: Int, group: Int, entry: UInt64)") { writer in
            writer.line("guard timers.isCurrent(entry, slot: slot) else { return }")
            writer.line(plan.takesEventlessTransitions
                ? "if takeTimerTransition(slot: slot, group: group) { takeEventlessTransitions() }"
                : "_ = takeTimerTransition(slot: slot, group: group)")
        }
        writer.line()
        writer.block("private func takeTimerTransition(slot: Int, group: Int) -> Bool") { writer in
            writer.line("switch (slot, group) {")
            for (slot, state) in timerSlots.timedStates.enumerated() {
                for (group, timer) in machine.timers[state.index].enumerated() {
                    writer.line("case (\(slot), \(group)):")
                    writer.indented { writer in
                        let position = bodies.emitActiveGuard(of: state, binding: timer.transitions, required: shape.hasStateData, into: &writer)
                        let leaves = bodies.emitGuardedSequence(timer.transitions, from: position, event: "nil", ending: .returnTrue, into: &writer).leaves
                        if !leaves { writer.line("return false") }
                    }
                }
            }
            writer.line("default:")
            writer.indented { writer in writer.line("return false") }
            writer.line("}")
        }
        writer.line()
    }

}
