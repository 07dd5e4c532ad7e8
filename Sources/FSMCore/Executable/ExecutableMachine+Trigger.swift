/// The questions the back ends ask of a trigger as the running machine tells them apart, each
/// an exhaustive `switch`: a new kind does not compile until every one is answered for it.
extension ExecutableMachine.Trigger {
    /// The event it is: `nil` for every other kind, an invocation's results included.
    package var event: EventID? {
        switch self {
        case .event(let event): event
        case .always, .timer, .done, .invocation: nil
        }
    }

    /// Whether an event triggers it.
    package var isEvent: Bool { event != nil }

    /// Whether it is `always`: tried after every microstep, with no event.
    package var isEventless: Bool {
        switch self {
        case .always: true
        case .event, .timer, .done, .invocation: false
        }
    }

    /// The invocation and the result it delivers.
    package var invocationResult: (invocation: InvocationID, result: InvocationResult)? {
        switch self {
        case .invocation(let invocation, let result): (invocation, result)
        case .event, .always, .timer, .done: nil
        }
    }

    /// Whether several regions may take it together: events, eventless transitions and an
    /// invocation's results (a timer or a completion belongs to one state).
    var isSharable: Bool {
        switch self {
        case .event, .always, .invocation: true
        case .timer, .done: false
        }
    }
}
