import FSMCore

/// Generates the Swift source of a machine: its enums, the `Actions` and `Observer`
/// protocols, the running class with its `switch`-based dispatch, and introspection.
///
/// The output is a pure function of the model: the same spec always gives the same bytes.
public final class SwiftEmitter {
    /// The machine as it runs: every decision of the generated dispatch comes from here.
    package let machine: ExecutableMachine
    /// The checked spec: names, payloads, documentation.
    let model: MachineModel
    let sourceFileName: String
    /// The spec's path for `#sourceLocation`, or `nil` to map nothing to the spec.
    let specPath: String?

    /// Whether the machine needs the statechart shape, for nested states or state data:
    /// `State` is then a value that carries the active children and the data, states are named
    /// by `StateID`, and the machine exits and enters along paths. A flat machine without data
    /// keeps the version-1 shape.
    let isStatechart: Bool
    /// Whether a state carries data.
    let hasStateData: Bool
    /// What the states' data types allow `State` (and what holds it) to conform to.
    let stateTraits: (isHashable: Bool, isCodable: Bool)
    /// Whether a state declares `history`; the machine then keeps a `History` and restores
    /// `Snapshot`s.
    let hasHistory: Bool
    /// Whether a compound state has `done` transitions; completions then wait in the
    /// internal queue with raised events.
    let hasCompletion: Bool
    /// The states that declare `history`, in document order.
    let historyOwners: [StateID]
    /// The states with `after` transitions, in document order; a state's timers live in the
    /// slot of its position here.
    let timedStates: [StateID]
    /// Each state's position in ``timedStates``, by ``StateID``.
    let timerSlots: [Int?]

    /// What the parallel states mean for dispatch: the triggers regions share, exclude, take
    /// apart; microstep candidates and conflicts.
    let regionAnalysis: RegionAnalysis

    /// Facts about the machine that decide which parts the generated code needs.
    let hasActions: Bool
    let hasOutputs: Bool
    let hasTimers: Bool
    let hasEventless: Bool
    let hasRaise: Bool
    /// Whether a transition to a state has exactly one action (see ``emitTransitionBody``).
    let hasSingleActionTransitions: Bool
    let finalStates: [StateModel]
    let eventTraits: (isHashable: Bool, isCodable: Bool)
    let outputTraits: (isHashable: Bool, isCodable: Bool)

    // Asked for every transition, so worked out once.
    /// Each state as a case of `State`, `.idle`, by ``StateID``.
    let stateCases: [String]
    /// Each event's payload variables (``SwiftNames/payloadVariables(_:)``), by ``EventID``.
    let payloadVariables: [[String]]
    /// Each event's payload passed on, `(to: to)`, by ``EventID``.
    let payloadArguments: [String]
    /// The guards, actions and value functions by name: what their requirements take.
    let guardsByName: [String: CallableModel]
    let actionsByName: [String: CallableModel]
    let valueFunctionsByName: [String: ValueFunctionModel]
    /// Each event's payload passed on, `["to: to"]`, by ``EventID``.
    let payloadArgumentItems: [[String]]

    /// `public ` / `package ` / empty: the prefix of every declaration the user sees.
    let access: String
    /// `@MainActor ` or empty.
    let isolation: String

    /// Generates the Swift file for `machine`, compiled from the spec `sourceFileName`.
    ///
    /// - Parameter specPath: the spec's path as the Swift compiler should print it (as given to
    ///   `fsmc`; the build plugin gives absolute paths). With it, the declarations the spec
    ///   writes (imports, payload and data types, the `Actions` requirements) are mapped to
    ///   the spec's lines and columns with `#sourceLocation`, so that Swift's errors about
    ///   them point into the spec. `nil` maps nothing.
    public static func emit(_ machine: ExecutableMachine, sourceFileName: String, specPath: String? = nil) -> String {
        SwiftEmitter(machine: machine, sourceFileName: SwiftNames.commentText(sourceFileName), specPath: specPath).emit()
    }

