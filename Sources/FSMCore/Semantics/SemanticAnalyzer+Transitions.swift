/// Resolving transitions, guards, actions and their arguments.
extension SemanticAnalyzer {
    /// What payload the guards and actions of a transition or block receive.
    enum PayloadContext {
        case event(EventID)
        /// No payload; the string says where, for messages ("entry actions").
        case noPayload(String)
    }

    /// What the guards, actions and value functions of a transition or block receive: the
    /// event's payload, then the data of the state it belongs to and of that state's ancestors.
    struct CallContext {
        var payload: PayloadContext
        /// Innermost first.
        var data: [ParameterModel]
    }

    mutating func resolve(_ syntax: TransitionSyntax, in source: StateID?) -> TransitionModel? {
        let trigger: TransitionModel.Trigger
        let payloadContext: PayloadContext
        switch syntax.trigger {
        case .event(let name):
            guard let event = eventIndex[name.text] else {
                reportUnknown(name, kind: .event)
                return nil
            }
            trigger = .event(event)
            payloadContext = .event(event)
        case .always(let range):
            if source == nil {
                diagnostics.error("'always' needs a state; machine-level transitions take events", at: range)
                return nil
            }
            trigger = .always
            payloadContext = .noPayload("eventless transitions")
        case .after(let duration):
            if source == nil {
                diagnostics.error("'after' needs a state to time; machine-level transitions take events", at: syntax.range)
                return nil
            }
            guard let model = resolve(duration) else { return nil }
            trigger = .after(model)
            payloadContext = .noPayload("delayed transitions")
        case .computedAfter(let name):
            guard let source else {
                diagnostics.error("'after' needs a state to time; machine-level transitions take events", at: syntax.range)
                return nil
            }
            let delayContext = CallContext(payload: .noPayload("delays"), data: chainData(of: source))
            guard useValueFunction(name, returning: "Duration", context: delayContext) else { return nil }
            trigger = .afterComputed(name.text)
            payloadContext = .noPayload("delayed transitions")
        case .done(let range):
            guard let source else {
                diagnostics.error(
                    "'done' needs a state with a final child; the machine finishes when it enters a top-level final state",
                    at: range)
                return nil
            }
            if let problem = completionProblem(of: source) {
                diagnostics.error(problem, at: range)
                return nil
            }
            trigger = .done
            payloadContext = .noPayload("completion transitions")
        }
        let context = CallContext(payload: payloadContext, data: chainData(of: source))
        if case .event(let event) = payloadContext, let source {
            checkLabelClashes(between: event, and: source, at: syntax.range)
        }
        var target: StateID?
        var isTargetValid = true
        if let name = syntax.target {
            target = lookUpState(name)
            if target == nil {
                reportUnknown(name, kind: .state)
                isTargetValid = false
            } else if let historyRange = syntax.historyRange, let id = target, states[id.index].history == nil {
                let state = states[id.index]
                let message = state.isCompound
                    ? "state '\(state.name)' declares no history; add 'history' (or 'history deep') to '\(state.name)', or target '\(state.name)' itself"
                    : "state '\(state.name)' has no history: it has no child states to remember; target '\(state.name)' itself"
                diagnostics.error(
                    message, at: name.range.union(historyRange),
                    notes: [.init("'\(state.name)' is declared here", at: state.range)])
                isTargetValid = false
            }
        }
        // In document order: the guard, the target's data, the actions (a name's first use
        // decides what it is, and later uses are checked against it).
        let guardModel = syntax.guardExpression.flatMap { resolve($0, context: context, isRoot: true) }
        var targetArguments: [ArgumentModel] = []
        // A history target takes no data (`-> X.history(…)` does not parse). When X carries
        // data, the lowering reports it: from outside X it would enter X without any, and
        // inside X restoring a history under X's data is not supported yet.
        if isTargetValid, syntax.historyRange == nil, let target, let name = syntax.target {
            if let arguments = resolveTargetData(syntax.targetArguments, of: target, named: name, context: context) {
                targetArguments = arguments
            } else {
                isTargetValid = false
            }
        }
        let actions = resolve(syntax.actions, context: context)
        if !isTargetValid || syntax.guardExpression != nil && guardModel == nil {
            brokenTriggers.insert(OwnedTrigger(owner: source, trigger: trigger))
            return nil
        }
        var transition = TransitionModel(
            source: source, trigger: trigger, guardExpression: guardModel, target: target,
            targetsHistory: syntax.historyRange != nil, actions: actions,
            documentation: syntax.documentation, range: syntax.range)
        transition.targetArguments = targetArguments
        return transition
    }

