/// Plans model-based test paths, like XState's graph tools but at build time: the shortest
/// path to every state, and a set of paths that takes every transition.
///
/// The planner drives ``MachineInterpreter``, which runs the ``ExecutableMachine`` the way
/// the generated code does, so a path's steps end where the real machine ends, nested states,
/// history, completions and timers on parents included. It searches breadth first over
/// *situations* (``MachineInterpreter/Situation``: the active atomic state and what every
/// history remembers), so that a `-> X.history` target is explored with each configuration
/// it can restore.
///
/// A compound state counts as reached when any of its descendants is active; a state that
/// eventless transitions or completions leave at once counts as reached in passing. Coverage
/// counts transitions by ``TransitionID``: `on`, `always`, `after` (whichever state owns the
/// timer) and `done` alike.
///
/// The search is bounded, since histories multiply the situations:
/// - one search (to reach the states, or to find the next uncovered transition) visits each
///   atomic state in at most ``maximumSituationsPerState`` situations; further histories of
///   that state are not explored (a flat machine has one situation per state, so the bound
///   never bites there);
/// - a path ends after ``maximumPathLength`` steps, and the next one starts from a fresh
///   machine;
/// - a step that handles more than ``MachineInterpreter/maximumStepsPerStimulus`` triggers
///   (an eventless or raised loop) is dropped;
/// - guard answers are searched over at most ``GuardSolver/maximumNames`` guard names a step.
public enum PathPlanner {
    /// A path longer than this ends and the next one starts from a fresh machine.
    public static let maximumPathLength = 64

    /// How many situations (different remembered histories) of one atomic state a search
    /// visits at most.
    public static let maximumSituationsPerState = 16

    /// Plans the paths of a checked model; a model ``Lowering`` refuses has none.
    public static func plan(_ model: MachineModel) -> TestPlan {
        switch Lowering.lower(model) {
        case .success(let machine):
            return plan(machine)
        case .failure:
            return TestPlan(
                model: model, initialConfiguration: [model.initialState], reachPaths: [], coveragePaths: [],
                unreachableStates: model.states.map(\.id).filter { $0 != model.initialState },
                uncoveredTransitions: Array(model.allTransitions.indices),
                unsampledEvents: model.events.indices.map(EventID.init).filter { !isSampleable(model[$0]) })
        }
    }

    /// Plans the paths of an executable machine.
    public static func plan(_ machine: ExecutableMachine) -> TestPlan {
        let model = machine.model
        let sampleable = model.events.indices.map(EventID.init).filter { isSampleable(model[$0]) }
        let search = PathSearch(machine: machine, sendableEvents: sampleable)
        // A machine that loops as it starts (its initial state raises an event that
        // re-enters it, say) has no path to test.
        let startsForever = search.start().node.machine.diverged
        let reach = startsForever ? [] : search.reachPaths()
        let (coverage, uncovered) = startsForever ? ([], Array(model.allTransitions.indices)) : search.coveragePaths()
        var reached = Set(machine.initialEntry.states)
        for path in reach { if case .reach(let state) = path.purpose { reached.insert(state) } }
        return TestPlan(
            model: model, initialConfiguration: machine.initialEntry.states, reachPaths: reach, coveragePaths: coverage,
            unreachableStates: model.states.map(\.id).filter { !reached.contains($0) },
            uncoveredTransitions: uncovered,
            unsampledEvents: model.events.indices.map(EventID.init).filter { !sampleable.contains($0) })
    }

    /// Whether paths can send the event: fsmc has a sample value for every payload type.
    private static func isSampleable(_ event: SignalModel) -> Bool {
        event.parameters.allSatisfy { SampleValues.literal(for: $0.type) != nil }
    }
}

/// The breadth-first searches behind ``PathPlanner``.
struct PathSearch {
    let machine: ExecutableMachine
    let sendableEvents: [EventID]

    /// A running machine and how it got there.
    struct Node {
        var machine: MachineInterpreter
        var steps: [TestStep]
        /// The states the last step entered, in order (also those it left again at once).
        var entered: [StateID] = []
    }

    func start() -> (node: Node, taken: [Int]) {
        var interpreter = MachineInterpreter(machine: machine)
        let taken = interpreter.start(answers: [])
        return (Node(machine: interpreter, steps: []), taken.map(\.index))
    }

    // MARK: - Reaching states

    /// The shortest path to each state: to where the machine rests in it (or in one of its
    /// descendants), or, for a state eventless transitions leave at once, to the step that
    /// passes through it.
    func reachPaths() -> [TestPath] {
        let (root, startTaken) = start()
        let rootStates = machine.activeStates(atLeaf: root.machine.leaf)
        var best: [StateID: [TestStep]] = [:]
        for state in rootStates { best[state] = [] }
        var passedThrough: [StateID: [TestStep]] = [:]
        var visited = VisitedSituations(root.machine.situation)
        var queue = [root]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in successors(of: node) {
                for state in next.entered where passedThrough[state] == nil {
                    passedThrough[state] = next.steps
                }
                guard visited.insert(next.machine.situation) else { continue }
                for state in machine.activeStates(atLeaf: next.machine.leaf) where best[state] == nil {
                    best[state] = next.steps
                }
                queue.append(next)
            }
        }
        return machine.model.states.map(\.id).filter { !rootStates.contains($0) }.compactMap { state in
            guard let steps = best[state] ?? passedThrough[state] else { return nil }
            return TestPath(purpose: .reach(state), startTransitions: startTaken, startState: root.machine.leaf, steps: steps)
        }
    }

    // MARK: - Covering transitions

    func coveragePaths() -> ([TestPath], uncovered: [Int]) {
        var uncovered = Set(machine.transitions.indices)
        var paths: [TestPath] = []
        while !uncovered.isEmpty {
            var (node, startTaken) = start()
            let startState = node.machine.leaf
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
        var visited = VisitedSituations(node.machine.situation)
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
            for candidate in next where visited.insert(candidate.machine.situation) {
                queue.append(candidate)
            }
        }
        return nil
    }
}

/// The situations one search has visited, at most ``PathPlanner/maximumSituationsPerState``
/// per atomic state.
struct VisitedSituations {
    private var situations: Set<MachineInterpreter.Situation> = []
    private var perLeaf: [StateID: Int] = [:]

    init(_ first: MachineInterpreter.Situation) {
        _ = insert(first)
    }

    /// Records `situation`; `false` when it was visited already or its atomic state has
    /// used up its situations.
    mutating func insert(_ situation: MachineInterpreter.Situation) -> Bool {
        guard !situations.contains(situation), perLeaf[situation.leaf, default: 0] < PathPlanner.maximumSituationsPerState else {
            return false
        }
        situations.insert(situation)
        perLeaf[situation.leaf, default: 0] += 1
        return true
    }
}
