import FSMCore

/// The general microstep: the code of a trigger several regions of a parallel state take,
/// where a region is or holds a parallel state inside which the trigger is taken too, so that
/// one region may select several transitions. It does what SCXML's algorithm does, with the
/// executable machine's candidates and conflicts written out for this trigger: every active
/// atomic state, in document order, selects the first of its candidates whose guard holds
/// (those inside the parallel state, then, once, the first around it), conflicts are resolved
/// (``ExecutableMachine/conflict(of:with:)`` as a table), and the transitions taken are taken
/// together: all exits (their domains in reverse document order), all actions (document
/// order), the new configuration, all entries (document order).
final class MicrostepWriter: PlanReader {
    let plan: SwiftPlan
    let spelling: SwiftSpelling
    let bodies: TransitionBodyWriter

    init(plan: SwiftPlan, spelling: SwiftSpelling, bodies: TransitionBodyWriter) {
        self.plan = plan
        self.spelling = spelling
        self.bodies = bodies
    }
}

extension MicrostepWriter {
    /// The code of `trigger` at `parallel` (its regions bound to ``SwiftSpelling/regionsVariable(_:)``, the
    /// payload bound) as a general microstep. Falls through when no atomic state selects a
    /// transition inside the parallel state: its own and those around it come next. Returns
    /// what the code reads.
    func emitMicrostep(
        _ trigger: ExecutableMachine.Trigger, of parallel: StateID, event: String, mode: DispatchMode, into writer: inout CodeWriter
    ) -> CodeReads {
        let eventID = trigger.event
        let candidates = regionAnalysis.microstepCandidates(of: parallel, for: trigger)
        let condition = { (guardModel: GuardModel) in mode.condition(guardModel, event: eventID, spelling: self.spelling) }
        writer.line("var selection = TransitionSelection()")
        let regions = BoundValue(variable: spelling.regionsVariable(parallel))
        var reads = emitSelections(inside: parallel, of: parallel, value: regions, trigger: trigger, condition: condition, into: &writer)
        writer.block("if !selection.isEmpty") { writer in
            if !candidates.around.isEmpty {
                // Evaluated once, where the first atomic state that selected nothing inside meets it.
                writer.block("if selection.hasOpening") { writer in
                    reads.formUnion(
                        emitFirstEnabled(candidates.around, condition: condition, into: &writer) { id in "selection.selectAround(\(id.index))" })
                }
            }
            // Transitions that neither move nor run actions here just consume the trigger.
            if mode.takesSomething(of: candidates.all, in: machine) {
                emitResolution(in: parallel, trigger: trigger, into: &writer)
            }
            reads.formUnion(emitTaking(candidates.all, of: parallel, event: event, eventID: eventID, mode: mode, into: &writer))
        }
        return reads
    }

    // MARK: - Selecting

    /// Writes, for every atomic state inside `state` (what is active inside it being `value`;
    /// the microstep's `parallel` state around it),
    /// in document order, the selection of its first enabled candidate inside the parallel
    /// state, or `selection.open()`. Each case binds the data its guards read. Returns what the
    /// code reads.
    private func emitSelections(
        inside state: StateID, of parallel: StateID, value: BoundValue, trigger: ExecutableMachine.Trigger,
        condition: (GuardModel) -> String?, into writer: inout CodeWriter
    ) -> CodeReads {
        var reads = CodeReads()
        if model[state].isParallel {
            for region in model[state].children {
                if model[region].isAtomic {
                    // Always in itself: no value to switch over.
                    reads.formUnion(emitFirstEnabled(regionAnalysis.insideCandidates(of: region, in: parallel, for: trigger), condition: condition, into: &writer) { id in
                        "selection.select(\(id.index))"
                    } otherwise: { "selection.open()" })
                    continue
                }
                let regionValue = value.property(SwiftNames.variable(model[region].name))
                reads.formUnion(emitSelections(inside: region, of: parallel, value: regionValue, trigger: trigger, condition: condition, into: &writer))
            }
            return reads
        }
        writer.line("switch \(value.expression) {")
        reads.insert(value)
        for child in model[state].children {
            var body = CodeWriter()
            let inner = BoundValue(variable: model[child].isParallel ? spelling.regionsVariable(child) : "\(model[child].name)Inside")
            let bodyReads = if model[child].isAtomic {
                emitFirstEnabled(regionAnalysis.insideCandidates(of: child, in: parallel, for: trigger), condition: condition, into: &body) { id in
                    "selection.select(\(id.index))"
                } otherwise: { "selection.open()" }
            } else {
                emitSelections(inside: child, of: parallel, value: inner, trigger: trigger, condition: condition, into: &body)
            }
            let bound = bodyReads.dataLabels.intersection(model[child].data.map { $0.label! })
            let readsInside = !model[child].isAtomic && bodyReads.reads(inner.variable)
            let boundChild = readsInside ? inner.variable : nil
            writer.line("case \(spelling.configurationPattern([child], binding: bound, child: boundChild)):")
            writer.indented { writer in writer.append(body) }
            reads.formUnion(bodyReads.outside(binding: bound, variable: boundChild))
        }
        writer.line("}")
        return reads
    }

