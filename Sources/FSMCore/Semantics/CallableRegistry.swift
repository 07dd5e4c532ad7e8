/// What payload the guards and actions of a transition or block receive.
enum PayloadContext {
    case event(EventID)
    /// What an invocation delivers: `done fetchUser` receives its results.
    case invocation(InvocationModel, InvocationResult)
    /// No payload; the string says where, for messages ("entry actions").
    case noPayload(String)

    /// The payload's parameters.
    func parameters(in events: [SignalModel]) -> [ParameterModel] {
        switch self {
        case .event(let event): events[event.index].parameters
        case .invocation(let invocation, let result): invocation.payload(of: result)
        case .noPayload: []
        }
    }

    /// What gives the payload, for messages: "event 'open'", "'done fetchUser'"; `nil` without
    /// a payload.
    func source(in events: [SignalModel]) -> String? {
        switch self {
        case .event(let event): "event '\(events[event.index].name)'"
        case .invocation(let invocation, let result): "'\(result.trigger(of: invocation.name))'"
        case .noPayload: nil
        }
    }
}

/// What the guards, actions and value functions of a transition or block receive: the
/// event's payload, then the data of the state it belongs to and of that state's ancestors.
struct CallContext {
    var payload: PayloadContext
    /// Innermost first.
    var data: [ParameterModel]
    /// Where `update(…)` would stand in this list of actions.
    var updates: UpdatePlace = .nowhere("here")
}

/// Where a list of actions stands, for `update(…)`, which changes data only from a
/// transition of a state that stays active.
enum UpdatePlace {
    /// Where no `update` may stand; the string says where, for messages ("entry actions").
    case nowhere(String)
    /// A transition of `source`, which leaves the states of `exited` (the source and states
    /// around it, in that order, below the transition's domain): their data are given in
    /// the target instead.
    case transition(source: StateID, exited: [StateID])
}

/// The functions the user implements, as the spec uses them: guards, actions, and functions
/// that compute a value. Each name's first use decides what it is and what its generated
/// requirement takes (the payload, then the state data); later uses are checked against it.
struct CallableRegistry {
    let events: [SignalModel]
    let diagnostics: DiagnosticCollector

    /// Where a guard or an action is first used, and with which payload.
    struct CallableUse {
        var isGuard: Bool
        /// The payload (unless called as `name()`), then the state data; or the parameters
        /// written, for a call with arguments.
        var parameters: [ParameterModel]
        var data: [ParameterModel]
        /// Whether it was called with arguments, `name(…)`.
        var isExplicit: Bool
        var context: String
        var range: SourceRange
    }

    private var callables: [String: CallableUse] = [:]
    /// The guards, in order of first use.
    private(set) var guards: [CallableModel] = []
    /// The actions, in order of first use.
    private(set) var actions: [CallableModel] = []
    /// The value functions, in order of first use.
    private(set) var valueFunctions: [ValueFunctionModel] = []
    /// Where each value function is first used, by name.
    private var valueFunctionUses: [String: (index: Int, range: SourceRange)] = [:]

    init(events: [SignalModel], diagnostics: DiagnosticCollector) {
        self.events = events
        self.diagnostics = diagnostics
    }

    /// Records a use of a guard or an action. Its generated requirement takes the triggering
    /// event's payload and the data of the state it belongs to, or, called with arguments
    /// (`name()` among them), `explicitParameters`; every use must take the same parameters.
    ///
    /// A name used before passed the check of reserved names then, and the payload is described
    /// only for a message or a first use: a large spec uses each name thousands of times.
    mutating func use(
        _ name: Identifier, isGuard: Bool, context: CallContext, explicitParameters: [ParameterModel]? = nil
    ) -> Bool {
        let isExplicit = explicitParameters != nil
        let payload = isExplicit ? [] : payload(of: context.payload)
        let data = isExplicit ? [] : context.data
        let parameters = explicitParameters ?? payload + data
        guard let first = callables[name.text] else {
            if let problem = ReservedNames.problem(with: name.text, as: isGuard ? .guard : .action) {
                diagnostics.error(problem, at: name.range)
                return false
            }
            if let function = valueFunctionUses[name.text] {
                diagnostics.error(
                    "'\(name.text)' computes a value elsewhere; \(isGuard ? "a guard" : "an action") needs a name of its own",
                    at: name.range, notes: [.init("used as a value here", at: function.range)])
                return false
            }
            let described = describeUse(context)
            callables[name.text] = CallableUse(
                isGuard: isGuard, parameters: parameters, data: data, isExplicit: isExplicit, context: described,
                range: name.range)
            let callable = CallableModel(
                name: name.text, payload: payload, data: data, explicitParameters: explicitParameters,
                firstUse: name.range.start)
            if isGuard { guards.append(callable) } else { actions.append(callable) }
            return true
        }
        if first.isGuard != isGuard {
            diagnostics.error(
                "'\(name.text)' is used both as a guard and as an action; give them different names",
                at: name.range, notes: [.init("used as \(first.isGuard ? "a guard" : "an action") here", at: first.range)])
            return false
        }
        if isExplicit || first.isExplicit, first.parameters != parameters {
            reportDisagreement(
                of: "\(isGuard ? "guard" : "action") '\(name.text)'", taking: parameters, at: name.range,
                firstTaking: first.parameters, at: first.range)
            return false
        }
        if first.parameters != parameters {
            let what = isGuard ? "guard" : "action"
            let here = describeUse(context)
            // State data enter the signature too: say so when a use receives some.
            let differences = first.data.isEmpty && context.data.isEmpty ? "payloads" : "payloads or state data"
            diagnostics.error(
                "\(what) '\(name.text)' is used with different \(differences), \(here) here and \(first.context) before; its generated signature would be ambiguous",
                at: name.range, notes: [.init("first used with \(first.context) here", at: first.range)])
            return false
        }
        return true
    }

