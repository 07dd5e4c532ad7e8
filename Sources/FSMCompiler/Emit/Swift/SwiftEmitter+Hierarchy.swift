/// The dispatch of a nested machine: events, eventless transitions and completions, each a
/// walk of the state tree in the executable machine's priority order, and what taking a
/// transition does (exits, actions, entries along the paths the executable machine planned).
extension SwiftEmitter {
    /// How the code of a taken transition ends.
    enum BodyEnding {
        /// `return true`: the trigger was taken (`handle(_:)`, timers, completions).
        case returnTrue
        /// `continue`: look for the next eventless transition.
        case continueLoop
    }

    func emitHierarchicalDispatch(into writer: inout CodeWriter) {
        writer.line("/// Takes the first transition whose guard holds: the active atomic state's, then those of")
        writer.line("/// the states around it, outward, then the machine level's. Returns `false` when none does.")
        writer.line("@inline(__always)")
        writer.block("private func handle(_ event: Event) -> Bool") { writer in
            let relevant = subtreesDeclaring { !eventGroups(of: .state($0)).isEmpty }
            var leaves = emitStateTree(model.topLevelStates, subject: "state", relevant: relevant, into: &writer) { state, leaf, writer in
                emitEventSwitch(eventGroups(of: .state(state)), into: &writer, condition: liveCondition) { id, writer in
                    emitBody(id, atLeaf: leaf, event: "event", ending: .returnTrue, into: &writer)
                }
            }
            if !leaves {
                let machineGroups = eventGroups(of: .machine)
                if !machineGroups.isEmpty {
                    writer.line("// Machine-level transitions, for events no active state takes.")
                    leaves = emitEventSwitch(machineGroups, into: &writer, condition: liveCondition) { id, writer in
                        emitBody(id, atLeaf: nil, event: "event", ending: .returnTrue, into: &writer)
                    }
                }
            }
            if !leaves { writer.line("return false") }
        }
        writer.line()
        if hasEventless { emitHierarchicalEventless(into: &writer) }
        if hasCompletion { emitCompletion(into: &writer) }
    }

    /// A guard as the running machine evaluates it.
    func liveCondition(_ guardModel: GuardModel, _ event: EventID?) -> String? {
        guardCode(guardModel, event: event, receiver: "actions")
    }

    private func emitHierarchicalEventless(into writer: inout CodeWriter) {
        writer.line("/// Takes eventless transitions until none is enabled, innermost states first.")
        writer.block("private func takeEventlessTransitions()") { writer in
            writer.block("while true") { writer in
                let relevant = subtreesDeclaring { !machine.transitions(of: .state($0), for: .always).isEmpty }
                let leaves = emitStateTree(model.topLevelStates, subject: "state", relevant: relevant, into: &writer) { state, leaf, writer in
                    emitGuardedSequence(machine.transitions(of: .state(state), for: .always), atLeaf: leaf, event: "nil", ending: .continueLoop, into: &writer)
                }
                if !leaves { writer.line("return") }
            }
        }
        writer.line()
    }

    /// Completions: the `done` transitions of each compound state that declares some.
    private func emitCompletion(into writer: inout CodeWriter) {
        let completing = model.states.filter { !machine.transitions(of: .state($0.id), for: .done($0.id)).isEmpty }
        writer.line("/// Takes the first `done` transition of `completed` whose guard holds, if it is still")
        writer.line("/// active: its completion waited in the internal queue like a raised event.")
        writer.block("private func complete(_ completed: StateID) -> Bool") { writer in
            writer.line("switch completed {")
            for state in completing {
                writer.line("case .\(state.name):")
                writer.indented { writer in
                    writer.line("guard isIn(.\(state.name)) else { return false }")
                    let leaves = emitGuardedSequence(
                        machine.transitions(of: .state(state.id), for: .done(state.id)), atLeaf: nil, event: "nil",
                        ending: .returnTrue, into: &writer)
                    if !leaves { writer.line("return false") }
                }
            }
            writer.line("default:")
            writer.indented { writer in writer.line("return false") }
            writer.line("}")
        }
        writer.line()
    }

