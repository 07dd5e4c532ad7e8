import FSMCore

/// What taking a transition of a nested machine does, in SCXML's microstep order (exits,
/// actions, the new configuration, entries, the notification), and the guards and sequences
/// around it outside the walk of the state tree.
final class TransitionBodyWriter: PlanReader {
    let plan: SwiftPlan
    let spelling: SwiftSpelling

    init(plan: SwiftPlan, spelling: SwiftSpelling) {
        self.plan = plan
        self.spelling = spelling
    }
}

/// How the code of a taken transition ends.
enum BodyEnding {
    /// `return true`: the trigger was taken (`handle(_:)`, timers, completions).
    case returnTrue
    /// `continue`: look for the next eventless transition.
    case continueLoop
}

extension TransitionBodyWriter {
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
        let labels = transitions.reduce(into: Set<String>()) { $0.formUnion(decisions.dataNeeded(by: $1, runsActions: true)) }
        let bound = spelling.chainLabels(of: state, among: labels)
        let bindsChild = model[state].isCompound && transitions.contains { exitsThroughChild($0, from: state) }
        var child: BoundValue?
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
    /// Returns whether every path leaves, and what the code reads.
    @discardableResult
    func emitGuardedSequence(
        _ transitions: [TransitionID], from position: ActivePosition, event: String, ending: BodyEnding,
        into writer: inout CodeWriter
    ) -> WrittenCode {
        let sequence = GuardedSequence(transitions, in: machine) { DispatchMode.live(ending).condition($0, event: nil, spelling: self.spelling) }
        var reads = CodeReads()
        let leaves = sequence.writeBlocks(into: &writer) { branch, writer in
            let id = transitions[branch.position]
            if branch.condition != nil { reads.insert(dataLabels: decisions.guardData[id.index]) }
            reads.formUnion(emitBody(id, from: position, event: event, ending: ending, into: &writer))
        }.leaves
        return WrittenCode(leaves: leaves, reads: reads)
    }

    // MARK: - Taking a transition

    /// What taking a transition does, in SCXML's microstep order: the states below its domain
    /// exited innermost first (histories remembered), its actions, the new configuration, the
    /// states of its entry plan entered outermost first, the notification.
    ///
    /// `position` says what the code knows of the active configuration, which decides how it
    /// exits (``emitExits(of:from:into:)``). `actions`, when given, writes the actions in
    /// place of the transition's own (those of the transitions taken in the same step too) and
    /// says what they read. Returns what the code reads.
    @discardableResult
    func emitBody(
        _ id: TransitionID, from position: ActivePosition, event: String, ending: BodyEnding, into writer: inout CodeWriter,
        actions: ((inout CodeWriter) -> CodeReads)? = nil
    ) -> CodeReads {
        let transition = machine[id]
        let trigger = transition.declaration.trigger
        let eventID = trigger.event
        // The data its updates leave changed, which the new configuration reads.
        var updated: [String: String] = [:]
        let emitOwnActions = actions ?? { writer in
            updated = self.spelling.emitActions(transition.declaration.actions, payloadOf: trigger, into: &writer)
            return CodeReads(dataLabels: self.decisions.actionData[id.index])
        }
        guard let entry = transition.entry else {
            guard transition.declaration.changesData else {
                let reads = emitOwnActions(&writer)
                writer.line(ending.statement)
                return reads
            }
            // It stays where it is with new data: one change of `state`, heard as a transition.
            writer.line("let stateBefore = state")
            let reads = emitOwnActions(&writer)
            writer.line("state = \(targetConfiguration(of: id, event: eventID, receiver: "actions", updated: updated))")
            ending.writeTransitioned(on: event, into: &writer)
            return reads
        }
        writer.line("let stateBefore = state")
        var reads = emitExits(of: id, from: position, into: &writer)
        reads.formUnion(emitOwnActions(&writer))
        if let owner = entry.restoresHistoryOf {
            let name = model[owner].name
            writer.line("let restoredInside = Self.restored\(SwiftNames.stateTypeName(name))(history.\(name))")
        }
        let configuration = targetConfiguration(of: id, event: eventID, receiver: "actions", historyInside: "restoredInside", updated: updated)
        writer.line("state = \(configuration)")
        reads.formUnion(targetReads(of: id))
        emitEntries(of: id, restoredInside: "restoredInside", into: &writer)
        ending.writeTransitioned(on: event, into: &writer)
        return reads
    }

