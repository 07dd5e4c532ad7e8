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

    /// The `on` transitions of a list grouped by event, groups in order of first appearance.
    func eventGroups(_ transitions: [TransitionModel]) -> [EventGroup] {
        // Sized for the transitions up front: growing a table rehashes it, each time.
        var groups: [EventGroup] = []
        groups.reserveCapacity(transitions.count)
        var position = [EventID: Int](minimumCapacity: transitions.count)
        for transition in transitions {
            guard case .event(let event) = transition.trigger else { continue }
            if let index = position[event] {
                groups[index].transitions.append(transition)
            } else {
                position[event] = groups.count
                groups.append(EventGroup(event: event, transitions: [transition]))
            }
        }
        return groups
    }

    func emitDispatch(into writer: inout CodeWriter) {
        writer.line("/// Takes the first transition whose guard holds: the current state's, then the")
        writer.line("/// machine-level ones. Returns `false` when none does.")
        writer.line("@inline(__always)")
        eventFunction("private func handle(_ event: Event) -> Bool", into: &writer) { writer in
            emitEventSwitches(into: &writer)
        }
        writer.line()
        if features.contains(.eventless) { emitEventlessTransitions(into: &writer) }
    }

    /// `switch state`, then `switch event` in each state, then the machine-level transitions:
    /// the body of `handle(_:)`. Taking a transition returns `true`.
    private func emitEventSwitches(into writer: inout CodeWriter) {
        guard !model.events.isEmpty else {
            writer.line("switch event {}")
            return
        }
        let handlingStates = model.states.filter { state in
            state.transitions.contains { if case .event = $0.trigger { true } else { false } }
        }
        var everyPathReturns = false
        if !handlingStates.isEmpty {
            writer.line("switch state {")
            var everyStateReturns = true
            for state in handlingStates {
                writer.line("case .\(state.name):")
                writer.indented { writer in
                    let returns = emitEventSwitch(eventGroups(state.transitions), into: &writer)
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
        let machineGroups = eventGroups(model.machineTransitions)
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
        let states = model.states.filter { $0.transitions.contains { $0.trigger == .always } }
        writer.line("/// Takes eventless transitions until none is enabled.")
        writer.block("private func takeEventlessTransitions()") { writer in
            writer.block("while true") { writer in
                writer.line("switch state {")
                for state in states {
                    writer.line("case .\(state.name):")
                    writer.indented { writer in
                        let transitions = state.transitions.filter { $0.trigger == .always }
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
