/// The questions the stages ask of an action, each an exhaustive `switch`: a new kind of
/// action does not compile until every one is answered for it, where an `if case` at the place
/// that asks would quietly answer "no".
extension ActionModel {
    /// The action the user implements that it calls: `startPlayback`.
    package var calledAction: String? {
        switch self {
        case .call(let name): name
        case .emit, .raise: nil
        }
    }

    /// The output it emits to the machine's observers: `emit notice("…")`.
    package var emittedOutput: OutputID? {
        switch self {
        case .emit(let output, _): output
        case .call, .raise: nil
        }
    }

    /// The event it queues for the machine itself: `raise retry`. Only such an action feeds
    /// back into the run: the others leave the next trigger to the outside world.
    package var raisedEvent: EventID? {
        switch self {
        case .raise(let event, _): event
        case .call, .emit: nil
        }
    }
}
