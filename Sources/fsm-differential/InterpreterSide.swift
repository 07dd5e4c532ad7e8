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
                case .took, .ignored, .tookHistoryDefault, .started, .cancelled, .dropped, .ignoredResult: nil
                }
            }
            seen = interpreter.trace.count
            let active = interpreter.configuration.map { model[$0].name }.sorted()
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
            }
            note(step.text)
        }
        return lines
    }

    /// A trace line without its actions column: what the interpreter can be compared on.
    static func withoutActions(_ line: String) -> String {
        var columns = line.components(separatedBy: " | ")
        if columns.count == 4 { columns[2] = "" }
        return columns.joined(separator: " | ")
    }
}
