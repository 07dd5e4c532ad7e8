import FSMCore
/// The counterexamples of a machine's failing properties (``PropertyChecker``) as test paths
/// that drive the generated machine: what `fsmc verify --format swift-testing` writes, through
/// ``PathsSwiftTestingEmitter``, one test per property.
///
/// A counterexample answers guards per evaluation of a transition's whole guard expression and
/// lets any running timer fire at any time; the generated machine asks the user's guard
/// functions by name and fires timers as its clock comes due. So each step gets the one set of
/// holding guard names that gives every evaluation its answer (``GuardSolver``, checked by
/// running the step in a ``MachineInterpreter`` answered from names, with its real timer
/// deadlines: the step must take exactly the counterexample's transitions and end in its
/// configuration). A counterexample the generated machine cannot be driven through that way
/// is refused with an error at its `assert` saying why, never written wrong.
public struct CounterexamplePaths: Sendable {
    /// The model and samples the emitter writes with; it holds no paths of its own.
    public var plan: TestPlan
    /// One path per failing property with a counterexample, in declaration order; each path's
    /// purpose is ``TestPath/Purpose/counterexample(_:)``.
    public var paths: [TestPath]
    /// The counterexamples that cannot be written, each an error at its `assert`.
    public var refusals: [Diagnostic]

    /// What cannot be written whatever the counterexamples, each a located error: the child
    /// machines, which Swift Testing paths refuse too (``PathsSwiftTestingEmitter/refusals(_:)``).
    public static func refusals(_ model: MachineModel) -> [Diagnostic] {
        model.childMachineRefusals("Swift Testing counterexamples do not drive child machines yet (use --format text or json)")
    }

    /// The paths of every counterexample in `report`, the properties of `machine` checked; a
    /// machine ``refusals(_:)`` refuses must not be given.
    public init(_ report: PropertyReport, of machine: ExecutableMachine, samples: SampleValues = SampleValues()) {
        precondition(Self.refusals(machine.model).isEmpty, "fsmc: counterexample paths were given a machine they refuse")
        let model = machine.model
        plan = TestPlan(
            model: model, initialConfiguration: machine.initialEntry.states, reachPaths: [], coveragePaths: [],
            unreachableStates: [], uncoveredTransitions: [], unsampledEvents: [], samples: samples)
        paths = []
        refusals = []
        let driver = CounterexampleDriver(machine: machine, samples: samples)
        for result in report.results {
            guard case .fails(let counterexample?) = result.verdict,
                  let index = model.properties.firstIndex(of: result.property)
            else { continue }
            switch driver.path(of: counterexample, property: index) {
            case .success(let path):
                paths.append(path)
            case .failure(let refusal):
                refusals.append(Diagnostic(
                    .error,
                    "the counterexample of '\(result.property.text)' cannot be written as a Swift Testing test: \(refusal.message)",
                    at: result.property.range, notes: refusal.notes))
            }
        }
    }
}

/// Why a counterexample cannot drive the generated machine, with the spec locations involved.
struct CounterexampleRefusal: Error {
    var message: String
    var notes: [Diagnostic.Note] = []
}

/// Drives a ``MachineInterpreter`` answered from names through a counterexample, step by step.
struct CounterexampleDriver {
    let machine: ExecutableMachine
    let samples: SampleValues
    let calls: ValueFunctionCalls
    let delayFunctions: Set<String>

    init(machine: ExecutableMachine, samples: SampleValues) {
        self.machine = machine
        self.samples = samples
        calls = ValueFunctionCalls(machine.model)
        delayFunctions = ValueFunctionCalls.delayFunctions(machine.model)
    }

    var model: MachineModel { machine.model }

