/// Model parts written back as `.fsm` text: labels for diagrams, tables and messages.
public enum SpecText {
    /// `a && !(b || c)`, `in(boldOn)`, or `else`.
    public static func guardExpression(_ guardModel: GuardModel, in model: MachineModel) -> String {
        guardExpression(guardModel) { model[$0].name }
    }

    /// The same, naming states through `stateName`: for the checker, which writes a
    /// property's condition before the model exists.
    static func guardExpression(_ guardModel: GuardModel, stateName: (StateID) -> String) -> String {
        func text(_ guardModel: GuardModel, precedence: Int) -> String {
            switch guardModel {
            case .call(let name): return name
            case .callWithArguments(let name, let arguments): return name + SpecText.callArguments(arguments)
            case .not(let operand): return "!" + text(operand, precedence: 3)
            case .and(let lhs, let rhs):
                let joined = text(lhs, precedence: 2) + " && " + text(rhs, precedence: 2)
                return precedence > 2 ? "(\(joined))" : joined
            case .or(let lhs, let rhs):
                let joined = text(lhs, precedence: 1) + " || " + text(rhs, precedence: 1)
                return precedence > 1 ? "(\(joined))" : joined
            case .else: return "else"
            case .isIn(let state): return "in(\(stateName(state)))"
            case .constant(let value): return value ? "true" : "false"
            }
        }
        return text(guardModel, precedence: 0)
    }

    /// `startPlayback`, `discard(url: url)`, `emit notice("Already playing.")`, `raise retry`,
    /// `update(progress: fraction)`.
    public static func action(_ action: ActionModel, in model: MachineModel) -> String {
        switch action {
        case .call(let name): name
        case .callWithArguments(let name, let arguments): name + Self.callArguments(arguments)
        case .update(let updates): "update" + Self.arguments(updates.map(\.argument))
        case .emit(let output, let arguments): "emit " + call(model[output].name, arguments)
        case .raise(let event, let arguments): "raise " + call(model[event].name, arguments)
        }
    }

    private static func call(_ name: String, _ arguments: [ArgumentModel]) -> String {
        guard !arguments.isEmpty else { return name }
        return name + Self.arguments(arguments)
    }

    /// `(count: 6, title: title)`.
    /// The arguments of a call written with them, as written: `isSaved(current)` for an
    /// argument that takes the label of the payload or data it names.
    static func callArguments(_ arguments: [ArgumentModel]) -> String {
        "(" + arguments.map { argument in
            let value = SpecText.literal(argument.value)
            switch argument.value {
            case .payload(let name) where name == argument.label, .data(let name) where name == argument.label: return value
            default: return argument.label.map { "\($0): \(value)" } ?? value
            }
        }.joined(separator: ", ") + ")"
    }

    static func arguments(_ arguments: [ArgumentModel]) -> String {
        "(" + arguments.map { argument in
            let value = SpecText.literal(argument.value)
            return argument.label.map { "\($0): \(value)" } ?? value
        }.joined(separator: ", ") + ")"
    }
}
