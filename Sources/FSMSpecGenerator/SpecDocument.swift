/// A generated spec as a tree: what ``SpecDocument/text`` renders, and what a minimizer
/// shrinks (``SpecDocument/reductions()``) before rendering it again.
public struct SpecDocument: Sendable, Hashable {
    public var imports: [String] = []
    public var isMainActor = false
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
    public var documentation: String?
    /// One `entry / …` line per element.
    public var entries: [[SpecAction]] = []
    public var exits: [[SpecAction]] = []
    public var transitions: [SpecTransition] = []
    public var children: [SpecState] = []

    public init(name: String) {
        self.name = name
    }
}

public struct SpecTransition: Sendable, Hashable {
    public var trigger: SpecTrigger
    public var guardCondition: SpecGuard?
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
}

public enum SpecTarget: Sendable, Hashable {
    case state(String, arguments: [SpecArgument])
    case history(String)
}

public indirect enum SpecGuard: Sendable, Hashable {
    /// A guard your code implements; `bare` writes `name()`, without the event's payload.
    case name(String, bare: Bool)
    case inState(String)
    case not(SpecGuard)
    case and(SpecGuard, SpecGuard)
    case or(SpecGuard, SpecGuard)
    case otherwise
}

public enum SpecAction: Sendable, Hashable {
    /// An action your code implements; `bare` writes `name()`.
    case call(String, bare: Bool)
    case emit(String, [SpecArgument])
    case raise(String, [SpecArgument])
}

/// An argument of `emit`, `raise` or a target with data: an optional label and a literal or a
/// name as written.
public struct SpecArgument: Sendable, Hashable {
    public var label: String?
    public var value: String
}
