import FSMCore

/// What the Swift back end does not handle yet, refused at the spec's line before
/// `SwiftEmitter` is reached, so that a spec `check` accepts either generates or says why not
/// (`generate`, in `fsmc` and in the build plugin's `fsmc-build`): language version 4's
/// `update(…)` and calls with arguments (`discard(url: url)`, `[isLarge(size: total)]`,
/// `-> paused(elapsed: elapsed(since: since))`).
///
/// Temporary: this file is the one place to delete when the back end generates them.
enum SwiftBackEndRefusals {
    static func refusals(_ model: MachineModel) -> [Diagnostic] {
        var refusals: [Diagnostic] = []
        for transition in model.allTransitions {
            var constructs = transition.actions.compactMap(unhandled)
            if let guardModel = transition.guardExpression, let call = calledWithArguments(guardModel) {
                constructs.append("'\(call)(…)' called with arguments")
            }
            constructs += transition.targetArguments.compactMap { unhandled($0.value) }
            refusals += constructs.map { refusal($0, at: transition.range) }
        }
        for state in model.states {
            let blocks = state.entryActions + state.exitActions + (state.historyDefault?.actions ?? [])
            refusals += blocks.compactMap(unhandled).map { refusal($0, at: state.range) }
        }
        return refusals.sorted { $0.range.start < $1.range.start }
    }

    private static func refusal(_ construct: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "the Swift back end does not handle \(construct) yet", at: range)
    }

    /// What of `action` the back end cannot write, said for a message.
    private static func unhandled(_ action: ActionModel) -> String? {
        switch action {
        case .update: "update(…)"
        case .callWithArguments(let name, _): "'\(name)(…)' called with arguments"
        case .emit(_, let arguments), .raise(_, let arguments): arguments.lazy.compactMap { unhandled($0.value) }.first
        case .call: nil
        }
    }

    private static func unhandled(_ value: ArgumentModel.Value) -> String? {
        switch value {
        case .computedWithArguments(let name, _): "'\(name)(…)' called with arguments"
        case .string, .integer, .float, .boolean, .nil, .payload, .data, .computed: nil
        }
    }

    private static func calledWithArguments(_ guardModel: GuardModel) -> String? {
        switch guardModel {
        case .callWithArguments(let name, _): name
        case .not(let operand): calledWithArguments(operand)
        case .and(let lhs, let rhs), .or(let lhs, let rhs): calledWithArguments(lhs) ?? calledWithArguments(rhs)
        case .call, .else, .isIn, .constant: nil
        }
    }
}
