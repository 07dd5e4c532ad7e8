/// The questions the stages ask of an action, each an exhaustive `switch`: a new kind of
/// action does not compile until every one is answered for it, where an `if case` at the place
/// that asks would quietly answer "no".
extension ActionModel {
    /// The action the user implements that it calls: `startPlayback`.
    package var calledAction: String? {
        switch self {
        case .call(let name), .callWithArguments(let name, _): name
        case .emit, .raise, .update: nil
        }
    }

    /// The output it emits to the machine's observers: `emit notice("…")`.
    package var emittedOutput: OutputID? {
        switch self {
        case .emit(let output, _): output
        case .call, .callWithArguments, .raise, .update: nil
        }
    }

    /// The event it queues for the machine itself: `raise retry`. Only such an action feeds
    /// back into the run: the others leave the next trigger to the outside world.
    package var raisedEvent: EventID? {
        switch self {
        case .raise(let event, _): event
        case .call, .callWithArguments, .emit, .update: nil
        }
    }

    /// The data fields it gives new values: `update(progress: fraction)`.
    package var dataUpdates: [DataUpdate] {
        switch self {
        case .update(let updates): updates
        case .call, .callWithArguments, .emit, .raise: []
        }
    }

    /// The arguments it is called with, written as `name(argument, …)` or `name()`; `nil` for
    /// a bare call, which takes the payload and data, and for other kinds.
    package var explicitArguments: [ArgumentModel]? {
        switch self {
        case .callWithArguments(_, let arguments): arguments
        case .call, .emit, .raise, .update: nil
        }
    }
}

extension TransitionModel {
    /// The data fields its actions give new values, in the order written.
    package var dataUpdates: [DataUpdate] { actions.flatMap(\.dataUpdates) }

    /// Whether an `update(…)` among its actions changes data: the transition changes the
    /// configuration even without a target.
    package var changesData: Bool { actions.contains { !$0.dataUpdates.isEmpty } }
}