    /// The data a transition gives its target, checked against the target's fields; `nil`
    /// (reported) when they do not match.
    private mutating func resolveTargetData(
        _ arguments: [ArgumentSyntax]?, of target: StateID, named name: Identifier, context: CallContext
    ) -> [ArgumentModel]? {
        let state = states[target.index]
        guard !statesWithUnlabeledData.contains(target) else { return nil }
        guard let arguments else {
            guard state.data.isEmpty else {
                let fields = state.data.map { "\($0.label!): …" }.joined(separator: ", ")
                diagnostics.error(
                    "state '\(state.name)' carries data: give it as '-> \(state.name)(\(fields))'", at: name.range,
                    notes: [.init("'\(state.name)' is declared here", at: state.range)])
                return nil
            }
            return []
        }
        guard !state.data.isEmpty else {
            diagnostics.error(
                "state '\(state.name)' carries no data; remove the arguments, or declare them as '\(state.name)(name: Type)'",
                at: arguments.first.map { $0.range.union(arguments.last!.range) } ?? name.range,
                notes: [.init("'\(state.name)' is declared here", at: state.range)])
            return nil
        }
        let range = arguments.first.map { name.range.union($0.range).union(arguments.last!.range) } ?? name.range
        let signal = SignalModel(name: state.name, documentation: nil, parameters: state.data, range: state.range)
        return resolve(arguments, for: signal, kind: "state", at: range, context: context)
    }

    /// Guards and actions receive the payload and the data as labeled parameters: a payload
    /// label that is also a data label would make their signature ambiguous.
    private mutating func checkLabelClashes(between event: EventID, and source: StateID, at range: SourceRange) {
        let payloadLabels = Set(events[event.index].parameters.compactMap(\.label))
        guard !payloadLabels.isEmpty else { return }
        var current: StateID? = source
        while let id = current {
            for field in states[id.index].data where payloadLabels.contains(field.label!) {
                diagnostics.error(
                    "payload label '\(field.label!)' of event '\(events[event.index].name)' is also a data label of state '\(states[id.index].name)'; guards and actions here receive both, so rename one",
                    at: range, notes: [.init("'\(states[id.index].name)' is declared here", at: states[id.index].range)])
            }
            current = states[id.index].parent
        }
    }

    /// Why `done` in `state` could never fire, or `nil` when the state can complete: a compound
    /// state needs a final child, a parallel state a final state in every region. Worked out
    /// once per state, however many `done` transitions it has.
    private mutating func completionProblem(of source: StateID) -> String? {
        if let known = completionProblems[source] { return known }
        let state = states[source.index]
        func hasFinalChild(_ id: StateID) -> Bool { states[id.index].children.contains { states[$0.index].isFinal } }
        // A region that is a parallel state is in a final state when each of its regions is:
        // the first region, at any depth, that cannot be.
        func regionWithoutFinal(in parallel: StateID) -> StateID? {
            for region in states[parallel.index].children {
                if states[region.index].isParallel {
                    if let inner = regionWithoutFinal(in: region) { return inner }
                } else if states[region.index].isCompound && !hasFinalChild(region) {
                    return region
                }
            }
            return nil
        }
        var problem: String?
        if state.isParallel, !state.children.isEmpty {
            // A region without states is reported as such.
            if let region = regionWithoutFinal(in: source), let parent = states[region.index].parent {
                let which = parent == source
                    ? "its region '\(states[region.index].name)'"
                    : "region '\(states[region.index].name)' of its region '\(states[parent.index].name)'"
                problem = "'done' in parallel state '\(state.name)' never fires: \(which) has no final state to complete with"
            }
        } else if !hasFinalChild(source) {
            problem = "'done' in state '\(state.name)' never fires: it has no final child state to complete with"
        }
        completionProblems[source] = .some(problem)
        return problem
    }

