import FSMCore
/// The breadth-first searches behind ``PathPlanner``: from a node, the moves of
/// `PathSearch+Moves.swift` (and of the running children, `PathSearch+Children.swift`).
struct PathSearch {
    let machine: ExecutableMachine
    let sendableEvents: [EventID]
    /// What invocations may deliver (samples permitting); `nil` for everything.
    let deliverableResults: Set<DeliverableResult>?
    /// Where the machine calls value functions.
    let calls: ValueFunctionCalls
    /// Value functions no step may call: the tests have no sample of their result.
    var blockedFunctions: Set<String> = []
    /// Whether several atomic states can be active at once, so that one region's transition
    /// can win a conflict against another's.
    let hasParallelStates: Bool
    /// Whether the machine has eventless or `done` transitions, which a step may take after
    /// its own.
    let hasFollowUps: Bool
    /// The candidates of each atomic state for each event, as they are asked for.
    let candidateCache = CandidateCache()
    /// How many situations a search visits at most.
    let bounds: PathPlanner.SituationBounds
    /// The machines run as children, and theirs, by name.
    var children: [String: ExecutableMachine] = [:]
    /// The events of each child machine, by its name, that paths may send it (samples
    /// permitting).
    var childEvents: [String: [EventID]] = [:]

    /// ``ExecutableMachine/candidates(atLeaf:for:)`` of events, remembered: a search asks for
    /// the same ones at every node.
    final class CandidateCache {
        var candidates: [StateID: [EventID: [TransitionID]]] = [:]
    }

    init(
        machine: ExecutableMachine, sendableEvents: [EventID], deliverableResults: Set<DeliverableResult>? = nil,
        blockedFunctions: Set<String> = [], bounds: PathPlanner.SituationBounds = PathPlanner.SituationBounds()
    ) {
        self.machine = machine
        self.bounds = bounds
        self.sendableEvents = sendableEvents
        self.deliverableResults = deliverableResults
        self.calls = ValueFunctionCalls(machine.model)
        self.blockedFunctions = blockedFunctions
        self.hasParallelStates = machine.hasParallelStates
        self.hasFollowUps = machine.transitions.contains { transition in
            switch transition.trigger {
            case .always, .done: true
            case .event, .timer, .invocation, nil: false
            }
        }
    }

    /// The transitions tried, in order, when `event` is sent while `atomic` is active.
    func candidates(of atomic: StateID, for event: EventID) -> [TransitionID] {
        if let known = candidateCache.candidates[atomic]?[event] { return known }
        let candidates = machine.candidates(atLeaf: atomic, for: .event(event))
        candidateCache.candidates[atomic, default: [:]][event] = candidates
        return candidates
    }

    /// The value functions the machine calls as it starts.
    func startCalls() -> [String] {
        calls.called(in: start().node.machine.trace)
    }

    /// A running machine and how it got there.
    struct Node {
        var machine: MachineInterpreter
        var steps: [TestStep]
        /// The states the last step entered, in order (also those it left again at once).
        var entered: [StateID] = []
    }

    /// The states whose history's default a stretch of a trace took, in order.
    static func historyDefaults(in trace: some Sequence<MachineInterpreter.TraceEntry>) -> [StateID] {
        trace.compactMap { entry in
            if case .tookHistoryDefault(let state) = entry { state } else { nil }
        }
    }

    func start() -> (node: Node, taken: [Int]) {
        var interpreter = MachineInterpreter(machine: machine, machines: children)
        let taken = interpreter.start(answers: [])
        return (Node(machine: interpreter, steps: []), taken.map(\.index))
    }

    // MARK: - Reaching states

