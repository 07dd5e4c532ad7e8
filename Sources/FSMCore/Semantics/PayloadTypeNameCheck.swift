/// Checks that no payload, state data or invocation result names a type the generated class
/// nests where the user surely means one of their own or Foundation's: inside the class, Swift
/// would read `Notification` as the machine's notifications rather than Foundation's, and
/// `Sender` as the machine's sender, and the user's code would fail to compile far from the spec.
/// `State`, `Event` and `Output` stay allowed: a payload may mean the machine's own.
struct PayloadTypeNameCheck {
    let machineName: String
    let diagnostics: DiagnosticCollector

    /// The nested types a payload never means, with what the generated class uses them for.
    static let nestedTypes: [String: String] = [
        "Sender": "the sender its actions keep",
        "Notification": "the notifications its observers hear",
        "Transition": "the transitions its observers hear of",
        "Invocation": "the invocations its observers hear of",
        "Stimulus": "what it queues",
        "Observation": "how it holds its observers",
        "InvocationDelivery": "what its invocations send back",
    ]

    func run(_ machine: MachineSyntax) {
        check(machine.members)
    }

    private func check(_ members: [MemberSyntax]) {
        for member in members {
            switch member {
            case .event(let signal), .output(let signal):
                check(signal.parameters)
            case .state(let state):
                check(state.parameters ?? [])
                check(state.members)
            case .invoke(let invoke):
                check(invoke.results)
            default:
                break
            }
        }
    }

    private func check(_ parameters: [ParameterSyntax]) {
        for parameter in parameters {
            for name in Set(ReservedNames.identifiers(inType: parameter.type)) {
                guard let use = Self.nestedTypes[name] else { continue }
                let qualified = name == "Notification" ? "Foundation.Notification" : "MyApp.\(name)"
                diagnostics.error(
                    "'\(name)' here would name '\(machineName).\(name)', \(use), in the generated code; write the type with its module's name, as '\(qualified)'",
                    at: parameter.typeRange)
            }
        }
    }
}
