/// Checks a recorded run against its spec with ``MachineInterpreter``, the one semantics: each
/// step's stimulus is given to the interpreter with the guard answers the trace recorded, and
/// what the interpreter does (exits, entries, transitions, outputs, ignored and kept events,
/// invocations started, cancelled and dropped) and the configuration it ends in must be what
/// the trace recorded, record for record. No I/O: `fsmc replay` and `fsmc simulate --trace`
/// read the files and print.
///
/// A parent's trace holds its child machines' runs (each record's path names whose it is):
/// the children run in the interpreter with it, each step of a child is replayed on that child
/// alone, and what the child emitted or finished with reaches the parent as the steps the trace
/// records for it, one per result, in order.
public enum TraceReplay {
    /// Replays `trace` on `machine`, up to the first divergence; `children`: the machines it
    /// runs as children, and theirs, by name.
    public static func replay(_ trace: RecordedTrace, on machine: ExecutableMachine, children: [String: ExecutableMachine] = [:]) -> ReplayedRun {
        var replay = Replay(machine: machine, children: children)
        var steps: [ReplayedRun.Step] = []
        if replay.begin(trace.header) {
            for line in trace.lines {
                if let step = replay.feed(line) { steps.append(step) }
                if replay.divergence != nil { break }
            }
            replay.finish(lastLine: trace.lines.last?.number ?? 1)
        }
        return ReplayedRun(machine: machine, steps: steps, divergence: replay.divergence)
    }

    /// Reads `text` and replays it: a trace that cannot be read is a divergence at the line
    /// and column that cannot be read.
    public static func replay(text: String, on machine: ExecutableMachine, children: [String: ExecutableMachine] = [:]) -> ReplayedRun {
        do {
            return replay(try RecordedTrace.read(text), on: machine, children: children)
        } catch {
            let divergence = TraceDivergence(line: error.line, column: error.column, message: error.message)
            return ReplayedRun(machine: machine, steps: [], divergence: divergence)
        }
    }
}

/// One replay in progress, fed a line at a time: a file's lines (``TraceReplay``) or a live
/// run's as they arrive (``LiveReplay``).
struct Replay {
    let machine: ExecutableMachine
    var interpreter: MachineInterpreter
    var divergence: TraceDivergence?
    /// How many steps matched.
    private(set) var stepCount = 0
    /// Whether the recorded machine's `stop()` ended it.
    var isStopped = false
    /// The lines of the step being read: its stimulus first, until its `step` record comes.
    private var pending: [RecordedTrace.Line] = []

    init(machine: ExecutableMachine, children: [String: ExecutableMachine]) {
        self.machine = machine
        interpreter = MachineInterpreter(machine: machine, machines: children)
    }

    var model: MachineModel { machine.model }

    /// Checks the header names this machine and that every child machine it runs was given;
    /// `false` (with the divergence set) when not.
    mutating func begin(_ header: RecordedTrace.Header) -> Bool {
        guard header.machine == model.name else {
            divergence = TraceDivergence(line: 1, message: "the trace recorded machine '\(header.machine)', the spec declares '\(model.name)'")
            return false
        }
        if let (invocation, name) = missingChild(of: model) {
            divergence = TraceDivergence(
                line: 1, message: "replay needs the spec of machine '\(name)', which '\(invocation.name)' runs: name it with --sibling",
                notes: [Diagnostic.Note("'\(invocation.name)' runs a child machine", at: invocation.range)])
            return false
        }
        return true
    }

    /// Takes the next record: the step it closes, replayed, or `nil` (while the step is being
    /// read, or with the divergence set).
    mutating func feed(_ line: RecordedTrace.Line) -> ReplayedRun.Step? {
        guard divergence == nil else { return nil }
        guard let opening = pending.first else {
            guard opens(line) else { return nil }
            pending = [line]
            return nil
        }
        if line.path == opening.path, line.record.isStepEnd {
            let body = pending.dropFirst()
            pending = []
            return replayStep(opening, body, closedBy: line)
        }
        // A step runs to its machine's `step` record; a child's start and cancellation (its
        // own records, a `step` record of its own included) come inside.
        if line.record.isStimulus, line.path.count <= opening.path.count || !line.path.starts(with: opening.path) {
            if stepCount == 0, line.path.isEmpty {
                // The recorder wrote `start` as it was made; the machine, which would have
                // ended its initial step, did not have its observer yet.
                fail(at: line, "the machine's initial step has no 'step' record: its TraceObserver was added after the machine "
                    + "started (addObserver(_:)), so the run has no start to replay from; give it to the machine's init (observers:)")
            } else {
                fail(at: line, "'\(line.summary)' opens a step before the previous one ended with its 'step' record")
            }
            return nil
        }
        pending.append(line)
        return nil
    }

