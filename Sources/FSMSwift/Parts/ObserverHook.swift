import FSMCore

/// One notification of the machine, everything said of it in one place: its case of
/// `Notification` with the case's documentation, its `NotificationKinds` member, its `Observer`
/// requirement and the `observe…` method that hears it alone. The value types, the observation
/// generator and the recording all read the plan's list of them
/// (``RunningMachineParts/notifications``); a part adds its own (``RunningMachinePart/notifications``).
struct ObserverHook {
    /// The notification case, such as `exited`.
    var notification: String
    /// Its `NotificationKinds` member, such as `exits`; also the `Observation` case of a
    /// closure that hears only this kind, and, capitalized, its `observe…` method.
    var kind: Kind
    /// The notification kinds, as `NotificationKinds` names its members (a case's name is
    /// the member's, wherever it is written into the Swift).
    enum Kind: String {
        case exits, entries, transitions, outputs, ignoredEvents, keptEvents
        case invocationStarts, invocationCancellations, droppedResults
    }

    /// Argument label, parameter name and type of each parameter after the machine.
    var parameters: [(label: String, name: String, type: String)]
    /// The `Observer` requirement's documentation.
    var summary: String
    /// The documentation of the `Notification` case, a line each.
    var documentation: [String]
    /// When the one-kind closure is called, for the documentation of its `observe…` method.
    var whenCalled: String

    /// The requirement's signature; `qualified` spells the types `Machine.State`, as an
    /// extension outside the class needs them.
    func signature(machine: String, qualified: Bool = false) -> String {
        let rest = parameters.map { "\($0.label) \($0.name): \(qualified ? machine + "." : "")\($0.type)" }
        return "machine(" + (["_ machine: \(machine)"] + rest).joined(separator: ", ") + ")"
    }

    /// `case ignored(Event, in: State)`: the `Notification` case.
    var caseDeclaration: String {
        let payload = parameters.enumerated().map { $0.offset == 0 ? $0.element.type : "\($0.element.label): \($0.element.type)" }
        return "case \(notification)(\(payload.joined(separator: ", ")))"
    }

    /// `.ignored(let event, let state)`
    var pattern: String {
        ".\(notification)(" + parameters.map { "let \($0.name)" }.joined(separator: ", ") + ")"
    }

    /// `machine(self, didIgnore: event, in: state)`
    var call: String {
        "machine(" + (["self"] + parameters.map { "\($0.label): \($0.name)" }).joined(separator: ", ") + ")"
    }

    /// `(Event, State) -> Void`: a closure that hears this kind alone.
    var handlerType: String {
        "(" + parameters.map(\.type).joined(separator: ", ") + ") -> Void"
    }

    /// `handler(event, state)`
    var handlerCall: String {
        "handler(" + parameters.map(\.name).joined(separator: ", ") + ")"
    }

    /// `Exits`, as in `observeExits(_:)`.
    var capitalizedKind: String { kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst() }
}

extension ObserverHook {
    /// The notifications every machine has before its outputs: exits, entries, transitions.
    static func stateChanges(stateIDType: String) -> [ObserverHook] {
        [
            ObserverHook(
                notification: "exited", kind: .exits, parameters: [("didExit", "state", stateIDType)],
                summary: "The machine left `state`; its exit actions have run.",
                documentation: ["The machine left a state; its exit actions have run."],
                whenCalled: "with each state the machine leaves (its exit actions have run)"),
            ObserverHook(
                notification: "entered", kind: .entries, parameters: [("didEnter", "state", stateIDType)],
                summary: "The machine entered `state`; its entry actions have run.",
                documentation: ["The machine entered a state; its entry actions have run."],
                whenCalled: "with each state the machine enters (its entry actions have run)"),
            ObserverHook(
                notification: "transitioned", kind: .transitions, parameters: [("didTransition", "transition", "Transition")],
                summary: "The machine took `transition`; the target's entry actions have run.",
                documentation: ["The machine took a transition; the target's entry actions have run."],
                whenCalled: "with each transition the machine takes"),
        ]
    }

    /// An output, for a machine that declares outputs.
    static let emitted = ObserverHook(
        notification: "emitted", kind: .outputs, parameters: [("didEmit", "output", "Output")],
        summary: "An action emitted `output`.",
        documentation: ["An action emitted an output."],
        whenCalled: "with each output an action emits")

    /// An event no transition took, which every machine has after its outputs.
    static let ignored = ObserverHook(
        notification: "ignored", kind: .ignoredEvents, parameters: [("didIgnore", "event", "Event"), ("in", "state", "State")],
        summary: "No transition took `event` in `state`, or the machine had finished.",
        documentation: ["No transition took the event, or the machine had finished."],
        whenCalled: "with each event no transition takes and the state it was ignored in")
}
