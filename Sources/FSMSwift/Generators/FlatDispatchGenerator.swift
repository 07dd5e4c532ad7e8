import FSMCore

/// The dispatch: `switch` over the current state, then over the event, in document order.
final class FlatDispatchGenerator: PlanReader {
    let plan: SwiftPlan
    let spelling: SwiftSpelling

    init(plan: SwiftPlan, spelling: SwiftSpelling) {
        self.plan = plan
        self.spelling = spelling
    }
}

extension FlatDispatchGenerator {
    /// Transitions of one state (or the machine level) taking one event, in document order.
    struct EventGroup {
        package var event: EventID
        var transitions: [TransitionModel]
    }

    /// The `on` transitions an owner offers, grouped by event in order of first declaration,
    /// as the executable machine lists them (none it never takes).
    func eventGroups(of owner: ExecutableMachine.Owner) -> [EventGroup] {
        machine.eventGroups(of: owner).map { group in
            EventGroup(event: group.event, transitions: group.transitions.map { machine[$0].declaration })
        }
    }

    func emitDispatch(into writer: inout CodeWriter) {
        writer.line("/// Takes the first transition whose guard holds: the current state's, then the")
        writer.line("/// machine-level ones. Returns `false` when none does.")
        writer.line("@inline(__always)")
        eventFunction("private func handle(_ event: Event) -> Bool", into: &writer) { writer in
            emitEventSwitches(into: &writer)
        }
        writer.line()
        if plan.takesEventlessTransitions { emitEventlessTransitions(into: &writer) }
    }

    /// `switch state`, then `switch event` in each state, then the machine-level transitions:
    /// the body of `handle(_:)`. Taking a transition returns `true`.
    private func emitEventSwitches(into writer: inout CodeWriter) {
        guard !model.events.isEmpty else {
            writer.line("switch event {}")
            return
        }
        let handlingStates = model.states.compactMap { state in
            let groups = eventGroups(of: .state(state.id))
            return groups.isEmpty ? nil : (state: state, groups: groups)
        }
        var everyPathReturns = false
        if !handlingStates.isEmpty {
            writer.line("switch state {")
            var everyStateReturns = true
            for (state, groups) in handlingStates {
                writer.line("case .\(state.name):")
                writer.indented { writer in
                    let returns = emitEventSwitch(groups, into: &writer)
                    everyStateReturns = everyStateReturns && returns
                }
            }
            if handlingStates.count < model.states.count {
                writer.line("default:")
                writer.indented { writer in writer.line("break") }
                everyStateReturns = false
            }
            writer.line("}")
            everyPathReturns = everyStateReturns
        }
        guard !everyPathReturns else { return }
        let machineGroups = eventGroups(of: .machine)
        if !machineGroups.isEmpty {
            writer.line("// Machine-level transitions, for events the current state does not take.")
            if emitEventSwitch(machineGroups, into: &writer) { return }
        }
        writer.line("return false")
    }

    /// `switch event { … }` over the groups; returns whether every path leaves the function.
    private func emitEventSwitch(_ groups: [EventGroup], into writer: inout CodeWriter) -> Bool {
        writer.line("switch event {")
        var everyGroupLeaves = true
        for group in groups {
            writer.line("case ", spelling.pattern(for: group.event, binding: spelling.usedPayload(of: group.transitions)), ":")
            writer.indented { writer in
                let sequence = GuardedSequence(group.transitions) { self.spelling.guardCode($0, event: group.event, receiver: "actions") }
                let written = sequence.writeBlocks(into: &writer) { branch, writer in
                    emitTransitionBody(group.transitions[branch.position], event: "event", returningTrue: true, into: &writer)
                }
                everyGroupLeaves = everyGroupLeaves && written.leaves
            }
        }
        let coversAllEvents = groups.count == model.events.count
        if !coversAllEvents {
            writer.line("default:")
            writer.indented { writer in writer.line("break") }
        }
        writer.line("}")
        return coversAllEvents && everyGroupLeaves
    }

    // MARK: - Transitions

    /// What taking a transition does: exit, transition actions, entry, notification.
    ///
    /// The Swift compiler type-checks each statement on its own, and a machine of 10,000
    /// transitions has as many of these: a transition without actions or with one action is
    /// one call (the action an autoclosure that `transition(from:to:on:running:)` runs between
    /// exit and entry), and in `handle(_:)` (`returningTrue`) the call is the `return` statement.
    func emitTransitionBody(_ transition: TransitionModel, event: String, returningTrue: Bool = false, into writer: inout CodeWriter) {
        let returning = returningTrue ? "return " : ""
        guard let target = transition.target else {
            spelling.emitActions(transition.actions, payloadOf: transition.trigger, into: &writer)
            if returningTrue { writer.line("return true") }
            return
        }
        let source = spelling.sourceExpression(transition)
        // Written in parts (see `CodeWriter.line(_:)`); the target is a case of `State`.
        let targetName = model[target].name
        switch transition.actions.count {
        case 0:
            writer.line(returning, "transition(from: ", source, ", to: .", targetName, ", on: ", event, ")")
        case 1:
            let action = spelling.actionCode(transition.actions[0], payloadOf: transition.trigger)
            writer.line(returning, "transition(from: ", source, ", to: .", targetName, ", on: ", event, ", running: ", action, ")")
        default:
            writer.line("exitState(\(source))")
            spelling.emitActions(transition.actions, payloadOf: transition.trigger, into: &writer)
            writer.line("\(returning)enterState(.\(targetName), from: \(source), on: \(event))")
        }
    }

    // MARK: - Eventless transitions

    private func emitEventlessTransitions(into writer: inout CodeWriter) {
        let eventless = { (state: StateModel) in self.machine.transitions(of: .state(state.id), for: .always) }
        let states = model.states.filter { !eventless($0).isEmpty }
        writer.line("/// Takes eventless transitions until none is enabled.")
        writer.block("private func takeEventlessTransitions()") { writer in
            writer.block("while true") { writer in
                writer.line("switch state {")
                for state in states {
                    writer.line("case .\(state.name):")
                    writer.indented { writer in
                        let transitions = eventless(state).map { machine[$0].declaration }
                        let sequence = GuardedSequence(transitions) { self.spelling.guardCode($0, event: nil, receiver: "actions") }
                        let written = sequence.writeBlocks(into: &writer) { branch, writer in
                            emitTransitionBody(transitions[branch.position], event: "nil", into: &writer)
                            if branch.condition != nil { writer.line("continue") }
                        }
                        if !written.leaves { writer.line("return") }
                    }
                }
                if states.count < model.states.count {
                    writer.line("default:")
                    writer.indented { writer in writer.line("return") }
                }
                writer.line("}")
            }
        }
        writer.line()
    }
}