    /// The trace ended after `lastLine`: a step left open, or no step at all, is a divergence.
    mutating func finish(lastLine: Int) {
        guard divergence == nil else { return }
        if !pending.isEmpty {
            divergence = TraceDivergence(line: lastLine, message: "the trace ends inside a step (it has no 'step' record): was it cut short?")
        } else if stepCount == 0 {
            divergence = TraceDivergence(line: 1, message: "the trace records no step: a recorded run starts with the machine's 'start' step")
        }
    }

    /// Whether `opening` may open the next step; `false` with the divergence set.
    private mutating func opens(_ opening: RecordedTrace.Line) -> Bool {
        guard opening.record.isStimulus else {
            fail(at: opening, "expected a step's stimulus (start, event, timer, result or stop), found '\(opening.summary)'")
            return false
        }
        switch opening.record {
        case .start, .restoredStart:
            if stepCount == 0, opening.path.isEmpty { break }
            fail(at: opening, stepCount == 0
                ? "a recorded run starts with the machine's 'start' step, found '\(opening.summary)'"
                : !opening.path.isEmpty
                ? "a child machine starts only in a step of the machine that invokes it: '\(opening.summary)' opens a step of its own"
                : "'\(opening.summary)' opens only the first step")
            return false
        default:
            if stepCount == 0 {
                fail(at: opening, "a recorded run starts with the machine's 'start' step, found '\(opening.summary)'")
                return false
            }
            if isStopped {
                fail(at: opening, "the machine was stopped: nothing happens after its 'stop' step, found '\(opening.summary)'")
                return false
            }
        }
        return runs(to: opening) != nil
    }

    /// The first child machine `model`, or a machine it runs, invokes that the replay was not
    /// given.
    private func missingChild(of model: MachineModel) -> (InvocationModel, String)? {
        var seen: Set<String> = []
        var pending = [model]
        while let next = pending.popLast() {
            for invocation in next.invocations {
                guard case .machine(let name) = invocation.kind, seen.insert(name).inserted else { continue }
                guard let child = interpreter.machines[name] else { return (invocation, name) }
                pending.append(child.model)
            }
        }
        return nil
    }

    private mutating func fail(at line: RecordedTrace.Line, _ message: String, notes: [Diagnostic.Note] = []) {
        divergence = TraceDivergence(line: line.number, message: message, notes: notes)
    }

    /// What opens a step, as the interpreter runs it on the machine of the step.
    private enum Opening {
        case start
        case event(EventID)
        case timer(StateID, group: Int)
        /// A call's or a stream's result.
        case result(InvocationID, InvocationResult)
        /// The oldest result a child emitted or finished with, which the machine held.
        case childResult(InvocationID, InvocationResult)
        case stop
    }