    /// Takes transition `id` as `mode` does: the running machine's body
    /// (``emitBody(_:from:event:ending:into:actions:)``, `actions` in place of its own), or the
    /// `return` of the configuration it leads to from the pure function. Returns what the code
    /// reads.
    func emitTaking(
        _ id: TransitionID, from position: ActivePosition, event: String, mode: DispatchMode, into writer: inout CodeWriter,
        actions: ((inout CodeWriter) -> CodeReads)? = nil
    ) -> CodeReads {
        guard case .live(let ending) = mode else {
            writer.line("return \(targetConfiguration(of: id, event: machine[id].eventID, receiver: mode.receiver))")
            return targetReads(of: id)
        }
        return emitBody(id, from: position, event: event, ending: ending, into: &writer, actions: actions)
    }

    /// The states a taken transition enters, outermost first (`enterState(.x)`); what a
    /// history restores (`restoredInside`, an expression) is entered right after its state
    /// (first, when that state stays active), before any region entered after it. A history's
    /// default actions run between its state's entry and what it restores, when the state is
    /// entered before it was ever left (SCXML's `defaultHistoryContent`).
    func emitEntries(of id: TransitionID, restoredInside: String, into writer: inout CodeWriter) {
        guard let entry = machine[id].entry else { return }
        let restoreAfter = entry.restoresHistoryOf.map { owner in entry.states.firstIndex(of: owner).map { $0 + 1 } ?? 0 }
        for position in 0...entry.states.count {
            if position == restoreAfter, let owner = entry.restoresHistoryOf {
                let name = model[owner].name
                if position > 0, model[owner].historyDefault.map({ !$0.actions.isEmpty }) ?? false {
                    writer.line("if history.\(name) == nil { takeHistoryDefault(of: .\(name)) }")
                }
                writer.line("enterStates(inside\(SwiftNames.stateTypeName(name)): \(restoredInside))")
            }
            if position < entry.states.count { writer.line("enterState(.\(model[entry.states[position]].name))") }
        }
    }

    /// The configuration a transition leads to, as an expression: the states that stay active
    /// keep their data (bound to variables, or as its updates left them), the target gets its
    /// arguments, a history target what `historyInside` holds (by default,
    /// `restoredX(history.x)`). For an internal transition, `state` itself, or with updates
    /// `state.updatingX(…)`.
    ///
    /// `updated` holds the variables the transition's actions left its updated data in, as
    /// written before (``SwiftSpelling/emitActions(_:payloadOf:into:)``); `nil` where the
    /// actions are not written (the pure transition function): the new values are computed in
    /// the expression.
    func targetConfiguration(
        of id: TransitionID, event: EventID?, receiver: String, historyInside: String? = nil, updated: [String: String]? = nil
    ) -> String {
        let transition = machine[id]
        let renames = updated ?? updatesComputedInPlace(of: id, event: event, receiver: receiver)
        guard transition.entry != nil else {
            return spelling.updatedConfiguration(of: transition.declaration.actions, subject: "state", renames: renames) ?? "state"
        }
        return spelling.reading(renames) {
            configuration(enteredBy: id, event: event, receiver: receiver, historyInside: historyInside)
        }
    }

    /// The data a transition's updates change, label → the expression of its new value,
    /// spelled where no action is written: what a pure function returns.
    private func updatesComputedInPlace(of id: TransitionID, event: EventID?, receiver: String) -> [String: String] {
        var renames: [String: String] = [:]
        for action in machine[id].declaration.actions {
            guard case .update(let updates) = action else { continue }
            renames.merge(spelling.reading(renames) { spelling.newValues(updates, event: event, receiver: receiver) }) { $1 }
        }
        return renames
    }

