/// Entering and leaving states, timers, notifications.
extension SwiftEmitter {
    func emitStateChanges(into writer: inout CodeWriter) {
        writer.line("// MARK: - Entering and leaving states")
        writer.line()
        writer.block("private func exitState(_ state: State)") { writer in
            if hasTimers { writer.line("timers.cancel(slot: 0)") }
            emitStateSwitch(model.states.filter { !$0.exitActions.isEmpty }, into: &writer) { state, writer in
                emitActions(state.exitActions, payloadOf: nil, into: &writer)
            }
            writer.line("notify(.exits, .exited(state))")
        }
        writer.line()
        writer.block("private func enterState(_ state: State)") { writer in
            writer.line("self.state = state")
            if hasTimers { writer.line("timers.enter(slot: 0)") }
            emitStateSwitch(model.states.filter { !$0.entryActions.isEmpty }, into: &writer) { state, writer in
                emitActions(state.entryActions, payloadOf: nil, into: &writer)
            }
            if hasTimers { writer.line("startTimers(for: state)") }
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
        if hasSingleActionTransitions {
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

    /// `switch state { case .a: … default: break }` over some states (`State` cases in a flat
    /// machine, `StateID` cases in a nested one: both spell a state `.name`); nothing when none.
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

    /// The `after` transitions of one state that share a delay, in document order. One timer
    /// serves them all, so that their guards are tried in document order whatever order a
    /// clock fires simultaneous timers in (``TaskClock`` promises none).
    struct TimerGroup {
        var delay: DurationModel
        var transitions: [TransitionModel]
    }

    /// The `after` transitions of `state` grouped by delay, groups in order of first appearance.
    func timerGroups(of state: StateModel) -> [TimerGroup] {
        var groups: [TimerGroup] = []
        for transition in state.transitions {
            guard case .after(let delay) = transition.trigger else { continue }
            if let index = groups.firstIndex(where: { $0.delay.nanoseconds == delay.nanoseconds }) {
                groups[index].transitions.append(transition)
            } else {
                groups.append(TimerGroup(delay: delay, transitions: [transition]))
            }
        }
        return groups
    }

    func emitTimers(into writer: inout CodeWriter) {
        let timed = model.states.filter { !timerGroups(of: $0).isEmpty }
        writer.line("// MARK: - Timers")
        writer.line()
        writer.line("/// Starts the timers of the `after` transitions of `state`, one per delay.")
        writer.block("private func startTimers(for state: State)") { writer in
            emitStateSwitch(timed, into: &writer) { state, writer in
                for (index, group) in timerGroups(of: state).enumerated() {
                    writer.line("startTimer(\(index), after: \(SwiftNames.duration(group.delay)))")
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
            writer.line("fireTimer(index, entry: entry)")
            writer.line("drainQueues()")
            writer.line("isInStep = false")
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
            if hasEventless { writer.line("takeEventlessTransitions()") }
        }
        writer.line()
    }

    /// `if guard { … } else if guard { … } else { … }` over a timer's transitions; returns from
    /// `fireTimer` when no guard holds.
    private func emitTimerGroup(_ group: TimerGroup, into writer: inout CodeWriter) {
        var branches: [(transition: TransitionModel, condition: String?)] = []
        for transition in group.transitions {
            let condition = transition.guardExpression.flatMap { guardCode($0, event: nil, receiver: "actions") }
            branches.append((transition, condition))
            if condition == nil { break }      // unguarded or `else`: nothing after it can fire
        }
        if branches.count == 1, let only = branches.first {
            var body = CodeWriter()
            if let condition = only.condition { body.line("guard \(condition) else { return }") }
            emitTransitionBody(only.transition, event: "nil", into: &body)
            // `after 1s` alone: a timer that does nothing still needs a statement.
            if body.isEmpty { body.line("break") }
            writer.append(body)
            return
        }
        for (position, branch) in branches.enumerated() {
            if let condition = branch.condition {
                writer.line("\(position == 0 ? "" : "} else ")if \(condition) {")
            } else {
                writer.line("} else {")
            }
            writer.indented { writer in emitTransitionBody(branch.transition, event: "nil", into: &writer) }
        }
        if branches.last?.condition != nil {
            writer.line("} else {")
            writer.indented { writer in writer.line("return") }
        }
        writer.line("}")
    }

    func emitNotifications(into writer: inout CodeWriter) {
        writer.line("/// Builds a notification of `kind` only when some observer hears that kind.")
        writer.line("@inline(__always)")
        writer.block("private func notify(_ kind: NotificationKinds, _ notification: @autoclosure () -> Notification)") { writer in
            writer.block("if observers.hears(kind)") { writer in
                writer.line("deliver(kind, notification())")
            }
        }
        writer.line()
        emitDelivery(into: &writer)
    }
}