    /// Runs one step: the step, or `nil` once it diverged.
    private mutating func replayStep(
        _ opening: RecordedTrace.Line, _ body: ArraySlice<RecordedTrace.Line>, closedBy closing: RecordedTrace.Line
    ) -> ReplayedRun.Step? {
        if case .restoredStart = opening.record { return restoreStep(opening, body, closedBy: closing) }
        guard let runs = runs(to: opening) else { return nil }
        let stepMachine = interpreter(at: runs)!
        var guardAnswers: [ReplayedRun.GuardAnswer] = []
        var answered: [String: Bool] = [:]
        for line in body {
            guard case .guardAnswer(let name, let arguments, let answer) = line.record else { continue }
            guard let guardsModel = model(at: line.path), guardsModel.guards.contains(where: { $0.name == name }) else {
                fail(at: line, "the spec has no guard '\(name)'\(line.path.isEmpty ? "" : " in the child machine \(line.path.joined(separator: "."))")")
                return nil
            }
            if let earlier = answered[name], earlier != answer {
                fail(at: line, "guard '\(name)' was answered both \(earlier) and \(answer) in one step: a replay gives a guard one answer per step")
                return nil
            }
            answered[name] = answer
            guardAnswers.append(ReplayedRun.GuardAnswer(name: name, arguments: arguments, answer: answer))
        }
        let answers = Set(answered.filter(\.value).keys)
        guard let stimulus = stimulus(of: opening, on: stepMachine, body: body) else { return nil }
        if case .childResult = stimulus {
        } else if let (holder, run, result) = firstHeldResult(in: interpreter, path: []) {
            let name = holder.machine.model[run.invocation].name
            fail(
                at: opening,
                "the spec hands \(result.trigger(of: name)) to \(holder.machine.model.name) before this, and the trace records no step for it")
            return nil
        }
        // What the step did is its entries alone: the trace before it is not kept.
        interpreter.forgetTrace()
        interpreter.stepAlone(at: runs) { machine in
            switch stimulus {
            case .start:
                _ = machine.start(answers: answers)
            case .event(let event):
                _ = machine.send(event, answers: answers)
            case .timer(let state, let group):
                _ = machine.fireTimer(group, of: state, answers: answers)
            case .result(let invocation, let result):
                // A result of an invocation that no longer runs is dropped, as the generated
                // code drops it: the interpreter tells so from a run that is not running. A
                // late result of a cancelled run may come back while a later run of the same
                // invocation runs (the state left and entered again; the task driver hands
                // every late result to the machine): the step's `dropped` record says it was
                // the old one's.
                let recordedDrop = body.contains { line in
                    guard line.path == opening.path, case .dropped = line.record else { return false }
                    return true
                }
                let running = recordedDrop ? nil : machine.runningInvocations.first { $0.invocation == invocation }
                _ = machine.deliver(result, from: running ?? MachineInterpreter.InvocationRun(invocation: invocation, number: -1), answers: answers)
            case .childResult:
                _ = machine.takeHeldChildResult(answers: answers)
            case .stop:
                machine.stop()
            }
        }
        if case .stop = stimulus { isStopped = true }
        if !runs.isEmpty {
            // The generated code hands a parent only the outputs it has transitions on, and
            // the completion it waits for.
            interpreter.stepAlone(at: Array(runs.dropLast())) { parent in
                let parentMachine = parent.machine
                parent.dropHeldChildResults { run, result in !Self.hears(parentMachine, result, of: run.invocation) }
            }
        }
        let entries = interpreter.trace
        let transitions = entries.compactMap { if case .took(let id) = $0 { id } else { nil } }
        if interpreter.diverged {
            let notes = opening.path.isEmpty ? spansNote(transitions) : []
            fail(at: opening, "the spec loops on eventless transitions or raised events in this step", notes: notes)
            return nil
        }
        let ownEntries = Self.entries(entries, below: runs)
        guard matches(ownEntries, of: interpreter(at: runs), at: opening.path, lines: Array(body), closedBy: closing) else { return nil }
        stepCount += 1
        return ReplayedRun.Step(
            path: opening.path, stimulus: replayedStimulus(stimulus, opening), answers: answers, guardAnswers: guardAnswers,
            transitions: transitions, entries: entries, interpreter: interpreter, lines: opening.number...closing.number)
    }

    /// The restored start (a live run picked up mid-way): the machine put in the configuration
    /// its `step` record names, each child machine running in the one its own `step` record
    /// names; nothing else may happen in it.
    private mutating func restoreStep(
        _ opening: RecordedTrace.Line, _ body: ArraySlice<RecordedTrace.Line>, closedBy closing: RecordedTrace.Line
    ) -> ReplayedRun.Step? {
        guard let configuration = restoredConfiguration(closing, of: interpreter) else { return nil }
        interpreter.forgetTrace()
        interpreter.restore(configuration: configuration)
        var lines = body.makeIterator()
        while let line = lines.next() {
            guard case .restoredStart(let name?) = line.record, let runs = runs(to: line) else {
                if divergence == nil {
                    fail(at: line, "a restored start holds only the restored starts of the child machines running and their 'step' records, found '\(line.summary)'")
                }
                return nil
            }
            let child = interpreter(at: runs)!
            guard child.machine.model.name == name else {
                fail(at: line, "the trace restores \(line.path.joined(separator: ".")) as \(name), the spec runs \(child.machine.model.name) there")
                return nil
            }
            guard let closing = lines.next(), closing.path == line.path, closing.record.isStepEnd else {
                fail(at: line, "a child machine's restored start is followed by its 'step' record, which names its configuration")
                return nil
            }
            guard let childConfiguration = restoredConfiguration(closing, of: child) else { return nil }
            interpreter.stepAlone(at: runs) { $0.restore(configuration: childConfiguration) }
        }
        stepCount += 1
        return ReplayedRun.Step(
            path: [], stimulus: .restored, answers: [], guardAnswers: [], transitions: [], entries: [], interpreter: interpreter,
            lines: opening.number...closing.number)
    }

