/// A checked machine: every name resolved, as the spec declares it.
///
/// States form a tree (``StateModel/parent``, ``StateModel/children``). What the machine does
/// at run time (which transition wins, what is exited and entered) is worked out once, by
/// ``ExecutableMachine``, which every back end that runs or simulates the machine reads.
public struct MachineModel: Hashable, Sendable {
    public var name: String
    public var documentation: String?
    public var accessLevel: AccessLevel
    /// `@MainActor machine …`: the generated class is isolated to the main actor.
    public var isMainActor: Bool
    /// `@Observable machine …`: the generated class conforms to Observation's `Observable`, and
    /// reading its state tracks it.
    public var isObservable = false
    /// Events in declaration order; ``EventID`` indexes this array.
    public var events: [SignalModel]
    /// Outputs in declaration order; ``OutputID`` indexes this array.
    public var outputs: [SignalModel]
    /// Every state in document order (a parent before its children); ``StateID`` indexes it.
    public var states: [StateModel]
    /// The states at the top of the tree, in document order.
    public var topLevelStates: [StateID]
    /// The state the machine starts in.
    public var initialState: StateID
    /// Transitions declared at machine level: they apply in every state that does not take
    /// the event itself.
    public var machineTransitions: [TransitionModel]
    /// The guards the user implements, in order of first use.
    public var guards: [CallableModel]
    /// The actions the user implements, in order of first use.
    public var actions: [CallableModel]
    /// The functions the user implements that compute a value (a target's data, an argument,
    /// a delay), in order of first use.
    public var valueFunctions: [ValueFunctionModel] = []
    /// The work states run while active, in document order; ``InvocationID`` indexes it.
    public var invocations: [InvocationModel] = []
    /// The `@Observable` machines among the child machines it runs and those they run in turn,
    /// sorted by name: the code that holds them needs what Observation needs, so the machine's
    /// generated code does too, though the machine itself may not be `@Observable`.
    public var observableChildMachines: [String] = []
    /// Modules the spec imports (`import CoreLocation`), in the order written.
    public var imports: [String] = []
    /// Where each imported module's name is written in the spec, by module: for generated code
    /// that reports a missing module at the spec's line.
    public var importLocations: [String: SourceLocation] = [:]
    /// The properties the spec asserts (`assert …`), in declaration order: proved at build time,
    /// never part of the generated code.
    public var properties: [PropertyModel] = []

    package init(
        name: String, documentation: String? = nil, accessLevel: AccessLevel, isMainActor: Bool,
        events: [SignalModel], outputs: [SignalModel], states: [StateModel], topLevelStates: [StateID],
        initialState: StateID, machineTransitions: [TransitionModel], guards: [CallableModel],
        actions: [CallableModel], valueFunctions: [ValueFunctionModel] = [], imports: [String] = [],
        importLocations: [String: SourceLocation] = [:]
    ) {
        self.name = name
        self.documentation = documentation
        self.accessLevel = accessLevel
        self.isMainActor = isMainActor
        self.events = events
        self.outputs = outputs
        self.states = states
        self.topLevelStates = topLevelStates
        self.initialState = initialState
        self.machineTransitions = machineTransitions
        self.guards = guards
        self.actions = actions
        self.valueFunctions = valueFunctions
        self.imports = imports
        self.importLocations = importLocations
    }

    // A getter, not `_read`: the Swift back end reads the model through `PlanReader`'s
    // yielded `model`, and a yielding subscript on that made it copy the whole model per read
    // (callgrind, 2026-11-26). Inlinable: called from the other modules (the checker, the back
    // ends) a call would copy the whole element where the caller reads one field of it
    // (callgrind, 2026-11-27: the interpreter 1.5× the instructions once it left FSMCore).
    @inlinable public subscript(state: StateID) -> StateModel { states[state.index] }
    @inlinable public subscript(event: EventID) -> SignalModel { events[event.index] }
    @inlinable public subscript(output: OutputID) -> SignalModel { outputs[output.index] }
    @inlinable public subscript(invocation: InvocationID) -> InvocationModel { invocations[invocation.index] }

    /// Every transition: each state's in document order, then the machine-level ones.
    public var allTransitions: [TransitionModel] {
        states.flatMap(\.transitions) + machineTransitions
    }

