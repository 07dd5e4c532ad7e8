import FSMCore

/// The value types: State, Event, Output, Transition, Notification.
struct ValueTypesGenerator: PlanReader {
    let plan: SwiftPlan
    let spelling: SwiftSpelling
}

extension ValueTypesGenerator {
    func emitValueTypes(into writer: inout CodeWriter) {
        writer.line("// MARK: - States, events and outputs")
        writer.line()
        if shape.isStatechart {
            emitConfigurationType(into: &writer)
        } else {
            writer.line("/// The states of ``\(name)``.")
            writer.block("\(access)enum State: String, Hashable, Sendable, Codable, CaseIterable") { writer in
                for state in model.states {
                    writer.documentation(state.documentation)
                    writer.line("case \(state.name)")
                }
            }
            writer.line()
        }

        writer.line("/// The events ``\(name)`` reacts to.")
        writer.block("\(access)enum Event: \(conformances(typeConformances.event, caseIterable: model.events.allSatisfy(\.parameters.isEmpty)))") { writer in
            for event in model.events {
                writer.documentation(event.documentation)
                write(locatedCase(event.name, event.parameters, typeLocations: event.parameterTypeLocations), into: &writer)
            }
            writer.line()
            writer.line("/// The event's name as declared in \(sourceFileName).")
            writer.block("\(access)var name: String") { writer in
                emitNameSwitch(model.events, into: &writer)
            }
            if typeConformances.event.isCodable && !model.events.isEmpty {
                emitCaseCoding(codedCases(model.events), named: true, into: &writer)
            }
        }
        writer.line()

        if plan.hasOutputs {
            writer.line("/// What ``\(name)`` tells its observers.")
            writer.block("\(access)enum Output: \(conformances(typeConformances.output, caseIterable: model.outputs.allSatisfy(\.parameters.isEmpty)))") { writer in
                for output in model.outputs {
                    writer.documentation(output.documentation)
                    write(locatedCase(output.name, output.parameters, typeLocations: output.parameterTypeLocations), into: &writer)
                }
                if typeConformances.output.isCodable { emitCaseCoding(codedCases(model.outputs), into: &writer) }
            }
            writer.line()
        }

        let namesResults = parts.invocations != nil
        if namesResults {
            writer.line("/// A transition the machine took. `event` is `nil` for eventless and delayed transitions and")
            writer.line("/// for an invocation's result, which `result` names (`done fetchUser`).")
        } else {
            writer.line("/// A transition the machine took. `event` is `nil` for eventless and delayed transitions.")
        }
        writer.block("\(access)struct Transition: \(typeConformances.event.isHashable && typeConformances.state.isHashable ? "Hashable, " : "")Sendable") { writer in
            writer.line("\(access)var source: State")
            writer.line("\(access)var event: Event?")
            if namesResults {
                writer.line("/// The invocation whose result took the transition, and what it delivered; `nil` otherwise.")
                writer.line("\(access)var result: InvocationTrigger<Invocation>?")
            }
            writer.line("\(access)var target: State")
            writer.line()
            let resultParameter = namesResults ? ", result: InvocationTrigger<Invocation>? = nil" : ""
            writer.block("\(access)init(source: State, event: Event?\(resultParameter), target: State)") { writer in
                writer.line("self.source = source")
                writer.line("self.event = event")
                if namesResults { writer.line("self.result = result") }
                writer.line("self.target = target")
            }
        }
        writer.line()

        writer.line("/// Everything observers hear about, in the order it happens.")
        let notificationIsHashable = typeConformances.event.isHashable && typeConformances.state.isHashable && (!plan.hasOutputs || typeConformances.output.isHashable)
        writer.block("\(access)enum Notification: \(notificationIsHashable ? "Hashable, " : "")Sendable") { writer in
            for hook in parts.notifications {
                for line in hook.documentation { writer.line("/// \(line)") }
                writer.line(hook.caseDeclaration)
            }
        }
        writer.line()
        if parts.invocations != nil {
            writer.line("/// The invocations of ``\(name)``, by their names in \(sourceFileName).")
            writer.block("\(access)enum Invocation: String, Hashable, Sendable, CaseIterable") { writer in
                for invocation in model.invocations { writer.line("case \(SwiftNames.variable(invocation.name))") }
            }
            writer.line()
        }
    }

    private func conformances(_ traits: Conformances, caseIterable: Bool) -> String {
        var protocols: [String] = []
        if traits.isHashable { protocols.append("Hashable") }
        protocols.append("Sendable")
        if traits.isCodable { protocols.append("Codable") }
        if caseIterable { protocols.append("CaseIterable") }
        return protocols.joined(separator: ", ")
    }

    private func emitNameSwitch(_ signals: [SignalModel], into writer: inout CodeWriter) {
        guard !signals.isEmpty else {
            writer.line("switch self {}")
            return
        }
        writer.line("switch self {")
        for signal in signals {
            writer.line("case .\(signal.name): \(SpecText.stringLiteral(signal.name))")
        }
        writer.line("}")
    }
}
