import FSMCore

/// The shape of the machine's code, decided once from ``SwiftFeatures``: a statechart (nested
/// states, state data or computed delays) or a flat machine, which keeps the version-1 shape.
struct MachineShape: Equatable, Sendable {
    /// `State` is a value that carries the active children and the data, states are named by
    /// `StateID`, and the machine exits and enters along paths.
    let isStatechart: Bool
    /// A state carries data: the dispatch binds it, `State` holds it.
    let hasStateData: Bool

    /// How notifications, observers, introspection and the recorded configuration name a
    /// state: `StateID` in a statechart, `State` (which is the same thing) in a flat machine.
    var stateIDType: String { isStatechart ? "StateID" : "State" }
}

/// Work from outside the step that comes back to the machine: timers fire, invocations
/// deliver. The machine then queues `Stimulus` values, takes a clock or a driver, and
/// remembers the actor it lives on. `nil` in the plan when there is none.
struct AsynchronousWork: Equatable, Sendable {
    let hasTimers: Bool
    let hasInvocations: Bool

    /// What comes back to the machine, for the documentation of the actor it comes back on.
    var whatComesBack: String {
        switch (hasTimers, hasInvocations) {
        case (true, true): "timers fire and invocations deliver on"
        case (false, true): "invocations deliver on"
        default: "timers fire on"
        }
    }

    /// The private initializer's label for the actor work comes back to.
    var isolationLabel: String { hasInvocations ? "workIsolation" : "timerIsolation" }

    /// Where to make a machine no attribute isolates, in the documentation of its public
    /// initializer for a machine on an actor (`onActor`) or outside any.
    func whereToCall(onActor: Bool) -> [String] {
        switch (onActor, hasInvocations, hasTimers) {
        case (true, false, _):
            [
                "/// Call it on the actor the machine lives on (the main actor or one of yours): its timers",
                "/// come back there. Outside any actor, pass a `SynchronousMachineClock` such as `ManualClock`.",
            ]
        case (true, true, true):
            [
                "/// Call it on the actor the machine lives on (the main actor or one of yours): its invocations",
                "/// run there and its timers come back there. Outside any actor, pass a `SynchronousMachineClock`",
                "/// such as `ManualClock` and a `SynchronousInvocationDriver` such as `ManualInvocationDriver`.",
            ]
        case (true, true, false):
            [
                "/// Call it on the actor the machine lives on (the main actor or one of yours): its invocations",
                "/// run there. Outside any actor, pass a `SynchronousInvocationDriver` such as",
                "/// `ManualInvocationDriver`.",
            ]
        case (false, false, _):
            [
                "/// For a machine outside any actor: its clock fires only inside calls you make (`advance(by:)`),",
                "/// on your own thread.",
            ]
        case (false, true, true):
            [
                "/// For a machine outside any actor: its clock fires and its invocations deliver only inside",
                "/// calls you make, on your own thread.",
            ]
        case (false, true, false):
            [
                "/// For a machine outside any actor: its invocations deliver only inside the calls you make,",
                "/// on your own thread.",
            ]
        }
    }
}

/// What the internal queue (`raisedEvents`) holds: raised events, and with `done` transitions
/// the completions of compound states, which wait in the same queue.
enum InternalQueueDecision: Equatable, Sendable {
    /// `EventQueue<Event>`: events raised by actions.
    case raisedEvents
    /// `EventQueue<InternalEvent>`: raised events and completions, in the order they happened.
    case raisedEventsAndCompletions

    /// The queue's entry type.
    var entryType: String { self == .raisedEvents ? "Event" : "InternalEvent" }

    /// The statement that queues `value`, an `Event`, as a raised event.
    func appending(_ value: String) -> String {
        self == .raisedEvents ? "raisedEvents.append(\(value))" : "raisedEvents.append(.raised(\(value)))"
    }
}