    /// Transitions tried in order, each `if guard { take it }`, up to the first unguarded one.
    /// Returns whether every path leaves.
    @discardableResult
    func emitGuardedSequence(
        _ transitions: [TransitionID], atLeaf leaf: StateID?, event: String, ending: BodyEnding, into writer: inout CodeWriter
    ) -> Leaves {
        for id in transitions {
            if let guardModel = machine[id].declaration.guardExpression, let code = liveCondition(guardModel, nil) {
                writer.block("if \(code)") { writer in emitBody(id, atLeaf: leaf, event: event, ending: ending, into: &writer) }
            } else {
                emitBody(id, atLeaf: leaf, event: event, ending: ending, into: &writer)
                return true
            }
        }
        return false
    }

    // MARK: - Taking a transition

    /// What taking a transition does, in SCXML's microstep order: the states below its domain
    /// exited innermost first (histories remembered), its actions, the new configuration, the
    /// states of its entry plan entered outermost first, the notification.
    ///
    /// `leaf` is the active atomic state when the code runs only there; the exits are then
    /// written out. Otherwise `exitStates(keeping:)` exits whatever is active.
    func emitBody(_ id: TransitionID, atLeaf leaf: StateID?, event: String, ending: BodyEnding, into writer: inout CodeWriter) {
        let transition = machine[id]
        let trigger = transition.declaration.trigger
        guard let entry = transition.entry else {
            emitActions(transition.declaration.actions, payloadOf: trigger, into: &writer)
            writer.line(ending == .returnTrue ? "return true" : "continue")
            return
        }
        writer.line("let source = state")
        if let leaf {
            let path = machine.path(to: leaf)
            for state in machine.exitSequence(of: id, atLeaf: leaf) {
                if model[state].history != nil {
                    let inside = path[(machine.depth(of: state) + 1)...]
                    writer.line("history.\(model[state].name) = \(SwiftNames.configuration(path: inside, in: model))")
                }
                writer.line("exitState(.\(model[state].name))")
            }
        } else {
            writer.line("exitStates(keeping: \(transition.domain.map { machine.depth(of: $0) + 1 } ?? 0))")
        }
        emitActions(transition.declaration.actions, payloadOf: trigger, into: &writer)
        if let owner = entry.restoresHistoryOf {
            writer.line("let restored = Self.restored\(SwiftNames.stateTypeName(model[owner].name))(history.\(model[owner].name))")
            writer.line("state = \(configuration(restoring: owner, inside: "restored"))")
            for state in entry.states {
                writer.line("enterState(.\(model[state].name))")
            }
            writer.line("enterStates(inside\(SwiftNames.stateTypeName(model[owner].name)): restored)")
        } else {
            writer.line("state = \(SwiftNames.configuration(atLeaf: entry.states.last!, in: model))")
            for state in entry.states {
                writer.line("enterState(.\(model[state].name))")
            }
        }
        switch ending {
        case .returnTrue:
            writer.line("return transitioned(from: source, on: \(event))")
        case .continueLoop:
            writer.line("transitioned(from: source, on: \(event))")
            writer.line("continue")
        }
    }

    /// The configuration with `owner`'s path active and `inside` (an expression of its nested
    /// type) within it: `.app(.player(restored))`.
    func configuration(restoring owner: StateID, inside: String) -> String {
        machine.path(to: owner).reversed().reduce(inside) { inner, state in ".\(model[state].name)(\(inner))" }
    }

    // MARK: - Entering and leaving states

    func emitHierarchicalStateChanges(into writer: inout CodeWriter) {
        writer.line("// MARK: - Entering and leaving states")
        writer.line()
        writer.line("/// Runs `state`'s exit actions, stops its timers and tells the observers.")
        writer.block("private func exitState(_ state: StateID)") { writer in
            let exiting = model.states.filter { !$0.exitActions.isEmpty || timerSlot(of: $0.id) != nil }
            emitStateSwitch(exiting, into: &writer) { state, writer in
                if let slot = timerSlot(of: state.id) { writer.line("cancelTimers(slot: \(slot))") }
                emitActions(state.exitActions, payloadOf: nil, into: &writer)
            }
            writer.line("notify(.exited(state))")
        }
        writer.line()
        writer.line("/// Runs `state`'s entry actions, starts its timers, tells the observers, and queues the")
        writer.line("/// completion of the state a final state completes. `state` is active already.")
        writer.block("private func enterState(_ state: StateID)") { writer in
            let entering = model.states.filter {
                !$0.entryActions.isEmpty || timerSlot(of: $0.id) != nil || machine.completedParent(ofFinal: $0.id) != nil
            }
            emitStateSwitch(entering, into: &writer) { state, writer in
                emitActions(state.entryActions, payloadOf: nil, into: &writer)
                if let slot = timerSlot(of: state.id) {
                    writer.line("timerEntries[\(slot)] &+= 1")
                    for (group, timer) in machine.timers[state.id.index].enumerated() {
                        writer.line("startTimer(slot: \(slot), group: \(group), after: \(SwiftNames.duration(timer.delay)))")
                    }
                }
                if let parent = machine.completedParent(ofFinal: state.id) {
                    writer.line("raisedEvents.append(.completed(.\(model[parent].name)))")
                }
            }
            writer.line("notify(.entered(state))")
        }
        writer.line()
        emitExitStates(into: &writer)
        writer.line("/// Tells the observers about the transition that left `source`; returns `true`, which")
        writer.line("/// `handle(_:)` returns.")
        writer.line("@discardableResult @inline(__always)")
        writer.block("private func transitioned(from source: State, on event: Event?) -> Bool") { writer in
            writer.line("notify(.transitioned(Transition(source: source, event: event, target: state)))")
            writer.line("return true")
        }
        writer.line()
        for owner in historyOwners { emitHistoryRestore(of: owner, into: &writer) }
    }