    /// Whether every state is at the top level: a version-1 machine, whose `State` is a plain
    /// enum and whose states need no path.
    public var isFlat: Bool {
        topLevelStates.count == states.count
    }

    /// The state and its ancestors, innermost first.
    public func path(from state: StateID) -> [StateID] {
        var path = [state]
        while let parent = self[path[path.count - 1]].parent { path.append(parent) }
        return path
    }

    /// The states entering `targets` together enters below `domain` (`nil`: the machine), in
    /// document order (SCXML's `computeEntrySet`): the states from the domain down to each
    /// target, the other regions of each parallel state entered on the way with their default
    /// entries, and, when `descendingIntoTargets`, each target's default entry (a history
    /// target restores instead). Every target lies below `domain`.
    ///
    /// One algorithm for one target and several, without a set: a parent comes before its
    /// children in document order, so sorting what the walks up from the targets collect puts
    /// it in entry order, and a state two targets share stands twice, side by side.
    public func entrySet(of targets: some Collection<StateID>, below domain: StateID?, descendingIntoTargets: Bool = true) -> [StateID] {
        var entered: [StateID] = []
        // Room for the walks and a few states entered by default: growing the array step by
        // step cost the lowering of deep specs an allocation a level.
        entered.reserveCapacity(targets.count * 16)
        for target in targets {
            var current: StateID? = target
            while let state = current, state != domain {
                entered.append(state)
                current = states[state.index].parent
            }
            if descendingIntoTargets { appendDefaultDescent(of: target, to: &entered) }
        }
        entered.sort()
        var kept = 0
        for index in entered.indices where kept == 0 || entered[kept - 1] != entered[index] {
            entered[kept] = entered[index]
            kept += 1
        }
        entered.removeLast(entered.count - kept)
        // A region entered by default enters nothing another does: the entered states are
        // closed upward, so no state inside a region left out is among them.
        var regions: [StateID] = []
        for state in entered where states[state.index].isParallel && (descendingIntoTargets || !targets.contains(state)) {
            for region in states[state.index].children where !entered.contains(region) {
                regions.append(region)
                appendDefaultDescent(of: region, to: &regions)
            }
        }
        guard !regions.isEmpty else { return entered }
        entered += regions
        entered.sort()
        return entered
    }

    /// The states entered below `state` when it is entered by default, in document order
    /// (outermost first): a compound state's initial child and what that enters, every region
    /// of a parallel state and what each enters.
    public func defaultDescent(of state: StateID) -> [StateID] {
        var descent: [StateID] = []
        appendDefaultDescent(of: state, to: &descent)
        return descent
    }

    /// ``defaultDescent(of:)`` appended to `entered`: no array of its own for a caller that
    /// collects several.
    private func appendDefaultDescent(of state: StateID, to entered: inout [StateID]) {
        // Read in place: `self[state]` would copy the whole state at each level.
        if states[state.index].isParallel {
            for region in states[state.index].children {
                entered.append(region)
                appendDefaultDescent(of: region, to: &entered)
            }
        } else if let child = states[state.index].initialChild {
            entered.append(child)
            appendDefaultDescent(of: child, to: &entered)
        }
    }

    /// Every state strictly inside `state`, in document order.
    public func descendants(of state: StateID) -> [StateID] {
        self[state].children.flatMap { [$0] + descendants(of: $0) }
    }

    /// The atomic states inside `state`, in document order.
    public func atomicDescendants(of state: StateID) -> [StateID] {
        descendants(of: state).filter { self[$0].isAtomic }
    }

    /// Whether `state` is `ancestor` or lies inside it.
    public func isDescendant(_ state: StateID, of ancestor: StateID) -> Bool {
        var current: StateID? = state
        while let id = current {
            if id == ancestor { return true }
            current = self[id].parent
        }
        return false
    }
}

/// The access level of the generated declarations.
public enum AccessLevel: String, Hashable, Sendable {
    case `internal`, package, `public`
}

/// Index of a state in ``MachineModel/states``.
public struct StateID: Hashable, Comparable, Sendable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (lhs: StateID, rhs: StateID) -> Bool { lhs.index < rhs.index }
}

/// Index of an event in ``MachineModel/events``.
public struct EventID: Hashable, Comparable, Sendable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (lhs: EventID, rhs: EventID) -> Bool { lhs.index < rhs.index }
}

