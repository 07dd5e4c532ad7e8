import FSMCore

/// Parallel regions in the generated dispatch. A trigger only one region of a parallel state
/// (or the states around it) can take is dispatched as in a compound state: the region that
/// takes it first, then the parallel state, then outward. A trigger several regions take is
/// *shared*: each region chooses its transition (``ExecutableMachine/selectTransitions(for:atomicStates:isEnabled:)``
/// decides among them as SCXML does: the first region's choice, if it leaves the parallel
/// state, is taken alone; otherwise every region's choice that stays inside its region is
/// taken together, exits in reverse document order, actions and entries in document order).
/// What the code of a shared trigger is for.
enum SharedMode {
    /// The running machine: takes the transitions, ending as `ending` says.
    case live(BodyEnding)
    /// The pure transition function: returns the configuration they lead to.
    case pure

    /// Whether the code runs the transitions' actions.
    var runsActions: Bool {
        if case .live = self { true } else { false }
    }
}

final class SharedTriggerWriter: PlanReader {
    let plan: SwiftPlan
    let spelling: SwiftSpelling
    let walk: StateTreeWalk
    let bodies: TransitionBodyWriter
    let microstep: MicrostepWriter

    init(plan: SwiftPlan, spelling: SwiftSpelling, walk: StateTreeWalk, bodies: TransitionBodyWriter, microstep: MicrostepWriter) {
        self.plan = plan
        self.spelling = spelling
        self.walk = walk
        self.bodies = bodies
        self.microstep = microstep
    }
}

extension SharedTriggerWriter {
    /// The transitions around `parallel` the code of a shared trigger chooses among (see
    /// ``outerTransitions(_:_:_:)``): none when none of them has a target or actions that run.
    func takenAround(_ trigger: ExecutableMachine.Trigger, of parallel: StateID, mode: SharedMode) -> [TransitionID] {
        let around = regionAnalysis.outerTransitions(trigger, of: parallel)
        let matters = around.contains { machine[$0].entry != nil || mode.runsActions && !machine[$0].declaration.actions.isEmpty }
        return matters ? around : []
    }

    /// `switch event { … }` over the events several regions of `parallel` share (bound to its
    /// regions variable): each case the regions' choices. Never leaves: when no region
    /// chooses, the parallel state's own transitions come next. Says what the code reads.
    func emitSharedEvents(of parallel: StateID, mode: SharedMode, into writer: inout CodeWriter) -> WrittenCode {
        let events = regionAnalysis.sharedTriggers[parallel.index].compactMap { trigger -> EventID? in
            if case .event(let event) = trigger { event } else { nil }
        }
        guard !events.isEmpty else { return .nothing }
        var reads = CodeReads()
        writer.line("switch event {")
        for event in events {
            // What the code reads of the payload: the transitions it may choose.
            let trigger = ExecutableMachine.Trigger.event(event)
            let candidates = regionAnalysis.apartTriggers[parallel.index].contains(trigger)
                ? regionAnalysis.microstepCandidates(of: parallel, for: trigger).all
                : regionAnalysis.sharedTransitions(of: parallel, for: trigger) + machine.choosable(takenAround(trigger, of: parallel, mode: mode))
            var declarations = candidates.map { machine[$0].declaration }
            if case .pure = mode {
                // The pure function runs no action: only guards and targets read the payload.
                for index in declarations.indices { declarations[index].actions = [] }
            }
            writer.line("case ", spelling.pattern(for: event, binding: spelling.usedPayload(of: declarations)), ":")
            writer.indented { writer in
                reads.formUnion(emitSharedTrigger(.event(event), of: parallel, event: "event", mode: mode, into: &writer))
            }
        }
        if events.count < model.events.count {
            writer.line("default:")
            writer.indented { writer in writer.line("break") }
        }
        writer.line("}")
        return WrittenCode(leaves: false, reads: reads)
    }

    // MARK: - Generating a shared trigger