    init(machine: ExecutableMachine, sourceFileName: String, specPath: String? = nil) {
        let model = machine.model
        self.machine = machine
        self.model = model
        self.sourceFileName = sourceFileName
        self.specPath = specPath
        hasStateData = model.states.contains { !$0.data.isEmpty }
        let hasComputedDelays = model.states.contains { $0.transitions.contains { if case .afterComputed = $0.trigger { true } else { false } } }
        isStatechart = !model.isFlat || hasStateData || hasComputedDelays
        stateTraits = PayloadTraits.all(model.states.flatMap(\.data))
        historyOwners = model.states.filter { $0.history != nil }.map(\.id)
        hasHistory = !historyOwners.isEmpty
        hasCompletion = model.states.contains { $0.transitions.contains { $0.trigger == .done } }
        timedStates = model.states.filter { !machine.timers[$0.id.index].isEmpty }.map(\.id)
        var slots = [Int?](repeating: nil, count: model.states.count)
        for (slot, state) in timedStates.enumerated() { slots[state.index] = slot }
        timerSlots = slots
        hasActions = !model.guards.isEmpty || !model.actions.isEmpty || !model.valueFunctions.isEmpty
        hasOutputs = !model.outputs.isEmpty
        hasTimers = machine.timers.contains { !$0.isEmpty }
        hasEventless = model.states.contains { $0.transitions.contains { $0.trigger == .always } }
        let raises = { (actions: [ActionModel]) in actions.contains { if case .raise = $0 { true } else { false } } }
        hasRaise = hasCompletion || model.states.contains { state in
            raises(state.entryActions) || raises(state.exitActions) || state.transitions.contains { raises($0.actions) }
        } || model.machineTransitions.contains { raises($0.actions) }
        hasSingleActionTransitions = model.states.contains { $0.transitions.contains(where: Self.hasOneAction) }
            || model.machineTransitions.contains(where: Self.hasOneAction)
        finalStates = model.states.filter { $0.isFinal && $0.parent == nil }
        let payloadTraits = PayloadTraits.all(model.events.flatMap(\.parameters))
        // Swift cannot synthesize `Codable` for an enum without cases: a machine driven only by
        // eventless and delayed transitions has an empty `Event`.
        eventTraits = (payloadTraits.isHashable, payloadTraits.isCodable && !model.events.isEmpty)
        outputTraits = PayloadTraits.all(model.outputs.flatMap(\.parameters))
        access = model.accessLevel == .internal ? "" : model.accessLevel.rawValue + " "
        isolation = model.isMainActor ? "@MainActor " : ""
        stateCases = model.states.map { "." + $0.name }
        payloadVariables = model.events.map { SwiftNames.payloadVariables($0.parameters) }
        payloadArguments = model.events.map { SwiftNames.argumentList($0.parameters) }
        guardsByName = Dictionary(model.guards.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        actionsByName = Dictionary(model.actions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        valueFunctionsByName = Dictionary(model.valueFunctions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        payloadArgumentItems = model.events.map { SwiftNames.argumentItems($0.parameters) }
        regionAnalysis = RegionAnalysis(machine)
    }

    /// Whether a transition to a state has exactly one action.
    private static func hasOneAction(_ transition: TransitionModel) -> Bool {
        transition.target != nil && transition.actions.count == 1
    }

    func emit() -> String {
        var writer = CodeWriter()
        // Each transition takes some 170 bytes of the file (its `switch` case and its table
        // row); room for them up front spares copying megabytes as the text grows.
        var transitionCount = model.machineTransitions.count
        for state in model.states { transitionCount += state.transitions.count }
        writer.reserveCapacity(16_384 + 192 * transitionCount)
        writer.line("// Generated by fsmc \(fsmcVersion) from \(sourceFileName). Do not edit: change the spec and build again.")
        writer.line()
        for module in imports {
            var text = SpecLocatedText()
            text.append("import ", then: module, at: specPath == nil ? nil : model.importLocations[module])
            write(text, into: &writer)
        }
        writer.line()
        writer.documentation(model.documentation)
        writer.block("\(isolation)\(access)final class \(model.name)") { writer in
            emitValueTypes(into: &writer)
            if hasHistory { emitHistoryTypes(into: &writer) }
            if hasActions { emitActionsProtocol(into: &writer) }
            emitObserverProtocol(into: &writer)
            emitStoredProperties(into: &writer)
            emitInitializer(into: &writer)
            emitPublicAPI(into: &writer)
            emitStep(into: &writer)
            if isStatechart {
                emitHierarchicalDispatch(into: &writer)
                emitHierarchicalStateChanges(into: &writer)
                if hasTimers { emitHierarchicalTimers(into: &writer) }
            } else {
                emitDispatch(into: &writer)
                emitStateChanges(into: &writer)
                if hasTimers { emitTimers(into: &writer) }
            }
            emitNotifications(into: &writer)
            emitConfigurationQueries(into: &writer)
            emitTransitionFunction(into: &writer)
            emitIntrospection(into: &writer)
            writer.trimTrailingBlankLine()
        }
        emitExtensions(into: &writer)
        return writer.text
    }

    /// The modules the generated file imports: FSMRuntime, the spec's imports, and
    /// Foundation when a payload or a state's data uses one of its types.
    var imports: [String] {
        var modules = Set(["FSMRuntime"] + model.imports)
        let payloads = (model.events + model.outputs).flatMap(\.parameters) + model.states.flatMap(\.data)
        if payloads.contains(where: { PayloadTraits($0.type).needsFoundation }) {
            modules.insert("Foundation")
        }
        return modules.sorted()
    }

    // MARK: - Names

    var name: String { model.name }

    func stateCase(_ id: StateID) -> String { stateCases[id.index] }

    /// A state as a case of `StateID`: `.list`. (For a flat machine `StateID` is `State`.)
    func stateIDCase(_ id: StateID) -> String { "." + model[id].name }

    /// The state of a transition's source in generated code: a literal for a state's own
    /// transition, the current state for a machine-level one (it changes only on entering the
    /// target).
    func sourceExpression(_ transition: TransitionModel) -> String {
        transition.source.map(stateCase) ?? "state"
    }

    /// Every transition, each state's in document order, then the machine-level ones, as
    /// `model.allTransitions` lists them, without copying them into one array.
    func forEachTransition(_ body: (TransitionModel) -> Void) {
        for state in model.states {
            state.transitions.forEach(body)
        }
        model.machineTransitions.forEach(body)
    }
}
