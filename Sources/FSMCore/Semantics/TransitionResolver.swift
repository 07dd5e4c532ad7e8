/// A trigger of a state's transitions, or of the machine's when `owner` is `nil`.
struct OwnedTrigger: Hashable {
    var owner: StateID?
    var trigger: TransitionModel.Trigger
}

/// Resolves one transition: its trigger, its target (a state, or a history the state
/// declares), the data it gives the target, its guard and its actions.
struct TransitionResolver {
    let signals: SignalTable
    let states: StateTable
    let invocations: InvocationTable
    let diagnostics: DiagnosticCollector
    let guards: GuardResolver
    let actions: ActionResolver
    let arguments: ArgumentResolver
    private var completion = CompletionCheck()

    /// The triggers, per owner, of transitions that did not resolve (an unknown target, a
    /// guard with an error). The checks between transitions skip them: the missing
    /// transition would make them report shadowing or loops that are not there.
    private(set) var brokenTriggers: Set<OwnedTrigger> = []

    init(signals: SignalTable, states: StateTable, invocations: InvocationTable, diagnostics: DiagnosticCollector) {
        self.signals = signals
        self.states = states
        self.invocations = invocations
        self.diagnostics = diagnostics
        arguments = ArgumentResolver(signals: signals, states: states, diagnostics: diagnostics)
        guards = GuardResolver(states: states, arguments: arguments, diagnostics: diagnostics)
        actions = ActionResolver(
            signals: signals, arguments: arguments,
            updates: DataUpdateResolver(states: states, arguments: arguments, diagnostics: diagnostics), diagnostics: diagnostics)
    }

    /// The transition, or `nil` when it does not resolve (reported).
    mutating func resolve(_ syntax: TransitionSyntax, in source: StateID?, callables: inout CallableRegistry) -> TransitionModel? {
        guard let resolvedTrigger = resolveTrigger(of: syntax, in: source, callables: &callables) else { return nil }
        let (trigger, payloadContext) = resolvedTrigger
        var context = CallContext(payload: payloadContext, data: states.chainData(of: source))
        if let source {
            checkLabelClashes(between: payloadContext, and: source, at: syntax.range)
        }
        var target: StateID?
        var isTargetValid = true
        if let name = syntax.target {
            target = states.lookUp(name)
            if target == nil {
                diagnostics.reportUnknown(name, kind: .state) { states.states.map(\.name) }
                isTargetValid = false
            } else if let historyRange = syntax.historyRange, let id = target, states[id].history == nil {
                let state = states[id]
                let message = state.isCompound
                    ? "state '\(state.name)' declares no history; add 'history' (or 'history deep') to '\(state.name)', or target '\(state.name)' itself"
                    : "state '\(state.name)' has no history: it has no child states to remember; target '\(state.name)' itself"
                diagnostics.error(
                    message, at: name.range.union(historyRange),
                    notes: [.init("'\(state.name)' is declared here", at: state.range)])
                isTargetValid = false
            }
        }
        var otherTargets: [StateID] = []
        if !syntax.otherTargets.isEmpty, isTargetValid, let first = target, let firstName = syntax.target {
            if let others = resolveTargetSet(syntax.otherTargets, after: (first, firstName)) {
                otherTargets = others
            } else {
                isTargetValid = false
            }
        }
        if let reenter = syntax.reenterRange, syntax.target == nil {
            diagnostics.error("'reenter' needs a target: a transition without one stays in its state", at: reenter)
            isTargetValid = false
        }
        // In document order: the guard, the target's data, the actions (a name's first use
        // decides what it is, and later uses are checked against it).
        let resolvedGuard = syntax.guardExpression.flatMap { guards.resolve($0, context: context, callables: &callables) }
        let guardModel = resolvedGuard?.isConstant(true) == true ? nil : resolvedGuard
        var targetArguments: [ArgumentModel] = []
        // A history target takes no data (`-> X.history(…)` does not parse). When X carries
        // data, the lowering reports it: from outside X it would enter X without any, and
        // inside X restoring a history under X's data is not supported yet.
        if isTargetValid, syntax.historyRange == nil, otherTargets.isEmpty, let target, let name = syntax.target {
            if let arguments = resolveTargetData(syntax.targetArguments, of: target, named: name, context: context, callables: &callables) {
                targetArguments = arguments
            } else {
                isTargetValid = false
            }
        }
        // Only an update asks where it stands: the states a transition leaves (its domain) are
        // worked out for those transitions alone, not for every one (6% of a large spec's checks).
        if syntax.actions.contains(where: { if case .update = $0 { true } else { false } }) {
            context.updates = updatePlace(of: syntax, from: source, target: isTargetValid ? target : nil, otherTargets: otherTargets)
        }
        let actions = self.actions.resolve(syntax.actions, context: context, callables: &callables)
        if !isTargetValid || syntax.guardExpression != nil && resolvedGuard == nil {
            brokenTriggers.insert(OwnedTrigger(owner: source, trigger: trigger))
            return nil
        }
        var transition = TransitionModel(
            source: source, trigger: trigger, guardExpression: guardModel, target: target,
            targetsHistory: syntax.historyRange != nil, actions: actions,
            documentation: syntax.documentation, range: syntax.range)
        transition.targetArguments = targetArguments
        transition.otherTargets = otherTargets
        transition.reenters = syntax.reenterRange != nil
        return transition
    }

