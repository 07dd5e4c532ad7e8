import FSMCore

/// The machine as data, for tools, tests and documentation: its initial state, its events and
/// its transition table.
///
/// The table is held as rows of spec text: the Swift compiler reads thousands of string
/// literals in an instant, whereas an array literal of typed values would cost more to
/// type-check than the dispatch itself (minutes, at 10,000 transitions).
struct IntrospectionGenerator: PlanReader {
    let plan: SwiftPlan
}

extension IntrospectionGenerator {
    func emitIntrospection(into writer: inout CodeWriter) {
        writer.line("// MARK: - Introspection")
        writer.line()
        writer.line("/// The state the machine starts in.")
        writer.line("\(access)static let initialState: State = \(SwiftNames.configuration(active: machine.initialEntry.states, in: model))")
        writer.line()
        writer.line("/// The names of the events, in declaration order.")
        writer.line("\(access)static let eventNames: [String] = [\(model.events.map { SpecText.stringLiteral($0.name) }.joined(separator: ", "))]")
        writer.line()
        writer.line("/// Every transition of the spec: each state's in document order, then the machine-level ones.")
        let stateType = shape.stateIDType
        writer.line("\(access)static let transitionTable: [TransitionDescriptor<\(stateType)>] = TransitionDescriptor.table(transitionRows, format: \(TransitionRowsWriter.format)\(streamsArgument))")
        writer.line()
        writer.line("/// `transitionTable` as the spec reads it, one transition a line; `*` is the machine level.")
        writer.line("private static let transitionRows = \"\"\"")
        writer.indented { writer in
            // Every transition the spec declares, those never taken too.
            for state in model.states {
                for transition in state.transitions { TransitionRowsWriter.writeRow(transition, in: model, into: &writer) }
            }
            for transition in model.machineTransitions { TransitionRowsWriter.writeRow(transition, in: model, into: &writer) }
            writer.line("\"\"\"")
        }
        writer.line()
    }

    /// `, streams: ["changes"]`: the streams whose elements `on name` rows take; nothing when
    /// there is none.
    private var streamsArgument: String {
        let streams = model.invocations.filter { $0.kind == .stream }.map { SpecText.stringLiteral($0.name) }
        return streams.isEmpty ? "" : ", streams: [\(streams.joined(separator: ", "))]"
    }
}