    /// The states a restored step's `step` record names, in `machine`'s spec; `nil` (with the
    /// divergence set) when they are not a configuration of it.
    private mutating func restoredConfiguration(_ closing: RecordedTrace.Line, of machine: MachineInterpreter) -> [StateID]? {
        guard case .step(let names) = closing.record else { return nil }
        let model = machine.machine.model
        var states: [StateID] = []
        for name in names {
            guard let state = model.states.first(where: { $0.name == name }) else {
                fail(at: closing, "the trace restores \(model.name) to state '\(name)', which its spec does not declare")
                return nil
            }
            states.append(state.id)
        }
        guard machine.isConfiguration(states) else {
            fail(at: closing, "the trace restores \(model.name) to [\(names.joined(separator: ", "))], which is not a configuration of its spec")
            return nil
        }
        return states
    }

    private func spansNote(_ transitions: [TransitionID]) -> [Diagnostic.Note] {
        var noted: [TransitionID] = []
        for transition in transitions where !noted.contains(transition) && noted.count < 4 { noted.append(transition) }
        return noted.map { Diagnostic.Note("the spec takes this transition in the step", at: machine[$0].declaration.range) }
    }

    private func replayedStimulus(_ stimulus: Opening, _ opening: RecordedTrace.Line) -> ReplayedRun.Stimulus {
        guard opening.path.isEmpty else { return .child(path: opening.path, summary: opening.record.summary) }
        switch stimulus {
        case .start: return .start
        case .event(let event): return .event(event)
        case .timer(let state, let group): return .timer(state, group: group)
        case .result(let invocation, let result), .childResult(let invocation, let result): return .result(invocation, result)
        case .stop: return .stop
        }
    }

    /// Whether the generated code hands `result` of `invocation` (a child machine) to
    /// `machine`: an output when some transition takes one of the child's outputs, the
    /// completion when one takes it.
    private static func hears(_ machine: ExecutableMachine, _ result: InvocationResult, of invocation: InvocationID) -> Bool {
        machine.transitions.contains { transition in
            guard let delivered = transition.trigger?.invocationResult, delivered.invocation == invocation else { return false }
            switch (delivered.result, result) {
            case (.output, .output), (.done, .done): return true
            default: return false
            }
        }
    }

    /// The runs from the recorded machine down to the child machine whose step `line` opens;
    /// `nil` (with the divergence set) when the spec runs no such child.
    private mutating func runs(to line: RecordedTrace.Line) -> [MachineInterpreter.InvocationRun]? {
        var current = interpreter
        var runs: [MachineInterpreter.InvocationRun] = []
        for name in line.path {
            guard let run = current.runningInvocations.last(where: { current.machine.model[$0.invocation].name == name }),
                  let child = current.child(run)
            else {
                fail(at: line, "the trace recorded a step of the child machine \(line.path.joined(separator: ".")), which the spec does not run here")
                return nil
            }
            runs.append(run)
            current = child
        }
        return runs
    }

    /// The interpreter of the machine at the end of `runs`, while it runs.
    private func interpreter(at runs: [MachineInterpreter.InvocationRun]) -> MachineInterpreter? {
        var current: MachineInterpreter? = interpreter
        for run in runs { current = current?.child(run) }
        return current
    }

    /// The spec of the machine a record's path names, read from the invocations alone.
    private func model(at path: [String]) -> MachineModel? {
        var current = model
        for name in path {
            guard let invocation = current.invocations.first(where: { $0.name == name }), case .machine(let child) = invocation.kind,
                  let childMachine = interpreter.machines[child]
            else { return nil }
            current = childMachine.model
        }
        return current
    }

    /// The oldest result a machine holds, this one's first, then its children's.
    private func firstHeldResult(
        in machine: MachineInterpreter, path: [MachineInterpreter.InvocationRun]
    ) -> (MachineInterpreter, MachineInterpreter.InvocationRun, InvocationResult)? {
        if let (run, result) = machine.heldChildResults.first { return (machine, run, result) }
        for run in machine.runningInvocations {
            if let child = machine.child(run), let held = firstHeldResult(in: child, path: path + [run]) { return held }
        }
        return nil
    }

