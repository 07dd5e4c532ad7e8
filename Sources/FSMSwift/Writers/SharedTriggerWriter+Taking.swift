import FSMCore

/// Taking what the regions' choices resolved to.
extension SharedTriggerWriter {
    /// Takes what the choices resolved to (`firstMoving` the first region's choice with a
    /// target): that choice alone when it leaves the parallel state; else, when no region's
    /// choice has a target, one around the parallel state that has one with the regions'
    /// targetless choices; else every region's choice, together. Returns what the code reads.
    func take(_ step: SharedStep, firstMoving: String, into writer: inout CodeWriter) -> CodeReads {
        var reads = takeAlone(step, firstMoving: firstMoving, into: &writer)
        reads.formUnion(takeOuterWithRegions(step, firstMoving: firstMoving, into: &writer))
        reads.formUnion(takeTogether(step, into: &writer))
        return reads
    }

    /// The first region's choice with a target, taken alone when it leaves the parallel state.
    private func takeAlone(_ step: SharedStep, firstMoving: String, into writer: inout CodeWriter) -> CodeReads {
        guard !step.leaving.isEmpty else { return CodeReads() }
        let isTargetless = { (id: TransitionID) in self.machine[id].entry == nil }
        var reads = CodeReads()
        writer.line("// The first region's choice with a target leaves `\(model[step.parallel].name)`: of those with one, it is taken alone.")
        emitCases(step.leaving, on: firstMoving, into: &writer) { id, writer in
            let region = step.choices.first { $0.transitions.contains(id) }!.region
            let labels = decisions.targetData[id.index]
            // Its actions run in their slot, which binds what they read itself.
            reads.formUnion(bodies.bindingChosenData(labels, of: id, inside: region, from: .region(regionValue(region)), into: &writer) { writer in
                takeMoving(id, of: step, taking: { $0 == id || isTargetless($0) }, outerTaking: isTargetless, into: &writer)
            })
        }
        return reads
    }

    /// When no region's choice has a target, the transition around the parallel state that
    /// has one, taken with the regions' targetless choices.
    private func takeOuterWithRegions(_ step: SharedStep, firstMoving: String, into writer: inout CodeWriter) -> CodeReads {
        let isTargetless = { (id: TransitionID) in self.machine[id].entry == nil }
        let outerMoving = step.outer.filter { !isTargetless($0) }
        guard !outerMoving.isEmpty else { return CodeReads() }
        var reads = CodeReads()
        writer.line("// No region's choice has a target: one around `\(model[step.parallel].name)` that has one is taken with them.")
        writer.block("if \(step.choices.count > 1 ? "(\(firstMoving))" : firstMoving) == nil") { writer in
            emitCases(outerMoving, on: "outerChoice", into: &writer) { id, writer in
                reads.formUnion(takeMoving(id, of: step, taking: isTargetless, outerTaking: { _ in true }, into: &writer))
            }
        }
        return reads
    }

    /// `switch subject { case 12?: … default: break }` over `transitions`.
    private func emitCases(
        _ transitions: [TransitionID], on subject: String, into writer: inout CodeWriter, _ body: (TransitionID, inout CodeWriter) -> Void
    ) {
        writer.line("switch \(subject) {")
        for id in transitions {
            writer.line("case \(id.index)?:")
            writer.indented { writer in body(id, &writer) }
        }
        writer.line("default:")
        writer.indented { writer in writer.line("break") }
        writer.line("}")
    }

    /// Takes `id`, the one transition of the step that moves, the actions of the transitions
    /// taken with it in their slots: those of the regions' choices `taking` keeps, and of the
    /// transition around the parallel state those `outerTaking` keeps. Returns what the code
    /// reads.
    private func takeMoving(
        _ id: TransitionID, of step: SharedStep, taking: @escaping (TransitionID) -> Bool, outerTaking: @escaping (TransitionID) -> Bool,
        into writer: inout CodeWriter
    ) -> CodeReads {
        bodies.emitTaking(id, from: .unknown, event: step.event, mode: step.mode, into: &writer) { writer in
            self.emitActions(of: step, taking: taking, outerTaking: outerTaking, into: &writer)
        }
    }

    /// Every region's choice that stays in its region, taken together: in the running machine
    /// their exits (reverse document order), actions, the new configuration and their entries;
    /// in the pure function the configuration they lead to. Returns what the code reads.
    private func takeTogether(_ step: SharedStep, into writer: inout CodeWriter) -> CodeReads {
        let local = step.choices.map { choice in
            RegionChoice(region: choice.region, variable: choice.variable, transitions: choice.transitions.filter { !step.leaving.contains($0) })
        }
        switch step.mode {
        case .pure: return returnTogether(local, of: step, into: &writer)
        case .live(let ending): return takeTogether(local, of: step, ending: ending, into: &writer)
        }
    }