/// Index of an output in ``MachineModel/outputs``.
public struct OutputID: Hashable, Comparable, Sendable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (lhs: OutputID, rhs: OutputID) -> Bool { lhs.index < rhs.index }
}

/// An event or an output: a name and a payload.
public struct SignalModel: Hashable, Sendable {
    public var name: String
    public var documentation: String?
    public var parameters: [ParameterModel]
    public var range: SourceRange
    /// Where each parameter's type starts in the spec, in order (empty for a model that did not
    /// come from a spec's text): generated code reports a mistyped type there.
    public var parameterTypeLocations: [SourceLocation] = []

    package init(
        name: String, documentation: String? = nil, parameters: [ParameterModel], range: SourceRange,
        parameterTypeLocations: [SourceLocation] = []
    ) {
        self.name = name
        self.documentation = documentation
        self.parameters = parameters
        self.range = range
        self.parameterTypeLocations = parameterTypeLocations
    }
}

/// One payload parameter: an optional label and a Swift type as written.
public struct ParameterModel: Hashable, Sendable, CustomStringConvertible {
    public var label: String?
    public var type: String

    public init(label: String?, type: String) {
        self.label = label
        self.type = type
    }

    /// `label: Type` or `Type`.
    public var description: String {
        label.map { "\($0): \(type)" } ?? type
    }
}

/// A state and what happens in it.
public struct StateModel: Hashable, Sendable {
    public var id: StateID
    public var name: String
    public var documentation: String?
    public var isFinal: Bool
    /// `parallel state`: every child is a region, active at once.
    public var isParallel = false
    public var parent: StateID?
    public var children: [StateID]
    /// The child a compound state starts in; `nil` for a leaf state.
    public var initialChild: StateID?
    /// `history` or `history deep`: what the state remembers of its children when left.
    public var history: HistoryKind?
    /// `history -> detail / act`: what the history enters before the state was ever left,
    /// instead of the initial child; `nil` when the history declares no default.
    public var historyDefault: HistoryDefaultModel?
    /// The data the state carries while active, `state detail(id: Int)`: labeled fields.
    public var data: [ParameterModel] = []
    public var entryActions: [ActionModel]
    public var exitActions: [ActionModel]
    /// What the state invokes, in document order: started together after its entry actions.
    public var invocations: [InvocationID] = []
    /// The events the state keeps while active (`defer retry`), in document order, each once.
    public var deferrals: [DeferralModel] = []
    /// Transitions in document order, the order guards are tried in.
    public var transitions: [TransitionModel]
    public var range: SourceRange
    /// Where each data field's type starts in the spec, in the order of ``data`` (empty for a
    /// model that did not come from a spec's text).
    public var dataTypeLocations: [SourceLocation] = []

    package init(
        id: StateID, name: String, documentation: String? = nil, isFinal: Bool, isParallel: Bool = false,
        parent: StateID? = nil, children: [StateID], initialChild: StateID? = nil,
        history: HistoryKind? = nil, data: [ParameterModel] = [], entryActions: [ActionModel],
        exitActions: [ActionModel], transitions: [TransitionModel], range: SourceRange,
        dataTypeLocations: [SourceLocation] = []
    ) {
        self.id = id
        self.name = name
        self.documentation = documentation
        self.isFinal = isFinal
        self.isParallel = isParallel
        self.parent = parent
        self.children = children
        self.initialChild = initialChild
        self.history = history
        self.data = data
        self.entryActions = entryActions
        self.exitActions = exitActions
        self.transitions = transitions
        self.range = range
        self.dataTypeLocations = dataTypeLocations
    }
}

/// What a compound state's history remembers.
public enum HistoryKind: String, Hashable, Sendable {
    /// `history`: the child that was active; entering it again starts at its initial state.
    case shallow
    /// `history deep`: the whole configuration beneath the state.
    case deep
}

/// A history's default transition (SCXML's `<history><transition target="…">`): the states
/// it enters, below the state that declares the history, and its actions.
public struct HistoryDefaultModel: Hashable, Sendable {
    /// One state, or states in different regions of one parallel state, inside the state.
    public var targets: [StateID]
    /// Run after the state's entry actions, when the default is taken.
    public var actions: [ActionModel]
    public var range: SourceRange

