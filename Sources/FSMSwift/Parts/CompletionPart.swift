import FSMCore

/// `done` transitions of compound states: a completion waits in the internal queue as an
/// `InternalEvent` (``RaisedEventsPart``), and a parallel state's completion reads which of
/// its regions' final states were entered (`finalsEntered`, ``DispatchDecisions/finalsOfCompletingRegions``).
struct CompletionPart: RunningMachinePart {
    unowned let plan: SwiftPlan

    func emitQueueStorage(into writer: inout CodeWriter) {
        let finals = decisions.finalsOfCompletingRegions
        guard !finals.isEmpty else { return }
        writer.line("/// Whether the entry of each final state a parallel state's completion reads ran, and")
        writer.line("/// the state was not exited since: \(finals.map { "`\(model[$0].name)`" }.joined(separator: ", ")). A step")
        writer.line("/// enters states one at a time, as SCXML's configuration grows.")
        writer.line("\(unchecked)private var finalsEntered = [Bool](repeating: false, count: \(finals.count))")
    }

    func emitPrivateDeclarations(into writer: inout CodeWriter) {
        writer.line()
        writer.line("/// A raised event, or a compound state that completed.")
        writer.block("private enum InternalEvent") { writer in
            writer.line("case raised(Event)")
            writer.line("case completed(StateID)")
        }
    }

    /// A restored machine reads which final states are entered from its configuration.
    var resumption: [String] {
        decisions.finalsOfCompletingRegions.enumerated().map { "finalsEntered[\($0.offset)] = isIn(.\(model[$0.element].name))" }
    }
}