    /// Records a use of a function that computes a value of `returnType`. Its generated
    /// requirement takes the payload and the data the context has, so every use must see the
    /// same, and return the same type.
    mutating func useValueFunction(
        _ name: Identifier, returning returnType: String, context: CallContext, explicitParameters: [ParameterModel]? = nil
    ) -> Bool {
        let payload = explicitParameters == nil ? payload(of: context.payload) : []
        let data = explicitParameters == nil ? context.data : []
        let parameters = explicitParameters ?? payload + data
        if let first = valueFunctionUses[name.text] {
            let function = valueFunctions[first.index]
            if function.returnType != returnType {
                diagnostics.error(
                    "'\(name.text)' must return \(returnType) here, but \(function.returnType) where it is first used",
                    at: name.range, notes: [.init("first used here", at: first.range)])
                return false
            }
            if explicitParameters != nil || function.explicitParameters != nil, function.parameters != parameters {
                reportDisagreement(
                    of: "function '\(name.text)'", taking: parameters, at: name.range, firstTaking: function.parameters,
                    at: first.range)
                return false
            }
            if function.parameters != parameters {
                func list(_ parameters: [ParameterModel]) -> String {
                    parameters.isEmpty ? "no parameters" : "(" + parameters.map(\.description).joined(separator: ", ") + ")"
                }
                diagnostics.error(
                    "'\(name.text)' would take \(list(payload + context.data)) here but \(list(function.parameters)) where it is first used (the payload, then the state data); its generated signature would be ambiguous",
                    at: name.range, notes: [.init("first used here", at: first.range)])
                return false
            }
            return true
        }
        if let problem = ReservedNames.problem(with: name.text, as: .action) {
            diagnostics.error(problem, at: name.range)
            return false
        }
        if let callable = callables[name.text] {
            diagnostics.error(
                "'\(name.text)' is \(callable.isGuard ? "a guard" : "an action"); a value needs a function of its own that returns \(returnType)",
                at: name.range, notes: [.init("used as \(callable.isGuard ? "a guard" : "an action") here", at: callable.range)])
            return false
        }
        valueFunctionUses[name.text] = (valueFunctions.count, name.range)
        valueFunctions.append(ValueFunctionModel(
            name: name.text, payload: payload, data: data, returnType: returnType, firstUse: name.range.start,
            explicitParameters: explicitParameters))
        return true
    }

    /// Two uses of one name take different parameters, one of them called with arguments: the
    /// generated requirement would be ambiguous.
    private func reportDisagreement(
        of what: String, taking parameters: [ParameterModel], at range: SourceRange, firstTaking first: [ParameterModel],
        at firstRange: SourceRange
    ) {
        func list(_ parameters: [ParameterModel]) -> String {
            "(" + parameters.map(\.description).joined(separator: ", ") + ")"
        }
        diagnostics.error(
            "\(what) takes \(list(parameters)) here but \(list(first)) at line \(firstRange.start.line); every use of one name must take the same parameters",
            at: range, notes: [.init("used with \(list(first)) here", at: firstRange)])
    }

    /// What a bare use of `name` passes, when `name` is called with arguments elsewhere and
    /// this use agreed with them: its payload, then its data, each by label, as a call with
    /// arguments (so that every use says what it passes, whatever the first use said);
    /// `nil` for a name no use calls with arguments.
    func argumentsOfBareUse(of name: String, context: CallContext) -> [ArgumentModel]? {
        guard callables[name]?.isExplicit == true else { return nil }
        let payload = payload(of: context.payload).map { ArgumentModel(label: $0.label, value: .payload($0.label ?? "")) }
        return payload + context.data.map { ArgumentModel(label: $0.label, value: .data($0.label ?? "")) }
    }

    private func payload(of context: PayloadContext) -> [ParameterModel] {
        context.parameters(in: events)
    }

    /// How a use of a guard or an action reads in a message: its payload context, then the
    /// state data it receives: "'open(id: Int)' with data (n: Int)".
    private func describeUse(_ context: CallContext) -> String {
        let payload = describe(context.payload)
        guard !context.data.isEmpty else { return payload }
        return payload + " with data (" + context.data.map(\.description).joined(separator: ", ") + ")"
    }

    /// How a payload context reads in a message: "event 'seek(to: Double)'" or "entry actions (no payload)".
    private func describe(_ context: PayloadContext) -> String {
        switch context {
        case .event(let event):
            let signal = events[event.index]
            let parameters = signal.parameters.isEmpty ? "" : "(" + signal.parameters.map(\.description).joined(separator: ", ") + ")"
            return "'\(signal.name)\(parameters)'"
        case .invocation(let invocation, let result):
            let payload = invocation.payload(of: result)
            let parameters = payload.isEmpty ? "" : "(" + payload.map(\.description).joined(separator: ", ") + ")"
            return "'\(result.trigger(of: invocation.name))\(parameters)'"
        case .noPayload(let place):
            return "\(place) (no payload)"
        }
    }
}
