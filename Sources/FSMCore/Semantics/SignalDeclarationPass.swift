/// Declares the machine's events and outputs: each name once and allowed, and payload labels
/// the generated code can bind.
struct SignalDeclarationPass {
    let diagnostics: DiagnosticCollector

    func run(_ members: [MemberSyntax]) -> SignalTable {
        var table = SignalTable()
        var eventNames = DeclaredNames(.event)
        var outputNames = DeclaredNames(.output)
        for member in members {
            switch member {
            case .event(let signal):
                guard eventNames.declare(signal.name, diagnostics: diagnostics) else { continue }
                table.eventIndex[signal.name.text] = EventID(table.events.count)
                table.events.append(model(of: signal))
            case .output(let signal):
                guard outputNames.declare(signal.name, diagnostics: diagnostics) else { continue }
                table.outputIndex[signal.name.text] = OutputID(table.outputs.count)
                table.outputs.append(model(of: signal))
            default:
                break
            }
        }
        return table
    }

    private func model(of signal: SignalSyntax) -> SignalModel {
        SignalModel(
            name: signal.name.text, documentation: signal.documentation,
            parameters: parameters(signal.parameters), range: signal.name.range,
            parameterTypeLocations: signal.parameters.map(\.typeRange.start))
    }

    private func parameters(_ syntax: [ParameterSyntax]) -> [ParameterModel] {
        var labels: [String: SourceRange] = [:]
        for parameter in syntax {
            guard let label = parameter.label else { continue }
            if let first = labels[label.text] {
                diagnostics.error(
                    "payload label '\(label.text)' is used twice", at: label.range,
                    notes: [.init("first used here", at: first)])
            }
            labels[label.text] = label.range
            if ["inout", "var", "let"].contains(label.text) {
                diagnostics.error("'\(label.text)' cannot be a payload label", at: label.range)
            } else if ReservedNames.generatedLocals.contains(label.text) || ["self", "Self"].contains(label.text) {
                // The generated code binds each payload to a variable named after its label.
                diagnostics.error(
                    "'\(label.text)' cannot be a payload label: the generated code binds a variable of that name where the payload is bound",
                    at: label.range)
            }
        }
        return syntax.map { ParameterModel(label: $0.label?.text, type: $0.type) }
    }
}
