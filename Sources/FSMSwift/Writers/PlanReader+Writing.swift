import FSMCore

/// What several generators write alike, reading only the plan.
extension PlanReader {
    /// `nonisolated ` for the pure functions of a `@MainActor` machine, which its `Sendable`
    /// values (`State.description`) call from anywhere.
    var nonisolatedForPureFunctions: String { model.isMainActor ? "nonisolated " : "" }

    /// The `@available` line before each declaration generated at the top level that names the
    /// class (the class, the extensions after it), when the machine needs more than FSMRuntime's
    /// minimum; nothing otherwise. Everything else is nested in the class and covered by it.
    func writeAvailability(into writer: inout CodeWriter) {
        if let attribute = plan.availabilityAttribute { writer.line(attribute) }
    }

    /// How notifications and observers name a state: `StateID` in a nested machine, `State`
    /// (which is the same thing) in a flat one.
    var stateIDType: String { plan.shape.stateIDType }

    /// The end of a step run from outside (`send`, a timer, an invocation's result, the initial
    /// entry): events sent from now on are handled at once, and an `@Observable` machine whose
    /// state changed during the step tells Observation so, once.
    func writeStepEnd(into writer: inout CodeWriter) {
        writer.line("isInStep = false")
        for part in parts.all { part.writeStepEnd(into: &writer) }
        // A child machine's outputs reach its parent once the step is over.
        writer.line("if let childLink { endChildStep(childLink) }")
    }

    /// The stored routine of `invocation` (`fetchUserRoutine`): made once, shared by every
    /// run, so that a start allocates nothing but its task.
    func routineName(of invocation: InvocationModel) -> String {
        SwiftNames.variable(invocation.name + "Routine")
    }

    /// What a run of `invocation` hands its routine: the data of its state and the states
    /// around it.
    func routineArguments(of invocation: InvocationModel) -> RoutineArguments {
        RoutineArguments(data: data(of: invocation))
    }

    /// `switch state { case .a: … default: break }` over some states (`State` cases in a flat
    /// machine, `StateID` cases in a nested one: both spell a state `.name`); nothing when none.
    func emitStateSwitch(_ states: [StateModel], into writer: inout CodeWriter, body: (StateModel, inout CodeWriter) -> Void) {
        guard !states.isEmpty else { return }
        writer.line("switch state {")
        for state in states {
            writer.line("case .\(state.name):")
            writer.indented { writer in body(state, &writer) }
        }
        if states.count < model.states.count {
            writer.line("default:")
            writer.indented { writer in writer.line("break") }
        }
        writer.line("}")
    }

    /// A function that takes an `Event`. A machine without events has an `Event` without cases,
    /// and Swift warns that any statement taking such a value "will never be executed" (a SIL
    /// diagnostic `-typecheck` does not show); an empty body draws no warning, even in a function
    /// that returns a value, since it can never be called.
    func eventFunction(_ opening: String, into writer: inout CodeWriter, _ body: (inout CodeWriter) -> Void) {
        if model.events.isEmpty {
            writer.line(opening + " {}")
        } else {
            writer.block(opening, body)
        }
    }
}

/// The state data a run of an invocation hands its routine, as the routine's code spells it.
struct RoutineArguments {
    /// The type: `Void`, the one value's, or a labeled tuple (`(id: Int, user: User)`).
    let type: String
    /// What a start passes: `()`, `id`, `(id: id, user: user)`.
    let value: String
    /// The name the routine's function gives it: `_`, `id`, `data`.
    let name: String
    /// The arguments of the `Actions` call that reads it: `id: id`, `id: data.id, user: data.user`.
    let call: String

    init(data: [ParameterModel]) {
        let labels = data.map { SwiftNames.variable($0.label!) }
        call = zip(data, labels).map { "\($0.0.label!): \(data.count > 1 ? "data." : "")\($0.1)" }.joined(separator: ", ")
        switch data.count {
        case 0: (type, value, name) = ("Void", "()", "_")
        case 1: (type, value, name) = (data[0].type, labels[0], labels[0])
        default:
            type = "(" + zip(labels, data).map { "\($0.0): \($0.1.type)" }.joined(separator: ", ") + ")"
            value = "(" + labels.map { "\($0): \($0)" }.joined(separator: ", ") + ")"
            name = "data"
        }
    }

    /// The parameter of the routine's function: `_: Void`, `_ id: Int`, `_ data: (id: Int, …)`.
    var parameter: String { name == "_" ? "_: Void" : "_ \(name): \(type)" }
}