    /// `if guard { select } else if … else { otherwise }` over `transitions` in order, up to
    /// the first without a guard. Returns the data the guards written read.
    private func emitFirstEnabled(
        _ transitions: [TransitionID], condition: (GuardModel) -> String?, into writer: inout CodeWriter,
        select: (TransitionID) -> String, otherwise: (() -> String)? = nil
    ) -> CodeReads {
        let sequence = GuardedSequence(transitions, in: machine, condition: condition)
        sequence.writeChain(
            into: &writer, body: { branch, writer in writer.line(select(transitions[branch.position])) },
            otherwise: otherwise.map { otherwise in { writer in writer.line(otherwise()) } })
        return CodeReads(dataLabels: decisions.guardData(of: sequence.guarded(transitions)))
    }

    // MARK: - Resolving conflicts

    /// `let taken = selection.resolved { later, earlier in … }`: the executable machine's
    /// conflicts among the candidates, as a table.
    private func emitResolution(in parallel: StateID, trigger: ExecutableMachine.Trigger, into writer: inout CodeWriter) {
        let pairs = regionAnalysis.conflictPairs(of: parallel, for: trigger)
        let preempting = pairs.filter { $0.conflict == .preempts }.map { "(\($0.later.index), \($0.earlier.index))" }
        let yielding = pairs.filter { $0.conflict == .yields }.map { "(\($0.later.index), \($0.earlier.index))" }
        guard !preempting.isEmpty || !yielding.isEmpty else {
            writer.line("let taken = selection")
            return
        }
        writer.line("let taken = selection.resolved { later, earlier in")
        writer.indented { writer in
            writer.line("switch (later, earlier) {")
            if !preempting.isEmpty { writer.line("case \(preempting.joined(separator: ", ")): .preempts") }
            if !yielding.isEmpty { writer.line("case \(yielding.joined(separator: ", ")): .yields") }
            writer.line("default: .none")
            writer.line("}")
        }
        writer.line("}")
    }

    // MARK: - Taking

    /// Takes the transitions in `taken` (all among `candidates`): the running machine's
    /// exits, actions, configuration and entries, or the configuration the pure function
    /// returns. Returns what the code reads.
    private func emitTaking(
        _ candidates: [TransitionID], of parallel: StateID, event: String, eventID: EventID?, mode: DispatchMode, into writer: inout CodeWriter
    ) -> CodeReads {
        let moving = candidates.filter { machine[$0].entry != nil }
        // Taken transitions that move have disjoint domains: document order of the domains
        // orders their exits (reversed) and entries.
        let byDomain = moving.sorted { (machine[$0].domain?.index ?? -1, $0) < (machine[$1].domain?.index ?? -1, $1) }
        switch mode {
        case .pure: return returnTaken(byDomain, inside: parallel, eventID: eventID, into: &writer)
        case .live(let ending):
            return takeTaken(candidates, byDomain: byDomain, inside: parallel, event: event, eventID: eventID, ending: ending, into: &writer)
        }
    }

