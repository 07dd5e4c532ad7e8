/// Resolves `update(field: argument, …)` (language version 4): each label a data field of the
/// transition's state or of a state around it, given once, that the transition does not
/// leave; each value as a target's data are (``ArgumentResolver``).
struct DataUpdateResolver {
    let states: StateTable
    let arguments: ArgumentResolver
    let diagnostics: DiagnosticCollector

    /// The fields' new values in the order written; `nil` when one does not resolve (reported).
    func resolve(
        _ syntax: [ArgumentSyntax], at range: SourceRange, context: CallContext, callables: inout CallableRegistry
    ) -> [DataUpdate]? {
        guard case .transition(let source, let exited) = context.updates else {
            if case .nowhere(let place) = context.updates {
                diagnostics.error(
                    "'update(…)' cannot stand in \(place): it gives new values to the data of the state a transition is written in",
                    at: range)
            }
            return nil
        }
        guard !syntax.isEmpty else {
            diagnostics.error("'update()' gives no field a value; write 'update(field: value)'", at: range)
            return nil
        }
        var updates: [DataUpdate] = []
        var given: [String: SourceRange] = [:]
        var isValid = true
        for argument in syntax {
            guard let label = argument.label else {
                diagnostics.error(
                    "'update' needs the field's label: write 'update(field: \(text(of: argument.value)))'",
                    at: argument.valueRange)
                isValid = false
                continue
            }
            guard let (owner, field) = field(label, from: source) else {
                isValid = false
                continue
            }
            if let first = given[label.text] {
                diagnostics.error(
                    "field '\(label.text)' is given twice in one 'update'; give it once", at: label.range,
                    notes: [.init("first given here", at: first)])
                isValid = false
                continue
            }
            given[label.text] = label.range
            if exited.contains(owner) {
                let state = states[owner]
                diagnostics.error(
                    "this transition leaves '\(state.name)', which owns '\(label.text)': give the data in the target instead",
                    at: label.range, notes: [.init("'\(state.name)' is declared here", at: state.range)])
                isValid = false
                continue
            }
            guard let value = arguments.check(argument, against: field, context: context, callables: &callables) else {
                isValid = false
                continue
            }
            updates.append(DataUpdate(owner: owner, argument: ArgumentModel(label: label.text, value: value)))
        }
        return isValid ? updates : nil
    }

    /// The state around `source` (itself included) that declares the field `label`, and the
    /// field; `nil` when none does (reported, with a suggestion).
    private func field(_ label: Identifier, from source: StateID) -> (StateID, ParameterModel)? {
        var current: StateID? = source
        var candidates: [String] = []
        while let id = current {
            if let field = states[id].data.first(where: { $0.label == label.text }) { return (id, field) }
            candidates += states[id].data.compactMap(\.label)
            current = states[id].parent
        }
        let name = states[source].name
        if let suggestion = NameSuggester(candidates: candidates).suggestion(for: label.text) {
            diagnostics.error(
                "'\(name)' and the states around it have no data field '\(label.text)'; did you mean '\(suggestion)'?",
                at: label.range, suggestion: .init(replacing: label.range, with: suggestion))
        } else if let owner = states.states.first(where: { $0.data.contains { $0.label == label.text } }) {
            diagnostics.error(
                "'\(label.text)' is data of state '\(owner.name)', which is not '\(name)' or around it; an update changes the data of its transition's state or a state around it",
                at: label.range, notes: [.init("'\(owner.name)' is declared here", at: owner.range)])
        } else {
            let fields = candidates.isEmpty ? "they carry no data" : "their fields are " + candidates.map { "'\($0)'" }.joined(separator: ", ")
            diagnostics.error(
                "'\(name)' and the states around it have no data field '\(label.text)'; \(fields)", at: label.range)
        }
        return nil
    }

    /// A value as written, for a message's suggested fix.
    private func text(of value: ArgumentSyntax.Value) -> String {
        switch value {
        case .string(let text): SpecText.stringLiteral(text)
        case .integer(let text), .float(let text), .name(let text): text
        case .boolean(let value): value ? "true" : "false"
        case .nil: "nil"
        case .call(let function, _): function.text + "(…)"
        }
    }
}
