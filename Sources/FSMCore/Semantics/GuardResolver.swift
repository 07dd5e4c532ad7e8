/// Resolves a guard expression: each name a guard the user implements (see
/// ``CallableRegistry``), `in(…)` a declared state, `else` only on its own.
struct GuardResolver {
    let states: StateTable
    let diagnostics: DiagnosticCollector

    func resolve(_ syntax: GuardSyntax, context: CallContext, callables: inout CallableRegistry) -> GuardModel? {
        resolve(syntax, context: context, isRoot: true, callables: &callables)
    }

    private func resolve(
        _ syntax: GuardSyntax, context: CallContext, isRoot: Bool, callables: inout CallableRegistry
    ) -> GuardModel? {
        switch syntax {
        case .name(let name):
            guard callables.use(name, isGuard: true, context: context) else { return nil }
            return .call(name.text)
        case .nameWithoutPayload(let name, _):
            guard callables.use(name, isGuard: true, context: context, withoutPayload: true) else { return nil }
            return .call(name.text)
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
        }
    }
}
