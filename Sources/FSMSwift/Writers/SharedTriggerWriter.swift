import FSMCore

/// Parallel regions in the generated dispatch. A trigger only one region of a parallel state
/// (or the states around it) can take is dispatched as in a compound state: the region that
/// takes it first, then the parallel state, then outward. A trigger several regions take is
/// *shared*: each region chooses its transition (``ExecutableMachine/selectTransitions(for:atomicStates:isEnabled:)``
/// decides among them as SCXML does: the first region's choice, if it leaves the parallel
/// state, is taken alone; otherwise every region's choice that stays inside its region is
/// taken together, exits in reverse document order, actions and entries in document order).
///
/// The code of a shared trigger chooses (each region's choice), resolves (what the choices
/// mean together, as SCXML's selection) and takes (the transitions kept), for the running
/// machine or the pure transition function (``DispatchMode``).
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
    /// `switch event { … }` over the events several regions of `parallel` share (bound to its
    /// regions variable): each case the regions' choices. Never leaves: when no region
    /// chooses, the parallel state's own transitions come next. Says what the code reads.
    func emitSharedEvents(of parallel: StateID, mode: DispatchMode, into writer: inout CodeWriter) -> WrittenCode {
        let events = regionAnalysis.sharedTriggers[parallel.index].compactMap(\.event)
        guard !events.isEmpty else { return .nothing }
        var reads = CodeReads()
        writer.line("switch event {")
        for event in events {
            // What the code reads of the payload: the transitions it may choose.
            let trigger = ExecutableMachine.Trigger.event(event)
            let candidates: [TransitionID]
            if regionAnalysis.apartTriggers[parallel.index].contains(trigger) {
                candidates = regionAnalysis.microstepCandidates(of: parallel, for: trigger).all
            } else {
                let shared = decisions.sharedChoices(of: parallel, for: trigger)
                candidates = shared.regions.flatMap(\.transitions) + machine.choosable(outerTransitions(shared, mode: mode))
            }
            writer.line("case ", spelling.pattern(for: event, binding: mode.usedPayload(of: candidates, in: machine, spelling: spelling)), ":")
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

    /// The transitions around the parallel state the code of a shared trigger chooses among
    /// (``SharedChoices/around``): none when none of them has a target or actions that run.
    private func outerTransitions(_ shared: SharedChoices, mode: DispatchMode) -> [TransitionID] {
        mode.takesSomething(of: shared.around, in: machine) ? shared.around : []
    }

    // MARK: - Generating a shared trigger

    /// The code of a trigger several regions of `parallel` take (its regions bound to
    /// ``SwiftSpelling/regionsVariable(_:)``, the event's payload bound): each region's choice,
    /// then the transitions SCXML's selection keeps. Falls through when no region chooses one.
    /// Returns what the code reads.
    @discardableResult
    func emitSharedTrigger(
        _ trigger: ExecutableMachine.Trigger, of parallel: StateID, event: String, mode: DispatchMode, into writer: inout CodeWriter
    ) -> CodeReads {
        guard !regionAnalysis.apartTriggers[parallel.index].contains(trigger) else {
            return microstep.emitMicrostep(trigger, of: parallel, event: event, mode: mode, into: &writer)
        }
        let shared = decisions.sharedChoices(of: parallel, for: trigger)
        let eventID = trigger.event
        let condition = { (guardModel: GuardModel) in mode.condition(guardModel, event: eventID, spelling: self.spelling) }
        var (choices, reads) = chooseInEachRegion(shared, trigger: trigger, condition: condition, into: &writer)
        let step = SharedStep(
            parallel: parallel, event: event, eventID: eventID, mode: mode, condition: condition, choices: choices, leaving: shared.leaving,
            outer: outerTransitions(shared, mode: mode))
        writer.block("if " + choices.map { "\($0.variable) != nil" }.joined(separator: " || ")) { writer in
            let (firstMoving, resolveReads) = resolve(step, into: &writer)
            reads.formUnion(resolveReads)
            reads.formUnion(take(step, firstMoving: firstMoving, into: &writer))
        }
        return reads
    }

    /// Chooses in each region that can, innermost states first: `let boldChoice: Int? = …`,
    /// the number of the first transition whose guard holds. Returns the choices and what the
    /// code reads.
    private func chooseInEachRegion(
        _ shared: SharedChoices, trigger: ExecutableMachine.Trigger, condition: (GuardModel) -> String?, into writer: inout CodeWriter
    ) -> (choices: [RegionChoice], reads: CodeReads) {
        let relevant = walk.subtreesDeclaring { !machine.transitions(of: .state($0), for: trigger).isEmpty }
        // A region's states may choose only its transitions: one binding serves every region.
        let choosable = Set(shared.regions.flatMap(\.transitions))
        let guardBindings = spelling.dataBindings { state in
            decisions.guardData(of: machine.transitions(of: .state(state), for: trigger).filter(choosable.contains))
        }
        var choices: [RegionChoice] = []
        var reads = CodeReads()
        for (region, transitions) in shared.regions {
            var body = ChoiceCode()
            let walked = walk.emitStateTree(
                model[region].children, subject: regionValue(region), relevant: relevant, bindings: guardBindings, into: &body.statements
            ) { state, _, writer in
                emitChoiceSequence(machine.transitions(of: .state(state), for: trigger), condition: condition, into: &writer)
            }
            reads.formUnion(walked.reads)
            if !walked.leaves {
                let guarded = body.returnFirst(of: machine.transitions(of: .state(region), for: trigger), in: machine, condition: condition)
                reads.insert(dataLabels: decisions.guardData(of: guarded))
            }
            let choice = RegionChoice(region: region, variable: "\(model[region].name)Choice", transitions: transitions)
            emitChoice(choice.variable, body, into: &writer)
            choices.append(choice)
        }
        return (choices, reads)
    }

    /// Resolves the choices as SCXML's selection does: `outerChoice`, the transition around
    /// the parallel state that the states of a region choosing none select (unless every
    /// region chooses), and the first region's choice with a target, which decides which
    /// others are taken. Returns that choice's expression and what the code reads.
    private func resolve(_ step: SharedStep, into writer: inout CodeWriter) -> (firstMoving: String, reads: CodeReads) {
        var reads = CodeReads()
        let isTargetless = { (id: TransitionID) in self.machine[id].entry == nil }
        if !step.outer.isEmpty {
            var body = ChoiceCode()
            reads.insert(dataLabels: decisions.guardData(of: body.returnFirst(of: step.outer, in: machine, condition: step.condition)))
            let everyRegionChooses = step.choices.count == model[step.parallel].children.count
            let unless = everyRegionChooses ? step.choices.map { "\($0.variable) != nil" }.joined(separator: " && ") + " ? nil : " : ""
            emitChoice("outerChoice", body, unless: unless, into: &writer)
        }
        let needsFirstMoving = !step.leaving.isEmpty || step.outer.contains { !isTargetless($0) }
        guard needsFirstMoving, step.choices.contains(where: { $0.transitions.contains(where: isTargetless) }) else {
            return (step.choices.map(\.variable).joined(separator: " ?? "), reads)
        }
        for choice in step.choices {
            let still = choice.transitions.filter(isTargetless)
            guard !still.isEmpty else { continue }
            writer.line("let \(choice.variable)Moves: Int? = switch \(choice.variable) { case \(still.map { "\($0.index)?" }.joined(separator: ", ")): nil; default: \(choice.variable) }")
        }
        let firstMoving = step.choices.map { choice in
            choice.transitions.contains(where: isTargetless) ? choice.variable + "Moves" : choice.variable
        }.joined(separator: " ?? ")
        return (firstMoving, reads)
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
        return WrittenCode(leaves: written.leaves, reads: CodeReads(dataLabels: decisions.guardData(of: sequence.guarded(transitions))))
    }

    /// What is active inside `region` as its parallel state's bound regions hold it
    /// (`editorRegions.bold`).
    func regionValue(_ region: StateID) -> BoundValue {
        BoundValue(property: SwiftNames.variable(model[region].name), of: spelling.regionsVariable(model[region].parent!))
    }
}

/// A region's choice in the code of a shared trigger: the variable holding the number of the
/// transition it chose (`boldChoice`), and the transitions it may choose.
struct RegionChoice {
    let region: StateID
    let variable: String
    let transitions: [TransitionID]
}

/// What the code of one shared trigger hands from choosing to resolving and taking.
struct SharedStep {
    let parallel: StateID
    /// What observers are told took the transitions (`event`, `nil`).
    let event: String
    let eventID: EventID?
    let mode: DispatchMode
    /// A guard as the code asks it.
    let condition: (GuardModel) -> String?
    /// The regions that choose, in document order.
    let choices: [RegionChoice]
    /// The choices that leave their region (``SharedChoices/leaving``).
    let leaving: [TransitionID]
    /// The transitions around the parallel state that may be taken with the regions' (bound to
    /// `outerChoice`), empty when none does anything.
    let outer: [TransitionID]
}
