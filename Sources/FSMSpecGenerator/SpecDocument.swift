/// A generated spec as a tree: what ``SpecDocument/text`` renders, and what a minimizer
/// shrinks (``SpecDocument/reductions()``) before rendering it again.
public struct SpecDocument: Sendable, Hashable {
    public var imports: [String] = []
    public var isMainActor = false
    public var isObservable = false
    /// `public`, `package`, `internal`, or nil for none written.
    public var access: String?
    public var documentation: String?
    public var name: String
    public var events: [SpecSignal] = []
    public var outputs: [SpecSignal] = []
    /// Top-level states in document order.
    public var states: [SpecState] = []
    /// Machine-level transitions.
    public var transitions: [SpecTransition] = []
    /// `assert` lines, after the machine-level transitions.
    public var properties: [SpecProperty] = []

    public init(name: String) {
        self.name = name
    }
}

/// An event or an output and its payload.
public struct SpecSignal: Sendable, Hashable {
    public var name: String
    public var parameters: [SpecParameter]
    public var documentation: String?
}

/// A payload parameter or a state's data field: an optional label and a Swift type as text.
public struct SpecParameter: Sendable, Hashable {
    public var label: String?
    public var type: String
}

public enum SpecHistory: String, Sendable, Hashable {
    case shallow, deep
}

/// A state and everything written in its block.
public struct SpecState: Sendable, Hashable {
    public var name: String
    public var isInitial = false
    public var isFinal = false
    public var isParallel = false
    public var data: [SpecParameter] = []
    public var history: SpecHistory?
    /// `history -> a, b / actions`: what the history enters before the state was ever left.
    public var historyDefault: SpecHistoryDefault?
    public var documentation: String?
    /// One `entry / …` line per element.
    public var entries: [[SpecAction]] = []
    public var exits: [[SpecAction]] = []
    public var transitions: [SpecTransition] = []
    /// `invoke name(…)` and `invoke stream name(…)` lines (language version 3).
    public var invocations: [SpecInvocation] = []
    /// `defer event` lines: the events the state keeps while active.
    public var deferrals: [String] = []
    public var children: [SpecState] = []

    public init(name: String) {
        self.name = name
    }
}

/// `invoke name(label: Type, …)` or `invoke stream name(…)`: work that runs while its state is
/// active; its results are labeled (none: a call returns `Void`, a stream's elements are empty).
/// With ``machine``, `invoke Machine as name`: a child machine.
public struct SpecInvocation: Sendable, Hashable {
    public var name: String
    public var isStream: Bool
    public var results: [SpecParameter]
    public var documentation: String?
    /// The machine a child machine's invocation runs; `nil` for a call or a stream.
    public var machine: String? = nil
}

/// A history's default transition: one state inside its state, or states in different regions
/// of one parallel state inside it, and actions.
public struct SpecHistoryDefault: Sendable, Hashable {
    public var targets: [String]
    public var actions: [SpecAction] = []
}

public struct SpecTransition: Sendable, Hashable {
    public var trigger: SpecTrigger
    public var guardCondition: SpecGuard?
    /// `reenter`: the transition leaves and re-enters its source even when its target lies
    /// inside it.
    public var reenters = false
    public var target: SpecTarget?
    public var actions: [SpecAction] = []
    public var documentation: String?
}

public enum SpecTrigger: Sendable, Hashable {
    case event(String)
    case always
    /// The delay as written: a duration (`250ms`) or a function's name.
    case after(String)
    case done
    /// `done name`: an invocation returned (a call: its results) or a stream finished.
    case invocationDone(String)
    /// `error name`: an invocation threw (payload `error: any Error`).
    case invocationError(String)
    /// `on name`: a stream's element (payload: its results).
    case invocationElement(String)
    /// `on name.output`: a child machine's output (no payload in the profiles that write it).
    case childOutput(String, output: String)

    /// The invocation a trigger names, or nil.
    public var invocation: String? {
        switch self {
        case .invocationDone(let name), .invocationError(let name), .invocationElement(let name), .childOutput(let name, _): name
        case .event, .always, .after, .done: nil
        }
    }
}

public enum SpecTarget: Sendable, Hashable {
    case state(String, arguments: [SpecArgument])
    case history(String)
    /// Several states, each in a different region of one parallel state: `-> a, b`.
    case states([String])

    /// The states named, the first first (a history target names its state).
    public var names: [String] {
        switch self {
        case .state(let name, _), .history(let name): [name]
        case .states(let names): names
        }
    }
}

public indirect enum SpecGuard: Sendable, Hashable {
    /// A guard your code implements; `bare` writes `name()`, without the event's payload.
    case name(String, bare: Bool)
    /// `name(argument, …)` (language version 4): a guard that takes exactly these arguments.
    case callWithArguments(String, [SpecArgument])
    case inState(String)
    case not(SpecGuard)
    case and(SpecGuard, SpecGuard)
    case or(SpecGuard, SpecGuard)
    case otherwise
    /// `true` or `false`.
    case constant(Bool)

    /// The guard's value when its constants decide it whatever the rest answers (as fsmc folds
    /// them), nil otherwise; `[else]` counts as undecided.
    public var constantValue: Bool? {
        switch self {
        case .constant(let value): return value
        case .name, .callWithArguments, .inState, .otherwise: return nil
        case .not(let operand): return operand.constantValue.map { !$0 }
        case .and(let left, let right):
            if left.constantValue == false || right.constantValue == false { return false }
            if left.constantValue == true && right.constantValue == true { return true }
            return nil
        case .or(let left, let right):
            if left.constantValue == true || right.constantValue == true { return true }
            if left.constantValue == false && right.constantValue == false { return false }
            return nil
        }
    }
}

public enum SpecAction: Sendable, Hashable {
    /// An action your code implements; `bare` writes `name()`.
    case call(String, bare: Bool)
    /// `name(argument, …)` (language version 4): an action that takes exactly these arguments.
    case callWithArguments(String, [SpecArgument])
    /// `update(field: value, …)` (language version 4): new values for data fields of the
    /// transition's state or a state around it, each argument labeled with its field.
    case update([SpecArgument])
    case emit(String, [SpecArgument])
    case raise(String, [SpecArgument])
}

/// An argument of `emit`, `raise`, `update`, a target with data or a call with arguments: an
/// optional label and a literal or a name as written.
public struct SpecArgument: Sendable, Hashable {
    public var label: String?
    public var value: String
    /// When set, ``value`` names a value function called with exactly these arguments,
    /// `value(argument, …)` (language version 4); nil for a literal, a label or a function
    /// called bare.
    public var functionArguments: [SpecArgument]? = nil
}