    private mutating func resolve(_ duration: DurationSyntax) -> DurationModel? {
        switch DurationLiteral.nanoseconds(duration.text) {
        case .success(let nanoseconds):
            return DurationModel(nanoseconds: nanoseconds, text: duration.text)
        case .failure(let problem):
            let message = switch problem {
            case .missingUnit: "duration '\(duration.text)' needs a unit: ms, s, m or h (as in \(duration.text)s)"
            case .unknownUnit(let unit):
                if let meant = DurationLiteral.unit(spelled: unit) {
                    "unknown duration unit '\(unit)'; use ms, s, m or h: did you mean '\(duration.text.dropLast(unit.count))\(meant)'?"
                } else {
                    "unknown duration unit '\(unit)'; use ms, s, m or h"
                }
            case .notPositive: "a delay must be longer than zero"
            case .tooLong: "duration '\(duration.text)' is too long"
            case .tooPrecise: "duration '\(duration.text)' is finer than a nanosecond"
            }
            diagnostics.error(message, at: duration.range)
            return nil
        }
    }

    // MARK: - Guards

    private mutating func resolve(_ syntax: GuardSyntax, context: CallContext, isRoot: Bool) -> GuardModel? {
        switch syntax {
        case .name(let name):
            guard use(name, isGuard: true, context: context) else { return nil }
            return .call(name.text)
        case .nameWithoutPayload(let name, _):
            guard use(name, isGuard: true, context: context, withoutPayload: true) else { return nil }
            return .call(name.text)
        case .not(let operand, _):
            return resolve(operand, context: context, isRoot: false).map(GuardModel.not)
        case .and(let lhs, let rhs):
            let left = resolve(lhs, context: context, isRoot: false)
            let right = resolve(rhs, context: context, isRoot: false)
            guard let left, let right else { return nil }
            return .and(left, right)
        case .or(let lhs, let rhs):
            let left = resolve(lhs, context: context, isRoot: false)
            let right = resolve(rhs, context: context, isRoot: false)
            guard let left, let right else { return nil }
            return .or(left, right)
        case .parenthesized(let inner, _):
            return resolve(inner, context: context, isRoot: isRoot)
        case .else(let range):
            guard isRoot else {
                diagnostics.error("'else' stands alone in a guard: write '[else]'", at: range)
                return nil
            }
            return .else
        case .isIn(let name, _):
            guard let state = lookUpState(name) else {
                reportUnknown(name, kind: .state)
                return nil
            }
            return .isIn(state)
        }
    }

    // MARK: - Actions

    mutating func resolve(_ syntax: [ActionSyntax], context: CallContext) -> [ActionModel] {
        syntax.compactMap { action in
            switch action {
            case .call(let name):
                return use(name, isGuard: false, context: context) ? .call(name.text) : nil
            case .callWithoutPayload(let name, _):
                return use(name, isGuard: false, context: context, withoutPayload: true) ? .call(name.text) : nil
            case .emit(let name, let arguments, _):
                guard let output = outputIndex[name.text] else {
                    reportUnknown(name, kind: .output)
                    return nil
                }
                let resolved = resolve(arguments, for: outputs[output.index], kind: "output", at: action.range, context: context)
                return resolved.map { .emit(output, $0) }
            case .raise(let name, let arguments, _):
                guard let event = eventIndex[name.text] else {
                    reportUnknown(name, kind: .event)
                    return nil
                }
                let resolved = resolve(arguments, for: events[event.index], kind: "event", at: action.range, context: context)
                return resolved.map { .raise(event, $0) }
            }
        }
    }