    /// The entries of the machine at the end of `runs`, out of the recorded machine's.
    private static func entries(_ entries: [MachineInterpreter.TraceEntry], below runs: [MachineInterpreter.InvocationRun]) -> [MachineInterpreter.TraceEntry] {
        guard let run = runs.first else { return entries }
        let inner = entries.compactMap { entry -> MachineInterpreter.TraceEntry? in
            if case .inChild(run, let inner) = entry { inner } else { nil }
        }
        return Self.entries(inner, below: Array(runs.dropFirst()))
    }

    /// Whether `lines` are what the machine at `path` did (`entries`, its children's wrapped),
    /// record for record, its children's starts and cancellations included, ending in the
    /// configuration `closing` names; `machine` is its interpreter after the step, `nil` once it
    /// was cancelled.
    private mutating func matches(
        _ entries: [MachineInterpreter.TraceEntry], of machine: MachineInterpreter?, at path: [String], lines: [RecordedTrace.Line],
        closedBy closing: RecordedTrace.Line, executable: ExecutableMachine? = nil
    ) -> Bool {
        guard let executable = executable ?? machine?.machine else { return true }
        let isRecordedMachine = path.isEmpty
        func notes(_ transitions: [TransitionID]) -> [Diagnostic.Note] {
            isRecordedMachine ? transitions.map { Diagnostic.Note("the spec takes this transition here", at: executable[$0].declaration.range) } : []
        }
        let own = entries.filter { if case .inChild = $0 { false } else { true } }
        let expected = ExpectedRecords(machine: executable).records(for: own)
        let effects = lines.filter { line in
            guard line.path == path else { return false }
            if case .guardAnswer = line.record { return false }
            return true
        }
        for (position, line) in effects.enumerated() {
            guard position < expected.count else {
                fail(at: line, "the trace recorded '\(line.summary)', the spec does nothing more in this step", notes: notes(expected.last?.transitions ?? []))
                return false
            }
            guard expected[position].record.matches(line.record) else {
                let message = if case .output(let name, let payload?) = expected[position].record, case .output(name, let recorded) = line.record {
                    "the trace recorded '\(line.summary)' with payload '\(recorded ?? "")', the spec emits '\(payload)' here"
                } else {
                    "the trace recorded '\(line.summary)', the spec does '\(RecordedTrace.Line(expected[position].record, line: 0, path: path).summary)' here"
                }
                fail(at: line, message, notes: notes(expected[position].transitions))
                return false
            }
        }
        if effects.count < expected.count {
            let missing = expected[effects.count]
            fail(
                at: closing, "the step ends here in the trace, the spec does '\(RecordedTrace.Line(missing.record, line: 0, path: path).summary)' first",
                notes: notes(missing.transitions))
            return false
        }
        let active = machine.map { interpreter in interpreter.configuration.map { executable.model[$0].name } } ?? []
        guard case .step(let configuration) = closing.record, active == configuration else {
            let recorded = if case .step(let configuration) = closing.record { configuration } else { [String]() }
            let whose = isRecordedMachine ? "" : " of \(path.joined(separator: "."))"
            fail(at: closing, "the trace recorded the configuration\(whose) [\(recorded.joined(separator: ", "))], the spec's is [\(active.joined(separator: ", "))]")
            return false
        }
        // Each child this step started or cancelled: its records, from its `start` or `stop`
        // to its `step` record, with its own children's inside.
        var descendants = lines.filter { $0.path.count > path.count }
        var childRuns: [MachineInterpreter.InvocationRun] = []
        for case .inChild(let run, _) in entries where !childRuns.contains(run) { childRuns.append(run) }
        for run in childRuns {
            let name = executable.model[run.invocation].name
            let childPath = path + [name]
            let childEntries = entries.compactMap { entry -> MachineInterpreter.TraceEntry? in
                if case .inChild(run, let inner) = entry { inner } else { nil }
            }
            let isStarted = own.contains(.started(run))
            guard case .machine(let childName) = executable.model[run.invocation].kind, let childMachine = interpreter.machines[childName] else { continue }
            guard let first = descendants.firstIndex(where: { $0.path == childPath }) else {
                fail(at: closing, "the spec \(isStarted ? "starts" : "cancels") the child machine \(childPath.joined(separator: ".")) in this step, the trace records nothing of it")
                return false
            }
            let opening = descendants[first]
            switch (opening.record, isStarted) {
            case (.start(childName?), true), (.stop, false):
                break
            default:
                fail(at: opening, "the trace recorded '\(opening.summary)', the spec \(isStarted ? "starts \(childName) as \(name)" : "cancels \(childPath.joined(separator: "."))") here")
                return false
            }
            guard let close = descendants[(first + 1)...].firstIndex(where: { $0.path == childPath && $0.record.isStepEnd }) else {
                fail(at: opening, "the child machine's \(isStarted ? "start" : "stop") has no 'step' record of its own before its parent's step ends")
                return false
            }
            let segment = descendants[(first + 1)..<close].filter { $0.path.starts(with: childPath) }
            let child = isStarted ? machine?.child(run) : nil
            guard matches(childEntries, of: child, at: childPath, lines: segment, closedBy: descendants[close], executable: childMachine) else { return false }
            let consumed = Set(segment.map(\.number) + [opening.number, descendants[close].number])
            descendants.removeAll { consumed.contains($0.number) }
        }
        if let extra = descendants.first {
            fail(at: extra, "the trace recorded '\(extra.summary)', the spec runs no step of the child machine \(extra.path.joined(separator: ".")) here")
            return false
        }
        return true
    }

