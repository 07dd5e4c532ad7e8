/// The syntax tree of a `.fsm` file, exactly as written. Every node knows its source range.
///
/// The tree is what the parser produced, before any name is resolved; ``SemanticAnalyzer``
/// turns it into a ``MachineModel``.
public struct SourceFileSyntax: Hashable, Sendable {
    /// `import Module` lines: modules the payload types come from.
    public var imports: [Identifier]
    public var machines: [MachineSyntax]
    public var range: SourceRange
}

/// A name as written, with its location.
public struct Identifier: Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var range: SourceRange

    public init(_ text: String, range: SourceRange) {
        self.text = text
        self.range = range
    }

    public var description: String { text }
}

/// `@MainActor public machine Name { … }`
public struct MachineSyntax: Hashable, Sendable {
    public var documentation: String?
    public var attributes: [Identifier]
    public var accessLevel: AccessLevelSyntax?
    public var name: Identifier
    public var members: [MemberSyntax]
    public var range: SourceRange
}

/// `public`, `package` or `internal` in front of `machine`.
public struct AccessLevelSyntax: Hashable, Sendable {
    public var keyword: Keyword
    public var range: SourceRange
}

/// A declaration inside a machine or a state body.
///
/// Indirect, so that a member is a reference to its declaration: the checker reads every
/// member more than once, and copying a state or a transition inline costs a copy of each of
/// its fields.
public indirect enum MemberSyntax: Hashable, Sendable {
    case event(SignalSyntax)
    case output(SignalSyntax)
    case state(StateSyntax)
    case transition(TransitionSyntax)
    case entry(ActionBlockSyntax)
    case exit(ActionBlockSyntax)
    /// `history` or `history deep`: the state remembers its active child (or configuration).
    case history(HistorySyntax)
    /// `invoke fetchUser(user: User)`, `invoke stream changes(…)`, `invoke SignIn as signIn`:
    /// work that runs while the state is active.
    case invoke(InvokeSyntax)
    /// `defer retry`: the state keeps the event while it is active.
    case deferral(DeferSyntax)
    /// `assert never in(a) && in(b)`: a property of the machine, proved at build time.
    case property(PropertySyntax)

    public var range: SourceRange {
        switch self {
        case .event(let signal), .output(let signal): signal.range
        case .state(let state): state.range
        case .transition(let transition): transition.range
        case .entry(let block), .exit(let block): block.range
        case .history(let history): history.range
        case .invoke(let invoke): invoke.range
        case .deferral(let deferral): deferral.range
        case .property(let property): property.range
        }
    }
}

/// `history` or `history deep` in a compound state, with its default transition if it has
/// one: `history -> detail / act`.
public struct HistorySyntax: Hashable, Sendable {
    public var isDeep: Bool
    /// What the history enters before its state was ever left, instead of the initial child
    /// (SCXML's default history transition); empty without `->`.
    public var defaultTargets: [Identifier] = []
    /// The actions of the default transition, run when it is taken.
    public var defaultActions: [ActionSyntax] = []
    public var range: SourceRange

    public init(isDeep: Bool, defaultTargets: [Identifier] = [], defaultActions: [ActionSyntax] = [], range: SourceRange) {
        self.isDeep = isDeep
        self.defaultTargets = defaultTargets
        self.defaultActions = defaultActions
        self.range = range
    }
}

/// `invoke name(label: Type, …)`, `invoke stream name(label: Type, …)` or
/// `invoke Machine as name`.
public struct InvokeSyntax: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// An async function of `Actions` that returns the labeled values and may throw.
        case call
        /// A function of `Actions` that returns an async sequence of the labeled values.
        case stream(SourceRange)
        /// Another machine of the same target, named here.
        case machine(Identifier)
    }

    public var documentation: String?
    public var kind: Kind
    /// What `done`, `error` and `on` name it by.
    public var name: Identifier
    /// What a call returns or a stream yields: labeled values; empty for a child machine.
    public var results: [ParameterSyntax]
    public var range: SourceRange
}