    /// The code of a trigger several regions of `parallel` take (its regions bound to
    /// ``SwiftSpelling/regionsVariable(_:)``, the event's payload bound): each region's choice, then the
    /// transitions SCXML's selection keeps. Falls through when no region chooses one. Returns
    /// what the code reads.
    @discardableResult
    func emitSharedTrigger(
        _ trigger: ExecutableMachine.Trigger, of parallel: StateID, event: String, mode: SharedMode, into writer: inout CodeWriter
    ) -> CodeReads {
        guard !regionAnalysis.apartTriggers[parallel.index].contains(trigger) else {
            return microstep.emitMicrostep(trigger, of: parallel, event: event, mode: mode, into: &writer)
        }
        var reads = CodeReads()
        func readGuards(_ transitions: [TransitionID]) {
            for id in transitions { reads.insert(dataLabels: spelling.dataNeeded(byGuardOf: id)) }
        }
        let eventID: EventID? = if case .event(let id) = trigger { id } else { nil }
        let regions = spelling.regionsVariable(parallel)
        let receiver = if case .pure = mode { "guards" } else { "actions" }
        let condition = { (guardModel: GuardModel) in
            if case .pure = mode { return self.spelling.guardCode(guardModel, event: eventID, receiver: "guards", configuration: "state") }
            return self.spelling.liveCondition(guardModel, eventID)
        }

        // Each region's choice: the first transition whose guard holds, innermost first.
        var choices: [(region: StateID, variable: String, transitions: [TransitionID])] = []
        for region in model[parallel].children {
            let transitions = regionAnalysis.choosable(inside: region, for: trigger).transitions
            guard !transitions.isEmpty else { continue }
            let variable = "\(model[region].name)Choice"
            let value = BoundValue(property: SwiftNames.variable(model[region].name), of: regions)
            var body = ChoiceCode()
            let relevant = walk.subtreesDeclaring { !machine.transitions(of: .state($0), for: trigger).isEmpty }
            let guardBindings = spelling.dataBindings { state in
                machine.transitions(of: .state(state), for: trigger).filter(transitions.contains)
                    .reduce(into: Set<String>()) { $0.formUnion(spelling.dataNeeded(byGuardOf: $1)) }
            }
            let walked = walk.emitStateTree(
                model[region].children, subject: value, relevant: relevant, bindings: guardBindings, into: &body.statements
            ) { state, _, writer in
                emitChoiceSequence(machine.transitions(of: .state(state), for: trigger), condition: condition, into: &writer)
            }
            reads.formUnion(walked.reads)
            if !walked.leaves {
                readGuards(body.returnFirst(of: machine.transitions(of: .state(region), for: trigger), in: machine, condition: condition))
            }
            emitChoice(variable, body, into: &writer)
            choices.append((region, variable, transitions))
        }

        let leaving = choices.flatMap { choice in choice.transitions.filter { isLeaving($0, region: choice.region) } }
        let isTargetless = { (id: TransitionID) in self.machine[id].entry == nil }
        // The transitions around the parallel state that SCXML may take in the same step: the
        // states of a region that chooses none select the first whose guard holds.
        let outer = takenAround(trigger, of: parallel, mode: mode)
        let everyRegionChooses = choices.count == model[parallel].children.count
        writer.block("if " + choices.map { "\($0.variable) != nil" }.joined(separator: " || ")) { writer in
            if !outer.isEmpty {
                var body = ChoiceCode()
                readGuards(body.returnFirst(of: outer, in: machine, condition: condition))
                let unless = everyRegionChooses ? choices.map { "\($0.variable) != nil" }.joined(separator: " && ") + " ? nil : " : ""
                emitChoice("outerChoice", body, unless: unless, into: &writer)
            }
            // The first region's choice with a target: it decides which others are taken.
            var firstMoving = choices.map(\.variable).joined(separator: " ?? ")
            let outerMoving = outer.filter { !isTargetless($0) }
            let needsFirstMoving = !leaving.isEmpty || !outerMoving.isEmpty
            if needsFirstMoving, choices.contains(where: { $0.transitions.contains(where: isTargetless) }) {
                for choice in choices {
                    let still = choice.transitions.filter(isTargetless)
                    guard !still.isEmpty else { continue }
                    writer.line("let \(choice.variable)Moves: Int? = switch \(choice.variable) { case \(still.map { "\($0.index)?" }.joined(separator: ", ")): nil; default: \(choice.variable) }")
                }
                firstMoving = choices.map { choice in
                    choice.transitions.contains(where: isTargetless) ? choice.variable + "Moves" : choice.variable
                }.joined(separator: " ?? ")
            }
            let slots = ActionSlots(choices: choices.map { ($0.region, $0.variable, $0.transitions) }, outer: outer)
            if !leaving.isEmpty {
                writer.line("// The first region's choice with a target leaves `\(model[parallel].name)`: of those with one, it is taken alone.")
                writer.line("switch \(firstMoving) {")
                for id in leaving {
                    writer.line("case \(id.index)?:")
                    writer.indented { writer in
                        let region = choices.first { $0.transitions.contains(id) }!.region
                        // Its actions run in their slot, which binds what they read itself.
                        reads.formUnion(bindingRegionData(spelling.dataNeeded(byTargetOf: id), of: id, in: region, into: &writer) { writer in
                            switch mode {
                            case .live(let ending):
                                return bodies.emitBody(id, from: .unknown, event: event, ending: ending, into: &writer) { writer in
                                    self.emitActions(of: slots, taking: { $0 == id || isTargetless($0) }, outerTaking: isTargetless, into: &writer)
                                }
                            case .pure:
                                writer.line("return \(bodies.targetConfiguration(of: id, event: eventID, receiver: receiver))")
                                return bodies.targetReads(of: id)
                            }
                        })
                    }
                }
                writer.line("default:")
                writer.indented { writer in writer.line("break") }
                writer.line("}")
            }
            if !outerMoving.isEmpty {
                writer.line("// No region's choice has a target: one around `\(model[parallel].name)` that has one is taken with them.")
                writer.block("if \(choices.count > 1 ? "(\(firstMoving))" : firstMoving) == nil") { writer in
                    writer.line("switch outerChoice {")
                    for id in outerMoving {
                        writer.line("case \(id.index)?:")
                        writer.indented { writer in
                            switch mode {
                            case .live(let ending):
                                reads.formUnion(bodies.emitBody(id, from: .unknown, event: event, ending: ending, into: &writer) { writer in
                                    self.emitActions(of: slots, taking: isTargetless, outerTaking: { _ in true }, into: &writer)
                                })
                            case .pure:
                                writer.line("return \(bodies.targetConfiguration(of: id, event: eventID, receiver: receiver))")
                                reads.formUnion(bodies.targetReads(of: id))
                            }
                        }
                    }
                    writer.line("default:")
                    writer.indented { writer in writer.line("break") }
                    writer.line("}")
                }
            }
            // Every region's choice that stays in its region, taken together.
            let local = choices.map { choice in
                (choice.region, choice.variable, choice.transitions.filter { !leaving.contains($0) })
            }
            func emitPerChoice(_ order: [(StateID, String, [TransitionID])], _ body: (TransitionID, inout CodeWriter) -> Void) {
                for (_, variable, transitions) in order {
                    var cases: [(TransitionID, CodeWriter)] = []
                    for id in transitions {
                        var code = CodeWriter()
                        body(id, &code)
                        if !code.isEmpty { cases.append((id, code)) }
                    }
                    emitChoiceSwitch(on: variable, cases: cases.map { ("case \($0.0.index)?:", $0.1) }, into: &writer)
                }
            }
            let moving = local.flatMap(\.2).filter { machine[$0].entry != nil }
            let staying = local.flatMap(\.2).contains { machine[$0].entry == nil }
            let kept = machine.path(to: parallel)
            // What the new configuration reads: the data of the states kept, and the regions
            // of a parallel state around.
            var keptReads = spelling.regionsRead(keeping: kept, entering: [], historyOwner: parallel)
            keptReads.insert(dataLabels: Set(kept.flatMap { model[$0].data.map { $0.label! } }))
            let regionsValue = BoundValue(variable: regions)
            if case .pure = mode {
                guard !moving.isEmpty else {
                    writer.line("return state")
                    return
                }
                writer.line("var regions = \(regions)")
                reads.insert(regionsValue)
                for (region, variable, transitions) in local {
                    emitPerChoice([(region, variable, transitions)]) { id, writer in
                        reads.formUnion(emitRegionAssignment(after: id, in: region, receiver: receiver, into: &writer))
                    }
                }
                writer.line("return \(spelling.configurationValue(keeping: kept, entering: [], data: spelling.boundData, historyOwner: parallel, historyInside: "regions"))")
                reads.formUnion(keptReads)
                return
            }
            guard case .live(let ending) = mode else { return }
            if !moving.isEmpty { writer.line("let stateBefore = state") }
            emitPerChoice(local.reversed()) { id, writer in
                guard let domain = machine[id].domain, machine[id].entry != nil else { return }
                let region = local.first { $0.2.contains(id) }!.0
                reads.formUnion(emitExits(inside: domain, region: region, into: &writer))
            }
            reads.formUnion(emitActions(of: slots, taking: { !leaving.contains($0) }, outerTaking: isTargetless, into: &writer))
            if !moving.isEmpty {
                writer.line("var regions = \(regions)")
                reads.insert(regionsValue)
                if staying { writer.line("var moved = false") }
                for (region, variable, transitions) in local {
                    emitPerChoice([(region, variable, transitions)]) { id, writer in
                        guard machine[id].entry != nil else { return }
                        reads.formUnion(emitRegionAssignment(after: id, in: region, receiver: receiver, into: &writer))
                        if staying { writer.line("moved = true") }
                    }
                }
                if staying {
                    writer.line(ending == .returnTrue ? "guard moved else { return true }" : "guard moved else { continue }")
                }
                writer.line("state = \(spelling.configurationValue(keeping: kept, entering: [], data: spelling.boundData, historyOwner: parallel, historyInside: "regions"))")
                reads.formUnion(keptReads)
                emitPerChoice(local) { id, writer in
                    // The history is what the exits above left, so it restores the same again.
                    bodies.emitEntries(of: id, restoredInside: spelling.restoredHistory(of: id), into: &writer)
                }
                switch ending {
                case .returnTrue: writer.line("return transitioned(from: stateBefore, on: \(event))")
                case .continueLoop:
                    writer.line("transitioned(from: stateBefore, on: \(event))")
                    writer.line("continue")
                }
            } else {
                writer.line(ending == .returnTrue ? "return true" : "continue")
            }
        }
        return reads
    }