    public init(targets: [StateID], actions: [ActionModel], range: SourceRange) {
        self.targets = targets
        self.actions = actions
        self.range = range
    }
}

extension StateModel {
    /// Whether the state has child states.
    public var isCompound: Bool { !children.isEmpty }
    /// Whether the state has no child states.
    public var isAtomic: Bool { children.isEmpty }
}

/// A transition from a state, or from anywhere when declared at machine level.
public struct TransitionModel: Hashable, Sendable {
    public enum Trigger: Hashable, Sendable {
        case event(EventID)
        /// Eventless: taken as soon as its guard holds.
        case always
        /// Taken when the state has been active for the duration.
        case after(DurationModel)
        /// `done`: taken when the compound state that declares it completes (a final child
        /// was entered).
        case done
        /// `after backoff`: taken when the state has been active for the duration the user's
        /// function (named here) computed on entry.
        case afterComputed(String)
        /// `done fetchUser`, `error fetchUser`, `on changes`: what an invocation delivered.
        case invocation(InvocationID, InvocationResult)

        /// Whether every active state is offered it, so that several regions can take it
        /// together and a state's ancestors take it for it: events, eventless transitions and
        /// an invocation's results. A timer or a completion belongs to the state that declares it.
        public var isSharable: Bool {
            switch self {
            case .event, .always, .invocation: true
            case .after, .afterComputed, .done: false
            }
        }
    }

    /// The state the transition leaves; `nil` for a machine-level transition.
    public var source: StateID?
    public var trigger: Trigger
    public var guardExpression: GuardModel?
    /// The target (the first, when there are several); `nil` for an internal transition,
    /// which runs its actions and stays.
    public var target: StateID?
    /// The targets after the first, `-> boldOn, italicOn`: in other regions of one parallel
    /// state, entered together.
    public var otherTargets: [StateID] = []
    /// `reenter`: the transition leaves and re-enters its source even when every target lies
    /// inside it (SCXML's external transition).
    public var reenters = false

    /// Every target in the order written: none, one, or several entered together. A view of
    /// ``target`` and ``otherTargets``, not an array: reading it allocates nothing.
    public var targets: TransitionTargets { TransitionTargets(first: target, others: otherTargets) }
    /// Whether the transition is never taken: its guard is the constant `false` (`[false]`, or
    /// an expression the checker folded to it).
    public var isNeverTaken: Bool { guardExpression?.isConstant(false) ?? false }
    /// `-> target.history`: enter the target's history rather than its initial state.
    public var targetsHistory = false
    /// The target's data, one argument per field in declaration order: `-> detail(id: id)`.
    public var targetArguments: [ArgumentModel] = []
    public var actions: [ActionModel]
    public var documentation: String?
    public var range: SourceRange

    public init(
        source: StateID?, trigger: Trigger, guardExpression: GuardModel?, target: StateID?, targetsHistory: Bool = false,
        actions: [ActionModel], documentation: String?, range: SourceRange
    ) {
        self.source = source
        self.trigger = trigger
        self.guardExpression = guardExpression
        self.target = target
        self.targetsHistory = targetsHistory
        self.actions = actions
        self.documentation = documentation
        self.range = range
    }
}

/// A delay of an `after` transition.
///
/// Two durations are equal when they last as long, however they are written: `after 1s` and
/// `after 1000ms` are the same trigger.
public struct DurationModel: Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64
    /// The duration as written, such as `250ms`.
    public var text: String

    public init(nanoseconds: Int64, text: String) {
        self.nanoseconds = nanoseconds
        self.text = text
    }

    public var description: String { text }

    public static func == (lhs: DurationModel, rhs: DurationModel) -> Bool {
        lhs.nanoseconds == rhs.nanoseconds
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(nanoseconds)
    }
}

