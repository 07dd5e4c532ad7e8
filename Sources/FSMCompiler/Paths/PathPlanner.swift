import FSMCore
/// Plans model-based test paths, like XState's graph tools but at build time: the shortest
/// path to every state, and a set of paths that takes every transition.
///
/// The planner drives ``MachineInterpreter``, which runs the ``ExecutableMachine`` the way
/// the generated code does, so a path's steps end where the real machine ends, nested states,
/// parallel regions, history, completions and timers on parents included. It searches breadth
/// first over *situations* (``MachineInterpreter/Situation``: the active atomic states, one
/// per active region, and what every history remembers), so that a `-> X.history` target is
/// explored with each configuration it can restore.
///
/// A step sends an event, or advances the clock to a running timer's deadline, with guard
/// answers chosen so that one wanted transition is among those taken: every candidate its
/// atomic state tries before it fails, its guard holds, and no transition of another parallel
/// region that conflicts with it is selected (SCXML's optimal enabled transition set). The
/// other regions take what they select under the same answers, in the same step; the step
/// records everything taken and the whole configuration it ends in.
///
/// A compound state counts as reached when any of its descendants is active; a state that
/// eventless transitions or completions leave at once counts as reached in passing. Coverage
/// counts transitions by ``TransitionID``: `on`, `always`, `after` (whichever state owns the
/// timer) and `done` alike.
///
/// The search is bounded, since histories and parallel regions multiply the situations (a
/// parallel state has as many configurations as the product of its regions' sizes, each with
/// what the histories remember):
/// - one search (to reach the states, or to find the next uncovered transition) visits each
///   configuration (set of active atomic states) in at most
///   ``maximumSituationsPerConfiguration`` situations; further histories of that configuration
///   are not explored (a machine without history has one situation per configuration);
/// - one search visits at most ``maximumSituations`` situations in all;
/// - a path ends after ``maximumPathLength`` steps, and the next one starts from a fresh
///   machine;
/// - a step that handles more than ``MachineInterpreter/maximumStepsPerStimulus`` triggers
///   (an eventless or raised loop) is dropped;
/// - guard answers are searched over at most ``GuardSolver/maximumNames`` guard names a step.
///
/// When a search leaves situations unexplored for one of the first two bounds, the plan says
/// which transitions and states it misses that the machine's structure does not rule out
/// (``TestPlan/searchBound``): they may lie beyond the bound.
public enum PathPlanner {
    /// A path longer than this ends and the next one starts from a fresh machine.
    public static let maximumPathLength = 64

    /// How many situations (different remembered histories) of one configuration a search
    /// visits at most; a configuration is a set of active atomic states (one atomic state
    /// outside parallel regions).
    public static let maximumSituationsPerConfiguration = 16

    /// How many situations one search visits at most, whatever their configurations.
    public static let maximumSituations = 10_000

    /// The bounds on situations a plan searches with: ``maximumSituations`` and
    /// ``maximumSituationsPerConfiguration``, or smaller ones in tests.
    struct SituationBounds {
        var total = PathPlanner.maximumSituations
        var perConfiguration = PathPlanner.maximumSituationsPerConfiguration
    }

    /// What the planner cannot plan, each a located error: the child machines
    /// (`invoke SignIn as signIn`) of `model` that `children` lacks: the paths run every child
    /// in the interpreter, as the generated machine runs it.
    public static func refusals(_ model: MachineModel, children: [String: ExecutableMachine] = [:]) -> [Diagnostic] {
        model.invocations.compactMap { invocation in
            guard case .machine(let name) = invocation.kind, children[name] == nil else { return nil }
            return Diagnostic(
                .error, "test paths need the spec of machine '\(name)', which '\(invocation.name)' runs: name it with --sibling",
                at: invocation.range)
        }
    }

