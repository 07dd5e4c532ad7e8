import FSMCore
import FSMSwift
/// What an editor shows when the pointer rests on a name: the declaration as written, its
/// documentation, and what the spec does with it (an event's payload and the transitions it
/// triggers, a state's transitions and its history's default).
public enum SymbolHover {
    /// Markdown describing a symbol.
    ///
    /// - Parameter model: the checked model of the spec, when it has no errors: a guard or an
    ///   action then shows the exact requirement of the generated `Actions` protocol.
    public static func markdown(
        for symbol: SymbolOccurrence, in index: SymbolIndex, source: SourceText, model: MachineModel? = nil
    ) -> String {
        let machine = index.syntax.machines[symbol.machine]
        let walk = MemberWalk(machine)
        switch symbol.kind {
        case .event:
            let signal = walk.signals.first { !$0.isOutput && $0.syntax.name.text == symbol.name }?.syntax
            var text = code(signal.map { "event \($0.name.text)" + payload($0.parameters) } ?? "event \(symbol.name)")
            text += documentation(signal?.documentation)
            let triggered = walk.transitions.filter {
                switch $0.transition.trigger {
                case .event(let event): event.text == symbol.name
                case .always, .after, .done, .computedAfter, .invocationDone, .invocationError, .childOutput: false
                }
            }
            text += list("Transitions", triggered.map { "\(place($0.owner)): `\(written($0.transition.range, source))`" })
            return text
        case .output:
            let signal = walk.signals.first { $0.isOutput && $0.syntax.name.text == symbol.name }?.syntax
            var text = code(signal.map { "output \($0.name.text)" + payload($0.parameters) } ?? "output \(symbol.name)")
            text += documentation(signal?.documentation)
            let uses = index.references(to: symbol, includingDeclaration: false).count
            text += "\n\nEmitted in \(uses) \(uses == 1 ? "place" : "places")."
            return text
        case .state:
            guard let state = walk.states.first(where: { $0.state.name.text == symbol.name }) else {
                return code("state \(symbol.name)") + "\n\nNo state of this machine has this name."
            }
            let modifiers = state.state.modifiers.map { $0.kind.rawValue + " " }.joined()
            var text = code(modifiers + "state \(symbol.name)" + (state.state.parameters.map(payload) ?? ""))
            text += documentation(state.state.documentation)
            if let parent = state.parent {
                text += "\n\nInside `\(parent.name.text)`."
            }
            var lines: [String] = []
            for member in state.state.members {
                switch member {
                case .transition(let transition): lines.append("`\(written(transition.range, source))`")
                case .entry(let block), .exit(let block): lines.append("`\(written(block.range, source))`")
                // A history's default is a transition of its own: `history -> detail / act`.
                case .history(let history) where !history.defaultTargets.isEmpty: lines.append("`\(written(history.range, source))`")
                default: break
                }
            }
            text += list("Transitions", lines)
            return text
        case .invocation:
            let invocation = walk.invocations.first { $0.invoke.name.text == symbol.name }
            var text = code(invocation.map { written($0.invoke.range, source) } ?? "invoke \(symbol.name)")
            text += documentation(invocation?.invoke.documentation)
            if let owner = invocation?.owner {
                text += "\n\nRuns while `\(owner.name.text)` is active."
            }
            let taking = walk.transitions.filter { transition in
                switch transition.transition.trigger {
                case .invocationDone(let name, _), .invocationError(let name, _): name.text == symbol.name
                case .event(let name): name.text == symbol.name
                case .childOutput, .always, .after, .done, .computedAfter: false
                }
            }
            text += list("Transitions", taking.map { "\(place($0.owner)): `\(written($0.transition.range, source))`" })
            return text
        case .guard, .action:
            let uses = index.references(to: symbol).count
            let usage = "used in \(uses) \(uses == 1 ? "place" : "places")."
            let callables = model?.name == machine.name.text ? (symbol.kind == .guard ? model?.guards : model?.actions) : nil
            guard let callable = callables?.first(where: { $0.name == symbol.name }) else {
                return code("\(symbol.kind.rawValue) \(symbol.name)")
                    + "\n\nImplemented in Swift, in the machine's `\(machine.name.text).Actions`; " + usage
            }
            let signature = "func \(callable.name)\(SwiftNames.parameterList(callable.parameters))" + (symbol.kind == .guard ? " -> Bool" : "")
            return "```swift\n\(signature)\n```\n\nA requirement of `\(machine.name.text).Actions`, implemented in Swift; " + usage
        }
    }

    private static func code(_ text: String) -> String { "```fsm\n\(text)\n```" }

    private static func documentation(_ text: String?) -> String {
        guard let text, !text.isEmpty else { return "" }
        return "\n\n" + text
    }

    private static func list(_ title: String, _ lines: [String]) -> String {
        guard !lines.isEmpty else { return "" }
        return "\n\n\(title):\n" + lines.map { "- \($0)" }.joined(separator: "\n")
    }

    private static func payload(_ parameters: [ParameterSyntax]) -> String {
        parameters.isEmpty ? "" : OutlineItem.parameterList(parameters)
    }

    private static func place(_ owner: StateSyntax?) -> String {
        owner.map { "in `\($0.name.text)`" } ?? "at machine level"
    }

    /// A declaration's text on one line: runs of white space folded to one space (by Unicode
    /// scalars: Swift reads a Windows line break, `\r\n`, as one character, neither `\r` nor `\n`).
    private static func written(_ range: SourceRange, _ source: SourceText) -> String {
        SpecSpacing.words(of: source.text(range)).joined(separator: " ")
    }
}