/// `defer event`.
public struct DeferSyntax: Hashable, Sendable {
    public var event: Identifier
    public var range: SourceRange
}

/// `assert never C`, `assert reachable C`, `assert always reachable C` or
/// `assert A only after B`: a property of the machine; conditions are guard expressions
/// whose atoms are `in(state)` (the checker refuses anything else in them).
public struct PropertySyntax: Hashable, Sendable {
    public enum Claim: Hashable, Sendable {
        /// `never C`; the range is the word `never`.
        case never(GuardSyntax, range: SourceRange)
        /// `reachable C`; the range is the word `reachable`.
        case reachable(GuardSyntax, range: SourceRange)
        /// `always reachable C`; the range covers both words.
        case alwaysReachable(GuardSyntax, range: SourceRange)
        /// `A only after B`; the range covers `only after`.
        case onlyAfter(GuardSyntax, after: GuardSyntax, range: SourceRange)
    }

    public var claim: Claim
    /// `assert` to the end of the last condition.
    public var range: SourceRange

    public init(claim: Claim, range: SourceRange) {
        self.claim = claim
        self.range = range
    }

    /// The conditions, left to right: one, or `A` and `B` of `only after`.
    public var conditions: [GuardSyntax] {
        switch claim {
        case .never(let condition, _), .reachable(let condition, _), .alwaysReachable(let condition, _): [condition]
        case .onlyAfter(let condition, let after, _): [condition, after]
        }
    }
}

/// `event name(label: Type, Type)` or `output name(…)`.
public struct SignalSyntax: Hashable, Sendable {
    public var documentation: String?
    public var name: Identifier
    public var parameters: [ParameterSyntax]
    public var range: SourceRange
}

/// One payload parameter: an optional label and a Swift type taken as text.
public struct ParameterSyntax: Hashable, Sendable {
    public var label: Identifier?
    /// The Swift type, with runs of white space folded to one space.
    public var type: String
    public var typeRange: SourceRange
    public var range: SourceRange
}

/// `initial final state name(data) { members }`
public struct StateSyntax: Hashable, Sendable {
    public enum Modifier: String, Hashable, Sendable {
        case initial, final, parallel
    }

    public var documentation: String?
    public struct ModifierSyntax: Hashable, Sendable {
        public var kind: Modifier
        public var range: SourceRange
    }

    public var modifiers: [ModifierSyntax]
    public var name: Identifier
    /// State data, `state running(since: Date)`, for later versions of the language.
    public var parameters: [ParameterSyntax]?
    public var members: [MemberSyntax]
    public var range: SourceRange

    public func has(_ modifier: Modifier) -> Bool { range(of: modifier) != nil }

    /// Where a modifier is written, if it is.
    public func range(of modifier: Modifier) -> SourceRange? {
        modifiers.first { $0.kind == modifier }?.range
    }
}

/// `entry / actions` or `exit / actions`.
public struct ActionBlockSyntax: Hashable, Sendable {
    public var actions: [ActionSyntax]
    public var range: SourceRange
}

/// `on EVENT [GUARD] -> TARGET / ACTIONS`, `always …`, `after DURATION …` or `done …`.
public struct TransitionSyntax: Hashable, Sendable {
    public enum Trigger: Hashable, Sendable {
        case event(Identifier)
        case always(SourceRange)
        case after(DurationSyntax)
        /// `done`: the compound state that declares it completed.
        case done(SourceRange)
        /// `after backoff`: a delay that the user's function computes on entry.
        case computedAfter(Identifier)
        /// `done fetchUser`: the invocation returned (or the stream, or the child machine,
        /// finished).
        case invocationDone(Identifier, range: SourceRange)
        /// `error fetchUser`: the invocation threw.
        case invocationError(Identifier, range: SourceRange)
        /// `on signIn.signedIn`: an output of the child machine invoked as `signIn`.
        case childOutput(Identifier, output: Identifier)
    }

