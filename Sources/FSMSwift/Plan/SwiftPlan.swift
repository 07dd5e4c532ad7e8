import FSMCore

/// Everything the generators decide from the machine before writing a line of Swift, worked
/// out once: its features, the conformances its types allow, the names every transition asks
/// for, timer slots, the region analysis. Generators read the plan, never the model's raw
/// facts, so that each decision lives in one place.
///
/// A class: the generators and the closures they pass around hold it by reference (commit
/// 5e1c92b measured a struct this size copied thousands of times a file).
final class SwiftPlan {
    /// The machine as it runs: every decision of the generated dispatch comes from here.
    let machine: ExecutableMachine
    /// The checked spec: names, payloads, documentation, and every transition it declares
    /// (what the transition table lists); the dispatch reads ``machine``, which offers only
    /// the transitions that can be taken.
    let model: MachineModel
    /// The spec's file name as the header comment prints it.
    let sourceFileName: String
    /// The spec's path for `#sourceLocation`, or `nil` to map nothing to the spec.
    let specPath: String?

    /// Which parts of the language the machine uses; the plan turns them into its decisions
    /// and ``parts`` once, and the generators read those.
    let features: SwiftFeatures
    /// What the payload and data types allow `State`, `Event` and `Output` to conform to.
    let conformances: TypeConformances
    /// How `State` is coded.
    let stateCoding: StateCodingDecision
    /// The names of states, payloads and declarations, asked for every transition.
    let names: SwiftDeclarationNames
    /// Where each state's timers live.
    let timerSlots: TimerSlots
    /// What the parallel states mean for dispatch: the triggers regions share, exclude, take
    /// apart; microstep candidates and conflicts.
    let regionAnalysis: RegionAnalysis
    /// The changes `update(…)` makes to the configuration, each a function of `State`.
    let stateUpdates: StateUpdates
    /// The dispatch's decisions worked out once (`DispatchDecisions`), after the rest of the plan they read.
    private(set) lazy var dispatchDecisions = DispatchDecisions(self)

    /// The platform releases the generated code needs (``PlatformAvailability/requirement(of:)``):
    /// above FSMRuntime's minimum for an `@Observable` machine and one that runs such a child.
    let availability: PlatformVersions
    /// The `@available` attribute of every declaration generated at the top level that names
    /// the class, `nil` when the machine needs no more than FSMRuntime's minimum.
    let availabilityAttribute: String?

    /// The states that declare `history`, in document order.
    let historyOwners: [StateID]
    /// The top-level final states, in document order.
    let finalStates: [StateModel]
    /// The shape of the machine's code: statechart or flat, with data or without.
    let shape: MachineShape
    /// Timers and invocations, whose work comes back to the machine; `nil` without either.
    let asynchronousWork: AsynchronousWork?
    /// What the internal queue holds; `nil` when nothing raises an event or completes.
    let internalQueue: InternalQueueDecision?
    /// A state has eventless (`always`) transitions: the machine takes them after each step.
    let takesEventlessTransitions: Bool
    /// The machine declares outputs: it has an `Output` type and an `emitted` notification.
    let hasOutputs: Bool
    /// The machine calls guards, actions or value functions: it has an `Actions` protocol.
    let hasActions: Bool
    /// A transition to a state has exactly one action.
    let hasSingleActionTransitions: Bool

    /// Work from outside the step comes back to the machine: timers fire, invocations deliver.
    /// The machine then queues `Stimulus` values and remembers the actor it lives on.
    var hasAsynchronousWork: Bool { asynchronousWork != nil }

    /// The actions are made from a `Sender` they keep to send their own machine events: a
    /// machine with actions and events. Without events there is nothing to send.
    var hasSender: Bool { hasActions && !model.events.isEmpty }

    /// Whether `init(…restoring:)` takes a `Snapshot` rather than a `State`: when the machine keeps
    /// a history or kept events besides its state.
    var hasSnapshotType: Bool { !parts.snapshotFields.isEmpty }