/// A guard expression with its names resolved to guards the user implements.
public indirect enum GuardModel: Hashable, Sendable {
    case call(String)
    /// `name(argument, …)`: called with exactly these arguments (language version 4).
    case callWithArguments(String, [ArgumentModel])
    case not(GuardModel)
    case and(GuardModel, GuardModel)
    case or(GuardModel, GuardModel)
    /// Holds when no earlier transition for the same trigger was taken.
    case `else`
    /// `in(state)`: holds while the state is active.
    case isIn(StateID)
    /// `true` or `false`. The checker folds constants into the expression around them, so a
    /// resolved guard is `.constant(false)` alone or has no constant at all (and `true`
    /// alone is no guard).
    case constant(Bool)

    /// The guard names in the expression, left to right.
    public var names: [String] {
        switch self {
        case .call(let name), .callWithArguments(let name, _): [name]
        case .not(let operand): operand.names
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.names + rhs.names
        case .else, .isIn, .constant: []
        }
    }

    /// The arguments the expression's calls written with arguments pass, left to right.
    public var callArguments: [ArgumentModel] {
        switch self {
        case .callWithArguments(_, let arguments): arguments
        case .not(let operand): operand.callArguments
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.callArguments + rhs.callArguments
        case .else, .call, .isIn, .constant: []
        }
    }

    /// The states that `in(…)` tests in the expression, left to right.
    public var testedStates: [StateID] {
        switch self {
        case .isIn(let state): [state]
        case .not(let operand): operand.testedStates
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.testedStates + rhs.testedStates
        case .else, .call, .callWithArguments, .constant: []
        }
    }

    /// Whether `true` or `false` appears in the expression.
    /// Whether the guard is the constant `value` (`[false]` after folding). Asked per
    /// transition: it matches the case, where `== .constant(value)` would box a guard to
    /// compare with (the enum is indirect).
    public func isConstant(_ value: Bool) -> Bool {
        if case .constant(let constant) = self { constant == value } else { false }
    }

    public var containsConstant: Bool {
        switch self {
        case .constant: true
        case .call, .callWithArguments, .else, .isIn: false
        case .not(let operand): operand.containsConstant
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.containsConstant || rhs.containsConstant
        }
    }

    /// The expression with its constants folded away: `nil` when it always holds,
    /// `.constant(false)` when it never does, otherwise an expression without constants that
    /// holds exactly when this one does. Guards are free of side effects, so a call a constant
    /// makes irrelevant is dropped.
    public static func folding(_ expression: GuardModel) -> GuardModel? {
        switch expression {
        case .constant(true): return nil
        case .call, .callWithArguments, .else, .isIn, .constant: return expression
        case .not(let operand):
            switch folding(operand) {
            case nil: return .constant(false)
            case .constant(false)?: return nil
            case let folded?: return .not(folded)
            }
        case .and(let lhs, let rhs):
            switch (folding(lhs), folding(rhs)) {
            case (.constant(false)?, _), (_, .constant(false)?): return .constant(false)
            case (nil, let other), (let other, nil): return other
            case (let left?, let right?): return .and(left, right)
            }
        case .or(let lhs, let rhs):
            switch (folding(lhs), folding(rhs)) {
            case (nil, _), (_, nil): return nil
            case (.constant(false)?, let other?), (let other?, .constant(false)?): return other
            case (let left?, let right?): return .or(left, right)
            }
        }
    }
}

/// One entry of an actions list.
public enum ActionModel: Hashable, Sendable {
    /// A named action the user implements.
    case call(String)
    /// `name(argument, …)`: an action the user implements, called with exactly these
    /// arguments (language version 4).
    case callWithArguments(String, [ArgumentModel])
    case emit(OutputID, [ArgumentModel])
    case raise(EventID, [ArgumentModel])
    /// `update(field: argument, …)`: new values for data fields of the transition's state or
    /// of states around it, in the order written, without leaving any state (language
    /// version 4).
    case update([DataUpdate])
}

/// An argument of `emit` or `raise`, labeled as its parameter is declared.
public struct ArgumentModel: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case string(String)
        case integer(String)
        case float(String)
        case boolean(Bool)
        case `nil`
        /// A payload parameter of the triggering event, by label.
        case payload(String)
        /// A data field of the state whose transition or block this is, or of an ancestor, by
        /// label.
        case data(String)
        /// A function the user implements that returns the value, by name.
        case computed(String)
        /// `name(argument, …)`: a function the user implements that returns the value, called
        /// with exactly these arguments (language version 4).
        case computedWithArguments(String, [ArgumentModel])
    }

    public var label: String?
    public var value: Value

    public init(label: String?, value: Value) {
        self.label = label
        self.value = value
    }
}
