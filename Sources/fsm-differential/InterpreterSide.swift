import FSMCompiler

/// FSMCompiler's interpreter of the executable model, the meaning the Swift emitter generates
/// (agreement tests keep them together): it runs a script in-process, which makes it the fast
/// stand-in for the Swift side while a disagreement is minimized. It knows the states a step
/// exits and enters and the configuration, not the actions.
enum InterpreterSide {
    /// The trace lines of `script`, with the actions column left empty.
    static func trace(_ chart: DifferentialChart, _ script: DifferentialScript) -> [String] {
        let model = chart.model
        var interpreter = MachineInterpreter(machine: chart.machine)
        var seen = 0
        var lines: [String] = []
        func note(_ step: String) {
            let states = interpreter.trace[seen...].compactMap { entry -> String? in
                switch entry {
                case .exited(let state): "exit \(model[state].name)"
                case .entered(let state): "enter \(model[state].name)"
                case .took, .ignored, .kept, .released, .tookHistoryDefault, .started, .cancelled, .dropped, .ignoredResult, .inChild,
                     .updated: nil
                }
            }
            seen = interpreter.trace.count
            let active = interpreter.configuration.map { model[$0].name }.sorted()
                + interpreter.runningInvocations.map { model[$0.invocation].name + "()" }.sorted()
            lines.append("\(step) | \(states.joined(separator: ", ")) |  | \(active.joined(separator: " "))")
        }
        _ = interpreter.start(answers: script.trueGuards)
        note("start")
        for step in script.steps {
            switch step {
            case .send(let name):
                if let index = model.events.firstIndex(where: { $0.name == name }) {
                    _ = interpreter.send(EventID(index), answers: script.trueGuards)
                }
            case .wait(let milliseconds):
                _ = interpreter.advance(to: interpreter.now + Int64(milliseconds) * 1_000_000, answers: script.trueGuards)
            case .outcome(let outcome, let name):
                let run = interpreter.runningInvocations.first { model[$0.invocation].name == name }
                if let run, let delivered = Self.result(of: outcome, from: model[run.invocation]) {
                    _ = interpreter.deliver(delivered, from: run, answers: script.trueGuards)
                }
            case .child:
                // A chart invokes no child machine (``ChildPair`` does).
                break
            }
            note(step.text)
        }
        return lines
    }

    /// What an outcome delivers from `invocation`, or `nil` when its kind has no such outcome
    /// (a call does not yield or finish, a stream does not complete): the child session the
    /// export writes ignores that event too.
    static func result(of outcome: SCXMLEmitter.Outcome, from invocation: InvocationModel) -> InvocationResult? {
        let isStream = invocation.kind == .stream
        switch outcome {
        case .complete: return isStream ? nil : .done
        case .finish: return isStream ? .done : nil
        case .yield: return isStream ? .element : nil
        case .fail: return invocation.canFail ? .error : nil
        }
    }

    /// A trace line without its actions column: what the interpreter can be compared on.
    static func withoutActions(_ line: String) -> String {
        var columns = line.components(separatedBy: " | ")
        if columns.count == 4 { columns[2] = "" }
        return columns.joined(separator: " | ")
    }
}
