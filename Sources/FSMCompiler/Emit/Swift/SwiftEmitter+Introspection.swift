/// The pure transition function and the machine as data.
///
/// Both are driven by the transition table, which the generated file holds as rows of spec
/// text: the Swift compiler reads thousands of string literals in an instant, whereas a second
/// `switch` over every transition, or an array literal of typed values, would cost more to
/// type-check than the dispatch itself (minutes, for the array, at 10,000 transitions).
extension SwiftEmitter {
    func emitTransitionFunction(into writer: inout CodeWriter) {
        let hasGuards = !model.guards.isEmpty
        writer.line("// MARK: - Transition function")
        writer.line()
        writer.line("/// The state `event` leads to from `state`, or `nil` when the machine would ignore it.")
        writer.line("///")
        writer.line("/// A pure function for tests and tools: no action runs\(hasGuards ? " (only `guards`' guards are asked)" : ""), an internal")
        writer.line("/// transition leads to `state` itself, and eventless transitions that may follow are not taken.")
        writer.line("/// It reads `transitionTable`, in order.")
        let parameters = ["from state: State", "on event: Event"] + (hasGuards ? ["guards: any Actions"] : [])
        writer.block("\(access)static func nextState(\(parameters.joined(separator: ", "))) -> State?") { writer in
            guard finalStates.count < model.states.count else {
                writer.line("return nil")
                return
            }
            if !finalStates.isEmpty {
                writer.line("switch state {")
                writer.line("case \(finalStates.map { "." + $0.name }.joined(separator: ", ")): return nil")
                writer.line("default: break")
                writer.line("}")
            }
            let guardHolds = hasGuards ? "{ guardHolds($0, on: event, guards: guards) }" : "{ _ in true }"
            writer.line("return transitionTable.nextState(from: state, onEvent: event.name) \(guardHolds)")
        }
        writer.line()
        if hasGuards { emitGuardEvaluation(into: &writer) }
    }

    /// `guardHolds(_:on:guards:)`: each guard of an `on` transition, by its text in the table.
    private func emitGuardEvaluation(into writer: inout CodeWriter) {
        var expressions: [(text: String, guardModel: GuardModel, events: [EventID])] = []
        var position: [String: Int] = [:]
        forEachTransition { transition in
            guard case .event(let event) = transition.trigger, let guardModel = transition.guardExpression, guardModel != .else else {
                return
            }
            let text = SpecText.guardExpression(guardModel, in: model)
            if let index = position[text] {
                if !expressions[index].events.contains(event) { expressions[index].events.append(event) }
            } else {
                position[text] = expressions.count
                expressions.append((text, guardModel, [event]))
            }
        }
        writer.line("/// Whether the guard written `expression` holds for `event`: how `nextState` asks `guards`.")
        writer.block("private static func guardHolds(_ expression: String, on event: Event, guards: any Actions) -> Bool") { writer in
            writer.line("switch expression {")
            for expression in expressions {
                writer.line("case \(SwiftNames.stringLiteral(expression.text)):")
                writer.indented { writer in
                    emitGuardCall(expression.guardModel, events: expression.events, into: &writer)
                }
            }
            writer.line("default:")
            writer.indented { writer in writer.line("return false") }
            writer.line("}")
        }
        writer.line()
    }

    /// Returns the guard's value, binding the payload of whichever event it guards.
    private func emitGuardCall(_ guardModel: GuardModel, events: [EventID], into writer: inout CodeWriter) {
        let code = { (event: EventID) in guardCode(guardModel, event: event, receiver: "guards") ?? "true" }
        let withPayload = events.filter { !model[$0].parameters.isEmpty }
        guard !withPayload.isEmpty else {
            writer.line("return \(code(events[0]))")
            return
        }
        let binding = { (event: EventID) in pattern(for: event, binding: Set(payloadVariables[event.index])) }
        if events.count == 1, let event = events.first {
            writer.line("guard case \(binding(event)) = event else { return false }")
            writer.line("return \(code(event))")
            return
        }
        writer.line("switch event {")
        for event in events {
            writer.line("case \(binding(event)): return \(code(event))")
        }
        writer.line("default: return false")
        writer.line("}")
    }

    func emitIntrospection(into writer: inout CodeWriter) {
        writer.line("// MARK: - Introspection")
        writer.line()
        writer.line("/// The state the machine starts in.")
        writer.line("\(access)static let initialState: State = \(stateCase(model.initialState))")
        writer.line()
        writer.line("/// The names of the events, in declaration order.")
        writer.line("\(access)static let eventNames: [String] = [\(model.events.map { SwiftNames.stringLiteral($0.name) }.joined(separator: ", "))]")
        writer.line()
        writer.line("/// Every transition of the spec: each state's in document order, then the machine-level ones.")
        writer.line("\(access)static let transitionTable: [TransitionDescriptor<State>] = TransitionDescriptor.table(transitionRows)")
        writer.line()
        writer.line("/// `transitionTable` as the spec reads it, one transition a line; `*` is the machine level.")
        writer.line("private static let transitionRows = \"\"\"")
        writer.indented { writer in
            forEachTransition { transition in
                writeRow(transition, into: &writer)
            }
            writer.line("\"\"\"")
        }
        writer.line()
    }

    /// `stopped: on play -> playing / startPlayback`: the format `TransitionDescriptor.table`
    /// reads, escaped for the string literal that holds the rows.
    ///
    /// Written to the line part by part: making a string of every row first costs more than
    /// all the rest of the table. Only the arguments of `emit` and `raise` can need escaping;
    /// names, guards and durations are made of identifier characters, digits and operators.
    private func writeRow(_ transition: TransitionModel, into writer: inout CodeWriter) {
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
                line.write(Self.wholeDuration(delay.nanoseconds))
            case .done:
                line.write("done")
            }
            if let guardModel = transition.guardExpression {
                line.write(" [")
                line.write(SpecText.guardExpression(guardModel, in: model))
                line.write("]")
            }
            if let target = SpecText.target(of: transition, in: model) {
                line.write(" -> ")
                line.write(target)
            }
            for (index, action) in transition.actions.enumerated() {
                line.write(index == 0 ? " / " : ", ")
                if case .call(let name) = action {
                    line.write(name)
                } else {
                    line.write(SwiftNames.escaped(SpecText.action(action, in: model)))
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