    /// The pure function's `return` of the configuration the transitions in `taken` that move
    /// (`byDomain`) lead to.
    private func returnTaken(_ byDomain: [TransitionID], inside parallel: StateID, eventID: EventID?, into writer: inout CodeWriter) -> CodeReads {
        guard !byDomain.isEmpty else {
            writer.line(DispatchMode.pure.unmovedEnd)
            return CodeReads()
        }
        writer.line("var next = state")
        let reads = emitConfigurations(byDomain, inside: parallel, subject: "next", eventID: eventID, mode: .pure, into: &writer)
        writer.line("return next")
        return reads
    }

    /// The running machine's taking of the transitions in `taken` (all among `candidates`,
    /// those that move `byDomain`): exits, actions, configuration, entries.
    private func takeTaken(
        _ candidates: [TransitionID], byDomain: [TransitionID], inside parallel: StateID, event: String, eventID: EventID?, ending: BodyEnding,
        into writer: inout CodeWriter
    ) -> CodeReads {
        let moving = candidates.filter { machine[$0].entry != nil }
        var reads = CodeReads()
        if !moving.isEmpty {
            writer.line("let moves = taken.contains { " + moving.map { "$0 == \($0.index)" }.joined(separator: " || ") + " }")
            writer.line("let stateBefore = state")
            for id in byDomain.reversed() {
                writer.block("if taken.contains(\(id.index))") { writer in reads.formUnion(bodies.emitExits(of: id, from: .unknown, into: &writer)) }
            }
        }
        // The actions, in document order (SCXML 3.13).
        for id in machine.inDocumentOrder(candidates) where !machine[id].declaration.actions.isEmpty {
            writer.block("if taken.contains(\(id.index))") { writer in
                let actions = machine[id].declaration.actions
                let labels = decisions.actionData[id.index]
                reads.formUnion(bodies.bindingChosenData(labels, of: id, inside: parallel, from: .configuration("state"), into: &writer) { writer in
                    spelling.emitActions(actions, payloadOf: machine[id].declaration.trigger, into: &writer)
                    return CodeReads(dataLabels: labels)
                })
            }
        }
        guard !moving.isEmpty else {
            writer.line(ending.statement)
            return reads
        }
        writer.line("guard moves else { \(ending.statement) }")
        reads.formUnion(emitConfigurations(byDomain, inside: parallel, subject: "state", eventID: eventID, mode: .live(ending), into: &writer))
        for id in byDomain {
            var entries = CodeWriter()
            bodies.emitEntries(of: id, restoredInside: spelling.restoredHistory(of: id), into: &entries)
            guard !entries.isEmpty else { continue }
            writer.block("if taken.contains(\(id.index))") { writer in writer.append(entries) }
        }
        ending.writeTransitioned(on: event, into: &writer)
        return reads
    }

    /// `if taken.contains(12) { subject = … }` for each transition that moves, in document
    /// order of their domains: the configuration once they are taken, each from what `subject`
    /// holds (the transitions taken before it changed other parts only: their domains are
    /// disjoint). The running machine restores a history target's from the history the exits
    /// above left. Returns what the code reads.
    private func emitConfigurations(
        _ byDomain: [TransitionID], inside parallel: StateID, subject: String, eventID: EventID?, mode: DispatchMode,
        into writer: inout CodeWriter
    ) -> CodeReads {
        var reads = CodeReads()
        for id in byDomain {
            let restored = mode.runsActions ? spelling.restoredHistory(of: id) : ""
            let value = bodies.targetConfiguration(of: id, event: eventID, receiver: mode.receiver, historyInside: restored.isEmpty ? nil : restored)
            writer.block("if taken.contains(\(id.index))") { writer in
                reads.formUnion(
                    bodies.bindingChosenData(
                        decisions.targetData[id.index], of: id, inside: parallel, from: .configuration(subject, bindingKeptRegions: true), into: &writer
                    ) { writer in
                        writer.line("\(subject) = \(value)")
                        return bodies.targetReads(of: id)
                    })
            }
        }
        return reads
    }
}
