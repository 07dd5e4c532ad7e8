import FSMCore
/// The outline of a spec for an editor: each machine with its events, outputs and state tree.
public struct OutlineItem: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case machine, event, output, state
    }

    public var kind: Kind
    public var name: String
    /// A short description shown next to the name: `initial`, `parallel`, a payload, data.
    public var detail: String
    /// The whole declaration.
    public var range: SourceRange
    /// The name, what an editor selects when the item is chosen.
    public var selectionRange: SourceRange
    public var children: [OutlineItem]
}

extension OutlineItem {
    /// The outline of a file, from its syntax tree (so it works on a spec with errors, as far
    /// as the parser recovered it).
    public static func outline(of syntax: SourceFileSyntax) -> [OutlineItem] {
        syntax.machines.map { machine in
            OutlineItem(
                kind: .machine, name: machine.name.text,
                detail: (machine.attributes.map(\.text) + [machine.accessLevel?.keyword.rawValue].compactMap { $0 }).joined(separator: " "),
                range: machine.range, selectionRange: machine.name.range, children: items(machine.members))
        }
    }

    private static func items(_ members: [MemberSyntax]) -> [OutlineItem] {
        members.compactMap { member in
            switch member {
            case .event(let signal): item(.event, signal)
            case .output(let signal): item(.output, signal)
            case .state(let state):
                OutlineItem(
                    kind: .state, name: state.name.text,
                    detail: (state.modifiers.map(\.kind.rawValue) + [state.parameters.map(parameterList)].compactMap { $0 })
                        .joined(separator: " "),
                    range: state.range, selectionRange: state.name.range, children: items(state.members))
            case .transition, .entry, .exit, .history, .invoke, .deferral, .property: nil
            }
        }
    }

    private static func item(_ kind: Kind, _ signal: SignalSyntax) -> OutlineItem {
        OutlineItem(
            kind: kind, name: signal.name.text, detail: signal.parameters.isEmpty ? "" : parameterList(signal.parameters),
            range: signal.range, selectionRange: signal.name.range, children: [])
    }

    /// `(to: Double, String)`, as a payload or state data reads in the spec.
    static func parameterList(_ parameters: [ParameterSyntax]) -> String {
        "(" + parameters.map { parameter in
            parameter.label.map { "\($0.text): \(parameter.type)" } ?? parameter.type
        }.joined(separator: ", ") + ")"
    }
}
