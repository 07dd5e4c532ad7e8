/// One transition of a machine's spec, as data: what generated machines list in their
/// `transitionTable` for tools, tests and documentation.
public struct TransitionDescriptor<State: Hashable & Sendable>: Hashable, Sendable {
    /// What makes the transition fire.
    public enum Trigger: Hashable, Sendable {
        /// An event, by name.
        case event(String)
        /// Eventless: taken as soon as its guard holds.
        case always
        /// Taken once the source state has been active this long.
        case after(Duration)
        /// `done`: taken when the source, a compound state, completes.
        case done
        /// `after backoff`: taken once the source state has been active as long as the named
        /// function of `Actions` computed when it was entered.
        case afterComputed(String)
        /// `done fetchUser`: the named invocation returned, or its stream finished.
        case invocationDone(String)
        /// `error fetchUser`: the named invocation threw.
        case invocationError(String)
        /// `on changes`: the named invocation's stream yielded an element.
        case invocationElement(String)
        /// `on signIn.signedIn`: the child machine the named invocation runs emitted the output.
        case childOutput(String, output: String)
    }

    /// The state the transition leaves; `nil` for a machine-level transition.
    public var source: State?
    /// What makes the transition fire: an event, `always`, `after`, `done`, or an invocation's
    /// result.
    public var trigger: Trigger
    /// The guard as written in the spec, such as `canResume` or `else`.
    public var guardExpression: String?
    /// The target (the first, when there are several); `nil` for an internal transition.
    public var target: State?
    /// The targets after the first (`-> boldOn, italicOn`), entered together with it.
    public var otherTargets: [State]
    /// Whether the transition enters the target's history (`-> main.history`).
    public var targetsHistory: Bool
    /// Whether the transition leaves and re-enters its source even when its targets lie inside
    /// it (`on t reenter -> a2`).
    public var reenters: Bool
    /// The actions as written in the spec, such as `emit notice("Already playing.")`.
    public var actions: [String]

    /// A descriptor with every part given; generated machines read theirs from rows of spec
    /// text instead (``table(_:format:streams:)``).
    public init(
        source: State?, trigger: Trigger, guard guardExpression: String?, target: State?, otherTargets: [State] = [],
        targetsHistory: Bool = false, reenters: Bool = false, actions: [String]
    ) {
        self.source = source
        self.trigger = trigger
        self.guardExpression = guardExpression
        self.target = target
        self.otherTargets = otherTargets
        self.targetsHistory = targetsHistory
        self.reenters = reenters
        self.actions = actions
    }

    /// Every target in the order written: none, one, or several entered together.
    public var targets: [State] { target.map { [$0] + otherTargets } ?? [] }
}
