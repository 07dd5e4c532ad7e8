import FSMCore
/// A test path run again in a fresh ``MachineInterpreter``, step by step, with the guards each
/// step names holding: what the planner promises is that every path replays to what it claims
/// (the transitions each step takes, the states it ends in), children included, since the
/// interpreter is the one semantics the generated code agrees with. The tests hold every plan
/// to it.
package struct PathReplay {
    /// What one step did when replayed.
    package struct Step: Equatable {
        package var takenTransitions: [Int]
        package var atomicStatesAfter: [StateID]
    }

    /// The transitions the machine took as it started and the atomic states it started in.
    package var start: Step
    /// Each step's, in order; fewer than the path's when a step named a child that no longer
    /// ran (which a path the planner made never does).
    package var steps: [Step]

    /// Replays `path` on `machine`, whose children are `children`, by machine name.
    package init(_ path: TestPath, of machine: ExecutableMachine, children: [String: ExecutableMachine] = [:]) {
        var interpreter = MachineInterpreter(machine: machine, machines: children)
        interpreter.hooks.guardQueues = path.startGuardQueues.isEmpty ? nil : path.startGuardQueues
        let started = interpreter.start(answers: Set(path.startHoldingGuards))
        interpreter.hooks.guardQueues = nil
        start = Step(takenTransitions: started.map(\.index), atomicStatesAfter: interpreter.atomicStates)
        steps = []
        for step in path.steps {
            let answers = Set(step.holdingGuards)
            // A counterexample's step may answer a guard per call.
            interpreter.hooks.guardQueues = step.guardQueues.isEmpty ? nil : step.guardQueues
            defer { interpreter.hooks.guardQueues = nil }
            let taken: [TransitionID]
            switch step.stimulus {
            case .send(let event):
                taken = interpreter.send(event, answers: answers)
            case .advance(let nanoseconds):
                taken = interpreter.advance(to: interpreter.now + nanoseconds, answers: answers)
            case .deliver(let invocation, let result):
                guard let run = interpreter.runningInvocations.first(where: { $0.invocation == invocation }) else { return }
                taken = interpreter.deliver(result, from: run, answers: answers)
            case .sendToChild(let chain, let event):
                guard let runs = Self.runs(of: chain, in: interpreter) else { return }
                taken = interpreter.send(event, toChild: runs, answers: answers)
            }
            steps.append(Step(takenTransitions: taken.map(\.index), atomicStatesAfter: interpreter.atomicStates))
        }
    }

    /// What the path claims, in the shape of a replay.
    package static func claimed(by path: TestPath) -> (start: Step, steps: [Step]) {
        (Step(takenTransitions: path.startTransitions, atomicStatesAfter: path.startAtomicStates),
         path.steps.map { Step(takenTransitions: $0.takenTransitions, atomicStatesAfter: $0.atomicStatesAfter) })
    }

    /// The running runs of a chain of invocations, from `interpreter` down; `nil` when one does
    /// not run.
    private static func runs(of chain: [InvocationID], in interpreter: MachineInterpreter) -> [MachineInterpreter.InvocationRun]? {
        var runs: [MachineInterpreter.InvocationRun] = []
        var current: MachineInterpreter? = interpreter
        for invocation in chain {
            guard let run = current?.runningInvocations.first(where: { $0.invocation == invocation }) else { return nil }
            runs.append(run)
            current = current?.child(run)
        }
        return runs
    }
}
