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
        checkHistoryDefaults()
        guard let initial = machineInitialState(), !chart.isEmpty, !topLevel.isEmpty else {
            if topLevel.isEmpty { diagnostics.error("the chart has no states", at: root.range) }
            return nil
        }
        let machineTransitions = withElse(wrapper.flatMap { byState[$0] } ?? [], building)
        return MachineModel(
            name: name, documentation: documentation, accessLevel: .internal, isMainActor: false,
            events: building.events, outputs: building.outputs, states: states,
            topLevelStates: topLevel.compactMap { building.stateIDs[$0] },
            initialState: building.stateIDs[initial] ?? StateID(0),
            machineTransitions: machineTransitions,
            guards: building.guards, actions: building.actions)
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
        if state.kind == .parallel {
            for child in state.children where chart[child].kind == .final || chart[child].children.isEmpty {
                diagnostics.error(
                    "'\(chart[child].id)' is a region of the parallel state '\(state.id)': fsmc's regions have child states"
                        + (chart[child].kind == .final ? " and are not final" : ""),
                    at: chart[child].element.range)
            }
        }
        return StateModel(
            id: building.stateIDs[index]!, name: state.name, documentation: state.documentation, isFinal: state.kind == .final,
            isParallel: state.kind == .parallel, parent: state.parent.flatMap { building.stateIDs[$0] },
            children: state.children.compactMap { building.stateIDs[$0] },
            initialChild: state.kind == .state ? initialChild(of: index).flatMap { building.stateIDs[$0] } : nil,
            history: state.history?.kind,
            entryActions: actions(state.onEntry, &building), exitActions: actions(state.onExit, &building),
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

    /// A history's default transition must enter what fsmc's history enters before its state
    /// was ever left: the state's initial child, or every region of a parallel state.
    private mutating func checkHistoryDefaults() {
        for history in histories.values.sorted(by: { $0.element.range.start < $1.element.range.start }) {
            let owner = chart[history.owner]
            let transitions = executableContent(of: history.element)
            guard !transitions.isEmpty else { continue }
            guard transitions.count == 1, transitions[0].localName == "transition" else {
                diagnostics.error("a <history> holds one default <transition>", at: history.element.range)
                continue
            }
            if let action = executableContent(of: transitions[0]).first {
                diagnostics.error("actions on a history's default transition are not supported", at: action.range)
            }
            let targets = Set((transitions[0].attribute("target")?.value ?? "").split(whereSeparator: \.isWhitespace).map(String.init))
            let expected = owner.kind == .parallel ? owner.children : owner.children.isEmpty ? [] : [initialChild(of: history.owner)].compactMap { $0 }
            let expectedIDs = Set(expected.map { chart[$0].id })
            if targets != expectedIDs {
                diagnostics.error(
                    "the history's default transition enters '\(targets.sorted().joined(separator: " "))'; fsmc's history enters what '\(owner.id)' enters by default ('\(expected.map { chart[$0].id }.joined(separator: " "))') until it was left",
                    at: transitions[0].range)
            }
        }
    }

    // MARK: - Transitions

    private mutating func transitionModels(_ transition: ReadTransition, _ building: inout Building) -> [TransitionModel] {
        let element = transition.element
        var guardModel: GuardModel?
        if let condition = transition.condition, let range = transition.conditionRange {
            if case .constant(true) = condition {
                guardModel = nil
            } else {
                guard let model = self.guardModel(condition, at: range, &building) else { return [] }
                guardModel = model
            }
        }
        var target: (state: Int, history: Bool)?
        if let attribute = element.attribute("target") {
            guard let resolved = self.target(attribute) else { return [] }
            target = resolved
        }
        if let target, transition.source != wrapper {
            checkType(of: element, from: transition.source, to: target)
        }
        let actions = self.actions(executableContent(of: element), &building)
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
            TransitionModel(
                source: transition.source == wrapper ? nil : building.stateIDs[transition.source], trigger: trigger,
                guardExpression: guardModel, target: target.flatMap { building.stateIDs[$0.state] }, targetsHistory: target?.history ?? false,
                actions: actions, documentation: transition.documentation, range: element.range)
        }
    }

    private func scxmlName(of event: EventID, _ building: Building) -> String {
        building.scxmlEventNames[event.index]
    }

    /// The state (or the state whose history it is) a `target` names.
    private mutating func target(_ attribute: XMLAttribute) -> (state: Int, history: Bool)? {
        let ids = attribute.value.split(whereSeparator: \.isWhitespace).map(String.init)
        guard ids.count == 1 else {
            diagnostics.error("a transition to several states ('\(attribute.value)') is not supported: an fsmc transition has one target", at: attribute.range)
            return nil
        }
        if let history = histories[ids[0]] { return (history.owner, true) }
        guard let index = stateIndex[ids[0]] else {
            diagnostics.error("no state has the id '\(ids[0])'", at: attribute.range)
            return nil
        }
        if index == wrapper {
            diagnostics.error("'\(SCXMLEmitter.machineStateID)' stands for the machine and is no target", at: attribute.range)
            return nil
        }
        return (index, false)
    }

    /// SCXML leaves and re-enters the source of an external transition to one of its
    /// descendants; fsmc's transition to a state inside its own never leaves it (SCXML's
    /// `type="internal"`). Where the difference runs actions, the transition is refused; where
    /// only observers could see it, it is taken with a warning.
    private mutating func checkType(of element: XMLElement, from source: Int, to target: (state: Int, history: Bool)) {
        let state = chart[source]
        guard state.kind == .state, !state.children.isEmpty else { return }
        var ancestor: Int? = target.history ? target.state : chart[target.state].parent
        while let current = ancestor, current != source { ancestor = chart[current].parent }
        let isInside = ancestor == source
        guard isInside, element.attribute("type")?.value != "internal" else { return }
        let targetName = element.attribute("target")!.value
        if !state.onEntry.isEmpty || !state.onExit.isEmpty {
            diagnostics.error(
                "this external transition to '\(targetName)' leaves and re-enters '\(state.id)' in SCXML, running its exit and entry actions; fsmc's transition to a state inside its own does not leave it: make it type=\"internal\"",
                at: element.range)
        } else {
            diagnostics.warning(
                "this external transition to '\(targetName)' leaves and re-enters '\(state.id)' in SCXML; in fsmc it stays in '\(state.id)', which has no entry or exit actions, so only observers see the difference",
                at: element.range)
        }
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
                }
                diagnostics.warning(
                    "this transition is never taken \(what): the one on line \(winner.range.start.line) is taken first; the spec leaves it out",
                    at: transition.range, notes: [.init("the transition that takes it", at: winner.range)])
                return nil
            }
            if transition.guardExpression == nil {
                decided[transition.trigger] = transition
                if guarded.contains(transition.trigger) { transition.guardExpression = .else }
            } else {
                guarded.insert(transition.trigger)
            }
            return transition
        }
    }
}