    func path(of counterexample: Counterexample, property: Int) -> Result<TestPath, CounterexampleRefusal> {
        guard let first = counterexample.steps.first, first.stimulus == .start else {
            return .failure(CounterexampleRefusal(message: "it does not start with the machine's start"))
        }
        var interpreter = MachineInterpreter(machine: machine)
        var startHolding: [String] = []
        var startQueues: [String: [Bool]] = [:]
        var startTaken: [Int] = []
        var startAtomicStates: [StateID] = []
        var steps: [TestStep] = []
        var lastConfigurationCount = 0
        for (number, step) in counterexample.steps.enumerated() {
            let label = "step \(number + 1) (\(description(of: step.stimulus)))"
            let before = interpreter
            var run = drive(step, from: before)
            let isLast = number == counterexample.steps.count - 1
            if case .failure = run, isLast, number > 0, let microstep = counterexample.violatingMicrostep,
               microstep < step.configurations.count - 1 {
                // Past the violation, the counterexample's answers are one choice among many:
                // another may let the machine be driven.
                for alternative in alternatives(of: step, upTo: microstep, from: before) {
                    let attempt = drive(alternative, from: before)
                    guard case .success = attempt else { continue }
                    run = attempt
                    break
                }
            }
            if case .failure = run, let perCall = drivePerCall(step, from: before) {
                // No one set of names answers the step: its guards answer one call at a time.
                run = .success(perCall)
            }
            let done: DrivenStep
            switch run {
            case .success(let driven):
                done = driven
            case .failure(let refusal):
                return .failure(CounterexampleRefusal(message: "\(label) \(refusal.message)", notes: refusal.notes))
            }
            interpreter = done.interpreter
            let called = calls.called(in: interpreter.trace[before.trace.count...])
            for function in called where !delayFunctions.contains(function) {
                let returnType = model.valueFunctions.first { $0.name == function }!.returnType
                if let missing = samples.missingTypes(in: returnType).first {
                    return .failure(CounterexampleRefusal(
                        message: "\(label) calls '\(function)', whose result has no sample value of type '\(missing)': give one with --sample"))
                }
            }
            lastConfigurationCount = done.configurationCount
            if let stimulus = done.stimulus {
                steps.append(TestStep(
                    stimulus: stimulus, holdingGuards: done.holding, takenTransitions: done.taken.map(\.index),
                    atomicStatesAfter: interpreter.atomicStates, calledFunctions: called, guardQueues: done.queues))
            } else {
                startHolding = done.holding
                startQueues = done.queues
                startTaken = done.taken.map(\.index)
                startAtomicStates = interpreter.atomicStates
            }
        }
        var violation: Int?
        if let microstep = counterexample.violatingMicrostep, microstep != lastConfigurationCount - 1 {
            // A configuration the last step passes through: the test reads it from the
            // `transitioned` notifications of that step; for the start, from an observer given
            // to `init`, which records the initial configuration before the first transition
            // (the start's microstep 0 is its initial entry).
            violation = microstep
        }
        var path = TestPath(
            purpose: .counterexample(property), startTransitions: startTaken,
            startAtomicStates: startAtomicStates, steps: steps)
        path.startHoldingGuards = startHolding
        path.startGuardQueues = startQueues
        path.violatingMicrostep = violation
        return .success(path)
    }

    /// What one step did on the interpreter answered from names.
    struct DrivenStep {
        var interpreter: MachineInterpreter
        /// What the test does; `nil` for the start, which making the machine does.
        var stimulus: TestStep.Stimulus?
        var holding: [String]
        /// The answers per call of each guard, when no one set of names answers the step.
        var queues: [String: [Bool]] = [:]
        var taken: [TransitionID]
        /// How many microsteps the step made.
        var configurationCount: Int
    }

    /// `step` with the guard answers after microstep `microstep` chosen anew: the answers up to
    /// some evaluation kept, every later one `true`, then `false`, each that passes through the
    /// same configurations up to that microstep (without looping). What breaks a `never` or
    /// `only after` property there does not depend on what the step does next.
    private func alternatives(
        of step: Counterexample.Step, upTo microstep: Int, from interpreter: MachineInterpreter
    ) -> [Counterexample.Step] {
        var result: [Counterexample.Step] = []
        for later in [true, false] {
            for kept in (0..<step.guardAnswers.count).reversed() {
                let answers = step.guardAnswers[..<kept].map(\.value) + Array(repeating: later, count: PropertyChecker.maximumAnswersPerStep)
                var copy = interpreter
                let run = copy.run(step.stimulus, script: GuardScript(answers: answers))
                guard !copy.diverged, run.configurations.count > microstep,
                      run.configurations[...microstep] == step.configurations[...microstep],
                      !result.contains(where: { $0.guardAnswers == run.script.asked })
                else { continue }
                result.append(Counterexample.Step(
                    stimulus: step.stimulus, guardAnswers: run.script.asked, taken: run.taken, configurations: run.configurations))
            }
        }
        return result
    }