    /// Where the actions of the transitions a shared trigger takes together run, in document
    /// order (SCXML 3.13): one slot a region, in document order, holding its choice's actions,
    /// and the transition around the parallel state that its states selected, placed among
    /// them where the spec declares it (a region's transitions are declared inside its block,
    /// one around the parallel state outside every region's).
    struct ActionSlots {
        /// The regions that choose, in document order, each with its choice's variable and
        /// candidates.
        var choices: [(region: StateID, variable: String, transitions: [TransitionID])]
        /// The transitions around the parallel state that may be taken with the regions'
        /// (bound to `outerChoice`), empty when none can.
        var outer: [TransitionID]
    }

    /// The actions of the transitions taken together, slot by slot: of each region's choice
    /// those `taking` keeps, and of the transition around the parallel state those
    /// `outerTaking` keeps. Returns what the code reads.
    func emitActions(
        of slots: ActionSlots, taking: (TransitionID) -> Bool, outerTaking: (TransitionID) -> Bool, into writer: inout CodeWriter
    ) -> CodeReads {
        var reads = CodeReads()
        var pendingOuter = machine.inDocumentOrder(slots.outer.filter(outerTaking))
        func emitOuterActions(declaredBefore bound: TransitionID?) {
            let placed = pendingOuter.filter { id in bound.map { machine.inDocumentOrder([id, $0]).first == id } ?? true }
            pendingOuter.removeAll { placed.contains($0) }
            let cases = placed.filter { !machine[$0].declaration.actions.isEmpty }.map { id in
                var code = CodeWriter()
                spelling.emitActions(machine[id].declaration.actions, payloadOf: machine[id].declaration.trigger, into: &code)
                reads.insert(dataLabels: spelling.dataNeeded(by: machine[id].declaration.actions))
                return ("case \(id.index)?:", code)
            }
            emitChoiceSwitch(on: "outerChoice", cases: cases, into: &writer)
        }
        for choice in slots.choices {
            emitOuterActions(declaredBefore: machine.inDocumentOrder(choice.transitions).first)
            var cases: [(String, CodeWriter)] = []
            for id in choice.transitions where taking(id) && !machine[id].declaration.actions.isEmpty {
                var code = CodeWriter()
                let actions = machine[id].declaration.actions
                reads.formUnion(bindingRegionData(spelling.dataNeeded(by: actions), of: id, in: choice.region, into: &code) { writer in
                    spelling.emitActions(actions, payloadOf: machine[id].declaration.trigger, into: &writer)
                    return CodeReads(dataLabels: spelling.dataNeeded(by: actions))
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

    /// `let variable: Int? = …`: the choice `body` returns (a closure, or its value when it is
    /// known), `unless` prefixing the expression (`a != nil ? nil : `).
    private func emitChoice(_ variable: String, _ body: ChoiceCode, unless: String = "", into writer: inout CodeWriter) {
        if let value = body.immediateValue {
            writer.line("let \(variable): Int? = \(unless)\(value)")
        } else {
            writer.line("let \(variable): Int? = \(unless){")
            writer.indented { writer in writer.append(body.statements) }
            writer.line("}()")
        }
    }

    /// `if guard { return 12 }` for each transition, up to the first unguarded one. Returns
    /// whether every path leaves, and the data the guards written read.
    private func emitChoiceSequence(_ transitions: [TransitionID], condition: (GuardModel) -> String?, into writer: inout CodeWriter) -> WrittenCode {
        let sequence = GuardedSequence(transitions, in: machine, condition: condition)
        let written = sequence.writeLines(into: &writer) { "return \(transitions[$0].index)" }
        var reads = CodeReads()
        for branch in sequence.branches where branch.condition != nil {
            reads.insert(dataLabels: spelling.dataNeeded(byGuardOf: transitions[branch.position]))
        }
        return WrittenCode(leaves: written.leaves, reads: reads)
    }

    /// Whether a transition chosen in `region` leaves it (its domain lies outside it), so that
    /// it conflicts with every other region's.
    private func isLeaving(_ id: TransitionID, region: StateID) -> Bool {
        guard machine[id].entry != nil else { return false }
        guard let domain = machine[id].domain else { return true }
        return !(domain == region || machine.isProperDescendant(domain, of: region))
    }

    /// Exits what is active inside `domain`, which lies in `region` (bound as a property of
    /// its parallel state's regions). Returns what the code reads.
    private func emitExits(inside domain: StateID, region: StateID, into writer: inout CodeWriter) -> CodeReads {
        let parallel = model[region].parent!
        let value = BoundValue(property: SwiftNames.variable(model[region].name), of: spelling.regionsVariable(parallel))
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
        return bindingRegionData(spelling.dataNeeded(byTargetOf: id), of: id, in: region, into: &writer) { writer in
            let inside = spelling.configurationInside(
                of: region, keeping: kept, entering: entry.states,
                data: { state in state == target && entry.restoresHistoryOf == nil ? arguments : self.spelling.boundData(state) },
                historyOwner: entry.restoresHistoryOf, historyInside: historyInside)
            writer.line("regions.\(SwiftNames.variable(model[region].name)) = \(inside)")
            return CodeReads(dataLabels: spelling.dataNeeded(byTargetOf: id))
        }
    }

    /// Writes `body` where the data among `labels` of the states inside `region` that were
    /// active when `id` was chosen (its source and the states around it) are bound to
    /// variables of their labels' names: the shared code walked the region only to choose.
    /// `body` says what it reads; returns what the whole reads.
    private func bindingRegionData(
        _ labels: Set<String>, of id: TransitionID, in region: StateID, into writer: inout CodeWriter,
        _ body: (inout CodeWriter) -> CodeReads
    ) -> CodeReads {
        let inside = machine.source(of: id).map { Array(machine.path(to: $0).drop { $0 != region }.dropFirst()) } ?? []
        let needed = labels.intersection(inside.flatMap { model[$0].data.map { $0.label! } })
        guard !needed.isEmpty else { return body(&writer) }
        let parallel = model[region].parent!
        let value = BoundValue(property: SwiftNames.variable(model[region].name), of: spelling.regionsVariable(parallel))
        let (clauses, _) = spelling.configurationClauses(inside, binding: needed, subject: value.expression)
        var reads = CodeReads(value)
        writer.block("if " + clauses.joined(separator: ", ")) { writer in reads.formUnion(body(&writer).outside(binding: needed)) }
        return reads
    }
}
