import FSMCore
/// The model of the chart: states, their initial children and histories, transitions with
/// their triggers, guards, targets and actions.
extension SCXMLImporter {
    /// What the model is being built from, and the names it collects on the way.
    struct Building {
        var stateIDs: [Int: StateID] = [:]
        var timers = Timers([:])
        /// The `<send>` and `<cancel>` elements that are timers, not actions.
        var timerElements: Set<SourceRange> = []
        var events: [SignalModel] = []
        var eventIDs: [String: EventID] = [:]
        /// Each event's SCXML name, by its ``EventID``.
        var scxmlEventNames: [String] = []
        /// The events each descriptor matches (by every leading part of their names), in order.
        var eventsByPrefix: [String: [EventID]] = [:]
        var outputIDs: [String: OutputID] = [:]
        var guardNames: Set<String> = []
        var actionNames: Set<String> = []
        var outputs: [SignalModel] = []
        var guards: [CallableModel] = []
        var actions: [CallableModel] = []
        /// The no-op `<log>`s read since the state or transition being built last took them as
        /// documentation (``SCXMLImporter/documentation(_:takingLogsOf:in:)``).
        var logNotes: [String] = []
    }

    mutating func buildModel(name: String, documentation: String?) -> MachineModel? {
        var building = Building()
        for index in chart.indices where index != wrapper {
            building.stateIDs[index] = StateID(building.stateIDs.count)
        }
        building.timers = readTimers(handled: &building.timerElements)
        let transitions = readTransitions(timers: building.timers)
        declareEvents(transitions, into: &building)
        var states: [StateModel] = []
        for index in chart.indices where index != wrapper {
            states.append(stateModel(index, &building))
        }
        var byState: [Int: [TransitionModel]] = [:]
        for transition in transitions {
            byState[transition.source, default: []] += transitionModels(transition, &building)
        }
        for index in chart.indices where index != wrapper {
            states[building.stateIDs[index]!.index].transitions = withElse(byState[index] ?? [], building)
        }
        readHistoryDefaults(into: &states, &building)
        guard let initial = machineInitialState(), !chart.isEmpty, !topLevel.isEmpty else {
            if topLevel.isEmpty { diagnostics.error("the chart has no states", at: root.range) }
            return nil
        }
        let machineTransitions = withElse(wrapper.flatMap { byState[$0] } ?? [], building)
        let invocations = invocationModels(into: &states, building)
        var model = MachineModel(
            name: name, documentation: documentation, accessLevel: .internal, isMainActor: false,
            events: building.events, outputs: building.outputs, states: states,
            topLevelStates: topLevel.compactMap { building.stateIDs[$0] },
            initialState: building.stateIDs[initial] ?? StateID(0),
            machineTransitions: machineTransitions,
            guards: building.guards, actions: building.actions)
        model.invocations = invocations
        return model
    }

    // MARK: - Events

    private mutating func declareEvents(_ transitions: [ReadTransition], into building: inout Building) {
        var raised: [(String, SourceRange)] = []
        for state in chart {
            let content = state.onEntry + state.onExit + state.transitions.flatMap { executableContent(of: $0.element) }
            for raise in content where raise.localName == "raise" || isInternalSend(raise) {
                guard let event = raise.attribute("event"), !event.value.isEmpty else { continue }
                if checkRaisable(event.value, at: event.range, timers: building.timers) {
                    raised.append((event.value, event.range))
                }
            }
        }
        var taken: [String: String] = [:]
        for (scxmlName, range) in eventNames(of: transitions, raised: raised) {
            let name = SCXMLNames.mapped(scxmlName, as: .event)
            if let other = taken[name] {
                diagnostics.error("the events '\(other)' and '\(scxmlName)' both become '\(name)' in fsmc; rename one", at: range)
            }
            taken[name] = taken[name] ?? scxmlName
            eventNames[scxmlName] = name
            building.eventIDs[scxmlName] = EventID(building.events.count)
            building.scxmlEventNames.append(scxmlName)
            for prefix in Self.prefixes(of: scxmlName) {
                building.eventsByPrefix[prefix, default: []].append(building.eventIDs[scxmlName]!)
            }
            building.events.append(SignalModel(name: name, documentation: nil, parameters: [], range: range))
        }
    }

    // MARK: - States