    /// Runs `step` from `interpreter` with the one set of holding guard names that makes it
    /// take the counterexample's transitions and end in its configuration.
    private func drive(_ step: Counterexample.Step, from interpreter: MachineInterpreter) -> Result<DrivenStep, CounterexampleRefusal> {
        let stimulus: TestStep.Stimulus?
        switch self.stimulus(of: step, from: interpreter) {
        case .success(let found): stimulus = found
        case .failure(let refusal): return .failure(refusal)
        }
        let names = guardNames(of: step.guardAnswers)
        guard names.count <= GuardSolver.maximumNames else {
            return .failure(CounterexampleRefusal(message: "asks more than \(GuardSolver.maximumNames) guards, too many to solve for"))
        }
        // An evaluation of an expression without `in(…)` constrains the names alone, whatever
        // the configuration: those prune the sets tried before the interpreter runs any.
        let constraints = step.guardAnswers.compactMap { answer -> GuardSolver.Constraint? in
            guard let expression = machine[answer.transition].declaration.guardExpression, !expression.mentionsStates else { return nil }
            return GuardSolver.Constraint(expression: expression, mustHold: answer.value)
        }
        var driven: DrivenStep?
        let holding = GuardSolver.solve(constraints, alsoVarying: names) { answers in
            var next = interpreter
            let taken = Self.run(stimulus, on: &next, answers: answers)
            guard !next.diverged, taken == step.taken, next.configuration == step.configurations.last else { return false }
            driven = DrivenStep(
                interpreter: next, stimulus: stimulus, holding: answers.sorted(), taken: taken, configurationCount: step.configurations.count)
            return true
        }
        guard holding != nil, let driven else { return .failure(guardConflict(step.guardAnswers)) }
        return .success(driven)
    }

    /// Runs `step` with the guard functions answered one call at a time: the calls the
    /// generated machine makes for the counterexample's answers (recorded under its script),
    /// checked by running the step again answered from them alone. `nil` when that run does
    /// not take the step's transitions to its configuration.
    private func drivePerCall(_ step: Counterexample.Step, from interpreter: MachineInterpreter) -> DrivenStep? {
        // What makes a step impossible to drive other than its guards refuses it alone.
        guard case .success(let stimulus) = self.stimulus(of: step, from: interpreter) else { return nil }
        var recording = interpreter
        recording.hooks.guardCalls = []
        let run = recording.run(step.stimulus, script: GuardScript(answers: step.guardAnswers.map(\.value)))
        guard !recording.diverged, run.taken == step.taken, let calls = recording.hooks.guardCalls else { return nil }
        var queues: [String: [Bool]] = [:]
        for call in calls { queues[call.name, default: []].append(call.value) }
        var next = interpreter
        next.hooks.guardQueues = queues
        let taken = Self.run(stimulus, on: &next, answers: [])
        guard !next.diverged, taken == step.taken, next.configuration == step.configurations.last,
              next.hooks.guardQueues?.values.allSatisfy(\.isEmpty) == true
        else { return nil }
        next.hooks.guardQueues = nil
        return DrivenStep(
            interpreter: next, stimulus: stimulus, holding: [], queues: queues, taken: taken, configurationCount: step.configurations.count)
    }

    /// What the test does for `step`: `nil` for the start; a refusal when the generated
    /// machine cannot be driven so (a payload or result without a sample, a timer fired
    /// before one due first, an invocation that does not run, a child's output).
    private func stimulus(of step: Counterexample.Step, from interpreter: MachineInterpreter) -> Result<TestStep.Stimulus?, CounterexampleRefusal> {
        switch step.stimulus {
        case .start:
            return .success(nil)
        case .event(let event):
            if let missing = samples.missingTypes(in: model[event].parameters).first {
                return .failure(CounterexampleRefusal(message: "sends '\(model[event].name)', whose payload has no sample value of type '\(missing)': give one with --sample"))
            }
            return .success(.send(event))
        case .timer(let owner, let group):
            let timers = interpreter.runningTimers
            guard let order = timers.firstIndex(where: { $0.owner == owner && $0.group == group }) else {
                return .failure(CounterexampleRefusal(message: "fires a timer of '\(model[owner].name)' that does not run"))
            }
            let deadline = timers[order].deadline
            if let earlier = timers.enumerated().first(where: { other in
                other.offset != order && (other.element.deadline < deadline || (other.element.deadline == deadline && other.offset < order))
            }) {
                let name = model[earlier.element.owner].name
                return .failure(CounterexampleRefusal(
                    message: "fires a timer of '\(model[owner].name)' before one of '\(name)' that is due first, which a clock fires first"))
            }
            return .success(.advance(nanoseconds: deadline - interpreter.now))
        case .outcome(let invocation, let result):
            if case .output = result {
                return .failure(CounterexampleRefusal(message: "needs an output of the child machine '\(model[invocation].name)'"))
            }
            if result != .error, let missing = samples.missingTypes(in: model[invocation].payload(of: result)).first {
                return .failure(CounterexampleRefusal(
                    message: "needs '\(model[invocation].name)' to deliver a value of type '\(missing)', which has no sample: give one with --sample"))
            }
            guard interpreter.runningInvocations.contains(where: { $0.invocation == invocation }) else {
                return .failure(CounterexampleRefusal(message: "needs '\(model[invocation].name)', which does not run, to deliver"))
            }
            return .success(.deliver(invocation, result))
        }
    }

