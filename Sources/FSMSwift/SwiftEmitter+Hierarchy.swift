import FSMCore

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
        eventFunction("private func handle(_ event: Event) -> Bool", into: &writer) { writer in
            let relevant = subtreesDeclaring { !ownEventGroups(of: $0).isEmpty || regionAnalysis.sharesEvents($0) }
            let bindings = spelling.dataBindings(of: { walkedTransitions(at: $0, where: \.isEvent) }, pure: false)
            let exitsFromCompound = { (state: StateID) in
                self.ownEventGroups(of: state).contains { $0.transitions.contains { self.exitsThroughChild($0, from: state) } }
            }
            var leaves = emitStateTree(
                model.topLevelStates, subject: "state", relevant: relevant, bindings: bindings, bindsChild: exitsFromCompound,
                emitShared: { parallel, writer in emitSharedEvents(of: parallel, mode: .live(.returnTrue), into: &writer) },
                into: &writer
            ) { state, position, writer in
                emitEventSwitch(ownEventGroups(of: state), into: &writer, condition: spelling.liveCondition) { id, writer in
                    emitBody(id, from: position, event: "event", ending: .returnTrue, into: &writer)
                }
            }
            if !leaves {
                let machineGroups = eventGroups(of: .machine)
                if !machineGroups.isEmpty {
                    writer.line("// Machine-level transitions, for events no active state takes.")
                    leaves = emitEventSwitch(machineGroups, into: &writer, condition: spelling.liveCondition) { id, writer in
                        emitBody(id, from: .unknown, event: "event", ending: .returnTrue, into: &writer)
                    }
                }
            }
            if !leaves { writer.line("return false") }
        }
        writer.line()
        if features.contains(.eventless) { emitHierarchicalEventless(into: &writer) }
        if features.contains(.completion) { emitCompletion(into: &writer) }
    }

    private func emitHierarchicalEventless(into writer: inout CodeWriter) {
        writer.line("/// Takes eventless transitions until none is enabled, innermost states first.")
        writer.block("private func takeEventlessTransitions()") { writer in
            writer.block("while true") { writer in
                let relevant = subtreesDeclaring { !regionAnalysis.ownTransitions(of: $0, for: .always).isEmpty || regionAnalysis.sharedTriggers[$0.index].contains(.always) }
                let bindings = spelling.dataBindings(of: { walkedTransitions(at: $0, where: { $0 == .always }) }, pure: false)
                let exitsFromCompound = { (state: StateID) in
                    self.regionAnalysis.ownTransitions(of: state, for: .always).contains { self.exitsThroughChild($0, from: state) }
                }
                let leaves = emitStateTree(
                    model.topLevelStates, subject: "state", relevant: relevant, bindings: bindings, bindsChild: exitsFromCompound,
                    emitShared: { parallel, writer in
                        guard regionAnalysis.sharedTriggers[parallel.index].contains(.always) else { return false }
                        emitSharedTrigger(.always, of: parallel, event: "nil", mode: .live(.continueLoop), into: &writer)
                        return false
                    },
                    into: &writer
                ) { state, position, writer in
                    emitGuardedSequence(
                        regionAnalysis.ownTransitions(of: state, for: .always), from: position, event: "nil", ending: .continueLoop, into: &writer)
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
                    let transitions = machine.transitions(of: .state(state.id), for: .done(state.id))
                    let position = emitActiveGuard(of: state.id, binding: transitions, into: &writer)
                    let leaves = emitGuardedSequence(transitions, from: position, event: "nil", ending: .returnTrue, into: &writer)
                    if !leaves { writer.line("return false") }
                }
            }
            writer.line("default:")
            writer.indented { writer in writer.line("return false") }
            writer.line("}")
        }
        writer.line()
    }

    /// `guard case <state active, binding the data the transitions read and, when one of them
    /// exits, a compound state's active child> = state else { return false }`, or `guard
    /// isIn(…)` when nothing is bound: for code outside the walk of the state tree (completions,
    /// timers). Without `required`, the guard is left out when it would bind nothing; inside a
    /// parallel state it is always there, since it binds the regions a new configuration keeps.
    /// Returns where the code after it runs.
    @discardableResult
    func emitActiveGuard(
        of state: StateID, binding transitions: [TransitionID], required: Bool = true, into writer: inout CodeWriter
    ) -> ActivePosition {
        let labels = transitions.reduce(into: Set<String>()) { $0.formUnion(spelling.dataNeeded(by: $1, pure: false)) }
        let bound = spelling.chainLabels(of: state, among: labels)
        let bindsChild = model[state].isCompound && transitions.contains { exitsThroughChild($0, from: state) }
        var child: String?
        if bound.isEmpty && !bindsChild && !spelling.crossesParallelState(machine.path(to: state)) {
            if required { writer.line("guard isIn(.\(model[state].name)) else { return false }") }
        } else {
            let clauses: [String]
            (clauses, child) = spelling.configurationClauses(machine.path(to: state), binding: bound, child: bindsChild ? "activeChild" : nil)
            writer.line("guard \(clauses.joined(separator: ", ")) else { return false }")
        }
        if model[state].isAtomic { return .leaf(state) }
        return child.map { .compound(state, child: $0) } ?? .unknown
    }

    /// Transitions tried in order, each `if guard { take it }`, up to the first unguarded one.
    /// Returns whether every path leaves.
    @discardableResult
    func emitGuardedSequence(
        _ transitions: [TransitionID], from position: ActivePosition, event: String, ending: BodyEnding,
        into writer: inout CodeWriter
    ) -> Leaves {
        let sequence = GuardedSequence(transitions, in: machine) { self.spelling.liveCondition($0, nil) }
        return sequence.writeBlocks(into: &writer) { branch, writer in
            emitBody(branch.candidate, from: position, event: event, ending: ending, into: &writer)
        }.leaves
    }

    // MARK: - Taking a transition

    /// What taking a transition does, in SCXML's microstep order: the states below its domain
    /// exited innermost first (histories remembered), its actions, the new configuration, the
    /// states of its entry plan entered outermost first, the notification.
    ///
    /// `position` says what the code knows of the active configuration, which decides how it
    /// exits (``emitExits(of:from:into:)``). `actions`, when given, writes the actions in
    /// place of the transition's own: those of the transitions taken in the same step too.
    func emitBody(
        _ id: TransitionID, from position: ActivePosition, event: String, ending: BodyEnding, into writer: inout CodeWriter,
        actions: ((inout CodeWriter) -> Void)? = nil
    ) {
        let transition = machine[id]
        let trigger = transition.declaration.trigger
        let eventID: EventID? = if case .event(let event) = trigger { event } else { nil }
        let emitOwnActions = actions ?? { writer in self.spelling.emitActions(transition.declaration.actions, payloadOf: trigger, into: &writer) }
        guard let entry = transition.entry else {
            emitOwnActions(&writer)
            writer.line(ending == .returnTrue ? "return true" : "continue")
            return
        }
        writer.line("let stateBefore = state")
        emitExits(of: id, from: position, into: &writer)
        emitOwnActions(&writer)
        if let owner = entry.restoresHistoryOf {
            let name = model[owner].name
            writer.line("let restoredInside = Self.restored\(SwiftNames.stateTypeName(name))(history.\(name))")
        }
        writer.line("state = \(targetConfiguration(of: id, event: eventID, receiver: "actions", historyInside: "restoredInside"))")
        emitEntries(of: id, restoredInside: "restoredInside", into: &writer)
        switch ending {
        case .returnTrue:
            writer.line("return transitioned(from: stateBefore, on: \(event))")
        case .continueLoop:
            writer.line("transitioned(from: stateBefore, on: \(event))")
            writer.line("continue")
        }
    }

    /// The states a taken transition enters, outermost first (`enterState(.x)`); what a
    /// history restores (`restoredInside`, an expression) is entered right after its state
    /// (first, when that state stays active), before any region entered after it.
    func emitEntries(of id: TransitionID, restoredInside: String, into writer: inout CodeWriter) {
        guard let entry = machine[id].entry else { return }
        let restoreAfter = entry.restoresHistoryOf.map { owner in entry.states.firstIndex(of: owner).map { $0 + 1 } ?? 0 }
        for position in 0...entry.states.count {
            if position == restoreAfter, let owner = entry.restoresHistoryOf {
                writer.line("enterStates(inside\(SwiftNames.stateTypeName(model[owner].name)): \(restoredInside))")
            }
            if position < entry.states.count { writer.line("enterState(.\(model[entry.states[position]].name))") }
        }
    }

    /// The configuration a transition leads to, as an expression: the states that stay active
    /// keep their data (bound to variables), the target gets its arguments, a history target
    /// what `historyInside` holds (by default, `restoredX(history.x)`). `state` itself for an
    /// internal transition.
    func targetConfiguration(of id: TransitionID, event: EventID?, receiver: String, historyInside: String? = nil) -> String {
        let transition = machine[id]
        guard let entry = transition.entry else { return "state" }
        let target = transition.declaration.target!
        let arguments = transition.declaration.targetArguments.map { spelling.valueCode($0.value, event: event, receiver: receiver) }
        // A history target inside its state keeps that state, and its data; only a target that
        // is entered gets data from the transition.
        let data = { (state: StateID) in state == target && entry.restoresHistoryOf == nil ? arguments : self.spelling.boundData(state) }
        let kept = transition.domain.map { machine.path(to: $0) } ?? []
        if let owner = entry.restoresHistoryOf {
            let type = SwiftNames.stateTypeName(model[owner].name)
            let inside = historyInside ?? "restored\(type)(history.\(model[owner].name))"
            return spelling.configurationValue(keeping: kept, entering: entry.states, data: data, historyOwner: owner, historyInside: inside)
        }
        return spelling.configurationValue(keeping: kept, entering: entry.states, data: data)
    }

    /// The exits of a taken transition: the active states below its domain, innermost first,
    /// each history remembered before its state is exited.
    ///
    /// At a leaf, the states are known and written out. In a compound state, what is active
    /// inside it is bound to `activeChild`: `exitStates(insideX: activeChild)`, then the state
    /// and its ancestors below the domain. Elsewhere, the configuration is read again.
    /// Remembering a history outside the bound part with data inside needs data the code may
    /// not have bound, so that too reads the configuration again.
    func emitExits(of id: TransitionID, from position: ActivePosition, into writer: inout CodeWriter) {
        let domain = machine[id].domain
        let levelsKept = domain.map { machine.depth(of: $0) + 1 } ?? 0
        switch position {
        case .leaf(let leaf):
            let exits = machine.exitSequence(of: id, atLeaf: leaf)
            // Leaving a parallel state leaves its other regions too, which only the
            // configuration tells.
            guard features.contains(.stateData) && exits.contains(where: { model[$0].history != nil }) || exits.contains(where: { model[$0].isParallel })
            else {
                let path = machine.path(to: leaf)
                for state in exits {
                    if model[state].history != nil {
                        let inside = path[(machine.depth(of: state) + 1)...]
                        writer.line("history.\(model[state].name) = \(spelling.configurationValue(inside, data: spelling.boundData))")
                    }
                    writer.line("exitState(.\(model[state].name))")
                }
                return
            }
        case .compound(let owner, let child):
            let path = machine.path(to: owner)
            let exitedAround = path[levelsKept...].reversed()
            guard !exitsThroughChild(id, from: owner) else {
                writer.line("exitStates(inside\(SwiftNames.stateTypeName(model[owner].name)): \(child))")
                for state in exitedAround {
                    if model[state].history != nil {
                        let inside = spelling.configurationValue(path[(machine.depth(of: state) + 1)...], inside: child, data: spelling.boundData)
                        writer.line("history.\(model[state].name) = \(inside)")
                    }
                    writer.line("exitState(.\(model[state].name))")
                }
                return
            }
        case .unknown:
            break
        }
        if let domain {
            let (clauses, child) = spelling.configurationClauses(machine.path(to: domain), child: "exited")
            writer.line("if \(clauses.joined(separator: ", ")) { exitStates(inside\(SwiftNames.stateTypeName(model[domain].name)): \(child!)) }")
        } else {
            writer.line("exitActiveStates()")
        }
    }

    // MARK: - Entering and leaving states

    /// The condition that `state` is in a final state (SCXML's `isInFinalState`): a final
    /// child of a compound state active, every region of a parallel state in a final state.
    /// `nil` when it never is.
    private func finalCondition(of state: StateID) -> String? {
        if model[state].isParallel {
            let regions = model[state].children.map(finalCondition)
            guard regions.allSatisfy({ $0 != nil }) else { return nil }
            return regions.map { $0! }.joined(separator: " && ")
        }
        let finals = model[state].children.filter { model[$0].isFinal }.map { "isIn(.\(model[$0].name))" }
        return finals.isEmpty ? nil : "(" + finals.joined(separator: " || ") + ")"
    }

    func emitHierarchicalStateChanges(into writer: inout CodeWriter) {
        writer.line("// MARK: - Entering and leaving states")
        writer.line()
        writer.line("/// Runs `state`'s exit actions, stops its timers and tells the observers.")
        writer.block("private func exitState(_ state: StateID)") { writer in
            let exiting = model.states.filter { !$0.exitActions.isEmpty || spelling.timerSlot(of: $0.id) != nil }
            emitStateSwitch(exiting, into: &writer) { state, writer in
                if let slot = spelling.timerSlot(of: state.id) { writer.line("timers.cancel(slot: \(slot))") }
                emitDataBinding(of: state.id, for: spelling.dataNeeded(by: state.exitActions), into: &writer)
                spelling.emitActions(state.exitActions, payloadOf: nil, into: &writer)
            }
            writer.line("notify(.exits, .exited(state))")
        }
        writer.line()
        writer.line("/// Runs `state`'s entry actions, starts its timers, tells the observers, and queues the")
        writer.line("/// completion of the state a final state completes. `state` is active already.")
        writer.block("private func enterState(_ state: StateID)") { writer in
            // Completions nothing waits for (no `done` transition) are not queued: they would
            // take nothing.
            let completes = { (state: StateID) in !self.machine.transitions(of: .state(state), for: .done(state)).isEmpty }
            func completions(afterEntering state: StateID) -> (parent: StateID?, parallel: StateID?) {
                guard let parent = machine.completedParent(ofFinal: state) else { return (nil, nil) }
                var parallel: StateID?
                if let grandparent = model[parent].parent, model[grandparent].isParallel, completes(grandparent),
                    finalCondition(of: grandparent) != nil {
                    parallel = grandparent
                }
                return (completes(parent) ? parent : nil, parallel)
            }
            let entering = model.states.filter { state in
                let (parent, parallel) = completions(afterEntering: state.id)
                return !state.entryActions.isEmpty || spelling.timerSlot(of: state.id) != nil || parent != nil || parallel != nil
            }
            emitStateSwitch(entering, into: &writer) { state, writer in
                emitDataBinding(of: state.id, for: spelling.dataNeeded(by: state.entryActions), into: &writer)
                spelling.emitActions(state.entryActions, payloadOf: nil, into: &writer)
                if spelling.timerSlot(of: state.id) != nil {
                    writer.line("startTimers(of: .\(state.name))")
                }
                let (parent, parallel) = completions(afterEntering: state.id)
                if let parent {
                    writer.line("raisedEvents.append(.completed(.\(model[parent].name)))")
                }
                // A region's completion may complete its parallel state: every region final.
                if let parallel, let regionsFinal = finalCondition(of: parallel) {
                    writer.block("if \(regionsFinal)") { writer in
                        writer.line("raisedEvents.append(.completed(.\(model[parallel].name)))")
                    }
                }
            }
            writer.line("notify(.entries, .entered(state))")
        }
        writer.line()
        emitExitStates(into: &writer)
        writer.line("/// Tells the observers about the transition that left `source`; returns `true`, which")
        writer.line("/// `handle(_:)` returns.")
        writer.line("@discardableResult @inline(__always)")
        writer.block("private func transitioned(from source: State, on event: Event?) -> Bool") { writer in
            writer.line("notify(.transitions, .transitioned(Transition(source: source, event: event, target: state)))")
            writer.line("return true")
        }
        writer.line()
        for owner in historyOwners { emitHistoryRestore(of: owner, into: &writer) }
        emitEnterStates(into: &writer)
    }

    /// `guard case <the state's path, binding labels> = self.state else { break }`, inside the
    /// `switch` over a `StateID`: the data an entry or exit action (or a delay) reads, taken from
    /// the configuration while the state is active. Nothing when nothing is read.
    func emitDataBinding(of state: StateID, for labels: Set<String>, into writer: inout CodeWriter) {
        let bound = spelling.chainLabels(of: state, among: labels)
        guard !bound.isEmpty else { return }
        let (clauses, _) = spelling.configurationClauses(machine.path(to: state), binding: bound, subject: "self.state")
        writer.line("guard \(clauses.joined(separator: ", ")) else { break }")
    }

    /// `exitActiveStates()` and `exitStates(insideX:)` for every compound state X: exit what
    /// is active (inside X), innermost first, remembering the histories of the states exited.
    private func emitExitStates(into writer: inout CodeWriter) {
        if exitsWithoutPosition {
            writer.line("/// Exits every active state, innermost first\(features.contains(.history) ? ", remembering the histories of those that keep one" : "").")
            writer.block("private func exitActiveStates()") { writer in
                emitExitSwitch(over: "state", among: model.topLevelStates, into: &writer)
            }
            writer.line()
        }
        for state in model.states where state.isCompound {
            writer.line("/// Exits the active states inside `\(state.name)`, innermost first\(features.contains(.history) ? ", remembering the" : ".")")
            if features.contains(.history) { writer.line("/// histories of those that keep one.") }
            writer.block("private func exitStates(inside\(SwiftNames.stateTypeName(state.name)) configuration: State.\(SwiftNames.stateTypeName(state.name)))") { writer in
                guard state.isParallel else {
                    emitExitSwitch(over: "configuration", among: state.children, into: &writer)
                    return
                }
                // Regions in reverse document order, each one's states before itself.
                for region in state.children.reversed() {
                    let name = model[region].name
                    let value = "configuration.\(SwiftNames.variable(name))"
                    writer.line("exitStates(inside\(SwiftNames.stateTypeName(name)): \(value))")
                    if model[region].history != nil { writer.line("history.\(name) = \(value)") }
                    writer.line("exitState(.\(name))")
                }
            }
            writer.line()
        }
    }

    /// Whether transition `id`, taken in compound (or parallel) state `owner`, exits through
    /// what is active inside `owner` as the code bound it (``emitExits(of:from:into:)``):
    /// it exits something, and no state it leaves above `owner` is a parallel state (whose
    /// other regions only the configuration tells) or keeps a history with data inside.
    func exitsThroughChild(_ id: TransitionID, from owner: StateID) -> Bool {
        guard machine[id].entry != nil else { return false }
        let levelsKept = machine[id].domain.map { machine.depth(of: $0) + 1 } ?? 0
        let path = machine.path(to: owner)
        guard levelsKept < path.count else { return true }
        return !path[levelsKept...].contains { $0 != owner && (model[$0].isParallel || features.contains(.stateData) && model[$0].history != nil) }
    }

    /// Whether some transition may exit every active state without knowing which are active
    /// (``emitExits(of:from:into:)`` calls `exitActiveStates()`): one at the machine level, or,
    /// when a history with data inside may need the configuration read again, any that leaves
    /// the top level.
    private var exitsWithoutPosition: Bool {
        machine.transitions.contains { transition in
            guard transition.entry != nil, transition.domain == nil else { return false }
            return transition.owner == .machine || (features.contains(.stateData) && features.contains(.history)) || machine.hasParallelStates
        }
    }

    /// `switch subject { … }` over `siblings`, exiting the one active and what is active inside
    /// it. Its history is the configuration inside it, data and all, so nothing else is bound.
    private func emitExitSwitch(over subject: String, among siblings: [StateID], into writer: inout CodeWriter) {
        writer.line("switch \(subject) {")
        for id in siblings {
            let state = model[id]
            guard state.isCompound else {
                writer.line("case \(spelling.configurationPattern([id])): exitState(.\(state.name))")
                continue
            }
            writer.line("case \(spelling.configurationPattern([id], child: "inside")):")
            writer.indented { writer in
                writer.line("exitStates(inside\(SwiftNames.stateTypeName(state.name)): inside)")
                if state.history != nil { writer.line("history.\(state.name) = inside") }
                writer.line("exitState(.\(state.name))")
            }
        }
        writer.line("}")
    }

    /// `restoredX(_:)` for a state with history: what `-> X.history` enters inside X.
    private func emitHistoryRestore(of owner: StateID, into writer: inout CodeWriter) {
        let state = model[owner]
        let type = SwiftNames.stateTypeName(state.name)
        let initial = spelling.defaultInside(of: owner)
        let what = switch (state.history, state.isParallel) {
        case (.deep?, _): "the configuration remembered"
        case (_, true): "every region from its initial state (a shallow history of a parallel state remembers its regions)"
        default: "the child remembered, from its initial state"
        }
        writer.line("/// What `-> \(state.name).history` enters inside `\(state.name)`: \(what),")
        writer.line("/// or `\(state.name)`'s initial states before it was ever left. States keep the data they had.")
        writer.block("\(nonisolatedForPureFunctions)\(access)static func restored\(type)(_ remembered: State.\(type)?) -> State.\(type)") { writer in
            if state.history == .deep {
                writer.line("remembered ?? \(initial)")
                return
            }
            if state.isParallel {
                writer.line(initial)
                return
            }
            writer.line("switch remembered {")
            writer.line("case nil: \(initial)")
            for child in state.children {
                let labels = Set(model[child].data.map { $0.label! })
                writer.line("case \(spelling.configurationPattern([child], binding: labels))?: \(spelling.defaultValue(of: child, data: spelling.boundData))")
            }
            writer.line("}")
        }
        writer.line()
    }

    /// `enterStates(insideX:)` for every state a history restores inside and every compound or
    /// parallel state inside those: enters what a configuration holds inside X, in document
    /// order.
    private func emitEnterStates(into writer: inout CodeWriter) {
        var entered = Set<StateID>()
        for owner in historyOwners {
            entered.insert(owner)
            entered.formUnion(model.descendants(of: owner).filter { model[$0].isCompound })
        }
        for id in entered.sorted() {
            let state = model[id]
            let type = SwiftNames.stateTypeName(state.name)
            writer.line("/// Enters the states of `configuration` inside `\(state.name)`, outermost first.")
            writer.block("private func enterStates(inside\(type) configuration: State.\(type))") { writer in
                if state.isParallel {
                    for region in state.children {
                        let name = model[region].name
                        writer.line("enterState(.\(name))")
                        writer.line("enterStates(inside\(SwiftNames.stateTypeName(name)): configuration.\(SwiftNames.variable(name)))")
                    }
                    return
                }
                writer.line("switch configuration {")
                for child in state.children {
                    let name = model[child].name
                    if model[child].isAtomic {
                        writer.line("case \(spelling.configurationPattern([child])): enterState(.\(name))")
                        continue
                    }
                    writer.line("case \(spelling.configurationPattern([child], child: "inside")):")
                    writer.indented { writer in
                        writer.line("enterState(.\(name))")
                        writer.line("enterStates(inside\(SwiftNames.stateTypeName(name)): inside)")
                    }
                }
                writer.line("}")
            }
            writer.line()
        }
    }

}