    private mutating func stateModel(_ index: Int, _ building: inout Building) -> StateModel {
        let state = chart[index]
        // A region without children is an atomic region (always in itself), in SCXML as in
        // fsmc; SCXML has no final region.
        if state.kind == .parallel {
            for child in state.children where chart[child].kind == .final {
                diagnostics.error(
                    "'\(chart[child].id)' is a <final> region of the parallel state '\(state.id)': SCXML's and fsmc's regions are not final",
                    at: chart[child].element.range)
            }
        }
        let entryActions = actions(state.onEntry, &building)
        var documentation = Self.documentation(state.documentation, takingLogsOf: &building, in: "<onentry>")
        let exitActions = actions(state.onExit, &building)
        documentation = Self.documentation(documentation, takingLogsOf: &building, in: "<onexit>")
        return StateModel(
            id: building.stateIDs[index]!, name: state.name, documentation: documentation, isFinal: state.kind == .final,
            isParallel: state.kind == .parallel, parent: state.parent.flatMap { building.stateIDs[$0] },
            children: state.children.compactMap { building.stateIDs[$0] },
            initialChild: state.kind == .state ? initialChild(of: index).flatMap { building.stateIDs[$0] } : nil,
            history: state.history?.kind,
            entryActions: entryActions, exitActions: exitActions,
            transitions: [], range: state.element.range)
    }

    /// A compound state's initial child: `initial="…"`, `<initial>`, or its first child.
    /// Worked out (and its errors reported) once per state.
    private mutating func initialChild(of index: Int) -> Int? {
        if let known = initialChildren[index] { return known }
        let child = readInitialChild(of: index)
        initialChildren[index] = child
        return child
    }

    private mutating func readInitialChild(of index: Int) -> Int? {
        let state = chart[index]
        if let child = pathInitialChildren[index] { return child }
        guard !state.children.isEmpty else {
            if let attribute = state.initialAttribute {
                diagnostics.error("'\(state.id)' has no child states to start in", at: attribute.range)
            }
            return nil
        }
        if let attribute = state.initialAttribute {
            return initialTarget(attribute.value, among: state.children, of: state.id, at: attribute.range)
        }
        if let element = state.initialElement {
            let transitions = executableContent(of: element)
            guard transitions.count == 1, transitions[0].localName == "transition", let target = transitions[0].attribute("target") else {
                diagnostics.error("an <initial> holds one <transition target=\"…\">", at: element.range)
                return state.children.first
            }
            if let action = executableContent(of: transitions[0]).first {
                diagnostics.error("actions on an initial transition are not supported: fsmc enters an initial state without actions", at: action.range)
            }
            return initialTarget(target.value, among: state.children, of: state.id, at: target.range)
        }
        return state.children.first
    }

    private mutating func initialTarget(_ value: String, among children: [Int], of owner: String, at range: SourceRange) -> Int? {
        let ids = value.split(whereSeparator: \.isWhitespace).map(String.init)
        guard ids.count == 1 else {
            diagnostics.error("'\(owner)' starts in one state in fsmc, not in '\(value)'", at: range)
            return children.first
        }
        if let child = children.first(where: { chart[$0].id == ids[0] }) { return child }
        if stateIndex[ids[0]] != nil {
            diagnostics.error("the initial state '\(ids[0])' is not a child of '\(owner)': fsmc starts a state in one of its children", at: range)
        } else if let history = histories[ids[0]] {
            // SCXML then enters the state through its history whenever it enters it by default
            // (a transition to it, its parallel parent entered, …); fsmc enters a history only
            // as the one target of a transition, so no spec says that.
            diagnostics.error(
                "'\(owner)' starts in its history '\(ids[0])' (the \(history.kind == .deep ? "deep" : "shallow") history of '\(chart[history.owner].id)'): fsmc starts a state in one of its child states and has no initial history; it enters a history only as a transition's one target ('-> \(chart[history.owner].name).history')",
                at: range)
        } else {
            diagnostics.error("no state has the id '\(ids[0])'", at: range)
        }
        return children.first
    }

    /// The state the machine starts in: `<scxml initial>` (the wrapper's when it names the
    /// wrapper), or the first state.
    private mutating func machineInitialState() -> Int? {
        if let initial = machinePathInitial { return initial == wrapper ? initialChild(of: initial) : initial }
        let attribute = root.attribute("initial")
        let documentTopLevel = chart.indices.filter { chart[$0].parent == nil && !(wrapper.map { chart[$0].children.contains($0) } ?? false) }
        guard let attribute else {
            guard let first = documentTopLevel.first else { return nil }
            return first == wrapper ? initialChild(of: first) : first
        }
        guard let first = documentTopLevel.first else { return nil }
        let initial = initialTarget(attribute.value, among: documentTopLevel, of: "the chart", at: attribute.range) ?? first
        return initial == wrapper ? initialChild(of: initial) : initial
    }

