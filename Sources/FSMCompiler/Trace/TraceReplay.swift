/// Checks a recorded run against its spec with ``MachineInterpreter``, the one semantics: each
/// step's stimulus is given to the interpreter with the guard answers the trace recorded, and
/// what the interpreter does (exits, entries, transitions, outputs, ignored and kept events,
/// invocations started, cancelled and dropped) and the configuration it ends in must be what
/// the trace recorded, record for record. No I/O: `fsmc replay` and `fsmc simulate --trace`
/// read the files and print.
public enum TraceReplay {
    /// Replays `trace` on `machine`, up to the first divergence.
    public static func replay(_ trace: RecordedTrace, on machine: ExecutableMachine) -> ReplayedRun {
        var replay = Replay(machine: machine)
        replay.run(trace)
        return ReplayedRun(machine: machine, steps: replay.steps, divergence: replay.divergence)
    }

    /// Reads `text` and replays it: a trace that cannot be read is a divergence at the line
    /// and column that cannot be read.
    public static func replay(text: String, on machine: ExecutableMachine) -> ReplayedRun {
        do {
            return replay(try RecordedTrace.read(text), on: machine)
        } catch {
            let divergence = TraceDivergence(line: error.line, column: error.column, message: error.message)
            return ReplayedRun(machine: machine, steps: [], divergence: divergence)
        }
    }
}

/// One replay in progress.
private struct Replay {
    let machine: ExecutableMachine
    var interpreter: MachineInterpreter
    var steps: [ReplayedRun.Step] = []
    var divergence: TraceDivergence?

    init(machine: ExecutableMachine) {
        self.machine = machine
        interpreter = MachineInterpreter(machine: machine)
    }

    var model: MachineModel { machine.model }

    mutating func run(_ trace: RecordedTrace) {
        guard trace.header.machine == model.name else {
            divergence = TraceDivergence(line: 1, message: "the trace recorded machine '\(trace.header.machine)', the spec declares '\(model.name)'")
            return
        }
        if let invocation = model.invocations.first(where: { $0.child != nil }) {
            divergence = TraceDivergence(
                line: 1, message: "replay does not follow child machines yet, and '\(model.name)' invokes one",
                notes: [Diagnostic.Note("'\(invocation.name)' runs a child machine", at: invocation.range)])
            return
        }
        var index = 0
        let lines = trace.lines
        while index < lines.count {
            let opening = lines[index]
            guard opening.record.isStimulus else {
                fail(at: opening, "expected a step's stimulus (start, event, timer or result), found '\(opening.record.summary)'")
                return
            }
            if steps.isEmpty, opening.record != .start {
                fail(at: opening, "a recorded run starts with the machine's 'start' step, found '\(opening.record.summary)'")
                return
            } else if !steps.isEmpty, opening.record == .start {
                fail(at: opening, "'start' opens only the first step")
                return
            }
            var end = index + 1
            while end < lines.count, !isStepEnd(lines[end].record) {
                if lines[end].record.isStimulus {
                    fail(at: lines[end], "'\(lines[end].record.summary)' opens a step before the previous one ended with its 'step' record")
                    return
                }
                end += 1
            }
            guard end < lines.count, case .step(let configuration) = lines[end].record else {
                fail(at: lines[lines.count - 1], "the trace ends inside a step (it has no 'step' record): was it cut short?")
                return
            }
            guard replayStep(opening, lines[(index + 1)..<end], closedBy: lines[end], configuration: configuration) else { return }
            index = end + 1
        }
        if steps.isEmpty {
            divergence = TraceDivergence(line: 1, message: "the trace records no step: a recorded run starts with the machine's 'start' step")
        }
    }

    private func isStepEnd(_ record: TraceRecord) -> Bool {
        if case .step = record { true } else { false }
    }

    private mutating func fail(at line: RecordedTrace.Line, _ message: String, notes: [Diagnostic.Note] = []) {
        divergence = TraceDivergence(line: line.number, message: message, notes: notes)
    }