    /// `send(_:)` takes the caller's actor: a machine with timers or invocations that no
    /// attribute isolates, whose work comes back to the actor it was last sent from.
    var sendTakesIsolation: Bool { hasAsynchronousWork && !model.isMainActor }

    /// The generators several others call into, each made once.
    private(set) lazy var recording = RecordingGenerator(plan: self)
    private(set) lazy var observation = ObservationGenerator(plan: self)

    /// The features of the running machine, each made once with all it adds to the class.
    /// With the decisions `init` makes, the one place that asks ``features`` anything: the
    /// generators read the parts and the decisions.
    private(set) lazy var parts = RunningMachineParts(
        history: features.contains(.history) ? HistoryPart(plan: self) : nil,
        deferral: features.contains(.deferral) ? DeferralPart(plan: self) : nil,
        raisedEvents: internalQueue.map { RaisedEventsPart(plan: self, queue: $0) },
        timers: features.contains(.timers) ? TimersPart(plan: self) : nil,
        completion: features.contains(.completion) ? CompletionPart(plan: self) : nil,
        invocations: features.contains(.invocations) ? InvocationsPart(plan: self) : nil,
        childMachines: model.invocations.contains(where: \.isChildMachine)
            ? ChildMachinesPart(plan: self, generator: ChildMachinesGenerator(plan: self)) : nil,
        recording: RecordingPart(plan: self, generator: recording),
        observable: model.isObservable ? ObservablePart(plan: self) : nil,
        stateIDType: shape.stateIDType, hasOutputs: hasOutputs)

    /// The guards, actions and value functions by name: what their requirements take.
    let guardsByName: [String: CallableModel]
    let actionsByName: [String: CallableModel]
    let valueFunctionsByName: [String: ValueFunctionModel]