    /// A history's default transition (SCXML's `<history><transition target="…">`): fsmc's
    /// `history -> detail / act`, what the history enters before its state was ever left. One
    /// that enters what the state enters by default, without actions, is left out: fsmc's
    /// history does that without one.
    private mutating func readHistoryDefaults(into states: inout [StateModel], _ building: inout Building) {
        for history in histories.values.sorted(by: { $0.element.range.start < $1.element.range.start }) {
            let owner = chart[history.owner]
            let transitions = executableContent(of: history.element)
            guard !transitions.isEmpty else { continue }
            guard transitions.count == 1, transitions[0].localName == "transition" else {
                diagnostics.error("a <history> holds one default <transition>", at: history.element.range)
                continue
            }
            let transition = transitions[0]
            guard let attribute = transition.attribute("target") else {
                diagnostics.error("a history's default transition names the states it enters", at: transition.range)
                continue
            }
            var targets: [Int] = []
            for id in attribute.value.split(whereSeparator: \.isWhitespace).map(String.init) {
                guard let target = stateIndex[id] else {
                    diagnostics.error(histories[id] != nil ? "a history's default transition enters states, not the history '\(id)'" : "no state has the id '\(id)'", at: attribute.range)
                    break
                }
                guard isBelow(target, history.owner) else {
                    diagnostics.error("the history's default transition enters '\(id)', which is not inside '\(owner.id)': SCXML and fsmc enter states inside the history's state", at: attribute.range)
                    break
                }
                targets.append(target)
            }
            let actions = self.actions(executableContent(of: transition), &building)
            if let id = building.stateIDs[history.owner] {
                states[id.index].documentation = Self.documentation(
                    states[id.index].documentation, takingLogsOf: &building, in: "the default transition of its history")
            }
            let byDefault = owner.kind == .parallel ? owner.children : [initialChild(of: history.owner)].compactMap { $0 }
            guard targets.count == attribute.value.split(whereSeparator: \.isWhitespace).count, targets != byDefault || !actions.isEmpty else { continue }
            guard let id = building.stateIDs[history.owner] else { continue }
            states[id.index].historyDefault = HistoryDefaultModel(
                targets: targets.compactMap { building.stateIDs[$0] }, actions: actions, range: transition.range)
        }
    }

    // MARK: - Transitions

    private mutating func transitionModels(_ transition: ReadTransition, _ building: inout Building) -> [TransitionModel] {
        let element = transition.element
        var guardModel: GuardModel?
        if let condition = transition.condition, let range = transition.conditionRange {
            guard let model = self.guardModel(condition, at: range, &building) else { return [] }
            // `true` and `false` are the constants they are: `g || true` always holds (no
            // guard), `false && g` never (`[false]`), as fsmc's checker folds them too.
            guardModel = GuardModel.folding(model)
        }
        var targets: [(state: Int, history: Bool)] = []
        if let attribute = element.attribute("target") {
            guard let resolved = self.targets(attribute) else { return [] }
            targets = resolved
        }
        if let first = targets.first, first.history, transition.source != wrapper, isBelow(transition.source, first.state) {
            // SCXML's domain lies inside the history's state, which is not left, so its history
            // is not recorded again: it restores what it held before. fsmc's `-> X.history`
            // leaves X first, recording where the transition started, and restores that.
            let owner = chart[first.state].id
            diagnostics.error(
                "a transition into the history of '\(owner)' from inside '\(owner)' is not supported: SCXML restores what the history held before it, fsmc leaves '\(owner)' first and restores the state it left",
                at: element.attribute("target")?.range ?? element.range)
            return []
        }
        let reenters = transition.source != wrapper && isReentering(element, from: transition.source, to: targets)
        let actions = self.actions(executableContent(of: element), &building)
        let documentation = Self.documentation(transition.documentation, takingLogsOf: &building, in: "the transition")
        var triggers: [TransitionModel.Trigger] = []
        if transition.meanings.isEmpty { triggers = [.always] }
        for meaning in transition.meanings {
            switch meaning {
            case .trigger(let trigger):
                triggers.append(trigger)
            case .exactly(let name):
                triggers.append(.event(building.eventIDs[name]!))
            case .events(let descriptor, _):
                triggers += (building.eventsByPrefix[descriptor] ?? []).map { .event($0) }
            }
        }
        var seen: Set<TransitionModel.Trigger> = []
        return triggers.filter { seen.insert($0).inserted }.map { trigger in
            var model = TransitionModel(
                source: transition.source == wrapper ? nil : building.stateIDs[transition.source], trigger: trigger,
                guardExpression: guardModel, target: targets.first.flatMap { building.stateIDs[$0.state] },
                targetsHistory: targets.first?.history ?? false,
                actions: actions, documentation: documentation, range: element.range)
            model.otherTargets = targets.dropFirst().compactMap { building.stateIDs[$0.state] }
            model.reenters = reenters
            return model
        }
    }

