/// The moves of the path search: which stimuli to try from a node, and with which guard
/// answers, so that every transition the machine could take there is taken by some move.
extension PathSearch {
    /// Every useful step from a node: each event some candidate takes, each running timer
    /// (its own state's or an ancestor's), each with the guard answers that pick one candidate
    /// (and one follow-up: an eventless transition or a completion); none that calls a value
    /// function of ``blockedFunctions``.
    func successors(of node: Node) -> [Node] {
        let all = allSuccessors(of: node)
        guard !blockedFunctions.isEmpty else { return all }
        return all.filter { blockedFunctions.isDisjoint(with: $0.steps.last!.calledFunctions) }
    }

    private func allSuccessors(of node: Node) -> [Node] {
        guard !node.machine.isFinished else { return [] }
        let interpreter = node.machine
        let leaf = interpreter.leaf
        var result: [Node] = []
        for event in sendableEvents {
            let candidates = machine.candidates(atLeaf: leaf, for: .event(event))
            for (position, transition) in candidates.enumerated() {
                for answers in answers(choosing: transition, after: Array(candidates[..<position]), in: interpreter) {
                    var next = interpreter
                    let mark = next.trace.count
                    let taken = next.send(event, answers: answers)
                    guard !next.diverged else { continue }
                    result.append(extend(node, next, since: mark, .send(event), answers, taken))
                }
            }
        }
        let timers = interpreter.runningTimers
        for (order, timer) in timers.enumerated() {
            let candidates = machine.candidates(atLeaf: leaf, for: .timer(timer.owner, group: timer.group))
            // Timers due first fire first: none of them may leave the configuration. (An
            // internal one without a guard does not; one with a guard is asked to fail.)
            let firstDue = timers.enumerated().filter { other in
                other.offset != order
                    && (other.element.deadline < timer.deadline || (other.element.deadline == timer.deadline && other.offset < order))
            }
            let blockers = firstDue.flatMap { machine.candidates(atLeaf: leaf, for: .timer($0.element.owner, group: $0.element.group)) }
                .filter { machine[$0].declaration.guardExpression != nil || machine[$0].entry != nil }
            for (position, transition) in candidates.enumerated() {
                for answers in answers(choosing: transition, after: blockers + candidates[..<position], in: interpreter) {
                    var next = interpreter
                    let mark = next.trace.count
                    let taken = next.advance(to: timer.deadline, answers: answers)
                    guard !next.diverged else { continue }
                    result.append(extend(node, next, since: mark, .advance(nanoseconds: timer.deadline - interpreter.now), answers, taken))
                }
            }
        }
        return result
    }

    /// Guard answers under which `transition` is the one taken after `earlier` fail, in the
    /// interpreter's configuration; one set for the transition alone, and one more per
    /// follow-up the step may take in the configuration it leads to: each eventless candidate
    /// there, then, when it ends in a final state, each `done` transition of the parent it
    /// completes.
    private func answers(choosing transition: TransitionID, after earlier: [TransitionID], in interpreter: MachineInterpreter) -> [Set<String>] {
        let isActive: (StateID) -> Bool = { [interpreter] in interpreter.isActive($0) }
        guard var constraints = failing(earlier, isActive: isActive) else { return [] }
        if let expression = machine[transition].declaration.guardExpression, expression != .else {
            constraints.append(.init(expression: expression, mustHold: true, isActive: isActive))
        }
        guard let base = GuardSolver.solve(constraints) else { return [] }
        var result = [base]
        guard machine[transition].entry != nil else { return result }

        let leaf = interpreter.leaf(afterTaking: transition)
        let activeAfter = machine.activeStates(atLeaf: leaf)
        let isActiveAfter: (StateID) -> Bool = { activeAfter.contains($0) }
        var followUps = [machine.candidates(atLeaf: leaf, for: .always)]
        if let parent = machine.completedParent(ofFinal: leaf) {
            // A completion is handled once no eventless transition is enabled.
            followUps.append(followUps[0] + machine.candidates(atLeaf: leaf, for: .done(parent)))
        }
        for (index, candidates) in followUps.enumerated() {
            let skipped = index == 0 ? 0 : followUps[0].count
            for position in skipped..<candidates.count {
                guard var more = failing(Array(candidates[..<position]), isActive: isActiveAfter) else { continue }
                if let expression = machine[candidates[position]].declaration.guardExpression, expression != .else {
                    more.append(.init(expression: expression, mustHold: true, isActive: isActiveAfter))
                }
                if let answers = GuardSolver.solve(constraints + more), !result.contains(answers) {
                    result.append(answers)
                }
            }
        }
        return result
    }

    /// Constraints that every transition of `transitions` fails; `nil` when one cannot fail
    /// (it has no guard, or `else`).
    private func failing(_ transitions: [TransitionID], isActive: @escaping (StateID) -> Bool) -> [GuardSolver.Constraint]? {
        var constraints: [GuardSolver.Constraint] = []
        for other in transitions {
            guard let expression = machine[other].declaration.guardExpression, expression != .else else { return nil }
            constraints.append(.init(expression: expression, mustHold: false, isActive: isActive))
        }
        return constraints
    }

    private func extend(
        _ node: Node, _ next: MachineInterpreter, since mark: Int, _ stimulus: TestStep.Stimulus, _ answers: Set<String>,
        _ taken: [TransitionID]
    ) -> Node {
        let entered = next.trace[mark...].compactMap { entry -> StateID? in
            if case .entered(let state) = entry { state } else { nil }
        }
        let step = TestStep(
            stimulus: stimulus, holdingGuards: answers.sorted(), takenTransitions: taken.map(\.index), stateAfter: next.leaf,
            calledFunctions: calls.called(in: next.trace[mark...]))
        return Node(machine: next, steps: node.steps + [step], entered: entered)
    }
}
