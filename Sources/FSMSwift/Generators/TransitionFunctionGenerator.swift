import FSMCore

/// The pure transition function: the executable machine's choice of transition and its target
/// configuration, as a `switch` that asks guards and runs nothing.
final class TransitionFunctionGenerator: TreeWalkingGenerator {
    let plan: SwiftPlan
    let spelling: SwiftSpelling
    let writers: DispatchWriters

    init(plan: SwiftPlan, spelling: SwiftSpelling, writers: DispatchWriters) {
        (self.plan, self.spelling, self.writers) = (plan, spelling, writers)
    }
}

extension TransitionFunctionGenerator {
    func emitTransitionFunction(into writer: inout CodeWriter) {
        let hasGuards = !model.guards.isEmpty
        let asks = model.valueFunctions.isEmpty ? "only `guards`' guards are asked" : "only `guards`' guards and value functions are asked"
        writer.line("// MARK: - Transition function")
        writer.line()
        writer.line("/// The state `event` leads to from `state`, or `nil` when the machine would ignore it.")
        writer.line("///")
        writer.line("/// A pure function for tests and tools: no action runs\(hasGuards || !model.valueFunctions.isEmpty ? " (\(asks))" : ""), an internal")
        writer.line("/// transition leads to `state` itself, and eventless transitions\(parts.completion != nil ? " and completions" : "") that may follow are not taken.")
        if parts.history != nil {
            writer.line("/// A history target enters what `history` remembers.")
        }
        var parameters = ["from state: State", "on event: Event"]
        if hasGuards || !model.valueFunctions.isEmpty { parameters.append("guards: any Actions") }
        if parts.history != nil { parameters.append("history: History = History()") }
        if model.events.isEmpty {
            // No event can be given: see eventFunction(_:into:_:).
            eventFunction("\(access)static func nextState(\(parameters.joined(separator: ", "))) -> State?", into: &writer) { _ in }
            writer.line()
            return
        }
        writer.function("\(access)static func nextState", parameters: parameters, returns: " -> State?") { writer in
            let topLevelFinals = model.topLevelStates.filter { model[$0].isFinal }
            guard topLevelFinals.count < model.topLevelStates.count else {
                // Every state is final, so no event is ever taken: after a `switch` that returns
                // in every case, the machine level's transitions would be code that never runs.
                writer.line("return nil")
                return
            }
            if !topLevelFinals.isEmpty {
                writer.line("switch state {")
                writer.line("case \(topLevelFinals.map { "." + model[$0].name }.joined(separator: ", ")): return nil")
                if topLevelFinals.count < model.topLevelStates.count { writer.line("default: break") }
                writer.line("}")
            }
            let leaves = emitEventWalk(mode: .pure, into: &writer)
            if !leaves { writer.line("return nil") }
        }
        writer.line()
    }
}