    private func scxmlName(of event: EventID, _ building: Building) -> String {
        building.scxmlEventNames[event.index]
    }

    /// The states (or the states whose histories they are) a `target` names: one, or several
    /// entered together, which fsmc's checks hold to different regions of one parallel state.
    private mutating func targets(_ attribute: XMLAttribute) -> [(state: Int, history: Bool)]? {
        let ids = attribute.value.split(whereSeparator: \.isWhitespace).map(String.init)
        var targets: [(state: Int, history: Bool)] = []
        for id in ids {
            if let history = histories[id] {
                guard ids.count == 1 else {
                    diagnostics.error(
                        "the history '\(id)' is one of several targets ('\(attribute.value)'): fsmc enters a history as a transition's only target",
                        at: attribute.range)
                    return nil
                }
                targets.append((history.owner, true))
                continue
            }
            guard let index = stateIndex[id] else {
                diagnostics.error("no state has the id '\(id)'", at: attribute.range)
                return nil
            }
            if index == wrapper {
                diagnostics.error("'\(SCXMLEmitter.machineStateID)' stands for the machine and is no target", at: attribute.range)
                return nil
            }
            targets.append((index, false))
        }
        return targets
    }

    /// Whether fsmc needs `reenter` to mean what SCXML means: an external transition (SCXML's
    /// default) of a compound `<state>` whose targets all lie inside it leaves and re-enters
    /// it, and its domain is the compound state around the source (inside a parallel state,
    /// past the parallel state), where fsmc's transition stays inside its compound source
    /// (SCXML's `type="internal"`). Every other transition means the same without it: a
    /// target outside the source or the source itself leaves it in both, and a `<parallel>`
    /// source is left and re-entered in both (SCXML's internal transitions need a compound
    /// source).
    private func isReentering(_ element: XMLElement, from source: Int, to targets: [(state: Int, history: Bool)]) -> Bool {
        let state = chart[source]
        guard state.kind == .state, !state.children.isEmpty, !targets.isEmpty, element.attribute("type")?.value != "internal" else {
            return false
        }
        // A history of the source is inside it (SCXML enters the states it stands for).
        return targets.allSatisfy { target in target.history ? target.state == source || isBelow(target.state, source) : isBelow(target.state, source) }
    }

    /// An unguarded transition after guarded ones of the same trigger is taken when none of
    /// them is: fsmc's `[else]`, which the export writes without a condition. A transition
    /// after an unguarded one of the same trigger can never be taken, in SCXML as in fsmc
    /// (`go` before `go.fast` takes both): it is left out, with a warning.
    mutating func withElse(_ transitions: [TransitionModel], _ building: Building) -> [TransitionModel] {
        var guarded: Set<TransitionModel.Trigger> = []
        var decided: [TransitionModel.Trigger: TransitionModel] = [:]
        return transitions.compactMap { transition in
            var transition = transition
            if let winner = decided[transition.trigger] {
                let what = switch transition.trigger {
                case .event(let event): "on '\(scxmlName(of: event, building))'"
                case .always: "without an event"
                case .after(let delay): "after \(delay.text)"
                case .afterComputed(let function): "after '\(function)'"
                case .done: "on completion"
                case .invocation(let invocation, let result): "on '\(result.trigger(of: invocations[invocation.index].name))'"
                }
                diagnostics.warning(
                    "this transition is never taken \(what): the one on line \(winner.range.start.line) is taken first; the spec leaves it out",
                    at: transition.range, notes: [.init("the transition that takes it", at: winner.range)])
                return nil
            }
            if transition.guardExpression == nil {
                decided[transition.trigger] = transition
                if guarded.contains(transition.trigger) { transition.guardExpression = .else }
            } else if !transition.isNeverTaken {
                // `[false]` is never taken: a transition after it is not an `[else]`.
                guarded.insert(transition.trigger)
            }
            return transition
        }
    }
}
