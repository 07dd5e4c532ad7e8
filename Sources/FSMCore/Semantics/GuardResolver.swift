/// Resolves a guard expression: each name a guard the user implements (see
/// ``CallableRegistry``), `in(…)` a declared state, `else` only on its own.
struct GuardResolver {
    let states: StateTable
    let arguments: ArgumentResolver
    let diagnostics: DiagnosticCollector

    /// The guard with its constants folded (``GuardModel/folding(_:)``): `.constant(true)`
    /// for a guard that always holds, `nil` when it does not resolve (reported).
    func resolve(_ syntax: GuardSyntax, context: CallContext, callables: inout CallableRegistry) -> GuardModel? {
        guard let resolved = resolve(syntax, context: context, isRoot: true, callables: &callables) else { return nil }
        guard resolved.containsConstant else { return resolved }
        guard let folded = GuardModel.folding(resolved) else { return .constant(true) }
        if folded.isConstant(false) {
            diagnostics.warning("this guard never holds, so the transition is never taken", at: syntax.range)
        }
        return folded
    }

    private func resolve(
        _ syntax: GuardSyntax, context: CallContext, isRoot: Bool, callables: inout CallableRegistry
    ) -> GuardModel? {
        switch syntax {
        case .name(let name):
            guard callables.use(name, isGuard: true, context: context) else { return nil }
            return callables.argumentsOfBareUse(of: name.text, context: context).map { .callWithArguments(name.text, $0) } ?? .call(name.text)
        case .nameWithoutPayload(let name, _):
            // `name()` takes nothing (language version 4): a call with no arguments.
            return resolve(.callWithArguments(name, [], range: syntax.range), context: context, isRoot: isRoot, callables: &callables)
        case .callWithArguments(let name, let arguments, _):
            guard let call = self.arguments.resolveCall(of: name, arguments, context: context, callables: &callables),
                  callables.use(name, isGuard: true, context: context, explicitParameters: call.parameters)
            else { return nil }
            return .callWithArguments(name.text, call.arguments)
        case .not(let operand, _):
            return resolve(operand, context: context, isRoot: false, callables: &callables).map(GuardModel.not)
        case .and(let lhs, let rhs):
            let left = resolve(lhs, context: context, isRoot: false, callables: &callables)
            let right = resolve(rhs, context: context, isRoot: false, callables: &callables)
            guard let left, let right else { return nil }
            return .and(left, right)
        case .or(let lhs, let rhs):
            let left = resolve(lhs, context: context, isRoot: false, callables: &callables)
            let right = resolve(rhs, context: context, isRoot: false, callables: &callables)
            guard let left, let right else { return nil }
            return .or(left, right)
        case .parenthesized(let inner, _):
            return resolve(inner, context: context, isRoot: isRoot, callables: &callables)
        case .else(let range):
            guard isRoot else {
                diagnostics.error("'else' stands alone in a guard: write '[else]'", at: range)
                return nil
            }
            return .else
        case .isIn(let name, _):
            guard let state = states.lookUp(name) else {
                diagnostics.reportUnknown(name, kind: .state) { states.states.map(\.name) }
                return nil
            }
            return .isIn(state)
        case .literal(let value, _):
            return .constant(value)
        }
    }
}
