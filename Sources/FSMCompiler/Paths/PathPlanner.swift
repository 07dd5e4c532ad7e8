/// Plans model-based test paths, like XState's graph tools but at build time: the shortest
/// path to every state, and a set of paths that takes every transition.
public enum PathPlanner {
    /// A path longer than this ends and the next one starts from a fresh machine.
    static let maximumPathLength = 64

    public static func plan(_ model: MachineModel) -> TestPlan {
        let sampleable = model.events.indices.map(EventID.init).filter { id in
            model[id].parameters.allSatisfy { SampleValues.literal(for: $0.type) != nil }
        }
        let planner = Planner(model: model, sendableEvents: sampleable)
        // A machine that loops as it starts (its initial state raises an event that
        // re-enters it, say) has no path to test.
        let startsForever = planner.start().0.machine.diverged
        let reach = startsForever ? [] : planner.reachPaths()
        let (coverage, uncovered) = startsForever ? ([], Array(model.allTransitions.indices)) : planner.coveragePaths()
        var reached = Set([model.initialState])
        for path in reach { if case .reach(let state) = path.purpose { reached.insert(state) } }
        return TestPlan(
            model: model, reachPaths: reach, coveragePaths: coverage,
            unreachableStates: model.states.map(\.id).filter { !reached.contains($0) },
            uncoveredTransitions: uncovered,
            unsampledEvents: model.events.indices.map(EventID.init).filter { !sampleable.contains($0) })
    }
}

/// The search behind ``PathPlanner``.
private struct Planner {
    let model: MachineModel
    let sendableEvents: [EventID]

    /// A simulated machine and how it got there.
    struct Node {
        var machine: MachineSimulator
        var steps: [TestStep]
    }

    func start() -> (Node, [Int]) {
        var machine = MachineSimulator(model: model)
        let taken = machine.start(answers: [])
        return (Node(machine: machine, steps: []), taken)
    }

    // MARK: - Reaching states

