/// Parallel regions in the generated dispatch. A trigger only one region of a parallel state
/// (or the states around it) can take is dispatched as in a compound state: the region that
/// takes it first, then the parallel state, then outward. A trigger several regions take is
/// *shared*: each region chooses its transition (``ExecutableMachine/selectTransitions(for:atomicStates:isEnabled:)``
/// decides among them as SCXML does: the first region's choice, if it leaves the parallel
/// state, is taken alone; otherwise every region's choice that stays inside its region is
/// taken together, exits in reverse document order, actions and entries in document order).
extension SwiftEmitter {
    /// The triggers of each parallel state that two or more of its regions take, by
    /// ``StateID``, in the order first declared; and, for every state inside a region, the
    /// triggers shared at a parallel state around it, which its own dispatch leaves out.
    static func sharing(in machine: ExecutableMachine) -> (shared: [[ExecutableMachine.Trigger]], excluded: [Set<ExecutableMachine.Trigger>]) {
        let model = machine.model
        var shared = [[ExecutableMachine.Trigger]](repeating: [], count: model.states.count)
        var excluded = [Set<ExecutableMachine.Trigger>](repeating: [], count: model.states.count)
        for parallel in model.states where parallel.isParallel {
            var regionsTaking: [ExecutableMachine.Trigger: Int] = [:]
            var order: [(TransitionID, ExecutableMachine.Trigger)] = []
            for region in parallel.children {
                var triggers: [ExecutableMachine.Trigger: TransitionID] = [:]
                for state in [region] + model.descendants(of: region) {
                    for trigger in machine.triggers(of: .state(state)) where isSharable(trigger) {
                        let first = machine.transitions(of: .state(state), for: trigger)[0]
                        triggers[trigger] = min(triggers[trigger] ?? first, first)
                    }
                }
                for (trigger, first) in triggers {
                    regionsTaking[trigger, default: 0] += 1
                    order.append((first, trigger))
                }
            }
            var seen: Set<ExecutableMachine.Trigger> = []
            for (_, trigger) in order.sorted(by: { $0.0 < $1.0 }) where regionsTaking[trigger]! > 1 && seen.insert(trigger).inserted {
                shared[parallel.id.index].append(trigger)
            }
            let sharedHere = Set(shared[parallel.id.index])
            guard !sharedHere.isEmpty else { continue }
            for region in parallel.children {
                for state in [region] + model.descendants(of: region) { excluded[state.index].formUnion(sharedHere) }
            }
        }
        return (shared, excluded)
    }

    private static func isSharable(_ trigger: ExecutableMachine.Trigger) -> Bool {
        switch trigger {
        case .event, .always: true
        case .timer, .done: false
        }
    }

    /// What the Swift back end cannot generate yet for parallel states, as located errors:
    /// - a trigger several regions take, where a region taking it holds a parallel state of its
    ///   own (its regions would choose among themselves first);
    /// - a trigger one region takes without a target while another region's transition for it
    ///   leaves the parallel state, or a region's and the parallel state's (or an enclosing
    ///   state's, or the machine's) where one of them has no target: SCXML takes both in one
    ///   step (transitions without a target never conflict), the generated dispatch one.
    public static func unsupportedFeatures(of machine: ExecutableMachine) -> [Diagnostic] {
        let model = machine.model
        let (shared, _) = sharing(in: machine)
        var problems: [Diagnostic] = []
        for parallel in model.states where parallel.isParallel {
            for trigger in shared[parallel.id.index] {
                for region in parallel.children {
                    let inside = [region] + model.descendants(of: region)
                    guard inside.contains(where: { !machine.transitions(of: .state($0), for: trigger).isEmpty }),
                        let nested = inside.first(where: { model[$0].isParallel })
                    else { continue }
                    problems.append(Diagnostic(
                        .error, "regions of '\(parallel.name)' take \(triggerText(trigger, in: model)) together, and region '\(model[region].name)' holds parallel state '\(model[nested].name)': fsmc does not generate that yet; give the nested regions' transitions events of their own",
                        at: model[nested].range))
                }
            }
            guard parallel.children.count > 1 else { continue }
            var seen: Set<ExecutableMachine.Trigger> = []
            for state in parallel.children.flatMap({ [$0] + model.descendants(of: $0) }) {
                for trigger in machine.triggers(of: .state(state)) where isSharable(trigger) && seen.insert(trigger).inserted {
                    problems += takenTogetherWithoutTarget(trigger, in: parallel.id, machine: machine)
                }
            }
        }
        return problems
    }

