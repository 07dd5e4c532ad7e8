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
    public static func plan(_ model: MachineModel, samples: SampleValues = SampleValues()) -> TestPlan {
        switch Lowering.lower(model) {
        case .success(let machine):
            return plan(machine, samples: samples)
        case .failure:
            return TestPlan(
                model: model, initialConfiguration: [model.initialState], reachPaths: [], coveragePaths: [],
                unreachableStates: model.states.map(\.id).filter { $0 != model.initialState },
                uncoveredTransitions: Array(model.allTransitions.indices),
                unsampledEvents: model.events.indices.map(EventID.init).filter { !samples.missingTypes(in: model[$0].parameters).isEmpty },
                samples: samples)
        }
    }

    /// Plans the paths of an executable machine, sending the events whose payloads have
    /// samples and taking no step that calls a value function whose result has none. When
    /// coverage falls short, it plans again as if everything had samples, to tell which
    /// transitions and states are missed for lack of a sample (``TestPlan/missingSamples``).
    public static func plan(_ machine: ExecutableMachine, samples: SampleValues = SampleValues()) -> TestPlan {
        let model = machine.model
        let events = model.events.indices.map(EventID.init)
        let missingByEvent = Dictionary(uniqueKeysWithValues: events.compactMap { event -> (EventID, [String])? in
            let types = samples.missingTypes(in: model[event].parameters)
            return types.isEmpty ? nil : (event, types)
        })
        let delays = ValueFunctionCalls.delayFunctions(model)
        let missingByFunction = Dictionary(model.valueFunctions.compactMap { function -> (String, [String])? in
            guard !delays.contains(function.name) else { return nil }
            let types = samples.missingTypes(in: function.returnType)
            return types.isEmpty ? nil : (function.name, types)
        }, uniquingKeysWith: { first, _ in first })
        let missing = Missing(byEvent: missingByEvent, byFunction: missingByFunction)
        let sampleable = events.filter { missingByEvent[$0] == nil }
        let outcome = Outcome(machine: machine, sendableEvents: sampleable, blockedFunctions: Set(missingByFunction.keys))
        var plan = TestPlan(
            model: model, initialConfiguration: machine.initialEntry.states, reachPaths: outcome.reachPaths,
            coveragePaths: outcome.coveragePaths, unreachableStates: outcome.unreachableStates,
            uncoveredTransitions: outcome.uncoveredTransitions,
            unsampledEvents: events.filter { missingByEvent[$0] != nil }, samples: samples)
        guard !missing.isEmpty else { return plan }
        var lacking: (transitions: [Int: [String]], states: [StateID: [String]]) = ([:], [:])
        if !outcome.uncoveredTransitions.isEmpty || !outcome.unreachableStates.isEmpty {
            lacking = lackOfSamples(
                costing: outcome, in: Outcome(machine: machine, sendableEvents: events, blockedFunctions: []), model: model,
                initialConfiguration: machine.initialEntry.states, missing: missing)
        }
        var types: [String] = []
        for event in events {
            for type in missingByEvent[event] ?? [] where !types.contains(type) { types.append(type) }
        }
        for function in model.valueFunctions {
            for type in missingByFunction[function.name] ?? [] where !types.contains(type) { types.append(type) }
        }
        plan.missingSamples = types.map { type in
            TestPlan.MissingSample(
                type: type, events: events.filter { missingByEvent[$0]?.contains(type) == true },
                valueFunctions: model.valueFunctions.map(\.name).filter { missingByFunction[$0]?.contains(type) == true },
                uncoveredTransitions: lacking.transitions.filter { $0.value.contains(type) }.keys.sorted(),
                unreachableStates: lacking.states.filter { $0.value.contains(type) }.keys.sorted { $0.index < $1.index })
        }
        return plan
    }

    /// The types without a sample that events and value functions need.
    private struct Missing {
        var byEvent: [EventID: [String]]
        var byFunction: [String: [String]]

        var isEmpty: Bool { byEvent.isEmpty && byFunction.isEmpty }

        /// The types a step needs: its event's payload's and those of the value functions it calls.
        func types(of step: TestStep) -> [String] {
            var types: [String] = []
            if case .send(let event) = step.stimulus { types = byEvent[event] ?? [] }
            add(step.calledFunctions, to: &types)
            return types
        }

        /// Adds the types the value functions need to `types`.
        func add(_ functions: [String], to types: inout [String]) {
            for function in functions {
                for type in byFunction[function] ?? [] where !types.contains(type) { types.append(type) }
            }
        }
    }

    /// What paths plan: the reach and coverage paths and what they miss.
    private struct Outcome {
        var reachPaths: [TestPath]
        var coveragePaths: [TestPath]
        var unreachableStates: [StateID]
        var uncoveredTransitions: [Int]
        /// The value functions the machine calls as it starts.
        var startCalls: [String]

        init(machine: ExecutableMachine, sendableEvents: [EventID], blockedFunctions: Set<String>) {
            let model = machine.model
            let search = PathSearch(machine: machine, sendableEvents: sendableEvents, blockedFunctions: blockedFunctions)
            startCalls = search.startCalls()
            // A machine that loops as it starts (its initial state raises an event that
            // re-enters it, say), or that calls a value function without a sample as it
            // starts, has no path to test.
            let noPaths = search.start().node.machine.diverged || !blockedFunctions.isDisjoint(with: startCalls)
            reachPaths = noPaths ? [] : search.reachPaths()
            (coveragePaths, uncoveredTransitions) = noPaths ? ([], Array(model.allTransitions.indices)) : search.coveragePaths()
            var reached = Set(machine.initialEntry.states)
            for path in reachPaths { if case .reach(let state) = path.purpose { reached.insert(state) } }
            unreachableStates = model.states.map(\.id).filter { !reached.contains($0) }
        }
    }

    /// The transitions and states that `actual` misses and `withSamples` (planned as if every
    /// event and value function had samples) takes or reaches, each with the types without a
    /// sample it needs: for a state, those its shortest path needs; for a transition, those of
    /// the shortest path to its source and of the step that takes it (or, for a machine-level
    /// transition, those the coverage path that takes it needs up to that step). What the
    /// machine needs as it starts counts for every path.
    private static func lackOfSamples(
        costing actual: Outcome, in withSamples: Outcome, model: MachineModel, initialConfiguration: [StateID],
        missing: Missing
    ) -> (transitions: [Int: [String]], states: [StateID: [String]]) {
        func add(_ more: [String], to types: inout [String]) {
            for type in more where !types.contains(type) { types.append(type) }
        }
        var atStart: [String] = []
        missing.add(withSamples.startCalls, to: &atStart)
        var reaching: [StateID: [String]] = [:]
        for state in initialConfiguration { reaching[state] = atStart }
        for path in withSamples.reachPaths {
            guard case .reach(let state) = path.purpose else { continue }
            var types = atStart
            for step in path.steps { add(missing.types(of: step), to: &types) }
            reaching[state] = types
        }
        let unreached = Set(actual.unreachableStates)
        let states = reaching.filter { unreached.contains($0.key) && !$0.value.isEmpty }

        let uncovered = Set(actual.uncoveredTransitions)
        var transitions: [Int: [String]] = [:]
        for index in withSamples.coveragePaths.flatMap(\.startTransitions) where uncovered.contains(index) && !atStart.isEmpty {
            transitions[index] = atStart
        }
        for path in withSamples.coveragePaths {
            var alongPath = atStart
            for step in path.steps {
                let stepTypes = missing.types(of: step)
                add(stepTypes, to: &alongPath)
                for index in step.takenTransitions where uncovered.contains(index) && transitions[index] == nil {
                    var types: [String] = []
                    if let source = model.allTransitions[index].source, let toSource = reaching[source] {
                        types = toSource
                        add(stepTypes, to: &types)
                    }
                    if types.isEmpty { types = alongPath }
                    if !types.isEmpty { transitions[index] = types }
                }
            }
        }
        return (transitions, states)
    }
}

/// The breadth-first searches behind ``PathPlanner``.
struct PathSearch {
    let machine: ExecutableMachine
    let sendableEvents: [EventID]
    /// Where the machine calls value functions.
    let calls: ValueFunctionCalls
    /// Value functions no step may call: the tests have no sample of their result.
    var blockedFunctions: Set<String> = []

    init(machine: ExecutableMachine, sendableEvents: [EventID], blockedFunctions: Set<String> = []) {
        self.machine = machine
        self.sendableEvents = sendableEvents
        self.calls = ValueFunctionCalls(machine.model)
        self.blockedFunctions = blockedFunctions
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