    /// Runs one step; `false` once it diverged.
    private mutating func replayStep(
        _ opening: RecordedTrace.Line, _ body: ArraySlice<RecordedTrace.Line>, closedBy closing: RecordedTrace.Line, configuration: [String]
    ) -> Bool {
        var guardAnswers: [ReplayedRun.GuardAnswer] = []
        var answered: [String: Bool] = [:]
        var effects: [RecordedTrace.Line] = []
        for line in body {
            guard case .guardAnswer(let name, let arguments, let answer) = line.record else {
                effects.append(line)
                continue
            }
            guard model.guards.contains(where: { $0.name == name }) else {
                fail(at: line, "the spec has no guard '\(name)'")
                return false
            }
            if let earlier = answered[name], earlier != answer {
                fail(at: line, "guard '\(name)' was answered both \(earlier) and \(answer) in one step: a replay gives a guard one answer per step")
                return false
            }
            answered[name] = answer
            guardAnswers.append(ReplayedRun.GuardAnswer(name: name, arguments: arguments, answer: answer))
        }
        let answers = Set(answered.filter(\.value).keys)
        guard let stimulus = stimulus(of: opening) else { return false }
        let mark = interpreter.trace.count
        let transitions: [TransitionID]
        switch stimulus {
        case .start:
            transitions = interpreter.start(answers: answers)
        case .event(let event):
            transitions = interpreter.send(event, answers: answers)
        case .timer(let state, let group):
            let deadline = interpreter.deadline(ofTimer: group, of: state)!
            transitions = interpreter.advance(to: deadline, answers: answers)
        case .result(let invocation, let result):
            // A result of an invocation that no longer runs is dropped, as the generated code
            // drops it: the interpreter tells so from a run that is not running. A late result
            // of a cancelled run may come back while a later run of the same invocation runs
            // (the state left and entered again; the task driver hands every late result to the
            // machine): the step's `dropped` record says it was the old one's.
            let recordedDrop = effects.contains { if case .dropped = $0.record { true } else { false } }
            let running = recordedDrop ? nil : interpreter.runningInvocations.first { $0.invocation == invocation }
            let run = running ?? MachineInterpreter.InvocationRun(invocation: invocation, number: -1)
            transitions = interpreter.deliver(result, from: run, answers: answers)
        }
        let entries = Array(interpreter.trace[mark...])
        var noted: [TransitionID] = []
        for transition in transitions where !noted.contains(transition) && noted.count < 4 { noted.append(transition) }
        let spansNote = noted.map { Diagnostic.Note("the spec takes this transition in the step", at: machine[$0].declaration.range) }
        if interpreter.diverged {
            fail(at: opening, "the spec loops on eventless transitions or raised events in this step", notes: spansNote)
            return false
        }
        let expected = ExpectedRecords(machine: machine).records(for: entries)
        for (position, line) in effects.enumerated() {
            guard position < expected.count else {
                fail(at: line, "the trace recorded '\(line.record.summary)', the spec does nothing more in this step", notes: spansNote)
                return false
            }
            guard expected[position].record.matches(line.record) else {
                fail(
                    at: line, "the trace recorded '\(line.record.summary)', the spec does '\(expected[position].record.summary)' here",
                    notes: expected[position].transitions.map {
                        Diagnostic.Note("the spec takes this transition here", at: machine[$0].declaration.range)
                    })
                return false
            }
        }
        if effects.count < expected.count {
            let missing = expected[effects.count]
            fail(
                at: closing, "the step ends here in the trace, the spec does '\(missing.record.summary)' first",
                notes: missing.transitions.map { Diagnostic.Note("the spec takes this transition here", at: machine[$0].declaration.range) })
            return false
        }
        let active = interpreter.configuration.map { model[$0].name }
        guard active == configuration else {
            fail(
                at: closing,
                "the trace recorded the configuration [\(configuration.joined(separator: ", "))], the spec's is [\(active.joined(separator: ", "))]",
                notes: spansNote)
            return false
        }
        steps.append(ReplayedRun.Step(
            stimulus: stimulus, answers: answers, guardAnswers: guardAnswers, transitions: transitions, entries: entries,
            interpreter: interpreter, lines: opening.number...closing.number))
        return true
    }

    /// The stimulus a step's first record names, checked against the spec and the
    /// interpreter's situation; `nil` (with the divergence set) when the spec cannot take it.
    private mutating func stimulus(of line: RecordedTrace.Line) -> ReplayedRun.Stimulus? {
        switch line.record {
        case .start:
            return .start
        case .event(let name, _):
            guard let index = model.events.firstIndex(where: { $0.name == name }) else {
                fail(at: line, "the spec declares no event '\(name)'")
                return nil
            }
            return .event(EventID(index))
        case .timer(nil):
            guard let timer = interpreter.runningTimers.min(by: { $0.deadline < $1.deadline }) else {
                fail(at: line, "the trace recorded a timer, the spec runs none here")
                return nil
            }
            return .timer(timer.owner, group: timer.group)
        case .timer(let name?):
            guard let state = model.states.first(where: { $0.name == name })?.id else {
                fail(at: line, "the spec declares no state '\(name)'")
                return nil
            }
            let running = interpreter.runningTimers.filter { $0.owner == state }
            guard let timer = running.min(by: { $0.deadline < $1.deadline }) else {
                fail(at: line, "the trace recorded a timer of '\(name)', the spec runs none here (it is not active, or declares no 'after')")
                return nil
            }
            return .timer(state, group: timer.group)
        case .result(let name, let outcome):
            guard let invocation = model.invocations.first(where: { $0.name == name }) else {
                fail(at: line, "the spec declares no invocation '\(name)'")
                return nil
            }
            switch outcome {
            case .done: return .result(invocation.id, .done)
            case .error: return .result(invocation.id, .error)
            case .element:
                guard invocation.kind == .stream else {
                    fail(
                        at: line, "the trace recorded an element of '\(name)', which is not a stream",
                        notes: [Diagnostic.Note("'\(name)' is declared here", at: invocation.range)])
                    return nil
                }
                return .result(invocation.id, .element)
            case .output(let output):
                fail(at: line, "the trace recorded output '\(output)' of '\(name)', which runs no child machine")
                return nil
            }
        default:
            return nil
        }
    }
}

extension TraceReplay {
    /// The records a generated machine's recorder writes for what the interpreter did
    /// (`entries`, a part of ``MachineInterpreter/trace``), in the order the generated code
    /// notifies them, outputs without payloads: what replay expects of a step, and how a run of
    /// the interpreter is written as a trace.
    public static func records(for entries: [MachineInterpreter.TraceEntry], of machine: ExecutableMachine) -> [TraceRecord] {
        ExpectedRecords(machine: machine).records(for: entries).map(\.record)
    }
}
