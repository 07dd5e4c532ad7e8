/// Resolves `assert …` members into ``PropertyModel``s: each condition's `in(state)` a
/// declared state (with "did you mean"), `true` and `false` folded as in guards, and anything
/// the machine would decide at run time (a guard, `else`) refused at its range.
struct PropertyResolver {
    let states: StateTable
    let diagnostics: DiagnosticCollector

    /// `assert` inside a state: properties are about the whole machine.
    func reportInState(_ syntax: PropertySyntax, state: StateID) {
        diagnostics.error(
            "'assert' belongs at machine level: a property is about every run of the machine, not about state '\(states[state].name)'",
            at: syntax.range)
    }

    /// The property `syntax` states, or `nil` when a condition does not resolve (reported).
    /// `guards` are the guards the machine's transitions call, named in the message about
    /// one written in a condition.
    func resolve(_ syntax: PropertySyntax, guards: Set<String>) -> PropertyModel? {
        let resolved = syntax.conditions.map { resolveCondition($0, guards: guards) }
        let conditions = resolved.compactMap(\.self)
        guard conditions.count == resolved.count else { return nil }
        let claim: PropertyModel.Claim = switch syntax.claim {
        case .never: .never(conditions[0])
        case .reachable: .reachable(conditions[0])
        case .alwaysReachable: .alwaysReachable(conditions[0])
        case .onlyAfter: .onlyAfter(conditions[0], after: conditions[1])
        }
        let text = SpecText.property(claim) { states[$0].name }
        return PropertyModel(claim: claim, range: syntax.range, text: text, conditionRanges: syntax.conditions.map(\.range))
    }

    /// The condition with its constants folded: `.constant(true)` when it always holds,
    /// `.constant(false)` when it never does (``PropertyVacuityWarnings`` says so).
    private func resolveCondition(_ syntax: GuardSyntax, guards: Set<String>) -> GuardModel? {
        guard let resolved = resolve(syntax, guards: guards) else { return nil }
        return GuardModel.folding(resolved) ?? .constant(true)
    }

    private func resolve(_ syntax: GuardSyntax, guards: Set<String>) -> GuardModel? {
        switch syntax {
        case .name(let name), .nameWithoutPayload(let name, _), .callWithArguments(let name, _, _):
            reportRunTimeName(name, guards: guards)
            return nil
        case .not(let operand, _):
            return resolve(operand, guards: guards).map(GuardModel.not)
        case .and(let lhs, let rhs):
            let left = resolve(lhs, guards: guards)
            let right = resolve(rhs, guards: guards)
            guard let left, let right else { return nil }
            return .and(left, right)
        case .or(let lhs, let rhs):
            let left = resolve(lhs, guards: guards)
            let right = resolve(rhs, guards: guards)
            guard let left, let right else { return nil }
            return .or(left, right)
        case .parenthesized(let inner, _):
            return resolve(inner, guards: guards)
        case .else(let range):
            diagnostics.error(
                "a property's condition reads only in(state): 'else' belongs to a transition's guard", at: range)
            return nil
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

    /// A bare name in a condition: a guard (the property would depend on its answer), or a
    /// state written without `in(…)`.
    private func reportRunTimeName(_ name: Identifier, guards: Set<String>) {
        if states.lookUp(name) != nil {
            diagnostics.error(
                "a property's condition reads only in(state): write 'in(\(name.text))' to test state '\(name.text)'",
                at: name.range, suggestion: .init(replacing: name.range, with: "in(\(name.text))"))
        } else if guards.contains(name.text) {
            diagnostics.error(
                "a property's condition reads only in(state): '\(name.text)' is a guard the machine calls at run time",
                at: name.range)
        } else {
            diagnostics.error(
                "a property's condition reads only in(state), not a name such as '\(name.text)'", at: name.range)
        }
    }
}