    init(machine: ExecutableMachine, sourceFileName: String, specPath: String?) {
        let model = machine.model
        self.machine = machine
        self.model = model
        self.sourceFileName = sourceFileName
        self.specPath = specPath
        let features = SwiftFeatures(machine)
        self.features = features
        shape = MachineShape(isStatechart: features.contains(.statechart), hasStateData: features.contains(.stateData))
        let hasTimers = features.contains(.timers), hasInvocations = features.contains(.invocations)
        asynchronousWork = hasTimers || hasInvocations ? AsynchronousWork(hasTimers: hasTimers, hasInvocations: hasInvocations) : nil
        internalQueue = features.contains(.completion) ? .raisedEventsAndCompletions : features.contains(.raise) ? .raisedEvents : nil
        takesEventlessTransitions = features.contains(.eventless)
        hasOutputs = features.contains(.outputs)
        hasActions = features.contains(.actions)
        hasSingleActionTransitions = features.contains(.singleActionTransitions)
        conformances = TypeConformances(model)
        stateCoding = StateCodingDecision(machine, shape: shape, conformances: conformances)
        names = SwiftDeclarationNames(model)
        timerSlots = TimerSlots(machine)
        regionAnalysis = RegionAnalysis(machine)
        stateUpdates = StateUpdates(machine)
        availability = PlatformAvailability.requirement(of: model)
        availabilityAttribute = PlatformAvailability.attribute(for: availability)
        historyOwners = model.states.filter { $0.history != nil }.map(\.id)
        finalStates = model.states.filter { $0.isFinal && $0.parent == nil }
        guardsByName = Dictionary(model.guards.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        actionsByName = Dictionary(model.actions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        valueFunctionsByName = Dictionary(model.valueFunctions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// The parts of the language a machine uses, each of which adds generated code.
struct SwiftFeatures: OptionSet, Hashable, Sendable {
    let rawValue: UInt16

    /// The statechart shape, for nested states, state data or computed delays: `State` is then
    /// a value that carries the active children and the data, states are named by `StateID`,
    /// and the machine exits and enters along paths. A flat machine without data keeps the
    /// version-1 shape.
    static let statechart = Self(rawValue: 1 << 0)
    /// A state carries data.
    static let stateData = Self(rawValue: 1 << 1)
    /// A state declares `history`; the machine then keeps a `History` and restores `Snapshot`s.
    static let history = Self(rawValue: 1 << 2)
    /// A compound state has `done` transitions; completions then wait in the internal queue
    /// with raised events.
    static let completion = Self(rawValue: 1 << 3)
    /// A state has `after` transitions.
    static let timers = Self(rawValue: 1 << 4)
    /// A state has eventless (`always`) transitions.
    static let eventless = Self(rawValue: 1 << 5)
    /// Something raises an internal event (completions count: they wait in the same queue).
    static let raise = Self(rawValue: 1 << 6)
    /// The machine calls guards, actions or value functions: it has an `Actions` protocol.
    static let actions = Self(rawValue: 1 << 7)
    /// The machine declares outputs.
    static let outputs = Self(rawValue: 1 << 8)
    /// A transition to a state has exactly one action.
    static let singleActionTransitions = Self(rawValue: 1 << 9)
    /// A state invokes work (`invoke`): the machine runs it through an `InvocationDriver` and
    /// takes its results as triggers of their own.
    static let invocations = Self(rawValue: 1 << 10)
    /// A state defers an event (`defer`): the machine keeps events in `keptEvents`, releases
    /// them after steps that change the configuration, and restores `Snapshot`s that carry them.
    static let deferral = Self(rawValue: 1 << 11)

    init(rawValue: UInt16) { self.rawValue = rawValue }

    init(_ machine: ExecutableMachine) {
        let model = machine.model
        var features: Self = []
        // Only what the dispatch offers adds code: a transition never taken adds none.
        let hasTaken = { (property: (TransitionModel) -> Bool) in
            machine.transitions.contains { $0.trigger != nil && property($0.declaration) }
        }
        let hasStateData = model.states.contains { !$0.data.isEmpty }
        if hasStateData { features.insert(.stateData) }
        let hasComputedDelays = hasTaken { $0.trigger.delayFunction != nil }
        if !model.isFlat || hasStateData || hasComputedDelays { features.insert(.statechart) }
        if model.states.contains(where: { $0.history != nil }) { features.insert(.history) }
        let completes = hasTaken { $0.trigger.isCompletion }
        if completes { features.insert(.completion) }
        if machine.timers.contains(where: { !$0.isEmpty }) { features.insert(.timers) }
        if hasTaken({ $0.trigger.isEventless }) { features.insert(.eventless) }
        let raises = { (actions: [ActionModel]) in actions.contains { $0.raisedEvent != nil } }
        // A history default's actions run as a transition's do (R89 of fsm-differential's seed 2
        // with invocations raised only there, and the generated Swift lacked the queue).
        let hasRaise = model.states.contains { raises($0.entryActions) || raises($0.exitActions) || raises($0.historyDefault?.actions ?? []) }
            || hasTaken { raises($0.actions) }
        if completes || hasRaise { features.insert(.raise) }
        if !model.guards.isEmpty || !model.actions.isEmpty || !model.valueFunctions.isEmpty { features.insert(.actions) }
        if !model.outputs.isEmpty { features.insert(.outputs) }
        // The work is a requirement of `Actions`, started from the state tree's shape.
        if !model.invocations.isEmpty { features.formUnion([.invocations, .statechart, .actions]) }
        if machine.defersEvents { features.insert(.deferral) }
        if hasTaken({ $0.target != nil && $0.actions.count == 1 }) { features.insert(.singleActionTransitions) }
        self = features
    }
}

/// What a generated type may conform to, as far as fsmc can tell from the types it holds.
struct Conformances: Equatable, Sendable {
    var isHashable: Bool
    var isCodable: Bool

    /// What a type holding values of all of `parameters`' types may conform to.
    init(holding parameters: [ParameterModel]) {
        let traits = PayloadTraits.all(parameters)
        isHashable = traits.isHashable
        isCodable = traits.isCodable
    }

    init(isHashable: Bool, isCodable: Bool) {
        self.isHashable = isHashable
        self.isCodable = isCodable
    }
}

/// The conformances of the generated `State`, `Event` and `Output`.
struct TypeConformances: Equatable, Sendable {
    /// `State` and what holds it: the states' data.
    var state: Conformances
    var event: Conformances
    var output: Conformances

    init(_ model: MachineModel) {
        state = Conformances(holding: model.states.flatMap(\.data))
        let payloads = Conformances(holding: model.events.flatMap(\.parameters))
        // Swift cannot synthesize `Codable` for an enum without cases: a machine driven only by
        // eventless and delayed transitions has an empty `Event`.
        event = Conformances(isHashable: payloads.isHashable, isCodable: payloads.isCodable && !model.events.isEmpty)
        output = Conformances(holding: model.outputs.flatMap(\.parameters))
    }
}

/// How `State` and the types of its compound states are coded, when they are `Codable`.
enum StateCodingDecision: Equatable, Sendable {
    /// Not `Codable`: a payload or datum type fsmc cannot tell is.
    case none
    /// As the name of the active atomic state: a nested machine whose states carry no data and
    /// that has no parallel state, where that name alone determines the configuration (names
    /// are unique across the machine).
    case activeLeafName
    /// Synthesized `Codable` (a flat machine's `State`, one with data or parallel states).
    case synthesized

    init(_ machine: ExecutableMachine, shape: MachineShape, conformances: TypeConformances) {
        if !conformances.state.isCodable {
            self = .none
        } else if shape.isStatechart && !shape.hasStateData && !machine.hasParallelStates {
            self = .activeLeafName
        } else {
            self = .synthesized
        }
    }
}

/// The names generated code uses for the spec's states, payloads and declarations.
///
/// A class: generators read one name of it at a time, thousands of times a file, and a struct
/// would be copied whole (a retain per array) for each read.
final class SwiftDeclarationNames: Sendable {
    /// Each state as a case of `State`, `.idle`, by ``StateID``.
    let stateCases: [String]
    /// Each event's payload variables (``SwiftNames/payloadVariables(_:)``), by ``EventID``.
    let payloadVariables: [[String]]
    /// Each event's payload passed on, `["to: to"]`, by ``EventID``.
    let payloadArgumentItems: [[String]]
    /// `public ` / `package ` / empty: the prefix of every declaration the user sees.
    let access: String
    /// `@MainActor ` or empty.
    let isolation: String

    init(_ model: MachineModel) {
        stateCases = model.states.map { "." + $0.name }
        payloadVariables = model.events.map { SwiftNames.payloadVariables($0.parameters) }
        payloadArgumentItems = model.events.map { SwiftNames.argumentItems($0.parameters) }
        access = model.accessLevel == .internal ? "" : model.accessLevel.rawValue + " "
        isolation = model.isMainActor ? "@MainActor " : ""
    }
}

/// Where each state's timers live: the states with `after` transitions, in document order,
/// each owning the slot of its position. A class, as ``SwiftDeclarationNames``.
final class TimerSlots: Sendable {
    /// The states with `after` transitions, in document order.
    let timedStates: [StateID]
    /// Each state's position in ``timedStates``, by ``StateID``.
    private let slots: [Int?]

    init(_ machine: ExecutableMachine) {
        timedStates = machine.model.states.filter { !machine.timers[$0.id.index].isEmpty }.map(\.id)
        var slots = [Int?](repeating: nil, count: machine.model.states.count)
        for (slot, state) in timedStates.enumerated() { slots[state.index] = slot }
        self.slots = slots
    }

    /// The slot of `state`'s timers, `nil` when it has none.
    subscript(state: StateID) -> Int? { slots[state.index] }
}