    /// Plans the paths of a checked model; a model ``Lowering`` refuses has none. `children`:
    /// the machines it runs as children, and theirs, by name.
    public static func plan(
        _ model: MachineModel, children: [String: ExecutableMachine] = [:], samples: SampleValues = SampleValues()
    ) -> TestPlan {
        switch Lowering.lower(model) {
        case .success(let machine):
            return plan(machine, children: children, samples: samples)
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
    /// A machine the planner refuses (``refusals(_:children:)``) must not be given.
    ///
    /// A running child machine (`invoke SignIn as signIn`, `children` holding the machines
    /// run as children, and theirs, by name) is stepped in the interpreter: each of its events
    /// some candidate of its active states takes is a move (``TestStep/Stimulus/sendToChild(_:_:)``),
    /// and so is each of its timers, so what it emits and its finishing reach this machine
    /// exactly as the child can produce them. Paths cover this machine's transitions; the
    /// child's own coverage is its own plan's.
    public static func plan(
        _ machine: ExecutableMachine, children: [String: ExecutableMachine] = [:], samples: SampleValues = SampleValues()
    ) -> TestPlan {
        precondition(
            refusals(machine.model, children: children).isEmpty
                && children.values.allSatisfy { refusals($0.model, children: children).isEmpty },
            "fsmc: the path planner was given a machine it refuses")
        return plan(machine, children: children, samples: samples, bounds: SituationBounds())
    }

    /// ``plan(_:children:samples:)`` with other bounds on situations.
    static func plan(
        _ machine: ExecutableMachine, children: [String: ExecutableMachine] = [:], samples: SampleValues = SampleValues(),
        bounds: SituationBounds
    ) -> TestPlan {
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
        let childModels = children.mapValues(\.model)
        let missingByChildEvent = childModels.compactMapValues { child -> [EventID: [String]]? in
            let byEvent = Dictionary(uniqueKeysWithValues: child.events.indices.map(EventID.init).compactMap { event -> (EventID, [String])? in
                let types = samples.missingTypes(in: child[event].parameters)
                return types.isEmpty ? nil : (event, types)
            })
            return byEvent.isEmpty ? nil : byEvent
        }
        let missing = Missing(
            byEvent: missingByEvent, byFunction: missingByFunction, byChildEvent: missingByChildEvent, model: model, children: childModels)
        let sampleable = events.filter { missingByEvent[$0] == nil }
        // What invocations deliver needs samples as an event's payload does; an error does not.
        // A child machine's results come from stepping it, never delivered as a call's are.
        let deliverable = Set(model.invocations.filter(\.canFail).flatMap { invocation in
            [InvocationResult.done, .error, .element].filter { result in
                (result != .element || invocation.kind == .stream)
                    && (result == .error || samples.missingTypes(in: invocation.payload(of: result)).isEmpty)
            }.map { DeliverableResult(invocation: invocation.id, result: $0) }
        })
        let childEvents = children.mapValues { child in
            child.model.events.indices.map(EventID.init).filter { samples.missingTypes(in: child.model[$0].parameters).isEmpty }
        }
        let outcome = Outcome(
            machine: machine, children: children, childEvents: childEvents, sendableEvents: sampleable, deliverableResults: deliverable,
            blockedFunctions: Set(missingByFunction.keys), bounds: bounds)
        var plan = TestPlan(
            model: model, initialConfiguration: machine.initialEntry.states, reachPaths: outcome.reachPaths,
            coveragePaths: outcome.coveragePaths, unreachableStates: outcome.unreachableStates,
            uncoveredTransitions: outcome.uncoveredTransitions,
            unsampledEvents: events.filter { missingByEvent[$0] != nil }, samples: samples)
        plan.uncoveredHistoryDefaults = outcome.uncoveredHistoryDefaults
        plan.children = children.mapValues(\.model)
        if !missing.isEmpty {
            plan.missingSamples = missingSamples(costing: outcome, machine: machine, children: children, missing: missing, bounds: bounds)
        }
        if outcome.searchWasCut {
            let possible = structurallyReachable(machine)
            let bound = TestPlan.SearchBound(
                maximumSituations: bounds.total, maximumSituationsPerConfiguration: bounds.perConfiguration,
                uncoveredTransitions: outcome.uncoveredTransitions.filter {
                    possible.transitions.contains($0) && plan.missingSampleTypes(forTransition: $0).isEmpty
                },
                unreachableStates: outcome.unreachableStates.filter {
                    possible.states.contains($0) && plan.missingSampleTypes(forState: $0).isEmpty
                })
            if !bound.uncoveredTransitions.isEmpty || !bound.unreachableStates.isEmpty { plan.searchBound = bound }
        }
        explainMisses(in: &plan, machine: machine, children: children)
        return plan
    }

    /// Gives each transition and state the paths miss, that neither a missing sample nor the
    /// search bound explains, its ``TestPlan/MissReason``, so that no miss goes unexplained.
    private static func explainMisses(in plan: inout TestPlan, machine: ExecutableMachine, children: [String: ExecutableMachine]) {
        let model = machine.model
        let unexplainedStates = plan.unreachableStates.filter {
            plan.missingSampleTypes(forState: $0).isEmpty && !plan.isBeyondSearchBound(state: $0)
        }
        let unexplainedTransitions = plan.uncoveredTransitions.filter {
            plan.missingSampleTypes(forTransition: $0).isEmpty && !plan.isBeyondSearchBound(transition: $0)
        }
        guard !unexplainedStates.isEmpty || !unexplainedTransitions.isEmpty else { return }
        let possible = structurallyReachable(machine)
        for state in unexplainedStates {
            plan.stateMissReasons[state] = possible.states.contains(state) ? .enteringTransitionsNotTaken : .neverEntered
        }
        let unreached = Set(plan.unreachableStates)
        // What each child machine does in its own paths: whether it finishes, what it emits.
        var childPlans: [String: (finishes: Bool, emits: Set<String>)] = [:]
        func childPlan(_ name: String) -> (finishes: Bool, emits: Set<String>) {
            if let known = childPlans[name] { return known }
            let child = children[name]!
            let childPlan = PathPlanner.plan(child, children: children, samples: plan.samples)
            let reached = Set(child.model.states.map(\.id)).subtracting(childPlan.unreachableStates)
            let finishes = child.model.topLevelStates.contains { child.model[$0].isFinal && reached.contains($0) }
            let taken = Set(child.model.allTransitions.indices).subtracting(childPlan.uncoveredTransitions)
            var actions = taken.flatMap { child.model.allTransitions[$0].actions }
            for state in reached { actions += child.model[state].entryActions + child.model[state].exitActions }
            let emits = Set(actions.compactMap { $0.emittedOutput.map { child.model.outputs[$0.index].name } })
            childPlans[name] = (finishes, emits)
            return (finishes, emits)
        }
        for index in unexplainedTransitions {
            let transition = model.allTransitions[index]
            if let source = transition.source, unreached.contains(source) {
                plan.transitionMissReasons[index] = .sourceNotReached(source)
                continue
            }
            let startsFinished = plan.initialConfiguration.contains { model[$0].parent == nil && model[$0].isFinal }
            if startsFinished {
                plan.transitionMissReasons[index] = .finishedAtStart
                continue
            }
            var reason = TestPlan.MissReason.neverSelected
            switch transition.trigger {
            case .always:
                if let source = transition.source, plan.initialConfiguration.contains(source) { reason = .eventlessOnlyAtStart }
            case .done:
                if let source = transition.source, !model[source].children.contains(where: { model[$0].isFinal && !unreached.contains($0) }) {
                    reason = .neverCompletes(source)
                }
            case .event, .after, .afterComputed:
                break
            case .invocation(let id, let result):
                let invocation = model[id]
                switch invocation.kind {
                case .machine(let name) where children[name] != nil:
                    if result == .done, !childPlan(name).finishes {
                        reason = .childNeverFinishes(id)
                    } else if case .output(let output) = result, !childPlan(name).emits.contains(output) {
                        reason = .childNeverEmits(id, output: output)
                    } else if transition.guardExpression == nil, let source = transition.source,
                        !model[source].transitions.contains(where: { $0.trigger == transition.trigger && $0.guardExpression == nil && $0.range.start < transition.range.start })
                    {
                        // Nothing in its own state outranks it, and the child gets there: the
                        // state was left before (a result the child sends first leaves it),
                        // and what a left state's child sends is dropped.
                        reason = .childResultArrivesAfterLeaving(id, result)
                    }
                case .call, .stream:
                    let types = plan.samples.missingTypes(in: invocation.payload(of: result))
                    if result != .error, !types.isEmpty { reason = .resultWithoutSample(types) }
                case .machine: break
                }
            }
            plan.transitionMissReasons[index] = reason
        }
    }

    /// The types without a sample, in the order events and value functions name them, with
    /// what their lack costs.
    private static func missingSamples(
        costing outcome: Outcome, machine: ExecutableMachine, children: [String: ExecutableMachine], missing: Missing,
        bounds: SituationBounds
    ) -> [TestPlan.MissingSample] {
        let model = machine.model
        let events = model.events.indices.map(EventID.init)
        let missingByEvent = missing.byEvent
        let missingByFunction = missing.byFunction
        var lacking: (transitions: [Int: [String]], states: [StateID: [String]]) = ([:], [:])
        if !outcome.uncoveredTransitions.isEmpty || !outcome.unreachableStates.isEmpty {
            lacking = lackOfSamples(
                costing: outcome,
                in: Outcome(
                    machine: machine, children: children, childEvents: children.mapValues { $0.model.events.indices.map(EventID.init) },
                    sendableEvents: events, deliverableResults: nil, blockedFunctions: [], bounds: bounds),
                model: model,
                initialConfiguration: machine.initialEntry.states, missing: missing)
        }
        var types: [String] = []
        for event in events {
            for type in missingByEvent[event] ?? [] where !types.contains(type) { types.append(type) }
        }
        for function in model.valueFunctions {
            for type in missingByFunction[function.name] ?? [] where !types.contains(type) { types.append(type) }
        }
        for name in missing.byChildEvent.keys.sorted() {
            let child = missing.children[name]!
            for event in child.events.indices.map(EventID.init) {
                for type in missing.byChildEvent[name]?[event] ?? [] where !types.contains(type) { types.append(type) }
            }
        }
        return types.map { type in
            TestPlan.MissingSample(
                type: type, events: events.filter { missingByEvent[$0]?.contains(type) == true },
                childEvents: missing.byChildEvent.keys.sorted().flatMap { name in
                    missing.byChildEvent[name]!.filter { $0.value.contains(type) }.keys.sorted { $0.index < $1.index }
                        .map { "\(name).\(missing.children[name]![$0].name)" }
                },
                valueFunctions: model.valueFunctions.map(\.name).filter { missingByFunction[$0]?.contains(type) == true },
                uncoveredTransitions: lacking.transitions.filter { $0.value.contains(type) }.keys.sorted(),
                unreachableStates: lacking.states.filter { $0.value.contains(type) }.keys.sorted { $0.index < $1.index })
        }
    }

    /// The states a chain of transitions can enter from the start whatever the guards, the
    /// samples and the order of stimuli (a history target: any state inside its state), and
    /// the transitions declared in them or at machine level: what the machine's structure
    /// does not rule out. A search bound is no reason to miss anything else.
    private static func structurallyReachable(_ machine: ExecutableMachine) -> (states: Set<StateID>, transitions: Set<Int>) {
        var states = Set<StateID>()
        var transitions = Set<Int>()
        var queue: [StateID] = []
        // The states whose shallow history some transition restores: a remembered child is
        // entered with its default entry.
        var restoredShallow = Set<StateID>()
        func reach(_ state: StateID) {
            guard states.insert(state).inserted else { return }
            queue.append(state)
            if let parent = machine.model[state].parent, restoredShallow.contains(parent) { machine.defaultDescent(of: state).forEach(reach) }
        }
        func take(_ transition: ExecutableTransition) {
            // Never taken (`[false]`): no trigger offers it.
            guard transition.trigger != nil else { return }
            transitions.insert(transition.id.index)
            guard let entry = transition.entry else { return }
            entry.states.forEach(reach)
            if let owner = entry.restoresHistoryOf {
                // Before its state was ever left, a history enters its default (or the state's
                // default entry); afterwards it restores states that were active before, which
                // this walk reaches on their own (not every descendant: a child that only the
                // initial entry would enter is not entered when the default skips it).
                machine.restoredEntry(of: owner, remembered: nil).forEach(reach)
                if machine.model[owner].history != .deep, restoredShallow.insert(owner).inserted {
                    for child in machine.model[owner].children where states.contains(child) { machine.defaultDescent(of: child).forEach(reach) }
                }
            }
        }
        var declared: [StateID: [ExecutableTransition]] = [:]
        for transition in machine.transitions {
            switch transition.owner {
            case .state(let state): declared[state, default: []].append(transition)
            case .machine: take(transition)
            }
        }
        machine.initialEntry.states.forEach(reach)
        while let state = queue.popLast() {
            for transition in declared[state] ?? [] { take(transition) }
        }
        return (states, transitions)
    }

    /// The types without a sample that events and value functions need.
    private struct Missing {
        var byEvent: [EventID: [String]]
        var byFunction: [String: [String]]
        /// The types the events of child machines need, by machine name.
        var byChildEvent: [String: [EventID: [String]]] = [:]
        var model: MachineModel
        /// The machines run as children, and theirs, by name.
        var children: [String: MachineModel] = [:]

        var isEmpty: Bool { byEvent.isEmpty && byFunction.isEmpty && byChildEvent.isEmpty }

        /// The types a step needs: its event's payload's (the child's event's, for one sent to
        /// a child) and those of the value functions it calls.
        func types(of step: TestStep) -> [String] {
            var types: [String] = []
            switch step.stimulus {
            case .send(let event): types = byEvent[event] ?? []
            case .sendToChild(let chain, let event): types = byChildEvent[childName(at: chain)]?[event] ?? []
            case .advance, .deliver: break
            }
            add(step.calledFunctions, to: &types)
            return types
        }

        /// The name of the child machine at the end of a chain of invocations.
        func childName(at chain: [InvocationID]) -> String {
            var current = model
            for id in chain {
                guard case .machine(let name) = current[id].kind, let child = children[name] else { return "" }
                current = child
            }
            return current.name
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
        var uncoveredHistoryDefaults: [StateID]
        /// The value functions the machine calls as it starts.
        var startCalls: [String]
        /// Whether a search left situations unexplored for a bound on situations.
        var searchWasCut = false

        /// - Parameter deliverableResults: what invocations may deliver; `nil` for everything.
        init(
            machine: ExecutableMachine, children: [String: ExecutableMachine], childEvents: [String: [EventID]], sendableEvents: [EventID],
            deliverableResults: Set<DeliverableResult>?, blockedFunctions: Set<String>, bounds: SituationBounds
        ) {
            let model = machine.model
            var search = PathSearch(
                machine: machine, sendableEvents: sendableEvents, deliverableResults: deliverableResults, blockedFunctions: blockedFunctions,
                bounds: bounds)
            search.children = children
            search.childEvents = childEvents
            startCalls = search.startCalls()
            // A machine that loops as it starts (its initial state raises an event that
            // re-enters it, say), or that calls a value function without a sample as it
            // starts, has no path to test.
            let noPaths = search.start().node.machine.diverged || !blockedFunctions.isDisjoint(with: startCalls)
            if noPaths {
                (reachPaths, coveragePaths, uncoveredTransitions) = ([], [], Array(model.allTransitions.indices))
                uncoveredHistoryDefaults = model.states.filter { $0.historyDefault != nil }.map(\.id)
            } else {
                let reach = search.reachPaths()
                let coverage = search.coveragePaths()
                (reachPaths, coveragePaths, uncoveredTransitions) = (reach.paths, coverage.paths, coverage.uncovered)
                uncoveredHistoryDefaults = coverage.uncoveredHistoryDefaults
                searchWasCut = reach.wasCut || coverage.wasCut
            }
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
