import FSMCore
/// The moves of the path search: which stimuli to try from a node, and with which guard
/// answers, so that every transition the machine could take there is taken by some move.
extension PathSearch {
    /// Every useful step from a node: each event some candidate of an active atomic state
    /// takes, each running timer (of any active state), each with the guard answers that make
    /// one candidate selected (and one follow-up: an eventless transition or a completion);
    /// none that calls a value function of ``blockedFunctions``.
    func successors(of node: Node) -> [Node] {
        let all = allSuccessors(of: node)
        guard !blockedFunctions.isEmpty else { return all }
        return all.filter { blockedFunctions.isDisjoint(with: $0.steps.last!.calledFunctions) }
    }

    private func allSuccessors(of node: Node) -> [Node] {
        guard !node.machine.isFinished else { return [] }
        let interpreter = node.machine
        let atomicStates = interpreter.atomicStates
        var result: [Node] = []
        for event in sendableEvents {
            result += moves(taking: .event(event), at: node, offered: atomicStates.map { candidates(of: $0, for: event) }) { next, answers in
                (next.send(event, answers: answers), .send(event))
            }
        }
        result += keepings(at: node)
        for run in interpreter.runningInvocations where machine.model[run.invocation].canFail {
            result += deliveries(from: run, at: node)
        }
        result += childMoves(at: node)
        let timers = interpreter.runningTimers
        for (order, timer) in timers.enumerated() {
            let trigger = ExecutableMachine.Trigger.timer(timer.owner, group: timer.group)
            let candidates = machine.transitions(of: .state(timer.owner), for: trigger)
            // Timers due first fire first: none of them may leave the configuration. (An
            // internal one without a guard does not; one with a guard is asked to fail.)
            let firstDue = timers.enumerated().filter { other in
                other.offset != order
                    && (other.element.deadline < timer.deadline || (other.element.deadline == timer.deadline && other.offset < order))
            }
            let blockers = firstDue.flatMap { machine.transitions(of: .state($0.element.owner), for: .timer($0.element.owner, group: $0.element.group)) }
                .filter { machine[$0].declaration.guardExpression != nil || machine[$0].entry != nil }
            for (position, transition) in candidates.enumerated() {
                for answers in answers(choosing: transition, after: blockers + candidates[..<position], for: trigger, rivals: [], in: interpreter) {
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

    /// The steps that send an event an active state defers and no active atomic state has a
    /// candidate for: a step that changes nothing but the kept events, whose transitions come
    /// when a later step releases it. One kept event at a time, so that the situations stay
    /// few (kept events in every order would multiply them); an event some guarded candidate
    /// could take is not planned kept.
    private func keepings(at node: Node) -> [Node] {
        let interpreter = node.machine
        guard interpreter.keptEvents.isEmpty else { return [] }
        let atomicStates = interpreter.atomicStates
        return sendableEvents.compactMap { event in
            guard machine.defers(event, in: interpreter.configuration),
                atomicStates.allSatisfy({ candidates(of: $0, for: event).isEmpty })
            else { return nil }
            var next = interpreter
            let mark = next.trace.count
            let taken = next.send(event, answers: [])
            guard !next.diverged else { return nil }
            return extend(node, next, since: mark, .send(event), [], taken)
        }
    }

    /// The steps in which the running invocation `run` delivers a result some candidate of an
    /// active atomic state takes, each with the answers that select one candidate, as for an
    /// event.
    private func deliveries(from run: MachineInterpreter.InvocationRun, at node: Node) -> [Node] {
        var result: [Node] = []
        for outcome in [InvocationResult.done, .error, .element] {
            guard deliverableResults?.contains(DeliverableResult(invocation: run.invocation, result: outcome)) ?? true,
                outcome != .element || machine.model[run.invocation].kind == .stream
            else { continue }
            let trigger = ExecutableMachine.Trigger.invocation(run.invocation, outcome)
            let offered = node.machine.atomicStates.map { machine.candidates(atLeaf: $0, for: trigger) }
            result += moves(taking: trigger, at: node, offered: offered) { next, answers in
                (next.deliver(outcome, from: run, answers: answers), .deliver(run.invocation, outcome))
            }
        }
        return result
    }

    /// The steps for a trigger every active atomic state is offered (an event, what an
    /// invocation delivers): for each candidate of each state (`offered`, by atomic state),
    /// each set of guard answers that selects it, `stimulus` run on a copy of the node's machine.
    /// Several regions offer their parallel ancestors' transitions, and several wanted
    /// transitions may ask for the same answers: one step each.
    private func moves(
        taking trigger: ExecutableMachine.Trigger, at node: Node, offered: [[TransitionID]],
        stimulus: (inout MachineInterpreter, Set<String>) -> (taken: [TransitionID], step: TestStep.Stimulus)
    ) -> [Node] {
        let interpreter = node.machine
        var result: [Node] = []
        var tried: Set<Set<String>> = []
        for (index, candidates) in offered.enumerated() {
            for (position, transition) in candidates.enumerated() {
                // The other atomic states' candidates that could win a conflict against it.
                let rivals = offered.enumerated().filter { $0.offset != index }.flatMap { other in
                    other.element.filter { $0 != transition && machine.conflicts($0, transition) }
                }
                for answers in answers(
                    choosing: transition, after: Array(candidates[..<position]), for: trigger, rivals: rivals, in: interpreter)
                where tried.insert(answers).inserted {
                    var next = interpreter
                    let mark = next.trace.count
                    let (taken, step) = stimulus(&next, answers)
                    guard !next.diverged else { continue }
                    result.append(extend(node, next, since: mark, step, answers, taken))
                }
            }
        }
        return result
    }

    /// Guard answers under which `transition` is among those `trigger` takes, `earlier` (the
    /// candidates tried before it) failing and none of `rivals` (the candidates of the active
    /// atomic states that conflict with it) winning, in the interpreter's configuration; one set for
    /// the step alone, and one more per follow-up the step may take in the configuration it
    /// leads to: each eventless candidate of each active atomic state there, then, for each
    /// final state it ends in, each `done` transition of the states that final state
    /// completes (its parent, and the parallel state around when every region is final).
    private func answers(
        choosing transition: TransitionID, after earlier: [TransitionID], for trigger: ExecutableMachine.Trigger,
        rivals: [TransitionID], in interpreter: MachineInterpreter
    ) -> [Set<String>] {
        let isActive: (StateID) -> Bool = { [interpreter] in interpreter.isActive($0) }
        guard var constraints = failing(earlier, isActive: isActive) else { return [] }
        if let expression = machine[transition].declaration.guardExpression, expression != .else {
            constraints.append(.init(expression: expression, mustHold: true, isActive: isActive))
        }
        let selection = Selection(search: self, transition: transition, trigger: trigger, rivals: rivals, interpreter: interpreter)
        guard let base = selection.solve(constraints) else { return [] }
        var result = [base]
        guard hasFollowUps else { return result }
        let taken = hasParallelStates ? interpreter.selected(for: trigger, answers: base) : [transition]
        guard taken.contains(where: { machine[$0].entry != nil }) else { return result }

        let atomicAfter = atomicStates(afterTaking: taken, in: interpreter)
        let activeAfter = Set(atomicAfter.flatMap { machine.activeStates(atLeaf: $0) })
        let isActiveAfter: (StateID) -> Bool = { activeAfter.contains($0) }
        let eventless = atomicAfter.map { machine.candidates(atLeaf: $0, for: .always) }
        var followUps = eventless.map { (candidates: $0, skipped: 0) }
        // A completion is handled once no eventless transition is enabled.
        let allEventless = eventless.flatMap { $0 }
        var completed: [StateID] = []
        for atomic in atomicAfter {
            for state in machine.completions(afterEntering: atomic, in: activeAfter.sorted()) where !completed.contains(state) {
                completed.append(state)
            }
        }
        for state in completed {
            followUps.append((allEventless + machine.transitions(of: .state(state), for: .done(state)), allEventless.count))
        }
        for (candidates, skipped) in followUps {
            for position in skipped..<candidates.count {
                guard var more = failing(Array(candidates[..<position]), isActive: isActiveAfter) else { continue }
                if let expression = machine[candidates[position]].declaration.guardExpression, expression != .else {
                    more.append(.init(expression: expression, mustHold: true, isActive: isActiveAfter))
                }
                if let answers = selection.solve(constraints + more), !result.contains(answers) {
                    result.append(answers)
                }
            }
        }
        return result
    }

    /// Solves guard constraints for a wanted transition so that it is selected: in a machine
    /// with parallel states, a transition of another region that conflicts with it (a rival)
    /// may win the conflict under the same answers, so the answers are checked against the
    /// interpreter's selection, and, when the constraints' own guards cannot help, the guards
    /// of the other regions' candidates are varied too (to disable the winner).
    private struct Selection {
        let search: PathSearch
        let transition: TransitionID
        let trigger: ExecutableMachine.Trigger
        let rivals: [TransitionID]
        let interpreter: MachineInterpreter

        func solve(_ constraints: [GuardSolver.Constraint]) -> Set<String>? {
            // Without a rival, the first enabled candidate of an atomic state is taken (and
            // timers and completions select from one state).
            let offeredToEveryState = switch trigger {
            case .event, .invocation: true
            case .always, .timer, .done: false
            }
            guard !rivals.isEmpty, offeredToEveryState else { return GuardSolver.solve(constraints) }
            let accept: (Set<String>) -> Bool = { [interpreter, trigger, transition] answers in
                interpreter.selected(for: trigger, answers: answers).contains(transition)
            }
            if let answers = GuardSolver.solve(constraints, where: accept) { return answers }
            var others: [String] = []
            for atomic in interpreter.atomicStates {
                for candidate in search.machine.candidates(atLeaf: atomic, for: trigger) {
                    // Candidates after one that always holds are never selected.
                    guard let expression = search.machine[candidate].declaration.guardExpression, expression != .else else { break }
                    for name in expression.names where !others.contains(name) { others.append(name) }
                }
            }
            return GuardSolver.solve(constraints, alsoVarying: others, where: accept)
        }
    }

    /// The active atomic states, in document order, right after `transitions` (a selection:
    /// no two conflict) are taken together, before what follows them: each leaves and enters
    /// states below its own domain only, so a state is active after them when none of them
    /// left it for good, or one of them entered it.
    private func atomicStates(afterTaking transitions: [TransitionID], in interpreter: MachineInterpreter) -> [StateID] {
        if transitions.count == 1 { return interpreter.atomicStates(afterTaking: transitions[0]) }
        let before = Set(interpreter.atomicStates)
        let after = transitions.map { Set(interpreter.atomicStates(afterTaking: $0)) }
        let kept = before.filter { state in after.allSatisfy { $0.contains(state) } }
        let entered = after.reduce(into: Set<StateID>()) { $0.formUnion($1) }.subtracting(before)
        return kept.union(entered).sorted()
    }

    /// Constraints that every transition of `transitions` fails; `nil` when one cannot fail
    /// (it has no guard, or `else`).
    func failing(
        _ transitions: [TransitionID], of machine: ExecutableMachine? = nil, isActive: @escaping (StateID) -> Bool
    ) -> [GuardSolver.Constraint]? {
        let machine = machine ?? self.machine
        var constraints: [GuardSolver.Constraint] = []
        for other in transitions {
            guard let expression = machine[other].declaration.guardExpression, expression != .else else { return nil }
            constraints.append(.init(expression: expression, mustHold: false, isActive: isActive))
        }
        return constraints
    }

    func extend(
        _ node: Node, _ next: MachineInterpreter, since mark: Int, _ stimulus: TestStep.Stimulus, _ answers: Set<String>,
        _ taken: [TransitionID]
    ) -> Node {
        let entered = next.trace[mark...].compactMap { entry -> StateID? in
            if case .entered(let state) = entry { state } else { nil }
        }
        let step = TestStep(
            stimulus: stimulus, holdingGuards: answers.sorted(), takenTransitions: taken.map(\.index),
            atomicStatesAfter: next.atomicStates, calledFunctions: calls.called(in: next.trace[mark...]),
            tookHistoryDefaults: PathSearch.historyDefaults(in: next.trace[mark...]))
        return Node(machine: next, steps: node.steps + [step], entered: entered)
    }
}