    /// The transitions for `trigger` of `parallel`'s regions that SCXML could take in one step
    /// with another transition because one of the two has no target.
    private static func takenTogetherWithoutTarget(
        _ trigger: ExecutableMachine.Trigger, in parallel: StateID, machine: ExecutableMachine
    ) -> [Diagnostic] {
        let model = machine.model
        let name = triggerText(trigger, in: model)
        let byRegion = model[parallel].children.map { region in
            (region, ([region] + model.descendants(of: region)).flatMap { machine.transitions(of: .state($0), for: trigger) })
        }
        let outer = machine.owners(from: parallel).flatMap { machine.transitions(of: $0, for: trigger) }
        let isTargetless = { (id: TransitionID) in machine[id].entry == nil }
        var problems: [Diagnostic] = []
        for (region, transitions) in byRegion {
            for id in transitions where isTargetless(id) {
                if let other = outer.first {
                    let owner = machine.source(of: other).map { "'\(model[$0].name)'" } ?? "the machine"
                    problems.append(Diagnostic(
                        .error, "region '\(model[region].name)' of '\(model[parallel].name)' takes \(name) without a target, and \(owner) takes it too: SCXML takes both in one step, which fsmc does not generate yet; give one of them an event of its own",
                        at: machine[id].declaration.range))
                }
                let leaving = byRegion.filter { $0.0 != region }.flatMap { other in other.1.filter { leavesRegion($0, other.0, machine) } }
                if let other = leaving.first {
                    problems.append(Diagnostic(
                        .error, "region '\(model[region].name)' of '\(model[parallel].name)' takes \(name) without a target, and a transition of region '\(model[machine.source(of: other).map { regionOf($0, in: parallel, model) } ?? parallel].name)' leaves '\(model[parallel].name)' on it: SCXML takes both in one step, which fsmc does not generate yet; give one of them an event of its own",
                        at: machine[id].declaration.range))
                }
            }
        }
        if byRegion.contains(where: { !$0.1.isEmpty }), let id = outer.first(where: isTargetless) {
            let (region, _) = byRegion.first { !$0.1.isEmpty }!
            problems.append(Diagnostic(
                .error, "this transition takes \(name) without a target, and region '\(model[region].name)' of '\(model[parallel].name)' takes it too: SCXML takes both in one step, which fsmc does not generate yet; give one of them an event of its own",
                at: machine[id].declaration.range))
        }
        return problems
    }

    /// Whether transition `id`, declared in `region` or inside it, leaves the region.
    private static func leavesRegion(_ id: TransitionID, _ region: StateID, _ machine: ExecutableMachine) -> Bool {
        guard machine[id].entry != nil else { return false }
        guard let domain = machine[id].domain else { return true }
        return !(domain == region || machine.isProperDescendant(domain, of: region))
    }

    /// The region of `parallel` that `state` lies in.
    private static func regionOf(_ state: StateID, in parallel: StateID, _ model: MachineModel) -> StateID {
        var current = state
        while let parent = model[current].parent, parent != parallel { current = parent }
        return current
    }

    private static func triggerText(_ trigger: ExecutableMachine.Trigger, in model: MachineModel) -> String {
        switch trigger {
        case .event(let event): "'\(model[event].name)'"
        case .always: "eventless transitions"
        case .timer, .done: "a timer"
        }
    }

    // MARK: - What each state's own dispatch takes

    /// The event transitions a state's own dispatch takes: all its groups but the events a
    /// parallel state around it shares among its regions.
    func ownEventGroups(of state: StateID) -> [(event: EventID, transitions: [TransitionID])] {
        let groups = eventGroups(of: .state(state))
        let excluded = excludedTriggers[state.index]
        return excluded.isEmpty ? groups : groups.filter { !excluded.contains(.event($0.event)) }
    }

    /// A state's own transitions for `trigger`, unless a parallel state around it shares the
    /// trigger among its regions.
    func ownTransitions(of state: StateID, for trigger: ExecutableMachine.Trigger) -> [TransitionID] {
        excludedTriggers[state.index].contains(trigger) ? [] : machine.transitions(of: .state(state), for: trigger)
    }

    /// The transitions for `trigger` declared inside the regions of `parallel`.
    func sharedTransitions(of parallel: StateID, for trigger: ExecutableMachine.Trigger) -> [TransitionID] {
        model[parallel].children
            .flatMap { [$0] + model.descendants(of: $0) }
            .flatMap { machine.transitions(of: .state($0), for: trigger) }
    }