    public var documentation: String?
    public var trigger: Trigger
    public var guardExpression: GuardSyntax?
    /// The first target (the only one, usually).
    public var target: Identifier?
    /// Where `.history` follows the target, for `-> main.history`.
    public var historyRange: SourceRange?
    /// The data given to the target, `-> detail(id: id)`; `nil` without parentheses.
    public var targetArguments: [ArgumentSyntax]? = nil
    /// The targets after the first, `-> boldOn, italicOn`: states in other regions of one
    /// parallel state, entered together.
    public var otherTargets: [Identifier] = []
    /// Where `reenter` is written (`on t reenter -> a2`): the transition leaves and re-enters
    /// its source even when the target lies inside it (SCXML's external transition).
    public var reenterRange: SourceRange? = nil
    public var actions: [ActionSyntax]
    public var range: SourceRange
}

/// A duration literal such as `250ms`, as written.
public struct DurationSyntax: Hashable, Sendable {
    public var text: String
    public var range: SourceRange
}

/// A guard expression between `[` and `]`.
public indirect enum GuardSyntax: Hashable, Sendable {
    case name(Identifier)
    /// `name()`: called without the event's payload.
    case nameWithoutPayload(Identifier, range: SourceRange)
    /// `name(argument, …)`: called with exactly the arguments written (language version 4).
    case callWithArguments(Identifier, [ArgumentSyntax], range: SourceRange)
    case not(GuardSyntax, range: SourceRange)
    case and(GuardSyntax, GuardSyntax)
    case or(GuardSyntax, GuardSyntax)
    case parenthesized(GuardSyntax, range: SourceRange)
    case `else`(SourceRange)
    /// `in(state)`: holds while the state is active.
    case isIn(Identifier, range: SourceRange)
    /// `true` or `false`.
    case literal(Bool, range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .name(let name): name.range
        case .isIn(_, let range), .nameWithoutPayload(_, let range), .literal(_, let range): range
        case .callWithArguments(_, _, let range): range
        case .not(_, let range), .parenthesized(_, let range), .else(let range): range
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.range.union(rhs.range)
        }
    }
}

/// One entry of an actions list.
public enum ActionSyntax: Hashable, Sendable {
    /// A named action the user implements.
    case call(Identifier)
    /// `name()`: an action called without the event's payload.
    case callWithoutPayload(Identifier, range: SourceRange)
    /// `name(argument, …)`: an action called with exactly the arguments written (language
    /// version 4).
    case callWithArguments(Identifier, [ArgumentSyntax], range: SourceRange)
    /// `update(field: argument, …)`: new values for data fields of the transition's state or of
    /// a state around it, without leaving it (language version 4).
    case update([ArgumentSyntax], range: SourceRange)
    /// `emit output(args)`
    case emit(Identifier, [ArgumentSyntax], range: SourceRange)
    /// `raise event(args)`
    case raise(Identifier, [ArgumentSyntax], range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .call(let name): name.range
        case .emit(_, _, let range), .raise(_, _, let range), .callWithoutPayload(_, let range): range
        case .callWithArguments(_, _, let range), .update(_, let range): range
        }
    }
}

/// An argument of `emit`, `raise` or a target's data: an optional label and a literal or a
/// name (a payload, a state's data, or a function the user implements).
public struct ArgumentSyntax: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case string(String)
        case integer(String)
        case float(String)
        case boolean(Bool)
        /// `nil`, for an optional parameter.
        case `nil`
        /// A name: a payload parameter of the triggering event, a data field of the state, or a
        /// function the user implements that returns the value.
        case name(String)
        /// `name(argument, …)`: a function the user implements, called with exactly the
        /// arguments written (language version 4); `name()` takes nothing.
        case call(Identifier, [ArgumentSyntax])
    }

    public var label: Identifier?
    public var value: Value
    public var valueRange: SourceRange
    public var range: SourceRange
}
