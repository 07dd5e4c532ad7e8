import FSMCore

/// The `Actions` protocol: the guards, actions and value functions the user implements, each
/// requirement placed at the spec's first use of its name; and the `Sender` actions keep to
/// send their machine events.
struct ActionsProtocolGenerator: PlanReader {
    let plan: SwiftPlan
}

extension ActionsProtocolGenerator {
    func emitActionsProtocol(into writer: inout CodeWriter) {
        writer.line("// MARK: - Guards and actions")
        writer.line()
        writer.line("/// The guards and actions of ``\(name)``, implemented by your code.")
        writer.line("///")
        writer.line("/// Guards decide whether a transition is taken and should have no side effects. Actions")
        writer.line("/// receive the payload of the event that triggered them\(shape.hasStateData ? ", then the data of their state" : "").")
        if !model.valueFunctions.isEmpty {
            writer.line("/// Functions that return a value compute what the spec names them for: a state's data, an")
            writer.line("/// argument, a delay.")
        }
        let invokesChildren = model.invocations.contains { if case .machine = $0.kind { true } else { false } }
        if model.invocations.contains(where: { if case .machine = $0.kind { false } else { true } }) {
            writer.line("/// The work each `invoke` names runs while its state is active: a call on the machine's actor,")
            writer.line("/// cancelled when the state is left, or the elements of a stream.")
        }
        if invokesChildren {
            writer.line("/// Each child machine (`invoke Machine as name`) is made by the requirement named after it,")
            writer.line("/// runs while its state is active and is stopped when the state is left.")
        }
        writer.block("\(isolation)\(access)protocol Actions") { writer in
            // Each requirement at the spec's first use of its name: a missing implementation's
            // note points there.
            for guardModel in model.guards {
                writeRequirement(guardModel.name, "\(SwiftNames.parameterList(guardModel.parameters)) -> Bool", at: guardModel.firstUse, into: &writer)
            }
            if !model.guards.isEmpty, !model.actions.isEmpty { writer.line() }
            for action in model.actions {
                writeRequirement(action.name, SwiftNames.parameterList(action.parameters), at: action.firstUse, into: &writer)
            }
            if !model.valueFunctions.isEmpty, !(model.guards.isEmpty && model.actions.isEmpty) { writer.line() }
            for function in model.valueFunctions {
                let signature = "\(SwiftNames.parameterList(function.parameters)) -> \(function.returnType)"
                writeRequirement(function.name, signature, at: function.firstUse, into: &writer)
            }
            if !model.invocations.isEmpty, !(model.guards.isEmpty && model.actions.isEmpty && model.valueFunctions.isEmpty) {
                writer.line()
            }
            for invocation in model.invocations {
                var text = SpecLocatedText()
                let requirement = InvocationSignatures.requirement(of: invocation, in: model)
                text.append(requirement.lead, then: requirement.signature, at: specPath == nil ? nil : invocation.range.start)
                write(text, into: &writer)
            }
        }
        writer.line()
        if plan.hasSender { emitSender(into: &writer) }
    }

    /// `Sender`: what the actions keep to send events to their own machine. The initializer
    /// hands it to the closure that makes the actions and binds it before the initial state's
    /// entry actions run, so that even those can send; it holds the machine weakly, so that
    /// actions keeping it make no reference cycle.
    private func emitSender(into writer: inout CodeWriter) {
        writer.line("/// What your actions keep to send events to their own machine: `init(actions:)` hands it to the")
        writer.line("/// closure that makes them before the initial state's entry actions run, so even those can")
        writer.line("/// send. An event sent during a step is queued and handled right after it, as any event an")
        writer.line("/// action sends. It holds the machine weakly: once the machine is released, it sends nothing.")
        writer.block("\(isolation)\(access)final class Sender") { writer in
            writer.line("fileprivate weak var machine: \(name)?")
            writer.line()
            writer.line("fileprivate init() {}")
            writer.line()
            writer.line("/// Sends `event` to the machine, as ``\(name)/send(_:\(plan.sendTakesIsolation ? "isolation:" : ""))`` does.")
            let parameters = ["_ event: Event"] + (plan.sendTakesIsolation ? ["isolation: isolated (any Actor)? = #isolation"] : [])
            writer.block("\(access)func send(\(parameters.joined(separator: ", ")))") { writer in
                writer.line(plan.sendTakesIsolation ? "machine?.send(event, isolation: isolation)" : "machine?.send(event)")
            }
        }
        writer.line()
    }

    /// `func name(…)` with the name at `location` in the spec.
    private func writeRequirement(_ name: String, _ signature: String, at location: SourceLocation?, into writer: inout CodeWriter) {
        var text = SpecLocatedText()
        text.append("func ", then: name + signature, at: specPath == nil ? nil : location)
        write(text, into: &writer)
    }
}
