/// Renders a ``SpecDocument`` as `.fsm` text of language version 2 (3 with invocations, 4 with
/// updates and calls with arguments), one member per line,
/// four spaces per level.
extension SpecDocument {
    public var text: String {
        var lines: [String] = []
        for module in imports { lines.append("import \(module)") }
        if !imports.isEmpty { lines.append("") }
        appendDocumentation(documentation, indent: "", to: &lines)
        var header = ""
        if isMainActor { header += "@MainActor " }
        if isObservable { header += "@Observable " }
        if let access { header += access + " " }
        lines.append(header + "machine \(name) {")
        let inner = "    "
        for event in events {
            appendDocumentation(event.documentation, indent: inner, to: &lines)
            lines.append(inner + "event " + event.name + Self.parameterList(event.parameters))
        }
        for output in outputs {
            appendDocumentation(output.documentation, indent: inner, to: &lines)
            lines.append(inner + "output " + output.name + Self.parameterList(output.parameters))
        }
        for state in states { Self.append(state, indent: inner, to: &lines) }
        for transition in transitions {
            appendDocumentation(transition.documentation, indent: inner, to: &lines)
            lines.append(inner + Self.text(of: transition))
        }
        for property in properties { lines.append(inner + "assert " + Self.text(of: property)) }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func append(_ state: SpecState, indent: String, to lines: inout [String]) {
        appendDocumentation(state.documentation, indent: indent, to: &lines)
        var head = indent
        if state.isInitial { head += "initial " }
        if state.isFinal { head += "final " }
        if state.isParallel { head += "parallel " }
        head += "state " + state.name
        if !state.data.isEmpty { head += parameterList(state.data) }
        let isEmpty = state.history == nil && state.entries.isEmpty && state.exits.isEmpty
            && state.transitions.isEmpty && state.children.isEmpty && state.invocations.isEmpty && state.deferrals.isEmpty
        if isEmpty {
            lines.append(head)
            return
        }
        lines.append(head + " {")
        let inner = indent + "    "
        if let history = state.history {
            var line = inner + (history == .deep ? "history deep" : "history")
            if let historyDefault = state.historyDefault {
                line += " -> " + historyDefault.targets.joined(separator: ", ")
                if !historyDefault.actions.isEmpty { line += " / " + actionList(historyDefault.actions) }
            }
            lines.append(line)
        }
        for entry in state.entries { lines.append(inner + "entry / " + actionList(entry)) }
        for exit in state.exits { lines.append(inner + "exit / " + actionList(exit)) }
        for invocation in state.invocations {
            appendDocumentation(invocation.documentation, indent: inner, to: &lines)
            if let machine = invocation.machine {
                lines.append(inner + "invoke " + machine + " as " + invocation.name)
            } else {
                lines.append(inner + (invocation.isStream ? "invoke stream " : "invoke ") + invocation.name + parameterList(invocation.results))
            }
        }
        for event in state.deferrals { lines.append(inner + "defer " + event) }
        for child in state.children { append(child, indent: inner, to: &lines) }
        for transition in state.transitions {
            appendDocumentation(transition.documentation, indent: inner, to: &lines)
            lines.append(inner + text(of: transition))
        }
        lines.append(indent + "}")
    }

    static func text(of transition: SpecTransition) -> String {
        var text: String
        switch transition.trigger {
        case .event(let name): text = "on " + name
        case .always: text = "always"
        case .after(let delay): text = "after " + delay
        case .done: text = "done"
        case .invocationDone(let name): text = "done " + name
        case .invocationError(let name): text = "error " + name
        case .invocationElement(let name): text = "on " + name
        case .childOutput(let name, let output): text = "on " + name + "." + output
        }
        if let condition = transition.guardCondition { text += " [" + Self.text(of: condition, context: .or) + "]" }
        if transition.reenters { text += " reenter" }
        switch transition.target {
        case .state(let name, let arguments)?: text += " -> " + name + (arguments.isEmpty ? "" : argumentList(arguments))
        case .history(let name)?: text += " -> " + name + ".history"
        case .states(let names)?: text += " -> " + names.joined(separator: ", ")
        case nil: break
        }
        if !transition.actions.isEmpty { text += " / " + actionList(transition.actions) }
        return text
    }

    static func text(of property: SpecProperty) -> String {
        switch property {
        case .never(let condition): "never " + text(of: condition, context: .or)
        case .reachable(let condition): "reachable " + text(of: condition, context: .or)
        case .alwaysReachable(let condition): "always reachable " + text(of: condition, context: .or)
        case .onlyAfter(let condition, let precondition):
            // Each side in parentheses where it has an operator: how `only after` binds
            // against `||` and `&&` need not be read off the grammar.
            text(of: condition, context: .not) + " only after " + text(of: precondition, context: .not)
        }
    }

    /// Operator precedence of a guard's context: `!` binds tighter than `&&`, which binds
    /// tighter than `||`; parentheses where the context binds tighter than the operator.
    private enum Precedence: Int { case or, and, not }

    private static func text(of condition: SpecGuard, context: Precedence) -> String {
        switch condition {
        case .name(let name, let bare): return bare ? name + "()" : name
        case .callWithArguments(let name, let arguments): return name + argumentList(arguments)
        case .inState(let name): return "in(" + name + ")"
        case .otherwise: return "else"
        case .constant(let value): return value ? "true" : "false"
        case .not(let operand): return "!" + text(of: operand, context: .not)
        case .and(let left, let right):
            let joined = text(of: left, context: .and) + " && " + text(of: right, context: .and)
            return context.rawValue > Precedence.and.rawValue ? "(" + joined + ")" : joined
        case .or(let left, let right):
            let joined = text(of: left, context: .or) + " || " + text(of: right, context: .or)
            return context.rawValue > Precedence.or.rawValue ? "(" + joined + ")" : joined
        }
    }

    private static func actionList(_ actions: [SpecAction]) -> String {
        actions.map { action in
            switch action {
            case .call(let name, let bare): bare ? name + "()" : name
            case .callWithArguments(let name, let arguments): name + argumentList(arguments)
            case .update(let arguments): "update" + argumentList(arguments)
            case .emit(let name, let arguments): "emit " + name + (arguments.isEmpty ? "" : argumentList(arguments))
            case .raise(let name, let arguments): "raise " + name + (arguments.isEmpty ? "" : argumentList(arguments))
            }
        }.joined(separator: ", ")
    }

    private static func argumentList(_ arguments: [SpecArgument]) -> String {
        "(" + arguments.map { argument in
            (argument.label.map { $0 + ": " } ?? "") + argument.value + (argument.functionArguments.map(argumentList) ?? "")
        }.joined(separator: ", ") + ")"
    }

    private static func parameterList(_ parameters: [SpecParameter]) -> String {
        guard !parameters.isEmpty else { return "" }
        return "(" + parameters.map { ($0.label.map { $0 + ": " } ?? "") + $0.type }.joined(separator: ", ") + ")"
    }
}

private func appendDocumentation(_ documentation: String?, indent: String, to lines: inout [String]) {
    guard let documentation else { return }
    for line in documentation.split(separator: "\n", omittingEmptySubsequences: false) {
        lines.append(indent + "/// " + line)
    }
}
