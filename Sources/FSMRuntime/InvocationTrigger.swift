/// What an invocation delivered that took a transition, as observers hear it in
/// `Transition.result`: which invocation, and whether it returned (or its stream or child
/// machine finished), threw, yielded an element, or its child machine emitted an output. Its
/// description is the trigger as the spec writes it: `done fetchUser`, `error fetchUser`,
/// `on changes`, `on signIn.signedIn`.
public struct InvocationTrigger<Invocation: RawRepresentable & Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible
where Invocation.RawValue == String {
    /// What the invocation delivered.
    public enum Outcome: Hashable, Sendable {
        /// A call returned, a stream finished, a child machine reached a top-level final state.
        case done
        /// A call or a stream threw.
        case error
        /// A stream yielded an element.
        case element
        /// The child machine emitted its output of that name.
        case output(String)
    }

    /// The invocation that delivered, a case of the machine's generated `Invocation` enum.
    public var invocation: Invocation
    /// What it delivered.
    public var outcome: Outcome

    /// The trigger of `outcome` from `invocation`: `InvocationTrigger(.fetchUser, .done)` is
    /// `done fetchUser`.
    @inlinable
    public init(_ invocation: Invocation, _ outcome: Outcome) {
        self.invocation = invocation
        self.outcome = outcome
    }

    /// The trigger as the spec writes it: `done fetchUser`, `error fetchUser`, `on changes`,
    /// `on signIn.signedIn`.
    public var description: String {
        switch outcome {
        case .done: "done \(invocation.rawValue)"
        case .error: "error \(invocation.rawValue)"
        case .element: "on \(invocation.rawValue)"
        case .output(let output): "on \(invocation.rawValue).\(output)"
        }
    }
}
