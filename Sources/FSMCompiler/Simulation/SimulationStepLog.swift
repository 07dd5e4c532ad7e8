import FSMCore

/// What one outcome of a step did, as the lines of the simulator's step log: the interpreter's
/// trace (exits with their exit actions, transitions with their actions, entries with their
/// entry actions, events kept, released and ignored, invocations started and cancelled), and
/// before each selection's transitions, every candidate it did not take and why
/// (``MachineInterpreter/SelectionExplanation``). Texts are the spec's own (``SpecText``).
package struct SimulationStepLog {
    package let machine: ExecutableMachine
    /// The machines it runs as children, and theirs, by name: a child's entries are told with
    /// its own names, after the invocation that runs it (a recorded run's; the simulator's own
    /// steps abstract children).
    package let children: [String: ExecutableMachine]
    private var model: MachineModel { machine.model }

    package init(machine: ExecutableMachine, children: [String: ExecutableMachine] = [:]) {
        self.machine = machine
        self.children = children
    }

    package struct Line: Hashable, Sendable {
        /// What the line says happened: `exit`, `entry`, `transition`, `action`, `output`,
        /// `raise`, `notTaken`, `ignored`, `kept`, `released`, `history`, `invocation`,
        /// `dropped`, `child`; `more` for the line that says how much of a long step is left out.
        package var kind: String
        package var text: String
    }

    /// The most lines the page shows of one outcome: a step that loops on eventless
    /// transitions or raised events handles up to a thousand triggers, and its whole log in
    /// every outcome would make the page grow with the square of what it lists.
    package static let maximumLinesPerOutcome = 200

    /// The outcome's trace as lines, with the candidates each selection did not take just
    /// before what it did; at most ``maximumLinesPerOutcome``, the last saying what was left
    /// out.
    package func lines(of outcome: SimulationGraph.Outcome) -> [Line] {
        lines(of: outcome.trace, explanations: outcome.explanations, limit: Self.maximumLinesPerOutcome)
    }

    /// The lines of what the interpreter did (`trace`), with the selections it explained; past
    /// `limit` lines, one that says how many entries of the trace are left out.
    package func lines(
        of trace: [MachineInterpreter.TraceEntry], explanations: [MachineInterpreter.SelectionExplanation] = [], limit: Int = .max
    ) -> [Line] {
        var lines: [Line] = []
        var explanations = explanations[...]
        func explainUpTo(_ index: Int) {
            while let next = explanations.first, next.traceIndex <= index {
                explanations = explanations.dropFirst()
                lines += notTaken(next)
            }
        }
        for (index, entry) in trace.enumerated() {
            if lines.count >= limit {
                let left = trace.count - index
                lines.append(Line(
                    kind: "more",
                    text: "… and \(left) more \(left == 1 ? "entry" : "entries") of this step's trace, left out of the page: it handles many triggers"))
                return lines
            }
            explainUpTo(index)
            lines += self.lines(of: entry)
        }
        explainUpTo(Int.max)
        return lines
    }

    private func notTaken(_ explanation: MachineInterpreter.SelectionExplanation) -> [Line] {
        explanation.candidates.compactMap { candidate in
            let transition = description(of: candidate.transition)
            switch candidate.fate {
            case .taken:
                return nil
            case .guardFalse:
                return Line(kind: "notTaken", text: "not taken: \(transition): its guard answered false")
            case .inFalse:
                return Line(kind: "notTaken", text: "not taken: \(transition): its in(…) is false here")
            case .preempted(let other):
                return Line(kind: "notTaken", text: "not taken: \(transition): preempted by \(description(of: other))")
            case .conflicts(let other):
                return Line(kind: "notTaken", text: "not taken: \(transition): conflicts with \(description(of: other)) in another region")
            }
        }
    }

    private func description(of transition: TransitionID) -> String {
        PathDescription.transition(machine[transition].declaration, in: model)
    }

    private func lines(of entry: MachineInterpreter.TraceEntry) -> [Line] {
        switch entry {
        case .exited(let state):
            return [Line(kind: "exit", text: "exit \(model[state].name)")] + actions(model[state].exitActions)
        case .entered(let state):
            return [Line(kind: "entry", text: "enter \(model[state].name)")] + actions(model[state].entryActions)
        case .took(let transition):
            return [Line(kind: "transition", text: "take \(description(of: transition))")]
                + actions(machine[transition].declaration.actions)
        case .ignored(let event):
            return [Line(kind: "ignored", text: "ignored \(model[event].name): no enabled transition took it")]
        case .kept(let event):
            return [Line(kind: "kept", text: "kept \(model[event].name): an active state defers it")]
        case .released(let event):
            return [Line(kind: "released", text: "released \(model[event].name): no active state defers it any more")]
        case .tookHistoryDefault(let state):
            return [Line(kind: "history", text: "\(model[state].name).history: nothing remembered, its default")]
                + actions(model[state].historyDefault?.actions ?? [])
        case .started(let run):
            return [Line(kind: "invocation", text: "start \(model[run.invocation].name)")]
        case .cancelled(let run):
            return [Line(kind: "invocation", text: "cancel \(model[run.invocation].name)")]
        case .dropped(let run, let result):
            return [Line(kind: "dropped", text: "dropped \(result.trigger(of: model[run.invocation].name)): it no longer runs")]
        case .ignoredResult(let run, let result):
            return [Line(kind: "ignored", text: "ignored \(result.trigger(of: model[run.invocation].name)): no transition took it")]
        case .updated:
            // Shown as the action line of the transition taken just before it.
            return []
        case .inChild(let run, let inner):
            let name = model[run.invocation].name
            guard case .machine(let childName) = model[run.invocation].kind, let child = children[childName] else {
                return [Line(kind: "child", text: "a step of the child \(name)")]
            }
            return SimulationStepLog(machine: child, children: children).lines(of: inner).map { line in
                Line(kind: line.kind, text: line.text.hasPrefix("  ") ? "  \(name): \(line.text.dropFirst(2))" : "\(name): \(line.text)")
            }
        }
    }

    private func actions(_ actions: [ActionModel]) -> [Line] {
        actions.map { action in
            let kind = switch action {
            case .emit: "output"
            case .raise: "raise"
            case .call, .callWithArguments: "action"
            case .update: "update"
            }
            return Line(kind: kind, text: "  \(SpecText.action(action, in: model))")
        }
    }
}
