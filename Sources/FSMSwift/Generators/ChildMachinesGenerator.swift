import FSMCore

extension InvocationModel {
    /// The machine `invoke SignIn as signIn` runs (`SignIn`); `nil` for a call or a stream.
    var childMachineName: String? {
        if case .machine(let name) = kind { name } else { nil }
    }

    var isChildMachine: Bool { childMachineName != nil }
}

/// Child machines (`invoke SignIn as signIn`, docs/ChildMachines.md): the link that hears
/// each child, and starting a child.
///
/// The parent's `Actions` makes the child, given the link among its observers; the slot of
/// `MachineInvocations` holds the child and its link for the run; the link hands what the child
/// emits, then its completion, to `invocationDelivered(_:run:)` at the end of each of the
/// child's steps, as an element and the end of a stream (`InvocationOutcome<SignIn.Output>`).
/// Leaving the state cancels the slot, which calls the child's `stop()`.
struct ChildMachinesGenerator: PlanReader {
    /// Unowned: the plan holds one (``ChildMachinesPart``).
    unowned let plan: SwiftPlan

    /// `SignInLink` for the invocation `signIn`.
    func linkType(of invocation: InvocationModel) -> String {
        SwiftNames.stateTypeName(invocation.name) + "Link"
    }

    /// Whether a transition takes one of the child's outputs: only then does the link hear them,
    /// so that a child whose outputs nothing takes builds no notification for them.
    func hearsOutputs(of invocation: InvocationModel) -> Bool {
        machine.transitions.contains { transition in
            guard let delivered = transition.trigger?.invocationResult, case .output = delivered.result else { return false }
            return delivered.invocation == invocation.id
        }
    }

    /// Whether a transition takes the child's completion (`done signIn`).
    func takesCompletion(of invocation: InvocationModel) -> Bool {
        machine.transitions.contains { $0.trigger == .invocation(invocation.id, .done) }
    }

    /// One link class per child machine invoked: the child's `Observer`, hearing its outputs.
    func emitLinks(into writer: inout CodeWriter) {
        for invocation in model.invocations {
            guard let child = invocation.childMachineName else { continue }
            let hearsOutputs = hearsOutputs(of: invocation)
            writer.line()
            writer.line("/// Hears the `\(child)` that `\(invocation.name)` runs, for the run it was made for: what it emits")
            writer.line("/// reaches the machine at the end of each of its steps, then its completion.")
            writer.block("private final class \(linkType(of: invocation)): ChildLink<InvocationDelivery>, \(child).Observer") { writer in
                if hearsOutputs {
                    writer.block("func machine(_ machine: \(child), didEmit output: \(child).Output)") { writer in
                        writer.line("heard(.\(SwiftNames.variable(invocation.name))(.element(output)))")
                    }
                    writer.line()
                }
                writer.block("func observedNotifications(of machine: \(child)) -> NotificationKinds") { writer in
                    writer.line(hearsOutputs ? ".outputs" : "[]")
                }
            }
        }
    }

    /// Starts `invocation`'s child for a new run of its slot; the state's data is bound.
    func emitStart(of invocation: InvocationModel, into writer: inout CodeWriter) {
        let child = invocation.childMachineName!
        let slot = invocation.id.index
        let name = SwiftNames.variable(invocation.name)
        let data = data(of: invocation).map { "\($0.label!): \(SwiftNames.variable($0.label!))" }
        writer.closure("invocations.startChild(slot: \(slot)) { run in") { writer in
            let completion = takesCompletion(of: invocation) ? ".\(name)(.finished)" : "nil"
            writer.closure("let link = \(linkType(of: invocation))(run: run, completion: \(completion)) { [weak self] delivery, run in") { writer in
                writer.line("self?.invocationDelivered(delivery, run: run)")
            }
            plan.recording.writeChildObservers(of: invocation, child: child, link: "link", into: &writer)
            writer.line("let child = actions.\(invocation.name)(\((data + ["observers: observers"]).joined(separator: ", ")))")
            // Without the link among its observers, the child's outputs would be lost silently.
            writer.line("precondition(link.isAttached, \"\(model.name): \(invocation.name)(…) must give 'observers' to \(child)'s init\")")
            writer.line("// The slot holds the child and its link while the run lasts; cancelling it stops the child.")
            writer.closure("return RunningInvocation {") { writer in
                writer.line("child.stop()")
                writer.line("_ = link")
            }
        }
        writer.line("notify(.invocationStarts, .started(.\(name)))")
    }
}

extension InvocationResult {
    /// Whether it is a child machine's output (`on signIn.signedIn`).
    var isOutput: Bool {
        if case .output = self { true } else { false }
    }
}