    /// Runs one stimulus as the generated test does, guards answered from `answers`.
    private static func run(_ stimulus: TestStep.Stimulus?, on interpreter: inout MachineInterpreter, answers: Set<String>) -> [TransitionID] {
        switch stimulus {
        case nil:
            return interpreter.start(answers: answers)
        case .send(let event):
            return interpreter.send(event, answers: answers)
        case .advance(let nanoseconds):
            return interpreter.advance(to: interpreter.now + nanoseconds, answers: answers)
        case .deliver(let invocation, let result):
            let run = interpreter.runningInvocations.first { $0.invocation == invocation }!
            return interpreter.deliver(result, from: run, answers: answers)
        case .sendToChild:
            preconditionFailure("fsmc: counterexamples never send to a child machine")
        }
    }

    /// The guard names of the evaluated expressions, in order of first mention.
    private func guardNames(of answers: [GuardScript.Answer]) -> [String] {
        var names: [String] = []
        for answer in answers {
            for name in machine[answer.transition].declaration.guardExpression?.names ?? [] where !names.contains(name) {
                names.append(name)
            }
        }
        return names
    }

    /// Why no one set of names answers a step's evaluations: the first evaluation no set
    /// answers together with those before it, whatever the states `in(…)` finds active, and an
    /// earlier one that shares a name with it; a plainer reason when the states are what
    /// decide.
    private func guardConflict(_ answers: [GuardScript.Answer]) -> CounterexampleRefusal {
        var constraints: [GuardSolver.Constraint] = []
        var names = Set<String>()
        for (position, answer) in answers.enumerated() {
            guard let expression = machine[answer.transition].declaration.guardExpression else { continue }
            let freed = Self.freeingStates(expression, evaluation: position)
            constraints.append(.init(expression: freed, mustHold: answer.value))
            names.formUnion(freed.names)
            guard names.count <= GuardSolver.maximumNames, GuardSolver.solve(constraints) == nil else { continue }
            let mentioned = Set(expression.names)
            let earlier = answers[..<position].last { other in
                !mentioned.isDisjoint(with: machine[other.transition].declaration.guardExpression?.names ?? [])
            }
            guard let earlier else { break }
            return CounterexampleRefusal(
                message: "needs guards to answer both ways within it, and the generated machine's guards answer by name, alike through a step",
                notes: [note(for: earlier), note(for: answer)])
        }
        return CounterexampleRefusal(message: "needs guard answers that no one set of guards holding through the step gives")
    }

    private func note(for answer: GuardScript.Answer) -> Diagnostic.Note {
        let declaration = machine[answer.transition].declaration
        let text = declaration.guardExpression.map { SpecText.guardExpression($0, in: model) } ?? ""
        return Diagnostic.Note("[\(text)] answers \(answer.value) here", at: declaration.range)
    }

    /// `expression` with each `in(…)` a name of its own for this evaluation: what the
    /// configuration answers, left free.
    private static func freeingStates(_ expression: GuardModel, evaluation: Int) -> GuardModel {
        switch expression {
        case .isIn(let state): .call("in(\(state.index))#\(evaluation)")
        case .not(let operand): .not(freeingStates(operand, evaluation: evaluation))
        case .and(let lhs, let rhs): .and(freeingStates(lhs, evaluation: evaluation), freeingStates(rhs, evaluation: evaluation))
        case .or(let lhs, let rhs): .or(freeingStates(lhs, evaluation: evaluation), freeingStates(rhs, evaluation: evaluation))
        case .call, .else, .constant: expression
        }
    }

    /// `the start`, `event 'pay'`, `a timer of 'waiting'`, `'fetch' done`.
    private func description(of stimulus: MachineInterpreter.Stimulus) -> String {
        switch stimulus {
        case .start: "the start"
        case .event(let event): "event '\(model[event].name)'"
        case .timer(let owner, _): "a timer of '\(model[owner].name)'"
        case .outcome(let invocation, let result): "'\(model[invocation].name)' \(result.keyword)"
        }
    }
}

private extension GuardModel {
    /// Whether the expression tests the configuration (`in(…)`).
    var mentionsStates: Bool {
        switch self {
        case .isIn: true
        case .not(let operand): operand.mentionsStates
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.mentionsStates || rhs.mentionsStates
        case .call, .else, .constant: false
        }
    }
}