    /// The stimulus a step's first record names, checked against the spec of the machine the
    /// step is of and its situation; `nil` (with the divergence set) when it cannot take it.
    private mutating func stimulus(of line: RecordedTrace.Line, on stepMachine: MachineInterpreter, body: ArraySlice<RecordedTrace.Line>) -> Opening? {
        let model = stepMachine.machine.model
        let whose = line.path.isEmpty ? "the spec" : "the child machine \(line.path.joined(separator: ".")) (\(model.name))"
        switch line.record {
        case .start:
            return .start
        case .stop:
            guard line.path.isEmpty else {
                fail(at: line, "replay follows a child machine's stop only as the machine that invokes it cancels it")
                return nil
            }
            return .stop
        case .event(let name, _):
            guard let index = model.events.firstIndex(where: { $0.name == name }) else {
                fail(at: line, "\(whose) declares no event '\(name)'")
                return nil
            }
            return .event(EventID(index))
        case .timer(nil):
            guard let timer = stepMachine.runningTimers.min(by: { $0.deadline < $1.deadline }) else {
                fail(at: line, "the trace recorded a timer, \(whose) runs none here")
                return nil
            }
            return .timer(timer.owner, group: timer.group)
        case .timer(let name?):
            guard let state = model.states.first(where: { $0.name == name })?.id else {
                fail(at: line, "\(whose) declares no state '\(name)'")
                return nil
            }
            let running = stepMachine.runningTimers.filter { $0.owner == state }
            guard let timer = running.min(by: { $0.deadline < $1.deadline }) else {
                fail(at: line, "the trace recorded a timer of '\(name)', \(whose) runs none here (it is not active, or declares no 'after')")
                return nil
            }
            return .timer(state, group: timer.group)
        case .result(let name, let outcome):
            guard let invocation = model.invocations.first(where: { $0.name == name }) else {
                fail(at: line, "\(whose) declares no invocation '\(name)'")
                return nil
            }
            if case .machine = invocation.kind {
                let recorded: InvocationResult
                switch outcome {
                case .output(let output): recorded = .output(output)
                case .done: recorded = .done
                case .error, .element:
                    fail(at: line, "the trace recorded '\(line.summary)', but '\(name)' runs a child machine, which emits outputs and finishes")
                    return nil
                }
                guard let (run, result) = stepMachine.heldChildResults.first else {
                    fail(at: line, "the trace recorded '\(line.summary)', the spec has no result of a child machine to hand over here")
                    return nil
                }
                guard run.invocation == invocation.id, result == recorded else {
                    fail(at: line, "the trace recorded '\(line.summary)', the spec hands over \(result.trigger(of: model[run.invocation].name)) here")
                    return nil
                }
                return .childResult(invocation.id, result)
            }
            switch outcome {
            case .done: return .result(invocation.id, .done)
            case .error: return .result(invocation.id, .error)
            case .element:
                guard invocation.kind == .stream else {
                    fail(
                        at: line, "the trace recorded an element of '\(name)', which is not a stream",
                        notes: line.path.isEmpty ? [Diagnostic.Note("'\(name)' is declared here", at: invocation.range)] : [])
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

extension RecordedTrace.Line {
    /// The record as a message shows it, with the child machine it is of: `exit list`,
    /// `event save in editorFlow`.
    var summary: String {
        path.isEmpty ? record.summary : "\(record.summary) in \(path.joined(separator: "."))"
    }
}

extension TraceRecord {
    /// Whether the record closes a step.
    var isStepEnd: Bool {
        if case .step = self { true } else { false }
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
