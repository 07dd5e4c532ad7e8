/// Resolves the arguments of `emit`, `raise` and a target's data against the declared
/// parameters: literals checked against plain types, names taken as a payload of the
/// triggering event, a data field of the state (or its ancestors), or a value function.
struct ArgumentResolver {
    let signals: SignalTable
    let states: StateTable
    let diagnostics: DiagnosticCollector

    /// Checks the arguments against the declared parameters of `signal` and labels them; `nil`
    /// (reported) when they do not match.
    func resolve(
        _ arguments: [ArgumentSyntax], for signal: SignalModel, kind: String, at range: SourceRange, context: CallContext,
        callables: inout CallableRegistry
    ) -> [ArgumentModel]? {
        let parameters = signal.parameters
        guard arguments.count == parameters.count else {
            let expected = parameters.count == 1 ? "1 argument" : "\(parameters.count) arguments"
            let declaration = "(" + parameters.map(\.description).joined(separator: ", ") + ")"
            diagnostics.error(
                "\(kind) '\(signal.name)' takes \(expected)\(parameters.isEmpty ? "" : " \(declaration)"), but \(arguments.count) \(arguments.count == 1 ? "was" : "were") given",
                at: range, notes: [.init("'\(signal.name)' is declared here", at: signal.range)])
            return nil
        }
        var resolved: [ArgumentModel] = []
        var isValid = true
        for (argument, parameter) in zip(arguments, parameters) {
            if let label = argument.label, label.text != parameter.label {
                let expected = parameter.label.map { "'\($0):'" } ?? "no label"
                diagnostics.error(
                    "argument label '\(label.text):' does not match \(kind) '\(signal.name)', which expects \(expected)",
                    at: label.range)
                isValid = false
                continue
            }
            guard let value = check(argument, against: parameter, context: context, callables: &callables) else {
                isValid = false
                continue
            }
            resolved.append(ArgumentModel(label: parameter.label, value: value))
        }
        return isValid ? resolved : nil
    }

    /// The value of one argument given where `parameter` is expected (a field of `emit`,
    /// `raise`, a target's data or `update`); `nil` when it does not fit (reported).
    func check(
        _ argument: ArgumentSyntax, against parameter: ParameterModel, context: CallContext, callables: inout CallableRegistry
    ) -> ArgumentModel.Value? {
        let literal: (value: ArgumentModel.Value, kind: LiteralKind)
        switch argument.value {
        case .string(let text): literal = (.string(text), .string)
        case .integer(let text): literal = (.integer(text), .integer)
        case .float(let text): literal = (.float(text), .float)
        case .boolean(let value): literal = (.boolean(value), .boolean)
        case .nil:
            let type = parameter.type
            guard type.hasSuffix("?") || type.hasSuffix("!") || type.hasPrefix("Optional<") else {
                diagnostics.error("'nil' cannot be passed as \(type), which is not optional", at: argument.valueRange)
                return nil
            }
            return .nil
        case .name(let name):
            return resolveName(name, against: parameter, context: context, at: argument.valueRange, callables: &callables)
        case .call(let function, let arguments):
            guard let call = resolveCall(of: function, arguments, context: context, callables: &callables),
                  callables.useValueFunction(
                    function, returning: parameter.type, context: context, explicitParameters: call.parameters)
            else { return nil }
            return .computedWithArguments(function.text, call.arguments)
        }
        if let expected = PlainType(parameter.type), !expected.accepts(literal.kind) {
            diagnostics.error(
                "\(literal.kind.article) cannot be passed as \(parameter.type)", at: argument.valueRange)
            return nil
        }
        return literal.value
    }

    /// A name given as a value: a payload of the triggering event, else a data field of the
    /// state (or its ancestors), else a function the user implements that returns the value.
    /// A name close to a payload or data label is taken for a typo of it rather than a function.
    private func resolveName(
        _ name: String, against parameter: ParameterModel, context: CallContext, at range: SourceRange,
        callables: inout CallableRegistry
    ) -> ArgumentModel.Value? {
        let events = signals.events
        let payload = context.payload.parameters(in: events)
        if let source = payload.first(where: { $0.label == name }) {
            return typeMatches(source, "payload", name, parameter, range) ? .payload(name) : nil
        }
        if let field = context.data.first(where: { $0.label == name }) {
            return typeMatches(field, "data", name, parameter, range) ? .data(name) : nil
        }
        if let owner = events.first(where: { $0.parameters.contains { $0.label == name } }) {
            switch context.payload {
            case .noPayload(let place):
                diagnostics.error("'\(name)' is not available: \(place) have no event payload", at: range)
            case .event, .invocation:
                let labels = payload.compactMap(\.label)
                let has = labels.isEmpty ? "it has no labeled payload" : "it has " + labels.map { "'\($0)'" }.joined(separator: ", ")
                diagnostics.error(
                    "'\(name)' is not a payload of \(context.payload.source(in: events)!); \(has)", at: range,
                    notes: [.init("'\(name)' is a payload of event '\(owner.name)'", at: owner.range)])
            }
            return nil
        }
        if let owner = states.states.first(where: { $0.data.contains { $0.label == name } }) {
            diagnostics.error(
                "'\(name)' is data of state '\(owner.name)', which is not this transition's state or around it", at: range,
                notes: [.init("'\(owner.name)' is declared here", at: owner.range)])
            return nil
        }
        let labels = (payload + context.data).compactMap(\.label)
        if let suggestion = NameSuggester(candidates: labels).suggestion(for: name) {
            diagnostics.error(
                "'\(name)' is neither \(describeValues(context)) nor a function; did you mean '\(suggestion)'?", at: range,
                suggestion: .init(replacing: range, with: suggestion))
            return nil
        }
        guard let first = name.first, !first.isUppercase else {
            diagnostics.error(
                "'\(name)' is neither \(describeValues(context)) nor a function the actions implement (functions start with a lowercase letter)",
                at: range)
            return nil
        }
        let function = Identifier(name, range: range)
        return callables.useValueFunction(function, returning: parameter.type, context: context) ? .computed(name) : nil
    }

    /// "a payload of event 'open' ('id'), data of the state ('user')", for messages.
    func describeValues(_ context: CallContext) -> String {
        let events = signals.events
        var parts: [String] = []
        let payload = context.payload.parameters(in: events)
        if let source = context.payload.source(in: events), context.data.isEmpty || payload.contains(where: { $0.label != nil }) {
            let labels = payload.compactMap(\.label)
            parts.append("a payload of \(source)" + (labels.isEmpty ? "" : " (" + labels.map { "'\($0)'" }.joined(separator: ", ") + ")"))
        }
        if !context.data.isEmpty {
            parts.append("the state's data (" + context.data.compactMap(\.label).map { "'\($0)'" }.joined(separator: ", ") + ")")
        }
        return parts.isEmpty ? "a payload (there is none here)" : parts.joined(separator: " nor ")
    }

    /// Whether a payload or data field can be passed where `parameter` is expected, as far as
    /// fsmc can tell (plain types; other types are the Swift compiler's to check).
    private func typeMatches(
        _ source: ParameterModel, _ kind: String, _ name: String, _ parameter: ParameterModel, _ range: SourceRange
    ) -> Bool {
        if PlainType(parameter.type) != nil, PlainType(source.type) != nil,
           parameter.type != source.type, parameter.type != source.type + "?" {
            diagnostics.error("\(kind) '\(name)' is \(source.type), but the parameter takes \(parameter.type)", at: range)
            return false
        }
        return true
    }
}