    /// `exitStates(keeping:)`: exits the active states below the first `depth` levels.
    private func emitExitStates(into writer: inout CodeWriter) {
        writer.line("/// Exits the active states below the outermost `depth` levels (all of them for 0),")
        writer.line("/// innermost first, remembering the histories of those that keep one.")
        writer.block("private func exitStates(keeping depth: Int)") { writer in
            writer.line("switch state {")
            for leaf in machine.atomicStates {
                let path = machine.path(to: leaf)
                writer.line("case \(SwiftNames.configuration(atLeaf: leaf, in: model)):")
                writer.indented { writer in
                    for level in stride(from: path.count - 1, through: 0, by: -1) {
                        let state = model[path[level]]
                        if level < path.count - 1 {
                            writer.line(level == 0 ? "guard depth == 0 else { return }" : "guard depth <= \(level) else { return }")
                        }
                        if state.history != nil {
                            writer.line("history.\(state.name) = \(SwiftNames.configuration(path: path[(level + 1)...], in: model))")
                        }
                        writer.line("exitState(.\(state.name))")
                    }
                }
            }
            writer.line("}")
        }
        writer.line()
    }

    /// `restoredX(_:)` and `enterStates(insideX:)` for a state with history.
    private func emitHistoryRestore(of owner: StateID, into writer: inout CodeWriter) {
        let state = model[owner]
        let type = SwiftNames.stateTypeName(state.name)
        let leaves = machine.atomicStates.filter { $0 != owner && machine.path(to: $0).contains(owner) }
        func inside(_ path: [StateID]) -> String {
            SwiftNames.configuration(path: path[(machine.depth(of: owner) + 1)...], in: model)
        }
        let initial = inside(machine.path(to: owner) + machine.defaultDescent(of: owner))
        writer.line("/// What `-> \(state.name).history` enters inside `\(state.name)`: \(state.history == .deep ? "the configuration remembered" : "the child remembered, from its initial state"),")
        writer.line("/// or `\(state.name)`'s initial states before it was ever left.")
        writer.block("\(access)static func restored\(type)(_ remembered: State.\(type)?) -> State.\(type)") { writer in
            if state.history == .deep {
                writer.line("remembered ?? \(initial)")
                return
            }
            writer.line("switch remembered {")
            writer.line("case nil: \(initial)")
            for child in state.children {
                let pattern = model[child].isCompound ? ".\(model[child].name)?" : ".\(model[child].name)?"
                writer.line("case \(pattern): \(inside(machine.path(to: child) + machine.defaultDescent(of: child)))")
            }
            writer.line("}")
        }
        writer.line()
        writer.line("/// Enters the states of `configuration` inside `\(state.name)`, outermost first.")
        writer.block("private func enterStates(inside\(type) configuration: State.\(type))") { writer in
            writer.line("switch configuration {")
            for leaf in leaves {
                let path = machine.path(to: leaf)
                writer.line("case \(inside(path)):")
                writer.indented { writer in
                    for entered in path[(machine.depth(of: owner) + 1)...] {
                        writer.line("enterState(.\(model[entered].name))")
                    }
                }
            }
            writer.line("}")
        }
        writer.line()
    }

    /// The slot of a state's timers in the generated `timers` array, if it has `after`
    /// transitions.
    func timerSlot(of state: StateID) -> Int? {
        timerSlots[state.index]
    }
}
