/// The questions the stages ask of a trigger, each an exhaustive `switch`: a new kind of
/// trigger does not compile until every one is answered for it, where an `if case` or an `==`
/// at the place that asks would quietly answer "no".
extension TransitionModel.Trigger {
    /// The event it waits for: `on play`. `nil` for every other kind, an invocation's results
    /// included (they are delivered, not sent).
    package var event: EventID? {
        switch self {
        case .event(let event): event
        case .always, .after, .afterComputed, .done, .invocation: nil
        }
    }

    /// Whether it is `always`: taken as soon as its guard holds, with no event.
    package var isEventless: Bool {
        switch self {
        case .always: true
        case .event, .after, .afterComputed, .done, .invocation: false
        }
    }

    /// Whether it is `done`: the completion of the compound state that declares it.
    package var isCompletion: Bool {
        switch self {
        case .done: true
        case .event, .always, .after, .afterComputed, .invocation: false
        }
    }

    /// How long the state's timer waits, for `after 1s` and `after backoff`; `nil` for a
    /// trigger that is no timer.
    package var timerDelay: TimerDelay? {
        switch self {
        case .after(let duration): .fixed(duration)
        case .afterComputed(let function): .computed(function)
        case .event, .always, .done, .invocation: nil
        }
    }

    /// Whether a timer of its state triggers it: `after 1s` or `after backoff`.
    package var isTimer: Bool { timerDelay != nil }

    /// The value function that computes the delay on entry, for `after backoff`.
    package var delayFunction: String? {
        switch self {
        case .afterComputed(let function): function
        case .event, .always, .after, .done, .invocation: nil
        }
    }

    /// The invocation and the result it delivers: `done fetchUser`, `error fetchUser`,
    /// `on changes`, `on signIn.signedIn`.
    package var invocationResult: (invocation: InvocationID, result: InvocationResult)? {
        switch self {
        case .invocation(let invocation, let result): (invocation, result)
        case .event, .always, .after, .afterComputed, .done: nil
        }
    }
}
