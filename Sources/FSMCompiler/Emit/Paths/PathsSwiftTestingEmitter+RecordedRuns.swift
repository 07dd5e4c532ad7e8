import FSMCore
import FSMSwift
/// A recorded run as a Swift Testing test (`fsmc replay --format swift-testing`): the run
/// ``TraceReplay`` matched, written as a test path is (``RecordedRunPath``), so that the
/// generated machine is driven with the recorded events and the guard answers of each step and
/// its configuration checked after each.
extension PathsSwiftTestingEmitter {
    /// What cannot be written whatever the run: the child machines, which Swift Testing paths
    /// refuse too.
    public static func recordedRunRefusals(_ model: MachineModel) -> [Diagnostic] {
        model.childMachineRefusals("Swift Testing tests of recorded runs do not drive child machines yet")
    }

    /// The test of `run`, which must match its spec (``ReplayedRun/matches``); `traceFileName`,
    /// the trace's path as the regenerating command names it, names the test and goes into
    /// that command. `nil`, with why, when a step calls
    /// a value function whose result has no sample (give one with `samples`).
    public static func emit(
        _ run: ReplayedRun, traceFileName: String, sourceFileName: String, module: String?, specPath: String? = nil,
        samples: SampleValues = SampleValues()
    ) -> Result<String, RecordedRunRefusal> {
        switch RecordedRunPath.path(of: run, traceFileName: traceFileName, samples: samples) {
        case .failure(let refusal):
            return .failure(refusal)
        case .success(let path):
            let plan = TestPlan(
                model: run.machine.model, initialConfiguration: run.machine.initialEntry.states, reachPaths: [], coveragePaths: [],
                unreachableStates: [], uncoveredTransitions: [], unsampledEvents: [], samples: samples)
            var emitter = PathsSwiftTestingEmitter(plan: plan, sourceFileName: SwiftNames.commentText(sourceFileName), module: module)
            emitter.specPath = specPath
            emitter.recordedRun = path
            return .success(emitter.emit())
        }
    }

    func emitRecordedRunSuite(_ path: TestPath, into writer: inout CodeWriter) {
        guard case .recordedRun(let trace) = path.purpose else { return }
        writer.line(SwiftNames.commentText("/// The run recorded in \(trace), replayed on the generated machine:"))
        writer.line("/// the recorded events and guard answers (payloads are samples), the configuration checked")
        writer.line("/// after each step.")
        if model.isMainActor { writer.line("@MainActor") }
        writer.line("@Suite(\(SpecText.stringLiteral("\(model.name) recorded run")))")
        writer.block("struct \(model.name)RecordedRun") { writer in
            emitTest(path, into: &writer)
        }
    }
}

/// Why a recorded run cannot be written as a test.
public struct RecordedRunRefusal: Error, Hashable, Sendable {
    /// The trace line of the step that cannot be written.
    public var line: Int
    public var message: String
}

/// A replayed run as a ``TestPath``: each step's stimulus as the test gives it, the guards the
/// trace answered `true` holding, the configuration the interpreter ended in.
enum RecordedRunPath {
    static func path(of run: ReplayedRun, traceFileName: String, samples: SampleValues) -> Result<TestPath, RecordedRunRefusal> {
        let model = run.machine.model
        let calls = ValueFunctionCalls(model)
        let delays = ValueFunctionCalls.delayFunctions(model)
        var path = TestPath(purpose: .recordedRun(traceFileName), startTransitions: [], startAtomicStates: [], steps: [])
        var now: Int64 = 0
        for (index, step) in run.steps.enumerated() {
            let called = calls.called(in: step.entries)
            for function in called where !delays.contains(function) {
                let returnType = model.valueFunctions.first { $0.name == function }!.returnType
                if let missing = samples.missingTypes(in: returnType).first {
                    return .failure(RecordedRunRefusal(
                        line: step.lines.lowerBound,
                        message: "this step calls '\(function)', whose result has no sample value of type '\(missing)' for the test: give one with --sample"))
                }
            }
            let holding = step.answers.sorted()
            let atomicStates = step.interpreter.atomicStates
            let stimulus: TestStep.Stimulus
            switch step.stimulus {
            case .restored:
                return .failure(RecordedRunRefusal(
                    line: step.lines.lowerBound,
                    message: "the run was picked up mid-way (a restored start, docs/Inspector.md): a test starts the machine at its "
                        + "initial state, so it needs a run recorded from the machine's creation"))
            case .start:
                path.startTransitions = step.transitions.map(\.index)
                path.startAtomicStates = atomicStates
                path.startHoldingGuards = holding
                now = step.interpreter.now
                continue
            case .event(let event):
                if let missing = samples.missingTypes(in: model[event].parameters).first {
                    return .failure(RecordedRunRefusal(
                        line: step.lines.lowerBound,
                        message: "event '\(model[event].name)' has no sample payload of type '\(missing)' for the test: give one with --sample"))
                }
                stimulus = .send(event)
            case .timer:
                // A test's `ManualClock` fires every timer due in one advance: two timers due at
                // one instant, which the run recorded as two steps, would be one.
                if index + 1 < run.steps.count, case .timer = run.steps[index + 1].stimulus,
                   run.steps[index + 1].interpreter.now == step.interpreter.now {
                    return .failure(RecordedRunRefusal(
                        line: run.steps[index + 1].lines.lowerBound,
                        message: "two timers fire at one instant here, as two steps; a test's clock fires both in one advance"))
                }
                stimulus = .advance(nanoseconds: step.interpreter.now - now)
            case .result(let invocation, let result):
                if result != .error, let missing = samples.missingTypes(in: model[invocation].payload(of: result)).first {
                    return .failure(RecordedRunRefusal(
                        line: step.lines.lowerBound,
                        message: "'\(model[invocation].name)' delivers a value of type '\(missing)', which has no sample for the test: give one with --sample"))
                }
                stimulus = .deliver(invocation, result)
            case .stop:
                return .failure(RecordedRunRefusal(
                    line: step.lines.lowerBound, message: "the run ends with stop(), which a test path does not take yet: cut the trace before it"))
            case .child:
                return .failure(RecordedRunRefusal(
                    line: step.lines.lowerBound, message: "a step of a child machine, which a test of a recorded run does not drive yet"))
            }
            now = step.interpreter.now
            path.steps.append(TestStep(
                stimulus: stimulus, holdingGuards: holding, takenTransitions: step.transitions.map(\.index),
                atomicStatesAfter: atomicStates, calledFunctions: called))
        }
        return .success(path)
    }
}
