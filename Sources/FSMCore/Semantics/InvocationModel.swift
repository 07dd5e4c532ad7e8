/// Index of an invocation in ``MachineModel/invocations``.
public struct InvocationID: Hashable, Comparable, Sendable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (lhs: InvocationID, rhs: InvocationID) -> Bool { lhs.index < rhs.index }
}

/// Work a state runs while it is active (DESIGN's "Invocations"): `invoke fetchUser(user:
/// User)`, `invoke stream changes(change: Change)`, `invoke SignIn as signIn`.
public struct InvocationModel: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// An async function of `Actions` that returns ``InvocationModel/results`` and may
        /// throw.
        case call
        /// A function of `Actions` that returns an async sequence of
        /// ``InvocationModel/results``.
        case stream
        /// Another machine of the same target, by its name.
        case machine(String)
    }

    public var id: InvocationID
    /// What `done`, `error` and `on` name it by.
    public var name: String
    public var documentation: String?
    public var kind: Kind
    /// What a call returns or each element of a stream holds, labeled; empty for a child
    /// machine and for a call that returns nothing.
    public var results: [ParameterModel]
    /// The state that runs it.
    public var owner: StateID
    public var range: SourceRange
    /// What a child machine shows its parent (its outputs, whether it finishes); `nil` for a
    /// call, a stream, and a child machine that could not be resolved (reported).
    public var child: MachineInterface?

    package init(
        id: InvocationID, name: String, documentation: String? = nil, kind: Kind, results: [ParameterModel],
        owner: StateID, range: SourceRange
    ) {
        self.id = id
        self.name = name
        self.documentation = documentation
        self.kind = kind
        self.results = results
        self.owner = owner
        self.range = range
    }

    /// Whether its work can fail: a call or a stream (a child machine only finishes).
    public var canFail: Bool {
        if case .machine = kind { false } else { true }
    }

    /// The payload a transition on `result` receives: a call's results on `done`, a stream's
    /// on each element, `error: any Error` on `error`, a child's output's payload on that
    /// output, nothing when a stream or a child finishes.
    public func payload(of result: InvocationResult) -> [ParameterModel] {
        switch (result, kind) {
        case (.done, .call), (.element, _): results
        case (.done, _): []
        case (.error, _): [Self.errorParameter]
        case (.output(let output), _): child?.output(named: output)?.parameters ?? []
        }
    }

    /// What `error name` receives.
    public static let errorParameter = ParameterModel(label: "error", type: "any Error")
}

/// What an invocation delivers to its machine, as an event: its trigger in
/// ``TransitionModel/Trigger/invocation(_:_:)``.
public enum InvocationResult: Hashable, Sendable {
    /// `done name`: the call returned, the stream or the child machine finished.
    case done
    /// `error name`: the call or the stream threw.
    case error
    /// `on name`: the stream yielded an element.
    case element
    /// `on name.output`: the child machine emitted its output of that name.
    case output(String)

    /// The word a transition on it starts with.
    public var keyword: String {
        switch self {
        case .done: "done"
        case .error: "error"
        case .element, .output: "on"
        }
    }

    /// What it is called in the JSON of test paths: `done`, `error`, `element`, `output`.
    public var name: String {
        switch self {
        case .done: "done"
        case .error: "error"
        case .element: "element"
        case .output: "output"
        }
    }

    /// The trigger as the spec writes it for the invocation named `invocation`: `done
    /// fetchUser`, `on changes`, `on signIn.signedIn`.
    public func trigger(of invocation: String) -> String {
        if case .output(let output) = self { "on \(invocation).\(output)" } else { "\(keyword) \(invocation)" }
    }
}