    /// Records a use of a guard or an action. Its generated requirement takes the triggering
    /// event's payload (unless called as `name()`) and the data of the state it belongs to, so
    /// every use must see the same payload and data.
    ///
    /// A name used before passed the check of reserved names then, and the payload is described
    /// only for a message or a first use: a large spec uses each name thousands of times.
    private mutating func use(_ name: Identifier, isGuard: Bool, context: CallContext, withoutPayload: Bool = false) -> Bool {
        let payload = withoutPayload ? [] : payload(of: context.payload)
        let parameters = payload + context.data
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
            let described = describeUse(of: name.text, withoutPayload: withoutPayload, context: context)
            callables[name.text] = CallableUse(
                isGuard: isGuard, parameters: parameters, data: context.data, context: described, range: name.range)
            let callable = CallableModel(name: name.text, payload: payload, data: context.data, firstUse: name.range.start)
            if isGuard { guards.append(callable) } else { actions.append(callable) }
            return true
        }
        if first.isGuard != isGuard {
            diagnostics.error(
                "'\(name.text)' is used both as a guard and as an action; give them different names",
                at: name.range, notes: [.init("used as \(first.isGuard ? "a guard" : "an action") here", at: first.range)])
            return false
        }
        if first.parameters != parameters {
            let what = isGuard ? "guard" : "action"
            let here = describeUse(of: name.text, withoutPayload: withoutPayload, context: context)
            // State data enter the signature too: say so when a use receives some.
            let differences = first.data.isEmpty && context.data.isEmpty ? "payloads" : "payloads or state data"
            diagnostics.error(
                "\(what) '\(name.text)' is used with different \(differences), \(here) here and \(first.context) before; its generated signature would be ambiguous",
                at: name.range, notes: [.init("first used with \(first.context) here", at: first.range)])
            return false
        }
        return true
    }

    private func payload(of context: PayloadContext) -> [ParameterModel] {
        switch context {
        case .event(let event): events[event.index].parameters
        case .noPayload: []
        }
    }

    /// How a use of a guard or an action reads in a message: its payload context, or
    /// `name() (no payload)`, then the state data it receives: "'open(id: Int)' with data (n: Int)".
    private func describeUse(of name: String, withoutPayload: Bool, context: CallContext) -> String {
        let payload = withoutPayload ? "\(name)() (no payload)" : describe(context.payload)
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
        case .noPayload(let place):
            return "\(place) (no payload)"
        }
    }

    // MARK: - Arguments

    /// Records a use of a function that computes a value of `returnType`. Its generated
    /// requirement takes the payload and the data the context has, so every use must see the
    /// same, and return the same type.
    mutating func useValueFunction(_ name: Identifier, returning returnType: String, context: CallContext) -> Bool {
        let payload = payload(of: context.payload)
        if let first = valueFunctionUses[name.text] {
            let function = valueFunctions[first.index]
            if function.returnType != returnType {
                diagnostics.error(
                    "'\(name.text)' must return \(returnType) here, but \(function.returnType) where it is first used",
                    at: name.range, notes: [.init("first used here", at: first.range)])
                return false
            }
            if function.parameters != payload + context.data {
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
            name: name.text, payload: payload, data: context.data, returnType: returnType, firstUse: name.range.start))
        return true
    }

    /// Checks the arguments of `emit`, `raise` or a target's data against the declared
    /// parameters and labels them.
    private mutating func resolve(
        _ arguments: [ArgumentSyntax], for signal: SignalModel, kind: String, at range: SourceRange, context: CallContext
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
            guard let value = check(argument, against: parameter, context: context, name: argument.valueRange) else {
                isValid = false
                continue
            }
            resolved.append(ArgumentModel(label: parameter.label, value: value))
        }
        return isValid ? resolved : nil
    }

    private mutating func check(
        _ argument: ArgumentSyntax, against parameter: ParameterModel, context: CallContext, name valueRange: SourceRange
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
            return resolveName(name, against: parameter, context: context, at: argument.valueRange)
        }
        if let expected = PlainType(parameter.type), !expected.accepts(literal.kind) {
            diagnostics.error(
                "\(literal.kind.article) cannot be passed as \(parameter.type)", at: argument.valueRange)
            return nil
        }
        return literal.value
    }
}