    /// Where an `update(…)` among the transition's actions stands: the states the transition
    /// leaves (those below its domain, from its source out) cannot be updated, since it gives
    /// their data in its target.
    private func updatePlace(
        of syntax: TransitionSyntax, from source: StateID?, target: StateID?, otherTargets: [StateID]
    ) -> UpdatePlace {
        guard let source else { return .nowhere("machine-level transitions") }
        guard let target else { return .transition(source: source, exited: []) }
        var taken = TransitionModel(
            source: source, trigger: .always, guardExpression: nil, target: target,
            targetsHistory: syntax.historyRange != nil, actions: [], documentation: nil, range: syntax.range)
        taken.otherTargets = otherTargets
        taken.reenters = syntax.reenterRange != nil
        let domain = StateTree.domain(of: taken, in: states.states)
        var exited: [StateID] = []
        var current: StateID? = source
        while let state = current, state != domain {
            exited.append(state)
            current = states[state].parent
        }
        return .transition(source: source, exited: exited)
    }

    /// The states `names` name, entered together after `first` (a transition's first target,
    /// or `nil` for a history's default): known, without data, and in different regions of
    /// one parallel state; `nil` when they are not (reported).
    func resolveTargetSet(_ names: [Identifier], after first: (StateID, Identifier)? = nil) -> [StateID]? {
        var resolved: [StateID] = []
        var valid = true
        for name in names {
            guard let state = states.lookUp(name) else {
                diagnostics.reportUnknown(name, kind: .state) { states.states.map(\.name) }
                valid = false
                continue
            }
            resolved.append(state)
        }
        guard valid else { return nil }
        let all = (first.map { [$0.0] } ?? []) + resolved
        let allNames = (first.map { [$0.1] } ?? []) + names
        if all.count > 1 {
            for (state, name) in zip(all, allNames) where !states[state].data.isEmpty {
                diagnostics.error(
                    "state '\(name.text)' carries data, which a transition to several states cannot give; enter it with a transition of its own",
                    at: name.range, notes: [.init("'\(name.text)' is declared here", at: states[state].range)])
                valid = false
            }
        }
        guard valid, TargetSetCheck(states: states, diagnostics: diagnostics).check(all, named: allNames) else { return nil }
        return resolved
    }

    /// The trigger and what payload it gives, or `nil` when it does not resolve (reported).
    private mutating func resolveTrigger(
        of syntax: TransitionSyntax, in source: StateID?, callables: inout CallableRegistry
    ) -> (TransitionModel.Trigger, PayloadContext)? {
        switch syntax.trigger {
        case .event(let name):
            guard let event = signals.eventIndex[name.text] else {
                if invocations.index[name.text] != nil {
                    return elements(of: name, from: source).map { (.invocation($0.id, .element), .invocation($0, .element)) }
                }
                diagnostics.reportUnknown(name, kind: .event) { signals.events.map(\.name) }
                return nil
            }
            return (.event(event), .event(event))
        case .always(let range):
            if source == nil {
                diagnostics.error("'always' needs a state; machine-level transitions take events", at: range)
                return nil
            }
            return (.always, .noPayload("eventless transitions"))
        case .after(let duration):
            if source == nil {
                diagnostics.error("'after' needs a state to time; machine-level transitions take events", at: syntax.range)
                return nil
            }
            guard let model = DurationLiteral.resolve(duration, diagnostics: diagnostics) else { return nil }
            return (.after(model), .noPayload("delayed transitions"))
        case .computedAfter(let name):
            guard let source else {
                diagnostics.error("'after' needs a state to time; machine-level transitions take events", at: syntax.range)
                return nil
            }
            let delayContext = CallContext(payload: .noPayload("delays"), data: states.chainData(of: source))
            guard callables.useValueFunction(name, returning: "Duration", context: delayContext) else { return nil }
            return (.afterComputed(name.text), .noPayload("delayed transitions"))
        case .done(let range):
            guard let source else {
                diagnostics.error(
                    "'done' needs a state with a final child; the machine finishes when it enters a top-level final state",
                    at: range)
                return nil
            }
            if let problem = completion.problem(of: source, in: states.states) {
                diagnostics.error(problem, at: range)
                return nil
            }
            return (.done, .noPayload("completion transitions"))
        case .invocationDone(let name, _):
            guard let invocation = resolveInvocation(name, from: source, naming: "done \(name.text)") else { return nil }
            if let child = invocation.child, !child.hasTopLevelFinalState {
                diagnostics.error(
                    "'done \(name.text)' never fires: machine '\(child.name)' has no top-level final state, so it never finishes",
                    at: syntax.range)
                return nil
            }
            return (.invocation(invocation.id, .done), .invocation(invocation, .done))
        case .invocationError(let name, _):
            guard let invocation = resolveInvocation(name, from: source, naming: "error \(name.text)") else { return nil }
            guard invocation.canFail else {
                diagnostics.error(
                    "a child machine does not fail: 'error \(name.text)' never fires; its completion is 'done \(name.text)'",
                    at: syntax.range)
                return nil
            }
            return (.invocation(invocation.id, .error), .invocation(invocation, .error))
        case .childOutput(let child, let output):
            guard let invocation = resolveInvocation(child, from: source, naming: "on \(child.text).\(output.text)") else {
                return nil
            }
            guard case .machine = invocation.kind else {
                diagnostics.error(
                    "'\(child.text)' is not a child machine: 'on \(child.text).\(output.text)' names an output of a machine invoked as '\(child.text)'",
                    at: child.range)
                return nil
            }
            // A child that is refused (with child machines off) or could not be resolved was
            // reported where it is invoked.
            guard let machine = invocation.child else { return nil }
            guard machine.output(named: output.text) != nil else {
                reportUnknownOutput(output, of: machine)
                return nil
            }
            let result = InvocationResult.output(output.text)
            return (.invocation(invocation.id, result), .invocation(invocation, result))
        }
    }

