import FSMCore
/// The moves of the path search that step a running child machine (`invoke SignIn as signIn`):
/// the child runs in the interpreter, so what it emits and its finishing reach the parent
/// exactly when and as the child can produce them, and every path replays in the interpreter.
extension PathSearch {
    /// A child machine running under the searched machine, at any depth.
    struct RunningChild {
        /// The runs from the searched machine down to the child: its own invocation's first.
        var runs: [MachineInterpreter.InvocationRun]
        var interpreter: MachineInterpreter
    }

    /// The child machines running under `interpreter`, each before its own children.
    func runningChildren(of interpreter: MachineInterpreter, below runs: [MachineInterpreter.InvocationRun] = []) -> [RunningChild] {
        interpreter.runningInvocations.flatMap { run -> [RunningChild] in
            guard let child = interpreter.child(run) else { return [] }
            let chain = runs + [run]
            return [RunningChild(runs: chain, interpreter: child)] + runningChildren(of: child, below: chain)
        }
    }

    /// The steps that send a running child machine one of its events some candidate of its
    /// active atomic states takes, and those that advance the clock to one of its timers; each
    /// with the answers that select one candidate of the child. Each answer set is also tried
    /// with each guarded transition the searched machine has on the outputs and completion of
    /// its child on the way (the child itself, or the one that runs the grandchild) holding, so
    /// that its reactions are varied too.
    func childMoves(at node: Node) -> [Node] {
        var result: [Node] = []
        for child in runningChildren(of: node.machine) {
            let childMachine = child.interpreter.machine
            let isActive: (StateID) -> Bool = { [child] in child.interpreter.isActive($0) }
            // What a grandchild does may reach the searched machine through its child: its
            // reactions to that child vary at every depth.
            let reactions = parentReactions(to: child.runs[0].invocation, in: node.machine)
            for event in childEvents[childMachine.model.name] ?? [] {
                // Answers already tried for this event: another candidate (of another active
                // atomic state) may be selected by the same ones. Each event is tried with its
                // own answers, however often another event was tried with the same.
                var tried: Set<Set<String>> = []
                for candidates in child.interpreter.atomicStates.map({ childMachine.candidates(atLeaf: $0, for: .event(event)) }) {
                    for position in candidates.indices {
                        for answers in childAnswers(choosing: candidates[position], after: Array(candidates[..<position]), of: childMachine,
                            isActive: isActive, reactions: reactions)
                        where tried.insert(answers).inserted {
                            var next = node.machine
                            let mark = next.trace.count
                            let taken = next.send(event, toChild: child.runs, answers: answers)
                            guard !next.diverged else { continue }
                            result.append(extend(node, next, since: mark, .sendToChild(child.runs.map(\.invocation), event), answers, taken))
                        }
                    }
                }
            }
            // The child's timers run on the searched machine's clock: advancing it fires them.
            for timer in child.interpreter.runningTimers {
                let candidates = childMachine.transitions(of: .state(timer.owner), for: .timer(timer.owner, group: timer.group))
                var triedTimer: Set<Set<String>> = []
                for position in candidates.indices {
                    for answers in childAnswers(choosing: candidates[position], after: Array(candidates[..<position]), of: childMachine,
                        isActive: isActive, reactions: reactions)
                    where triedTimer.insert(answers).inserted {
                        var next = node.machine
                        let mark = next.trace.count
                        let taken = next.advance(to: timer.deadline, answers: answers)
                        guard !next.diverged else { continue }
                        result.append(extend(node, next, since: mark, .advance(nanoseconds: timer.deadline - node.machine.now), answers, taken))
                    }
                }
            }
        }
        return result
    }

    /// Guard answers under which the child machine takes `transition` (the candidates
    /// `earlier` failing): one set alone, and one more per constraint set of `reactions` it can
    /// be met with.
    private func childAnswers(
        choosing transition: TransitionID, after earlier: [TransitionID], of childMachine: ExecutableMachine,
        isActive: @escaping (StateID) -> Bool, reactions: [[GuardSolver.Constraint]]
    ) -> [Set<String>] {
        guard var constraints = failing(earlier, of: childMachine, isActive: isActive) else { return [] }
        if let expression = childMachine[transition].declaration.guardExpression, expression != .else {
            constraints.append(.init(expression: expression, mustHold: true, isActive: isActive))
        }
        var result: [Set<String>] = []
        for reaction in [[]] + reactions {
            if let answers = GuardSolver.solve(constraints + reaction), !result.contains(answers) { result.append(answers) }
        }
        return result
    }

    /// For each guarded transition the searched machine's active atomic states have on an
    /// output or the completion of its child `invocation`, the constraints that select it:
    /// the candidates before it failing, its guard holding.
    private func parentReactions(to invocation: InvocationID, in interpreter: MachineInterpreter) -> [[GuardSolver.Constraint]] {
        guard let child = machine.model[invocation].child else { return [] }
        let isActive: (StateID) -> Bool = { [interpreter] in interpreter.isActive($0) }
        let results = child.outputs.map { InvocationResult.output($0.name) } + [.done]
        var reactions: [[GuardSolver.Constraint]] = []
        for result in results {
            for atomic in interpreter.atomicStates {
                let candidates = machine.candidates(atLeaf: atomic, for: .invocation(invocation, result))
                for position in candidates.indices {
                    guard let expression = machine[candidates[position]].declaration.guardExpression, expression != .else,
                        let earlier = failing(Array(candidates[..<position]), isActive: isActive)
                    else { continue }
                    reactions.append(earlier + [.init(expression: expression, mustHold: true, isActive: isActive)])
                }
            }
        }
        return reactions
    }
}