extension SemanticAnalyzer {
    /// A name given as a value: a payload of the triggering event, else a data field of the
    /// state (or its ancestors), else a function the user implements that returns the value.
    /// A name close to a payload or data label is taken for a typo of it rather than a function.
    private mutating func resolveName(
        _ name: String, against parameter: ParameterModel, context: CallContext, at range: SourceRange
    ) -> ArgumentModel.Value? {
        var payload: [ParameterModel] = []
        if case .event(let event) = context.payload { payload = events[event.index].parameters }
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
            case .event(let event):
                let labels = events[event.index].parameters.compactMap(\.label)
                let has = labels.isEmpty ? "it has no labeled payload" : "it has " + labels.map { "'\($0)'" }.joined(separator: ", ")
                diagnostics.error(
                    "'\(name)' is not a payload of event '\(events[event.index].name)'; \(has)", at: range,
                    notes: [.init("'\(name)' is a payload of event '\(owner.name)'", at: owner.range)])
            }
            return nil
        }
        if let owner = states.first(where: { $0.data.contains { $0.label == name } }) {
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
        return useValueFunction(Identifier(name, range: range), returning: parameter.type, context: context) ? .computed(name) : nil
    }

    /// "a payload of event 'open' ('id'), data of the state ('user')", for messages.
    private func describeValues(_ context: CallContext) -> String {
        var parts: [String] = []
        if case .event(let event) = context.payload,
           context.data.isEmpty || events[event.index].parameters.contains(where: { $0.label != nil }) {
            let labels = events[event.index].parameters.compactMap(\.label)
            parts.append("a payload of event '\(events[event.index].name)'" + (labels.isEmpty ? "" : " (" + labels.map { "'\($0)'" }.joined(separator: ", ") + ")"))
        }
        if !context.data.isEmpty {
            parts.append("the state's data (" + context.data.compactMap(\.label).map { "'\($0)'" }.joined(separator: ", ") + ")")
        }
        return parts.isEmpty ? "a payload (there is none here)" : parts.joined(separator: " nor ")
    }

    /// Whether a payload or data field can be passed where `parameter` is expected, as far as
    /// fsmc can tell (plain types; other types are the Swift compiler's to check).
    private mutating func typeMatches(
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

/// Kinds of literals an argument can be.
enum LiteralKind {
    case string, integer, float, boolean

    package var article: String {
        switch self {
        case .string: "a string literal"
        case .integer: "an integer literal"
        case .float: "a floating-point literal"
        case .boolean: "a boolean literal"
        }
    }
}

/// The Swift types whose literals fsmc can check itself; other types are left to the
/// Swift compiler. `T?` checks as `T`.
enum PlainType: Equatable {
    case string, integer, floatingPoint, boolean

    init?(_ type: String) {
        let base = type.hasSuffix("?") ? String(type.dropLast()) : type
        switch base {
        case "String", "Substring": self = .string
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": self = .integer
        case "Double", "Float", "Float32", "Float64": self = .floatingPoint
        case "Bool": self = .boolean
        default: return nil
        }
    }

    func accepts(_ literal: LiteralKind) -> Bool {
        switch (self, literal) {
        case (.string, .string), (.integer, .integer), (.floatingPoint, .integer), (.floatingPoint, .float), (.boolean, .boolean): true
        default: false
        }
    }
}