    /// The transitions a walk of the state tree answers at `state` for the `wanted` triggers:
    /// its own, and at a parallel state those its regions share (whose code binds the data of
    /// the states inside the regions itself). What the walk binds of each state's data is what
    /// they read.
    func walkedTransitions(at state: StateID, where wanted: (ExecutableMachine.Trigger) -> Bool) -> [TransitionID] {
        let own = machine.triggers(of: .state(state)).filter(wanted).flatMap { ownTransitions(of: state, for: $0) }
        return own + sharedTriggers[state.index].filter(wanted).flatMap { sharedTransitions(of: state, for: $0) }
    }

    /// Whether several regions of `state` (a parallel state) share an event.
    func sharesEvents(_ state: StateID) -> Bool {
        sharedTriggers[state.index].contains { if case .event = $0 { true } else { false } }
    }

    /// Whether a parallel state lies on `path` before its end: reaching the end then reads a
    /// region of its regions' struct.
    func crossesParallelState(_ path: [StateID]) -> Bool {
        path.dropLast().contains { model[$0].isParallel }
    }

    /// `switch event { … }` over the events several regions of `parallel` share (bound to its
    /// regions variable): each case the regions' choices. Never leaves: when no region
    /// chooses, the parallel state's own transitions come next.
    func emitSharedEvents(of parallel: StateID, mode: SharedMode, into writer: inout CodeWriter) -> Leaves {
        let events = sharedTriggers[parallel.index].compactMap { trigger -> EventID? in
            if case .event(let event) = trigger { event } else { nil }
        }
        guard !events.isEmpty else { return false }
        writer.line("switch event {")
        for event in events {
            var declarations = sharedTransitions(of: parallel, for: .event(event)).map { machine[$0].declaration }
            if case .pure = mode {
                // The pure function runs no action: only guards and targets read the payload.
                for index in declarations.indices { declarations[index].actions = [] }
            }
            writer.line("case ", pattern(for: event, binding: usedPayload(of: declarations)), ":")
            writer.indented { writer in
                emitSharedTrigger(.event(event), of: parallel, event: "event", mode: mode, into: &writer)
            }
        }
        if events.count < model.events.count {
            writer.line("default:")
            writer.indented { writer in writer.line("break") }
        }
        writer.line("}")
        return false
    }

    // MARK: - Generating a shared trigger

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