    private func configuration(enteredBy id: TransitionID, event: EventID?, receiver: String, historyInside: String?) -> String {
        let transition = machine[id]
        let entry = transition.entry!
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

    /// What ``targetConfiguration(of:event:receiver:historyInside:)`` reads: the data its
    /// arguments and the states it keeps read, and the regions it keeps.
    func targetReads(of id: TransitionID) -> CodeReads {
        let transition = machine[id]
        // Without a target, what its updates' values read (in the pure function, which
        // computes them in place).
        guard let entry = transition.entry else { return CodeReads(dataLabels: decisions.targetData[id.index]) }
        var reads = spelling.regionsRead(
            keeping: transition.domain.map { machine.path(to: $0) } ?? [], entering: entry.states, historyOwner: entry.restoresHistoryOf)
        reads.insert(dataLabels: decisions.targetData[id.index])
        return reads
    }

    /// The exits of a taken transition: the active states below its domain, innermost first,
    /// each history remembered before its state is exited.
    ///
    /// At a leaf, the states are known and written out. In a compound state, what is active
    /// inside it is bound to `activeChild`: `exitStates(insideX: activeChild)`, then the state
    /// and its ancestors below the domain. Elsewhere, the configuration is read again.
    /// Remembering a history outside the bound part with data inside needs data the code may
    /// not have bound, so that too reads the configuration again. Returns what the code reads.
    @discardableResult
    func emitExits(of id: TransitionID, from position: ActivePosition, into writer: inout CodeWriter) -> CodeReads {
        let domain = machine[id].domain
        let levelsKept = domain.map { machine.depth(of: $0) + 1 } ?? 0
        switch position {
        case .leaf(let leaf):
            let exits = machine.exitSequence(of: id, atLeaf: leaf)
            // Leaving a parallel state leaves its other regions too, which only the
            // configuration tells.
            guard shape.hasStateData && exits.contains(where: { model[$0].history != nil }) || exits.contains(where: { model[$0].isParallel })
            else {
                let path = machine.path(to: leaf)
                var reads = CodeReads()
                for state in exits {
                    if model[state].history != nil {
                        let inside = path[(machine.depth(of: state) + 1)...]
                        writer.line("history.\(model[state].name) = \(spelling.configurationValue(inside, data: spelling.boundData))")
                        reads.insert(dataLabels: dataLabels(of: inside))
                    }
                    writer.line("exitState(.\(model[state].name))")
                }
                return reads
            }
        case .compound(let owner, let child):
            let path = machine.path(to: owner)
            let exitedAround = path[levelsKept...].reversed()
            guard !exitsThroughChild(id, from: owner) else {
                writer.line("exitStates(inside\(SwiftNames.stateTypeName(model[owner].name)): \(child.expression))")
                var reads = CodeReads(child)
                for state in exitedAround {
                    if model[state].history != nil {
                        let below = path[(machine.depth(of: state) + 1)...]
                        let inside = spelling.configurationValue(below, inside: child.expression, data: spelling.boundData)
                        writer.line("history.\(model[state].name) = \(inside)")
                        reads.insert(dataLabels: dataLabels(of: below))
                    }
                    writer.line("exitState(.\(model[state].name))")
                }
                return reads
            }
        case .unknown:
            break
        }
        if let domain {
            let (clauses, child) = spelling.configurationClauses(machine.path(to: domain), child: "exited")
            writer.line("if \(clauses.joined(separator: ", ")) { exitStates(inside\(SwiftNames.stateTypeName(model[domain].name)): \(child!.expression)) }")
        } else {
            writer.line("exitActiveStates()")
        }
        // What it binds, it binds itself.
        return CodeReads()
    }

    /// The data labels of `states`.
    private func dataLabels(of states: some Sequence<StateID>) -> Set<String> {
        Set(states.flatMap { model[$0].data.map { $0.label! } })
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
        return !path[levelsKept...].contains { $0 != owner && (model[$0].isParallel || shape.hasStateData && model[$0].history != nil) }
    }
}