    /// The shortest path to each state: to where the machine rests in it, or, for a state
    /// eventless transitions leave at once, to the step that passes through it.
    func reachPaths() -> [TestPath] {
        let (root, startTaken) = start()
        let transitions = model.allTransitions
        var best: [StateID: [TestStep]] = [root.machine.state: []]
        var passedThrough: [StateID: [TestStep]] = [:]
        var queue = [root]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in successors(of: node) {
                for index in next.steps.last!.takenTransitions {
                    if let target = transitions[index].target, passedThrough[target] == nil {
                        passedThrough[target] = next.steps
                    }
                }
                if best[next.machine.state] == nil {
                    best[next.machine.state] = next.steps
                    queue.append(next)
                }
            }
        }
        return model.states.map(\.id).filter { $0 != root.machine.state }.compactMap { state in
            guard let steps = best[state] ?? passedThrough[state] else { return nil }
            return TestPath(purpose: .reach(state), startTransitions: startTaken, startState: root.machine.state, steps: steps)
        }
    }

    // MARK: - Covering transitions

    func coveragePaths() -> ([TestPath], uncovered: [Int]) {
        var uncovered = Set(model.allTransitions.indices)
        var paths: [TestPath] = []
        while !uncovered.isEmpty {
            var (node, startTaken) = start()
            let startState = node.machine.state
            uncovered.subtract(startTaken)
            var progressed = !startTaken.isEmpty && paths.isEmpty
            while node.steps.count < PathPlanner.maximumPathLength, !node.machine.isFinished,
                  let next = nearest(from: node, takingAnyOf: uncovered) {
                node = next
                progressed = true
                for step in next.steps { uncovered.subtract(step.takenTransitions) }
            }
            guard progressed, !node.steps.isEmpty || paths.isEmpty else { break }
            paths.append(TestPath(purpose: .coverage(paths.count + 1), startTransitions: startTaken, startState: startState, steps: node.steps))
            if node.steps.isEmpty { break }
        }
        return (paths, uncovered.sorted())
    }

    /// Breadth first from `node`: the closest continuation whose last step takes a
    /// transition of `wanted`.
    private func nearest(from node: Node, takingAnyOf wanted: Set<Int>) -> Node? {
        var visited: Set<StateID> = [node.machine.state]
        var queue = [node]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            guard current.steps.count < PathPlanner.maximumPathLength else { continue }
            let next = successors(of: current)
            if let hit = next.first(where: { !wanted.isDisjoint(with: $0.steps.last!.takenTransitions) }) {
                return hit
            }
            for candidate in next where !visited.contains(candidate.machine.state) {
                visited.insert(candidate.machine.state)
                queue.append(candidate)
            }
        }
        return nil
    }

    // MARK: - Moves

    /// Every useful step from a node: each event some transition takes, each running timer,
    /// each with the guard answers that pick one transition (and one eventless follow-up).
    func successors(of node: Node) -> [Node] {
        guard !node.machine.isFinished else { return [] }
        let state = node.machine.state
        var result: [Node] = []
        for event in sendableEvents {
            let own = model[state].transitions.filter { $0.trigger == .event(event) }
            let machineLevel = model.machineTransitions.filter { $0.trigger == .event(event) }
            let candidates = own + machineLevel
            for (position, transition) in candidates.enumerated() {
                for answers in answers(choosing: transition, after: Array(candidates[..<position])) {
                    var machine = node.machine
                    let taken = machine.send(event, answers: answers)
                    guard !machine.diverged else { continue }
                    result.append(extend(node, machine, .send(event), answers, taken))
                }
            }
        }
        let timed = model[state].transitions.filter { if case .after = $0.trigger { true } else { false } }
        for (index, transition) in timed.enumerated() {
            guard let deadline = node.machine.deadline(ofTimer: index) else { continue }
            let earlier = timed.enumerated().filter { other in
                guard let otherDeadline = node.machine.deadline(ofTimer: other.offset) else { return false }
                return otherDeadline < deadline || (otherDeadline == deadline && other.offset < index)
            }.map(\.element).filter { $0.guardExpression != nil || $0.target != nil }
            for answers in answers(choosing: transition, after: earlier) {
                var machine = node.machine
                let taken = machine.advance(to: deadline, answers: answers)
                guard !machine.diverged else { continue }
                result.append(extend(node, machine, .advance(nanoseconds: deadline - node.machine.now), answers, taken))
            }
        }
        return result
    }

    /// Guard answers under which `transition` is the one taken after `earlier` fail; one
    /// set for the transition alone, and one more per eventless transition of its target.
    private func answers(choosing transition: TransitionModel, after earlier: [TransitionModel]) -> [Set<String>] {
        var constraints: [GuardSolver.Constraint] = []
        for other in earlier {
            guard let expression = other.guardExpression, expression != .else else { return [] }
            constraints.append(.init(expression: expression, mustHold: false))
        }
        if let expression = transition.guardExpression, expression != .else {
            constraints.append(.init(expression: expression, mustHold: true))
        }
        guard let base = GuardSolver.solve(constraints) else { return [] }
        var result = [base]
        if let target = transition.target {
            let eventless = model[target].transitions.filter { $0.trigger == .always }
            for (position, follow) in eventless.enumerated() {
                var more = constraints
                var possible = true
                for other in eventless[..<position] {
                    guard let expression = other.guardExpression, expression != .else else { possible = false; break }
                    more.append(.init(expression: expression, mustHold: false))
                }
                if let expression = follow.guardExpression, expression != .else {
                    more.append(.init(expression: expression, mustHold: true))
                }
                if possible, let answers = GuardSolver.solve(more), !result.contains(answers) {
                    result.append(answers)
                }
            }
        }
        return result
    }

    private func extend(_ node: Node, _ machine: MachineSimulator, _ stimulus: TestStep.Stimulus, _ answers: Set<String>, _ taken: [Int]) -> Node {
        let step = TestStep(stimulus: stimulus, holdingGuards: answers.sorted(), takenTransitions: taken, stateAfter: machine.state)
        return Node(machine: machine, steps: node.steps + [step])
    }
}