    /// The code of a trigger several regions of `parallel` take (its regions bound to
    /// ``regionsVariable(_:)``, the event's payload bound): each region's choice, then the
    /// transitions SCXML's selection keeps. Falls through when no region chooses one.
    func emitSharedTrigger(
        _ trigger: ExecutableMachine.Trigger, of parallel: StateID, event: String, mode: SharedMode, into writer: inout CodeWriter
    ) {
        let eventID: EventID? = if case .event(let id) = trigger { id } else { nil }
        let regions = regionsVariable(parallel)
        let receiver = if case .pure = mode { "guards" } else { "actions" }
        let condition = { (guardModel: GuardModel) in
            if case .pure = mode { return guardCode(guardModel, event: eventID, receiver: "guards", configuration: "state") }
            return liveCondition(guardModel, eventID)
        }

        // Each region's choice: the first transition whose guard holds, innermost first.
        var choices: [(region: StateID, variable: String, transitions: [TransitionID])] = []
        for region in model[parallel].children {
            let inside = [region] + model.descendants(of: region)
            let transitions = inside.flatMap { machine.transitions(of: .state($0), for: trigger) }
            guard !transitions.isEmpty else { continue }
            let variable = "\(model[region].name)Choice"
            let value = "\(regions).\(SwiftNames.variable(model[region].name))"
            var body = CodeWriter()
            let relevant = subtreesDeclaring { !machine.transitions(of: .state($0), for: trigger).isEmpty }
            let guardBindings = dataBindings { state in
                machine.transitions(of: .state(state), for: trigger).reduce(into: Set<String>()) { $0.formUnion(dataNeeded(byGuardOf: $1)) }
            }
            var leaves = emitStateTree(
                model[region].children, subject: value, relevant: relevant, bindings: guardBindings, into: &body
            ) { state, _, writer in
                emitChoiceSequence(machine.transitions(of: .state(state), for: trigger), condition: condition, into: &writer)
            }
            if !leaves {
                leaves = emitChoiceSequence(machine.transitions(of: .state(region), for: trigger), condition: condition, into: &body)
            }
            if !leaves { body.line("return nil") }
            if body.text.hasPrefix("return "), body.text.filter({ $0 == "\n" }).count == 1 {
                // The region always takes one: its choice is known.
                writer.line("let \(variable): Int? = \(body.text.dropFirst("return ".count).dropLast())")
            } else {
                writer.line("let \(variable): Int? = {")
                writer.indented { writer in writer.append(body) }
                writer.line("}()")
            }
            choices.append((region, variable, transitions))
        }

        let leaving = choices.flatMap { choice in choice.transitions.filter { isLeaving($0, region: choice.region) } }
        let first = choices.map(\.variable).joined(separator: " ?? ")
        let opening = leaving.isEmpty ? "if " + choices.map { "\($0.variable) != nil" }.joined(separator: " || ") : "if let first = \(first)"
        writer.block(opening) { writer in
            if !leaving.isEmpty {
                writer.line("// The first region's choice leaves `\(model[parallel].name)`: it is taken alone.")
                writer.line("switch first {")
                for id in leaving {
                    writer.line("case \(id.index):")
                    writer.indented { writer in
                        let region = choices.first { $0.transitions.contains(id) }!.region
                        let labels = dataNeeded(byTargetOf: id).union(mode.runsActions ? dataNeeded(by: machine[id].declaration.actions) : [])
                        bindingRegionData(labels, of: id, in: region, into: &writer) { writer in
                            switch mode {
                            case .live(let ending): emitBody(id, from: .unknown, event: event, ending: ending, into: &writer)
                            case .pure: writer.line("return \(targetConfiguration(of: id, event: eventID, receiver: receiver))")
                            }
                        }
                    }
                }
                writer.line("default:")
                writer.indented { writer in writer.line("break") }
                writer.line("}")
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
                    guard !cases.isEmpty else { continue }
                    writer.line("switch \(variable) {")
                    for (id, code) in cases {
                        writer.line("case \(id.index)?:")
                        writer.indented { writer in writer.append(code) }
                    }
                    writer.line("default:")
                    writer.indented { writer in writer.line("break") }
                    writer.line("}")
                }
            }
            let moving = local.flatMap(\.2).filter { machine[$0].entry != nil }
            let staying = local.flatMap(\.2).contains { machine[$0].entry == nil }
            let kept = machine.path(to: parallel)
            if case .pure = mode {
                guard !moving.isEmpty else {
                    writer.line("return state")
                    return
                }
                writer.line("var regions = \(regions)")
                for (region, variable, transitions) in local {
                    emitPerChoice([(region, variable, transitions)]) { id, writer in
                        emitRegionAssignment(after: id, in: region, receiver: receiver, into: &writer)
                    }
                }
                writer.line("return \(configurationValue(keeping: kept, entering: [], data: boundData, historyOwner: parallel, historyInside: "regions"))")
                return
            }
            guard case .live(let ending) = mode else { return }
            if !moving.isEmpty { writer.line("let stateBefore = state") }
            emitPerChoice(local.reversed()) { id, writer in
                guard let domain = machine[id].domain, machine[id].entry != nil else { return }
                let region = local.first { $0.2.contains(id) }!.0
                emitExits(inside: domain, region: region, into: &writer)
            }
            emitPerChoice(local) { id, writer in
                let region = local.first { $0.2.contains(id) }!.0
                bindingRegionData(dataNeeded(by: machine[id].declaration.actions), of: id, in: region, into: &writer) { writer in
                    emitActions(machine[id].declaration.actions, payloadOf: machine[id].declaration.trigger, into: &writer)
                }
            }
            if !moving.isEmpty {
                writer.line("var regions = \(regions)")
                if staying { writer.line("var moved = false") }
                for (region, variable, transitions) in local {
                    emitPerChoice([(region, variable, transitions)]) { id, writer in
                        guard machine[id].entry != nil else { return }
                        emitRegionAssignment(after: id, in: region, receiver: receiver, into: &writer)
                        if staying { writer.line("moved = true") }
                    }
                }
                if staying {
                    writer.line(ending == .returnTrue ? "guard moved else { return true }" : "guard moved else { continue }")
                }
                writer.line("state = \(configurationValue(keeping: kept, entering: [], data: boundData, historyOwner: parallel, historyInside: "regions"))")
                emitPerChoice(local) { id, writer in
                    guard let entry = machine[id].entry else { return }
                    // What a history restores is entered right after its state, as `emitBody` does;
                    // the history is what the exits above left, so it restores the same again.
                    let restoreAfter = entry.restoresHistoryOf.map { owner in entry.states.firstIndex(of: owner).map { $0 + 1 } ?? 0 }
                    for position in 0...entry.states.count {
                        if position == restoreAfter, let owner = entry.restoresHistoryOf {
                            let type = SwiftNames.stateTypeName(model[owner].name)
                            writer.line("enterStates(inside\(type): Self.restored\(type)(history.\(model[owner].name)))")
                        }
                        if position < entry.states.count { writer.line("enterState(.\(model[entry.states[position]].name))") }
                    }
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
    }

    /// `if guard { return 12 }` for each transition, up to the first unguarded one. Returns
    /// whether every path leaves.
    @discardableResult
    private func emitChoiceSequence(_ transitions: [TransitionID], condition: (GuardModel) -> String?, into writer: inout CodeWriter) -> Leaves {
        for id in transitions {
            if let guardModel = machine[id].declaration.guardExpression, let code = condition(guardModel) {
                writer.line("if \(code) { return \(id.index) }")
            } else {
                writer.line("return \(id.index)")
                return true
            }
        }
        return false
    }

    /// Whether a transition chosen in `region` leaves it (its domain lies outside it), so that
    /// it conflicts with every other region's.
    private func isLeaving(_ id: TransitionID, region: StateID) -> Bool {
        guard machine[id].entry != nil else { return false }
        guard let domain = machine[id].domain else { return true }
        return !(domain == region || machine.isProperDescendant(domain, of: region))
    }

    /// Exits what is active inside `domain`, which lies in `region` (bound as a property of
    /// its parallel state's regions).
    private func emitExits(inside domain: StateID, region: StateID, into writer: inout CodeWriter) {
        let parallel = model[region].parent!
        let value = "\(regionsVariable(parallel)).\(SwiftNames.variable(model[region].name))"
        let type = SwiftNames.stateTypeName(model[domain].name)
        if domain == region {
            writer.line("exitStates(inside\(type): \(value))")
            return
        }
        let path = Array(machine.path(to: domain).drop { $0 != region }.dropFirst())
        let (clauses, child) = configurationClauses(path, child: "exited", subject: value)
        writer.line("if \(clauses.joined(separator: ", ")) { exitStates(inside\(type): \(child!)) }")
    }

    /// `regions.x = …`: what is active inside `region` once transition `id` (which stays in
    /// it) is taken, the data of the states it keeps and a history it restores included.
    private func emitRegionAssignment(after id: TransitionID, in region: StateID, receiver: String, into writer: inout CodeWriter) {
        let transition = machine[id]
        guard let entry = transition.entry else { return }
        let target = transition.declaration.target!
        let arguments = transition.declaration.targetArguments.map { valueCode($0.value, event: transition.eventID, receiver: receiver) }
        let kept = Array(machine.path(to: transition.domain!).drop { $0 != region })
        let historyInside = entry.restoresHistoryOf.map { owner in
            let type = SwiftNames.stateTypeName(model[owner].name)
            return "Self.restored\(type)(history.\(model[owner].name))"
        }
        bindingRegionData(dataNeeded(byTargetOf: id), of: id, in: region, into: &writer) { writer in
            let inside = configurationInside(
                of: region, keeping: kept, entering: entry.states,
                data: { state in state == target && entry.restoresHistoryOf == nil ? arguments : self.boundData(state) },
                historyOwner: entry.restoresHistoryOf, historyInside: historyInside)
            writer.line("regions.\(SwiftNames.variable(model[region].name)) = \(inside)")
        }
    }

    /// Writes `body` where the data among `labels` of the states inside `region` that were
    /// active when `id` was chosen (its source and the states around it) are bound to
    /// variables of their labels' names: the shared code walked the region only to choose.
    private func bindingRegionData(
        _ labels: Set<String>, of id: TransitionID, in region: StateID, into writer: inout CodeWriter, _ body: (inout CodeWriter) -> Void
    ) {
        let inside = machine.source(of: id).map { Array(machine.path(to: $0).drop { $0 != region }.dropFirst()) } ?? []
        let needed = labels.intersection(inside.flatMap { model[$0].data.map { $0.label! } })
        guard !needed.isEmpty else { return body(&writer) }
        let parallel = model[region].parent!
        let value = "\(regionsVariable(parallel)).\(SwiftNames.variable(model[region].name))"
        let (clauses, _) = configurationClauses(inside, binding: needed, subject: value)
        writer.block("if " + clauses.joined(separator: ", ")) { writer in body(&writer) }
    }
}

extension ExecutableMachine.Trigger {
    /// Whether an event triggers it.
    var isEvent: Bool {
        if case .event = self { true } else { false }
    }
}
