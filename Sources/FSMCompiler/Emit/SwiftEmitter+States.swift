/// Entering and leaving states, timers, notifications.
extension SwiftEmitter {
    func emitStateChanges(into writer: inout CodeWriter) {
        writer.line("// MARK: - Entering and leaving states")
        writer.line()
        writer.block("private func exitState(_ state: State)") { writer in
            if hasTimers {
                writer.block("if !timers.isEmpty") { writer in
                    writer.line("cancelTimers()")
                }
            }
            emitStateSwitch(model.states.filter { !$0.exitActions.isEmpty }, into: &writer) { state, writer in
                emitActions(state.exitActions, payloadOf: nil, into: &writer)
            }
            writer.line("notify(.exited(state))")
        }
        writer.line()
        writer.block("private func enterState(_ state: State)") { writer in
            writer.line("self.state = state")
            if hasTimers { writer.line("stateEntryCount &+= 1") }
            emitStateSwitch(model.states.filter { !$0.entryActions.isEmpty }, into: &writer) { state, writer in
                emitActions(state.entryActions, payloadOf: nil, into: &writer)
            }
            if hasTimers { writer.line("startTimers(for: state)") }
            writer.line("notify(.entered(state))")
        }
        writer.line()
    }

    /// `switch state { case .a: … default: break }` over some states; nothing when none.
    func emitStateSwitch(_ states: [StateModel], into writer: inout CodeWriter, body: (StateModel, inout CodeWriter) -> Void) {
        guard !states.isEmpty else { return }
        writer.line("switch state {")
        for state in states {
            writer.line("case .\(state.name):")
            writer.indented { writer in body(state, &writer) }
        }
        if states.count < model.states.count {
            writer.line("default:")
            writer.indented { writer in writer.line("break") }
        }
        writer.line("}")
    }

    func emitTimers(into writer: inout CodeWriter) {
        let timed = model.states.filter { state in state.transitions.contains { if case .after = $0.trigger { true } else { false } } }
        writer.line("// MARK: - Timers")
        writer.line()
        writer.line("/// Starts the timers of the `after` transitions of `state`.")
        writer.block("private func startTimers(for state: State)") { writer in
            emitStateSwitch(timed, into: &writer) { state, writer in
                for (index, delay) in delays(of: state).enumerated() {
                    writer.line("startTimer(\(index), after: \(SwiftNames.duration(delay)))")
                }
            }
        }
        writer.line()
        writer.block("private func startTimer(_ index: Int, after delay: Duration)") { writer in
            writer.line("let entry = stateEntryCount")
            writer.closure("timers.append(clock.schedule(after: delay, isolation: isolation) { [weak self] in", closing: "})") { writer in
                writer.line("self?.timerFired(index, entry: entry)")
            }
        }
        writer.line()
        writer.block("private func cancelTimers()") { writer in
            writer.block("for timer in timers") { writer in
                writer.line("timer.cancel()")
            }
            writer.line("timers.removeAll(keepingCapacity: true)")
        }
        writer.line()
        writer.block("private func timerFired(_ index: Int, entry: UInt64)") { writer in
            writer.block("guard !isInStep else") { writer in
                writer.line("pendingEvents.append(.timer(index, entry: entry))")
                writer.line("return")
            }
            writer.line("isInStep = true")
            writer.line("fireTimer(index, entry: entry)")
            writer.line("drainQueues()")
            writer.line("isInStep = false")
        }
        writer.line()
        writer.line("/// Takes the `after` transition `index` of the current state, unless the state was left")
        writer.line("/// since the timer started.")
        writer.block("private func fireTimer(_ index: Int, entry: UInt64)") { writer in
            writer.line("guard entry == stateEntryCount else { return }")
            writer.line("switch (state, index) {")
            for state in timed {
                let transitions = state.transitions.filter { if case .after = $0.trigger { true } else { false } }
                for (index, transition) in transitions.enumerated() {
                    writer.line("case (.\(state.name), \(index)):")
                    writer.indented { writer in
                        if let condition = transition.guardExpression.flatMap({ guardCode($0, event: nil, receiver: "actions") }) {
                            writer.line("guard \(condition) else { return }")
                        }
                        emitTransitionBody(transition, event: "nil", into: &writer)
                    }
                }
            }
            writer.line("default:")
            writer.indented { writer in writer.line("return") }
            writer.line("}")
            if hasEventless { writer.line("takeEventlessTransitions()") }
        }
        writer.line()
    }

    private func delays(of state: StateModel) -> [DurationModel] {
        state.transitions.compactMap { if case .after(let delay) = $0.trigger { delay } else { nil } }
    }

    func emitNotifications(into writer: inout CodeWriter) {
        writer.line("/// Builds the notification only when somebody observes.")
        writer.line("@inline(__always)")
        writer.block("private func notify(_ notification: @autoclosure () -> Notification)") { writer in
            writer.block("if !observers.isEmpty") { writer in
                writer.line("observers.notify(notification())")
            }
        }
        writer.line()
    }
}
