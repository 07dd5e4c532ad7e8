/// Resolves a list of actions: calls of actions the user implements (see
/// ``CallableRegistry``), `emit` and `raise` with their arguments, and `update` (see
/// ``DataUpdateResolver``).
struct ActionResolver {
    let signals: SignalTable
    let arguments: ArgumentResolver
    let updates: DataUpdateResolver
    let diagnostics: DiagnosticCollector

    func resolve(_ syntax: [ActionSyntax], context: CallContext, callables: inout CallableRegistry) -> [ActionModel] {
        var resolved: [ActionModel] = []
        for action in syntax {
            if let model = resolve(action, context: context, callables: &callables) {
                resolved.append(model)
            }
        }
        return resolved
    }

    private func resolve(_ action: ActionSyntax, context: CallContext, callables: inout CallableRegistry) -> ActionModel? {
        switch action {
        case .call(let name):
            guard callables.use(name, isGuard: false, context: context) else { return nil }
            return callables.argumentsOfBareUse(of: name.text, context: context).map { .callWithArguments(name.text, $0) } ?? .call(name.text)
        case .callWithoutPayload(let name, _):
            // `name()` takes nothing (language version 4): a call with no arguments.
            return resolveCall(of: name, [], context: context, callables: &callables)
        case .callWithArguments(let name, let arguments, _):
            return resolveCall(of: name, arguments, context: context, callables: &callables)
        case .update(let arguments, let range):
            return updates.resolve(arguments, at: range, context: context, callables: &callables).map(ActionModel.update)
        case .emit(let name, let arguments, _):
            guard let output = signals.outputIndex[name.text] else {
                diagnostics.reportUnknown(name, kind: .output) { signals.outputs.map(\.name) }
                return nil
            }
            let resolved = self.arguments.resolve(
                arguments, for: signals.outputs[output.index], kind: "output", at: action.range, context: context,
                callables: &callables)
            return resolved.map { .emit(output, $0) }
        case .raise(let name, let arguments, _):
            guard let event = signals.eventIndex[name.text] else {
                diagnostics.reportUnknown(name, kind: .event) { signals.events.map(\.name) }
                return nil
            }
            let resolved = self.arguments.resolve(
                arguments, for: signals.events[event.index], kind: "event", at: action.range, context: context,
                callables: &callables)
            return resolved.map { .raise(event, $0) }
        }
    }

    /// `name(argument, …)` or `name()`: an action taking exactly the arguments written.
    private func resolveCall(
        of name: Identifier, _ arguments: [ArgumentSyntax], context: CallContext, callables: inout CallableRegistry
    ) -> ActionModel? {
        guard let call = self.arguments.resolveCall(of: name, arguments, context: context, callables: &callables),
              callables.use(name, isGuard: false, context: context, explicitParameters: call.parameters)
        else { return nil }
        return .callWithArguments(name.text, call.arguments)
    }
}