    /// The shortest path to each state: to where the machine rests in it (or in one of its
    /// descendants), or, for a state eventless transitions leave at once, to the step that
    /// passes through it. `wasCut` when the search left situations unexplored for a bound.
    func reachPaths() -> (paths: [TestPath], wasCut: Bool) {
        let (root, startTaken) = start()
        let rootStates = root.machine.configuration
        var best: [StateID: [TestStep]] = [:]
        for state in rootStates { best[state] = [] }
        var passedThrough: [StateID: [TestStep]] = [:]
        var visited = VisitedSituations(root.machine.situation, bounds: bounds)
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
                for state in next.machine.configuration where best[state] == nil {
                    best[state] = next.steps
                }
                queue.append(next)
            }
        }
        let paths = machine.model.states.map(\.id).filter { !rootStates.contains($0) }.compactMap { state -> TestPath? in
            guard let steps = best[state] ?? passedThrough[state] else { return nil }
            return TestPath(purpose: .reach(state), startTransitions: startTaken, startAtomicStates: root.machine.atomicStates, steps: steps)
        }
        return (paths, visited.wasCut)
    }

    // MARK: - Covering transitions

    /// Paths that together take every transition they can, and every history default (a
    /// history's default runs only when the history is entered before its state was ever
    /// left, which a path aiming at transitions alone may never do); the transitions and
    /// defaults none takes; `wasCut` when a search left situations unexplored for a bound.
    func coveragePaths() -> (paths: [TestPath], uncovered: [Int], uncoveredHistoryDefaults: [StateID], wasCut: Bool) {
        var uncovered = Set(machine.transitions.indices)
        var uncoveredDefaults = Set(machine.model.states.filter { $0.historyDefault != nil }.map(\.id))
        var paths: [TestPath] = []
        var wasCut = false
        while !uncovered.isEmpty || !uncoveredDefaults.isEmpty {
            var (node, startTaken) = start()
            let startStates = node.machine.atomicStates
            let startDefaults = Self.historyDefaults(in: node.machine.trace)
            uncovered.subtract(startTaken)
            uncoveredDefaults.subtract(startDefaults)
            var progressed = (!startTaken.isEmpty || !startDefaults.isEmpty) && paths.isEmpty
            while node.steps.count < PathPlanner.maximumPathLength, !node.machine.isFinished {
                let (found, cut) = nearest(from: node, takingAnyOf: uncovered, orDefaultsOf: uncoveredDefaults)
                wasCut = wasCut || cut
                guard let next = found else { break }
                node = next
                progressed = true
                for step in next.steps {
                    uncovered.subtract(step.takenTransitions)
                    uncoveredDefaults.subtract(step.tookHistoryDefaults)
                }
            }
            guard progressed, !node.steps.isEmpty || paths.isEmpty else { break }
            paths.append(TestPath(
                purpose: .coverage(paths.count + 1), startTransitions: startTaken, startAtomicStates: startStates, steps: node.steps,
                startHistoryDefaults: startDefaults))
            if node.steps.isEmpty { break }
        }
        return (paths, uncovered.sorted(), uncoveredDefaults.sorted(), wasCut)
    }

    /// Breadth first from `node`: the closest continuation whose last step takes a
    /// transition of `wanted` or the history default of a state of `wantedDefaults`;
    /// `wasCut` when the search left situations unexplored for a bound before it found one.
    private func nearest(from node: Node, takingAnyOf wanted: Set<Int>, orDefaultsOf wantedDefaults: Set<StateID>) -> (node: Node?, wasCut: Bool) {
        var visited = VisitedSituations(node.machine.situation, bounds: bounds)
        var queue = [node]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            guard current.steps.count < PathPlanner.maximumPathLength else { continue }
            let next = successors(of: current)
            if let hit = next.first(where: {
                let step = $0.steps.last!
                return !wanted.isDisjoint(with: step.takenTransitions) || !wantedDefaults.isDisjoint(with: step.tookHistoryDefaults)
            }) {
                return (hit, visited.wasCut)
            }
            for candidate in next where visited.insert(candidate.machine.situation) {
                queue.append(candidate)
            }
        }
        return (nil, visited.wasCut)
    }
}

/// The situations one search has visited: at most
/// ``PathPlanner/maximumSituationsPerConfiguration`` per configuration of active atomic
/// states, and ``PathPlanner/maximumSituations`` in all (unless `bounds` says otherwise).
struct VisitedSituations {
    private var situations: Set<MachineInterpreter.Situation> = []
    private var perConfiguration: [[StateID]: Int] = [:]
    private let bounds: PathPlanner.SituationBounds
    /// Whether a situation was refused for a bound (not for having been visited).
    private(set) var wasCut = false

    init(_ first: MachineInterpreter.Situation, bounds: PathPlanner.SituationBounds = PathPlanner.SituationBounds()) {
        self.bounds = bounds
        _ = insert(first)
    }

    /// Records `situation`; `false` when it was visited already, its configuration has used
    /// up its situations or the search has used up all.
    mutating func insert(_ situation: MachineInterpreter.Situation) -> Bool {
        guard !situations.contains(situation) else { return false }
        guard perConfiguration[situation.atomicStates, default: 0] < bounds.perConfiguration, situations.count < bounds.total else {
            wasCut = true
            return false
        }
        situations.insert(situation)
        perConfiguration[situation.atomicStates, default: 0] += 1
        return true
    }
}

/// A result an invocation may deliver in a path: one whose payload has samples.
struct DeliverableResult: Hashable {
    var invocation: InvocationID
    var result: InvocationResult
}