    /// `on child.output` names an output the child does not declare.
    private func reportUnknownOutput(_ output: Identifier, of machine: MachineInterface) {
        let declared = machine.outputs.map(\.name)
        let list = declared.isEmpty ? "it declares no outputs" : "it declares " + declared.map { "'\($0)'" }.joined(separator: ", ")
        if let suggestion = NameSuggester(candidates: declared).suggestion(for: output.text) {
            diagnostics.error(
                "machine '\(machine.name)' has no output '\(output.text)'; did you mean '\(suggestion)'?", at: output.range,
                suggestion: .init(replacing: output.range, with: suggestion))
        } else {
            diagnostics.error("machine '\(machine.name)' has no output '\(output.text)'; \(list)", at: output.range)
        }
    }

    /// The invocation a transition of `source` names, declared by `source` or a state around
    /// it; `nil` when there is none (reported).
    private func resolveInvocation(_ name: Identifier, from source: StateID?, naming transition: String) -> InvocationModel? {
        guard let invocation = invocations.lookUp(name.text) else {
            diagnostics.reportUnknown(name, kind: .invocation) { invocations.invocations.map(\.name) }
            return nil
        }
        guard invocations.canReceive(invocation, from: source, in: states) else {
            let owner = states[invocation.owner].name
            diagnostics.error(
                "'\(transition)' names the invocation of state '\(owner)', and '\(states[source!].name)' is neither inside it nor around it; a transition on an invocation belongs in its state, a state inside it or a state around it",
                at: name.range, notes: [.init("'\(name.text)' is invoked here", at: invocation.range)])
            return nil
        }
        return invocation
    }

    /// The stream `on name` takes the elements of; `nil` when `name` is another kind of
    /// invocation (reported).
    private func elements(of name: Identifier, from source: StateID?) -> InvocationModel? {
        guard let invocation = resolveInvocation(name, from: source, naming: "on \(name.text)") else { return nil }
        switch invocation.kind {
        case .stream: return invocation
        case .call:
            diagnostics.error(
                "'\(name.text)' is a call, not a stream: its result arrives as 'done \(name.text)'; declare 'invoke stream \(name.text)(…)' for elements",
                at: name.range)
        case .machine:
            diagnostics.error(
                "'\(name.text)' is a child machine: its outputs arrive as 'on \(name.text).output', its completion as 'done \(name.text)'",
                at: name.range)
        }
        return nil
    }

    /// The data a transition gives its target, checked against the target's fields; `nil`
    /// (reported) when they do not match.
    private func resolveTargetData(
        _ arguments: [ArgumentSyntax]?, of target: StateID, named name: Identifier, context: CallContext,
        callables: inout CallableRegistry
    ) -> [ArgumentModel]? {
        let state = states[target]
        guard !states.statesWithUnlabeledData.contains(target) else { return nil }
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
        return self.arguments.resolve(arguments, for: signal, kind: "state", at: range, context: context, callables: &callables)
    }

    /// Guards and actions receive the payload and the data as labeled parameters: a payload
    /// label that is also a data label would make their signature ambiguous.
    private func checkLabelClashes(between payload: PayloadContext, and source: StateID, at range: SourceRange) {
        let payloadLabels = Set(payload.parameters(in: signals.events).compactMap(\.label))
        guard !payloadLabels.isEmpty, let giver = payload.source(in: signals.events) else { return }
        var current: StateID? = source
        while let id = current {
            for field in states[id].data where payloadLabels.contains(field.label!) {
                diagnostics.error(
                    "payload label '\(field.label!)' of \(giver) is also a data label of state '\(states[id].name)'; guards and actions here receive both, so rename one",
                    at: range, notes: [.init("'\(states[id].name)' is declared here", at: states[id].range)])
            }
            current = states[id].parent
        }
    }
}
