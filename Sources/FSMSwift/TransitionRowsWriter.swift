import FSMCore

/// Writes a machine's transitions as the rows of spec text that `TransitionDescriptor.table`
/// in FSMRuntime reads (the format is described there): the generated `transitionTable`.
public enum TransitionRowsWriter {
    /// The format version of the rows; FSMRuntime's reader refuses any other.
    public static let format = 2

    /// The rows of every transition of `model`, one a line, in ``MachineModel/allTransitions``
    /// order: the value of the generated file's string literal (which escapes it).
    public static func rows(of model: MachineModel) -> String {
        var writer = CodeWriter()
        for transition in model.allTransitions {
            writeRow(transition, in: model, escapingForLiteral: false, into: &writer)
        }
        return writer.text
    }

    /// `stopped: on play -> playing / startPlayback`: the format `TransitionDescriptor.table`
    /// reads, escaped for the string literal that holds the rows.
    ///
    /// Written to the line part by part: making a string of every row first costs more than
    /// all the rest of the table. Only the arguments of `emit` and `raise` can need escaping;
    /// names, guards and durations are made of identifier characters, digits and operators.
    static func writeRow(_ transition: TransitionModel, in model: MachineModel, escapingForLiteral: Bool = true, into writer: inout CodeWriter) {
        writer.line { line in
            line.write(transition.source.map { model[$0].name } ?? "*")
            line.write(": ")
            switch transition.trigger {
            case .event(let event):
                line.write("on ")
                line.write(model[event].name)
            case .always:
                line.write("always")
            case .after(let delay):
                line.write("after ")
                line.write(wholeDuration(delay.nanoseconds))
            case .afterComputed(let function):
                line.write("after ")
                line.write(function)
            case .done:
                line.write("done")
            case .invocation:
                line.write(SpecText.trigger(transition.trigger, in: model))
            }
            if let guardModel = transition.guardExpression {
                line.write(" [")
                line.write(SpecText.guardExpression(guardModel, in: model))
                line.write("]")
            }
            if transition.reenters {
                line.write(" reenter")
            }
            if let target = SpecText.target(of: transition, in: model) {
                line.write(" -> ")
                line.write(target)
            }
            for (index, action) in transition.actions.enumerated() {
                line.write(index == 0 ? " / " : ", ")
                if let name = action.calledAction, action.explicitArguments == nil {
                    line.write(name)
                } else {
                    let text = SpecText.action(action, in: model)
                    line.write(escapingForLiteral ? SpecText.escaped(text) : text)
                }
            }
        }
    }

    /// `1500ms`: a duration in the largest unit that keeps it whole.
    private static func wholeDuration(_ nanoseconds: Int64) -> String {
        let units: [(suffix: String, nanoseconds: Int64)] = [
            ("h", 3_600_000_000_000), ("m", 60_000_000_000), ("s", 1_000_000_000), ("ms", 1_000_000), ("us", 1_000),
        ]
        for unit in units where nanoseconds % unit.nanoseconds == 0 {
            return "\(nanoseconds / unit.nanoseconds)\(unit.suffix)"
        }
        return "\(nanoseconds)ns"
    }
}