    /// The pure function's `return` of the configuration the regions' `local` choices lead to.
    private func returnTogether(_ local: [RegionChoice], of step: SharedStep, into writer: inout CodeWriter) -> CodeReads {
        guard local.contains(where: { $0.transitions.contains { machine[$0].entry != nil } }) else {
            writer.line(step.mode.unmovedEnd)
            return CodeReads()
        }
        let (configuration, reads) = assignRegions(local, of: step, markingMoved: false, into: &writer)
        writer.line("return \(configuration)")
        return reads
    }

    /// The running machine's taking of the regions' `local` choices together.
    private func takeTogether(_ local: [RegionChoice], of step: SharedStep, ending: BodyEnding, into writer: inout CodeWriter) -> CodeReads {
        let moving = local.flatMap(\.transitions).contains { machine[$0].entry != nil }
        let staying = local.flatMap(\.transitions).contains { machine[$0].entry == nil }
        var reads = CodeReads()
        if moving { writer.line("let stateBefore = state") }
        emitPerChoice(local.reversed(), into: &writer) { choice, id, writer in
            guard let domain = machine[id].domain, machine[id].entry != nil else { return }
            reads.formUnion(emitExits(inside: domain, region: choice.region, into: &writer))
        }
        reads.formUnion(emitActions(of: step, taking: { !step.leaving.contains($0) }, outerTaking: { self.machine[$0].entry == nil }, into: &writer))
        guard moving else {
            writer.line(ending.statement)
            return reads
        }
        let (configuration, configurationReads) = assignRegions(local, of: step, markingMoved: staying, into: &writer)
        reads.formUnion(configurationReads)
        if staying { writer.line("guard moved else { \(ending.statement) }") }
        writer.line("state = \(configuration)")
        emitPerChoice(local, into: &writer) { _, id, writer in
            // The history is what the exits above left, so it restores the same again.
            bodies.emitEntries(of: id, restoredInside: spelling.restoredHistory(of: id), into: &writer)
        }
        ending.writeTransitioned(on: step.event, into: &writer)
        return reads
    }

    /// `var regions = editorRegions`, then for each choice with a target what is active
    /// inside its region once it is taken, noting `moved = true` when `markingMoved`. Returns
    /// the new configuration, which keeps the parallel state and the states around it with
    /// these regions, and what the code and it read.
    private func assignRegions(
        _ choices: [RegionChoice], of step: SharedStep, markingMoved: Bool, into writer: inout CodeWriter
    ) -> (configuration: String, reads: CodeReads) {
        let regions = spelling.regionsVariable(step.parallel)
        writer.line("var regions = \(regions)")
        var reads = CodeReads(BoundValue(variable: regions))
        if markingMoved { writer.line("var moved = false") }
        emitPerChoice(choices, into: &writer) { choice, id, writer in
            guard machine[id].entry != nil else { return }
            reads.formUnion(emitRegionAssignment(after: id, in: choice.region, receiver: step.mode.receiver, into: &writer))
            if markingMoved { writer.line("moved = true") }
        }
        let kept = machine.path(to: step.parallel)
        // The new configuration reads the data of the states kept, and the regions of a
        // parallel state around.
        reads.formUnion(spelling.regionsRead(keeping: kept, entering: [], historyOwner: step.parallel))
        reads.insert(dataLabels: Set(kept.flatMap { model[$0].data.map { $0.label! } }))
        let configuration = spelling.configurationValue(
            keeping: kept, entering: [], data: spelling.boundData, historyOwner: step.parallel, historyInside: "regions")
        return (configuration, reads)
    }

    /// For each choice in `order`, `switch choice { case 12?: … }` over its transitions for
    /// which `body` writes code.
    private func emitPerChoice(
        _ order: [RegionChoice], into writer: inout CodeWriter, _ body: (RegionChoice, TransitionID, inout CodeWriter) -> Void
    ) {
        for choice in order {
            var cases: [(String, CodeWriter)] = []
            for id in choice.transitions {
                var code = CodeWriter()
                body(choice, id, &code)
                if !code.isEmpty { cases.append(("case \(id.index)?:", code)) }
            }
            emitChoiceSwitch(on: choice.variable, cases: cases, into: &writer)
        }
    }

