import FSMCompiler
import FSMRuntime
import FSMSpecGenerator
import Testing

/// Random specs run in the interpreter with random stimuli (events, timers, invocation
/// results, late results, guards answered at random), written as a trace by FSMRuntime's
/// ``TraceRecorder`` and replayed by ``TraceReplay``: every run replays, step for step, to the
/// interpreter's own configurations. Seeded (`FSMC_SOUNDNESS_SEED`), so a failure repeats.
@Suite struct TraceReplayAgreementTests {
    @Test(arguments: [("plain", SpecProfile.soundness), ("invocations", GeneratedSwiftSoundnessTests.invocationProfile)])
    func randomRunsReplay(_ label: String, _ profile: SpecProfile) throws {
        var generator = SpecGenerator(seed: GeneratedSwiftSoundnessTests.seed, profile: profile, size: .medium)
        var random = SplitMix64(seed: GeneratedSwiftSoundnessTests.seed ^ 0x7EACE)
        var replayedSteps = 0
        var stimuli: Set<String> = []
        for index in 0..<60 {
            let spec = generator.makeSpec(machineName: "Run\(index)")
            guard let machine = Compiler.compile(SourceText(spec.text), propertyBounds: nil).executable,
                  !machine.model.invocations.contains(where: { $0.child != nil })
            else { continue }
            guard let (text, steps) = Self.randomRun(of: machine, random: &random, stimuli: &stimuli) else { continue }
            let run = TraceReplay.replay(text: text, on: machine)
            #expect(
                run.divergence == nil,
                "\(label) #\(index) (seed \(spec.seed)): \(run.divergence.map { $0.rendered(tracePath: "trace") } ?? "")\n\(spec.text)\n\(text)")
            guard run.divergence == nil else { return }
            #expect(run.steps.map(\.configuration) == steps, "\(label) #\(index)")
            replayedSteps += run.steps.count
        }
        #expect(replayedSteps > 200)
        // The runs exercised every kind of stimulus their specs allow.
        #expect(stimuli.isSuperset(of: label == "plain" ? ["event", "timer"] : ["event", "timer", "result", "late result"]), "\(stimuli)")
    }

    /// A run of up to 30 stimuli on the interpreter, as a trace, and the configuration after
    /// each step; `nil` for a machine that loops as it starts, which no app could record.
    static func randomRun(
        of machine: ExecutableMachine, random: inout SplitMix64, stimuli: inout Set<String>
    ) -> (String, [[StateID]])? {
        let model = machine.model
        var bytes: [UInt8] = []
        let recorder = TraceRecorder(machine: model.name, spec: "\(model.name).fsm", fsmcVersion: fsmRuntimeVersion) { bytes += $0 }
        let states = model.states.map { StateName(rawValue: $0.name) }
        var interpreter = MachineInterpreter(machine: machine)
        var configurations: [[StateID]] = []
        var ended: [MachineInterpreter.InvocationRun] = []
        func answers() -> Set<String> {
            var holding = Set<String>()
            for guardModel in model.guards {
                let answer = random.chance(50)
                recorder.guardAnswer(guardModel.name, answer)
                if answer { holding.insert(guardModel.name) }
            }
            return holding
        }
        func finish(since mark: Int) {
            for record in TraceReplay.records(for: Array(interpreter.trace[mark...]), of: machine) {
                Self.write(record, to: recorder)
            }
            recorder.step(states) { state in interpreter.configuration.contains { model[$0].name == state.rawValue } }
            configurations.append(interpreter.configuration)
        }
        var mark = interpreter.trace.count
        _ = interpreter.start(answers: answers())
        guard !interpreter.diverged else { return nil }
        finish(since: mark)
        for _ in 0..<30 where !interpreter.diverged {
            let running = interpreter.runningInvocations
            mark = interpreter.trace.count
            let written = bytes.count
            switch random.below(4) {
            case 0 where !model.events.isEmpty:
                let event = EventID(random.below(model.events.count))
                recorder.event(model[event].name)
                stimuli.insert("event")
                _ = interpreter.send(event, answers: answers())
            case 1 where !interpreter.runningTimers.isEmpty:
                let next = interpreter.runningTimers.min { $0.deadline < $1.deadline }!
                recorder.timer(of: model[next.owner].name)
                stimuli.insert("timer")
                _ = interpreter.advance(to: next.deadline, answers: answers())
            case 2 where !ended.isEmpty:
                // A result of a run that ended, while no run of its invocation runs: dropped.
                let run = random.pick(ended)
                guard !running.contains(where: { $0.invocation == run.invocation }) else { continue }
                recorder.result(of: model[run.invocation].name, .done)
                stimuli.insert("late result")
                _ = interpreter.deliver(.done, from: run, answers: answers())
            case 3 where !running.isEmpty:
                let run = random.pick(running)
                let isStream = model[run.invocation].kind == .stream
                let result: InvocationResult = isStream && random.chance(60) ? .element : random.chance(70) ? .done : .error
                recorder.result(of: model[run.invocation].name, result == .element ? .element : result == .done ? .done : .error)
                stimuli.insert("result")
                _ = interpreter.deliver(result, from: run, answers: answers())
            default:
                continue
            }
            // A step that loops is not one a machine records: the trace ends before it.
            guard !interpreter.diverged else {
                bytes.removeLast(bytes.count - written)
                break
            }
            finish(since: mark)
            ended += running.filter { !interpreter.runningInvocations.contains($0) }
        }
        return (String(decoding: bytes, as: UTF8.self), configurations)
    }

    /// A state's name as the recorder walks it.
    struct StateName: RawRepresentable {
        var rawValue: String
    }

    /// `record` through the recorder's own calls: what a generated machine's wiring writes.
    static func write(_ record: TraceRecord, to recorder: TraceRecorder) {
        switch record {
        case .exit(let state): recorder.exit(state)
        case .entry(let state): recorder.entry(state)
        case .transition(let trigger): recorder.transition(trigger: trigger)
        case .output(let name, let payload): recorder.output(name, payload: payload)
        case .ignored(let event): recorder.ignored(event)
        case .kept(let event): recorder.kept(event)
        case .started(let invocation): recorder.started(invocation)
        case .cancelled(let invocation): recorder.cancelled(invocation)
        case .dropped(let invocation): recorder.dropped(invocation)
        case .start, .restoredStart, .event, .timer, .result, .stop, .guardAnswer, .step:
            Issue.record("a step's effects hold no \(record.kind) record")
        }
    }
}
