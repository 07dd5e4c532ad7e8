/// The arguments of a guard, an action or a value function called as `name(argument, …)`
/// (language version 4): its requirement takes exactly these, so each must say its label and
/// fsmc must know its type.
extension ArgumentResolver {
    /// A call's arguments and the parameters they make; `nil` when one does not resolve
    /// (reported).
    struct ResolvedCall {
        var arguments: [ArgumentModel]
        var parameters: [ParameterModel]
    }

    /// Resolves `name(argument, …)`: a payload or data field, whose label it takes when it has
    /// none, or a literal, which needs a label. A value function cannot be an argument here:
    /// nothing says what type it would return.
    func resolveCall(
        of name: Identifier, _ arguments: [ArgumentSyntax], context: CallContext, callables: inout CallableRegistry
    ) -> ResolvedCall? {
        var call = ResolvedCall(arguments: [], parameters: [])
        var labels: [String: SourceRange] = [:]
        var isValid = true
        for argument in arguments {
            guard let (value, parameter) = resolveCallArgument(argument, of: name, context: context) else {
                isValid = false
                continue
            }
            if let label = parameter.label {
                if let first = labels[label] {
                    diagnostics.error(
                        "'\(name.text)' is given '\(label)' twice; each parameter is given once", at: argument.range,
                        notes: [.init("'\(label)' is first given here", at: first)])
                    isValid = false
                    continue
                }
                labels[label] = argument.range
            }
            call.arguments.append(ArgumentModel(label: parameter.label, value: value))
            call.parameters.append(parameter)
        }
        return isValid ? call : nil
    }

    private func resolveCallArgument(
        _ argument: ArgumentSyntax, of name: Identifier, context: CallContext
    ) -> (ArgumentModel.Value, ParameterModel)? {
        let literal: (value: ArgumentModel.Value, type: String)
        switch argument.value {
        case .string(let text): literal = (.string(text), "String")
        case .integer(let text): literal = (.integer(text), "Int")
        case .float(let text): literal = (.float(text), "Double")
        case .boolean(let value): literal = (.boolean(value), "Bool")
        case .nil:
            diagnostics.error(
                "'nil' has no type '\(name.text)' could take; pass a payload or data field of an optional type",
                at: argument.valueRange)
            return nil
        case .name(let value):
            return resolveCallName(value, label: argument.label, of: name, context: context, at: argument.valueRange)
        case .call(let function, _):
            diagnostics.error(
                "'\(function.text)(…)' cannot be an argument of '\(name.text)': nothing says what type it returns; pass a payload, data or a literal",
                at: argument.valueRange)
            return nil
        }
        guard let label = argument.label else {
            diagnostics.error(
                "a literal passed to '\(name.text)' needs a label: write '\(name.text)(label: \(SpecText.literal(literal.value)))'",
                at: argument.valueRange)
            return nil
        }
        return (literal.value, ParameterModel(label: label.text, type: literal.type))
    }

    /// A name given to a call: a payload of the triggering event or a data field of the state
    /// or a state around it, labeled as written or else by its own label.
    private func resolveCallName(
        _ value: String, label: Identifier?, of name: Identifier, context: CallContext, at range: SourceRange
    ) -> (ArgumentModel.Value, ParameterModel)? {
        if let source = context.payload.parameters(in: signals.events).first(where: { $0.label == value }) {
            return (.payload(value), ParameterModel(label: label?.text ?? value, type: source.type))
        }
        if let field = context.data.first(where: { $0.label == value }) {
            return (.data(value), ParameterModel(label: label?.text ?? value, type: field.type))
        }
        let labels = (context.payload.parameters(in: signals.events) + context.data).compactMap(\.label)
        if let suggestion = NameSuggester(candidates: labels).suggestion(for: value) {
            diagnostics.error(
                "'\(value)' is not \(describeValues(context)); did you mean '\(suggestion)'?", at: range,
                suggestion: .init(replacing: range, with: suggestion))
        } else {
            diagnostics.error(
                "'\(value)' is not \(describeValues(context)); an argument of '\(name.text)(…)' is a payload, data or a literal",
                at: range)
        }
        return nil
    }
}