    /// The actions of the transitions taken together, in document order (SCXML 3.13): one
    /// slot a region, in document order, holding its choice's actions (those `taking` keeps),
    /// and the transition around the parallel state that its states selected (if `outerTaking`
    /// keeps it), placed among them where the spec declares it (a region's transitions are
    /// declared inside its block, one around the parallel state outside every region's).
    /// Returns what the code reads.
    func emitActions(
        of step: SharedStep, taking: (TransitionID) -> Bool, outerTaking: (TransitionID) -> Bool, into writer: inout CodeWriter
    ) -> CodeReads {
        var reads = CodeReads()
        var pendingOuter = machine.inDocumentOrder(step.outer.filter(outerTaking))
        func emitOuterActions(declaredBefore bound: TransitionID?) {
            let placed = pendingOuter.filter { id in bound.map { machine.inDocumentOrder([id, $0]).first == id } ?? true }
            pendingOuter.removeAll { placed.contains($0) }
            let cases = placed.filter { !machine[$0].declaration.actions.isEmpty }.map { id in
                var code = CodeWriter()
                spelling.emitActions(machine[id].declaration.actions, payloadOf: machine[id].declaration.trigger, into: &code)
                reads.insert(dataLabels: decisions.actionData[id.index])
                return ("case \(id.index)?:", code)
            }
            emitChoiceSwitch(on: "outerChoice", cases: cases, into: &writer)
        }
        for choice in step.choices {
            emitOuterActions(declaredBefore: machine.inDocumentOrder(choice.transitions).first)
            var cases: [(String, CodeWriter)] = []
            for id in choice.transitions where taking(id) && !machine[id].declaration.actions.isEmpty {
                var code = CodeWriter()
                let labels = decisions.actionData[id.index]
                reads.formUnion(bodies.bindingChosenData(labels, of: id, inside: choice.region, from: .region(regionValue(choice.region)), into: &code) { writer in
                    spelling.emitActions(machine[id].declaration.actions, payloadOf: machine[id].declaration.trigger, into: &writer)
                    return CodeReads(dataLabels: labels)
                })
                cases.append(("case \(id.index)?:", code))
            }
            emitChoiceSwitch(on: choice.variable, cases: cases, into: &writer)
        }
        emitOuterActions(declaredBefore: nil)
        return reads
    }

    /// `switch subject { case …: code … default: break }` over a choice, nothing when no case
    /// has code.
    private func emitChoiceSwitch(on subject: String, cases: [(label: String, code: CodeWriter)], into writer: inout CodeWriter) {
        guard !cases.isEmpty else { return }
        writer.line("switch \(subject) {")
        for (label, code) in cases {
            writer.line(label)
            writer.indented { writer in writer.append(code) }
        }
        writer.line("default:")
        writer.indented { writer in writer.line("break") }
        writer.line("}")
    }

    /// Exits what is active inside `domain`, which lies in `region` (bound as a property of
    /// its parallel state's regions). Returns what the code reads.
    private func emitExits(inside domain: StateID, region: StateID, into writer: inout CodeWriter) -> CodeReads {
        let value = regionValue(region)
        let type = SwiftNames.stateTypeName(model[domain].name)
        if domain == region {
            writer.line("exitStates(inside\(type): \(value.expression))")
            return CodeReads(value)
        }
        let path = Array(machine.path(to: domain).drop { $0 != region }.dropFirst())
        let (clauses, child) = spelling.configurationClauses(path, child: "exited", subject: value.expression)
        writer.line("if \(clauses.joined(separator: ", ")) { exitStates(inside\(type): \(child!.expression)) }")
        return CodeReads(value)
    }

    /// `regions.x = …`: what is active inside `region` once transition `id` (which stays in
    /// it) is taken, the data of the states it keeps and a history it restores included.
    /// Returns what the code reads.
    private func emitRegionAssignment(after id: TransitionID, in region: StateID, receiver: String, into writer: inout CodeWriter) -> CodeReads {
        let transition = machine[id]
        guard let entry = transition.entry else { return CodeReads() }
        let target = transition.declaration.target!
        let arguments = transition.declaration.targetArguments.map { spelling.valueCode($0.value, event: transition.eventID, receiver: receiver) }
        let kept = Array(machine.path(to: transition.domain!).drop { $0 != region })
        let historyInside = entry.restoresHistoryOf.map { _ in spelling.restoredHistory(of: id) }
        let labels = decisions.targetData[id.index]
        return bodies.bindingChosenData(labels, of: id, inside: region, from: .region(regionValue(region)), into: &writer) { writer in
            let inside = spelling.configurationInside(
                of: region, keeping: kept, entering: entry.states,
                data: { state in state == target && entry.restoresHistoryOf == nil ? arguments : self.spelling.boundData(state) },
                historyOwner: entry.restoresHistoryOf, historyInside: historyInside)
            writer.line("regions.\(SwiftNames.variable(model[region].name)) = \(inside)")
            return CodeReads(dataLabels: labels)
        }
    }
}
