import FSMCore

/// The breadth-first search of ``PropertyChecker``: situations in order of how many stimuli
/// reach them, so that the first violation found has a shortest counterexample.
///
/// Each situation is a node; the steps between them are edges, each one outcome class of one
/// stimulus, carrying the configuration after each of its microsteps. `never`, `reachable`
/// and `only after` are judged on those configurations as the edges are found; `always
/// reachable` on the whole graph once it is complete (``AlwaysReachableJudgment``).
struct PropertySearch {
    let machine: ExecutableMachine
    let properties: [PropertyModel]
    let bounds: ExplorationBounds
    /// The situation bound.
    var bound: Int { bounds.situations }
    /// Where runs that keep too many events are cut, and inert copies forgotten.
    let keptLimit: KeptEventLimit
    /// What the search did not explore, so far.
    var cuts = ExplorationCuts()
    /// How many nodes, in order, had every step followed: the others are open, their steps
    /// not all known (`always reachable` cannot call them traps).
    var fullyExplored: Int32 = 0
    /// The nodes some step of which a bound cut.
    var cutNodes: Set<Int32> = []
    /// The steps of the regions' product combined so far (work).
    var productSteps = 0

    /// A step that first reached a node: its stimulus and guard answers. Nodes share the
    /// steps they were reached by (a million nodes of a grid, a few dozen steps).
    private struct Step: Hashable {
        var stimulus: MachineInterpreter.Stimulus
        var answers: [Bool]
    }

    /// What a situation of the frontier is stepped from, when the search is over whole
    /// situations. The interpreter is boxed (`indirect`) so that the queue's elements stay
    /// small: it is moved as the queue drops what was done.
    enum Frontier {
        indirect case interpreter(MachineInterpreter)

        var interpreter: MachineInterpreter {
            switch self { case .interpreter(let interpreter): interpreter }
        }
    }

    /// The visited situations, when the search is over whole situations.
    private var situations: [CheckedSituation: Int32] = [:]
    /// The regions stepped once each and combined, when they can be (``RegionDecomposition``).
    var product: RegionProduct?
    /// The visited situations of the product, packed (``RegionProduct/layout``).
    var table = PackedSituationTable(width: 1)
    /// For each node: the node it was first reached from (`-1` for an outcome of the start),
    /// and the step, by its place in ``steps``.
    private var parents: [Int32] = []
    private var arrivalSteps: [Int32] = []
    private var steps: [Step] = []
    private var stepIDs: [Step: Int32] = [:]
    var verdicts: [PropertyResult.Verdict?]
    /// The position of each `only after` property in ``CheckedSituation/held``, by property.
    let heldSlots: [Int?]
    /// How many `only after` properties there are.
    let heldCount: Int
    /// The `always reachable` properties, by position in ``properties``.
    let alwaysReachable: [Int]
    /// Their conditions, in the same order.
    private let alwaysReachableConditions: [GuardModel]
    var graph = AlwaysReachableJudgment()
    private var outcomes = StepOutcomes()
    var reachedBound: Bool {
        get { cuts.reachedSituationBound }
        set { cuts.reachedSituationBound = newValue }
    }
    /// The events a transition or a deferral names: any other is ignored in every situation.
    let offeredEvents: [EventID]

    init(machine: ExecutableMachine, properties: [PropertyModel], bounds: ExplorationBounds, decomposingRegions: Bool) {
        self.machine = machine
        self.properties = properties
        self.bounds = bounds
        keptLimit = KeptEventLimit(machine, bound: bounds.keptEvents)
        verdicts = Array(repeating: nil, count: properties.count)
        var slots: [Int?] = []
        var count = 0
        for property in properties {
            if case .onlyAfter = property.claim {
                slots.append(count)
                count += 1
            } else {
                slots.append(nil)
            }
        }
        heldSlots = slots
        heldCount = count
        if decomposingRegions, let decomposition = RegionDecomposition(machine) {
            let product = RegionProduct(decomposition, machine: machine, heldCount: count)
            table = PackedSituationTable(width: product.layout.width)
            self.product = product
        }
        decomposes = product != nil
        alwaysReachable = properties.indices.filter {
            if case .alwaysReachable = properties[$0].claim { true } else { false }
        }
        alwaysReachableConditions = alwaysReachable.map { properties[$0].claim.conditions[0] }
        graph.conditionCount = alwaysReachable.count
        offeredEvents = Self.offeredEvents(of: machine)
    }

    private static func offeredEvents(of machine: ExecutableMachine) -> [EventID] {
        var offered = Set<EventID>()
        for transition in machine.transitions { if let event = transition.eventID { offered.insert(event) } }
        for state in machine.model.states {
            for deferral in state.deferrals { offered.insert(deferral.event) }
        }
        return offered.sorted()
    }

    var report: PropertyReport {
        let results = properties.indices.map { index in
            PropertyResult(property: properties[index], verdict: verdicts[index] ?? .inconclusive(inconclusiveReason))
        }
        return PropertyReport(results: results, exploredSituations: nodeCount, work: work, bounds: bounds, cuts: reportedCuts)
    }

    /// The cuts, with why runs of a step were not followed.
    private var reportedCuts: ExplorationCuts {
        var cuts = cuts
        cuts.divergence = outcomes.divergence ?? product?.stepping.divergence
        return cuts
    }

    /// The work done so far, in steps: the interpreter's runs, the product's combined steps and
    /// the situations stored.
    var work: Int { work(steppingRegions: product?.stepping.work ?? 0) }

    /// The work done so far, with `steppingRegions`, that of the product's runs of its regions
    /// (its ``RegionProduct`` is moved out of the search while it runs).
    func work(steppingRegions: Int) -> Int {
        outcomes.work + steppingRegions + productSteps + situationWork
    }

    /// The work of storing the situations: a whole situation (its interpreter kept for the
    /// queue, hashed) costs ``ExplorationBounds/stepsPerSituation``, a packed one of the
    /// regions' product one step.
    var situationWork: Int { decomposes ? nodeCount : nodeCount * ExplorationBounds.stepsPerSituation }
    /// Whether the search is over the regions' product (``product``, moved out while it runs).
    let decomposes: Bool

    /// Whether `spent` steps exceed the work budget; says so in the cuts.
    mutating func exhausts(work spent: Int) -> Bool {
        if spent > bounds.work { cuts.exhaustedWork = true }
        return cuts.exhaustedWork
    }

    private var inconclusiveReason: PropertyResult.Inconclusive {
        let cuts = reportedCuts
        if cuts.exhaustedWork { return .work(bounds.work) }
        if let divergence = cuts.divergence { return .divergence(divergence) }
        if cuts.reachedSituationBound { return .bound(bound) }
        return .keptEvents(bounds.keptEvents)
    }

    var nodeCount: Int { parents.count }

    var isDecided: Bool {
        alwaysReachable.isEmpty && !verdicts.contains(nil)
    }

    // MARK: - The search

    mutating func run() {
        guard !properties.isEmpty else { return }
        decideStructurally()
        guard !isDecided else { return }
        var queue: [(node: Int32, frontier: Frontier)] = []
        let start = MachineInterpreter(checking: machine)
        explore(.start, from: start, node: -1, held: Array(repeating: false, count: heldCount), into: &queue)
        if product != nil {
            runProduct()
        } else {
            var head = 0
            while head < queue.count, !reachedBound, !isDecided, !cuts.exhaustedWork {
                let (node, interpreter) = (queue[head].node, queue[head].frontier.interpreter)
                head += 1
                // What was processed is dropped now and then, so that only the frontier is kept.
                if head > 4_096, head * 2 > queue.count {
                    queue.removeFirst(head)
                    head = 0
                }
                let held = heldByNode[Int(node)]
                var complete = true
                for stimulus in stimuli(of: interpreter) {
                    explore(stimulus, from: interpreter, node: node, held: held, into: &queue)
                    if reachedBound || isDecided || exhausts(work: work) {
                        complete = false
                        break
                    }
                }
                if complete { fullyExplored = node + 1 }
            }
        }
        finish()
    }

    /// Decides, without a search, the properties whose conditions the state tree alone decides
    /// (``MachineModel/structuralValue(of:)``): `never C` with a `C` no configuration satisfies
    /// holds, and so on. Exact, whatever the bounds; the semantic checks warn about each.
    private mutating func decideStructurally() {
        let model = machine.model
        for index in properties.indices {
            switch properties[index].claim {
            case .never(let condition):
                if model.structuralValue(of: condition) == false { verdicts[index] = .holds }
            case .reachable(let condition):
                if model.structuralValue(of: condition) == false { verdicts[index] = .fails(nil) }
            case .alwaysReachable:
                // Judged on the graph, which the search builds for every such property at once.
                break
            case .onlyAfter(let condition, let after):
                if model.structuralValue(of: condition) == false || model.structuralValue(of: after) == true {
                    verdicts[index] = .holds
                }
            }
        }
    }

    /// The "has held" marks of each node (part of its key), when the search is over whole
    /// situations.
    private var heldByNode: [[Bool]] = []

    /// Every stimulus that may change the interpreter's situation, in a fixed order: the events
    /// some active state has a transition for or defers (any other is ignored, a step to the
    /// same situation through no configuration), the running timers, the outcomes of the
    /// running invocations.
    func stimuli(of interpreter: MachineInterpreter) -> [MachineInterpreter.Stimulus] {
        guard !interpreter.isFinished else { return [] }
        let atomicStates = interpreter.atomicStates
        var stimuli = offeredEvents.filter { event in
            atomicStates.contains { !machine.candidates(atLeaf: $0, for: .event(event)).isEmpty }
                || machine.defers(event, in: interpreter.configuration)
        }.map(MachineInterpreter.Stimulus.event)
        stimuli += interpreter.runningTimerKeys.map { .timer($0.owner, group: $0.group) }
        let running = interpreter.runningInvocations.map(\.invocation).sorted()
        for invocation in running {
            stimuli += Self.outcomes(of: machine.model[invocation]).map { .outcome(invocation, $0) }
        }
        return stimuli
    }

    /// What a running invocation may deliver.
    static func outcomes(of invocation: InvocationModel) -> [InvocationResult] {
        switch invocation.kind {
        case .call: [.done, .error]
        case .stream: [.element, .done, .error]
        case .machine:
            (invocation.child?.outputs.map { .output($0.name) } ?? [])
                + (invocation.child?.hasTopLevelFinalState ?? false ? [.done] : [])
        }
    }

    /// Follows every outcome class of `stimulus` from a node: judges its configurations and
    /// adds the situations it ends in.
    private mutating func explore(
        _ stimulus: MachineInterpreter.Stimulus, from interpreter: MachineInterpreter, node: Int32, held: [Bool],
        into queue: inout [(node: Int32, frontier: Frontier)]
    ) {
        var outcomes = self.outcomes
        // The budget holds within a stimulus too: one whose classes loop may cost a great deal.
        let workLimit = product == nil ? bounds.work - situationWork : .max
        outcomes.forEach(of: stimulus, from: interpreter, workLimit: workLimit) { outcome in
            var held = held
            judge(outcome.configurations, from: node, stimulus: stimulus, answers: outcome.answers, held: &held)
            // The start of a machine whose regions step separately leads to its product.
            if var product {
                self.product = nil
                defer { self.product = product }
                let locals = product.locals(of: outcome.interpreter)
                var key = Array(repeating: UInt64(0), count: table.width)
                return reachProduct(locals, held: held, judging: false, by: stimulus, outcome.answers, from: node, &product, key: &key)
            }
            var interpreter = outcome.interpreter
            if let event = keptLimit.apply(to: &interpreter) {
                cut(keeping: event, from: node, by: stimulus, outcome.answers)
                return true
            }
            return reach(
                CheckedSituation(interpreter, held: held), interpreter, through: outcome.configurations,
                by: stimulus, outcome.answers, from: node, held: held, into: &queue)
        }
        self.outcomes = outcomes
        if outcomes.stoppedForWork { cuts.exhaustedWork = true }
    }

    /// Notes that the step from `node` by `stimulus` with `answers` would keep `event` once
    /// more than the bound: it is not followed, and `node` stays open.
    private mutating func cut(keeping event: EventID, from node: Int32, by stimulus: MachineInterpreter.Stimulus, _ answers: [Bool]) {
        cutNodes.insert(node)
        if cuts.keptEvent == nil {
            cuts.keptEvent = ExplorationCuts.KeptEventCut(
                event: event, run: counterexample(to: node, then: stimulus, answers, violating: nil))
        }
    }

    /// Adds the situation a step ends in, if new, and the step to the graph of `always
    /// reachable`; `false` once the search must stop (the bound, or everything decided).
    private mutating func reach(
        _ situation: CheckedSituation, _ interpreter: MachineInterpreter, through configurations: [[StateID]],
        by stimulus: MachineInterpreter.Stimulus, _ answers: [Bool], from node: Int32, held: [Bool],
        into queue: inout [(node: Int32, frontier: Frontier)]
    ) -> Bool {
        let target: Int32
        if let known = situations[situation] {
            target = known
        } else {
            guard nodeCount < bound else {
                reachedBound = true
                return false
            }
            target = addNode(from: node, by: stimulus, answers, in: interpreter.configuration)
            situations[situation] = target
            heldByNode.append(held)
            queue.append((target, .interpreter(interpreter)))
        }
        if node >= 0, !alwaysReachable.isEmpty {
            graph.addEdge(from: node, to: target)
            for (slot, property) in alwaysReachable.enumerated()
            where configurations.contains(where: { condition(of: property).holds(in: $0) }) {
                graph.markSatisfying(node, slot)
            }
        }
        return !isDecided
    }

    /// Numbers a new node, first reached from `node` by `stimulus` with `answers`, whose
    /// configuration is `configuration`.
    mutating func addNode(
        from node: Int32, by stimulus: MachineInterpreter.Stimulus, _ answers: [Bool], in configuration: some ActiveStates
    ) -> Int32 {
        let step = Step(stimulus: stimulus, answers: answers)
        let stepID: Int32
        if let known = stepIDs[step] {
            stepID = known
        } else {
            stepID = Int32(steps.count)
            steps.append(step)
            stepIDs[step] = stepID
        }
        parents.append(node)
        arrivalSteps.append(stepID)
        if !alwaysReachable.isEmpty {
            let conditions = alwaysReachableConditions
            graph.addNode { slot in conditions[slot].holds(in: configuration) }
        }
        return Int32(parents.count - 1)
    }

    func condition(of property: Int) -> GuardModel {
        switch properties[property].claim {
        case .never(let condition), .reachable(let condition), .alwaysReachable(let condition): condition
        case .onlyAfter(let condition, _): condition
        }
    }

    /// Judges the configurations of one step, in order, for `never`, `reachable` and `only
    /// after`; updates the "has held" marks.
    mutating func judge<Configuration: ActiveStates>(
        _ configurations: some Collection<Configuration>, from node: Int32, stimulus: MachineInterpreter.Stimulus, answers: [Bool],
        held: inout [Bool]
    ) {
        for (microstep, configuration) in configurations.enumerated() {
            for index in properties.indices where verdicts[index] == nil {
                switch properties[index].claim {
                case .never(let condition):
                    if condition.holds(in: configuration) {
                        verdicts[index] = .fails(counterexample(to: node, then: stimulus, answers, violating: microstep))
                    }
                case .reachable(let condition):
                    if condition.holds(in: configuration) { verdicts[index] = .holds }
                case .onlyAfter(let condition, let after):
                    let slot = heldSlots[index]!
                    if held[slot] { continue }
                    if after.holds(in: configuration) {
                        held[slot] = true
                    } else if condition.holds(in: configuration) {
                        verdicts[index] = .fails(counterexample(to: node, then: stimulus, answers, violating: microstep))
                    }
                case .alwaysReachable:
                    continue
                }
            }
        }
    }

    /// The decisions once the search stopped. After a complete search what was not broken
    /// holds (`reachable` fails) and `always reachable` is judged on the graph. After one that a
    /// situation or kept-events bound cut, what was not broken holds within the bound, and
    /// `always reachable` fails only for a trap no cut leads out of. After one that spent its
    /// work or did not follow some runs, what is not decided stays so.
    private mutating func finish() {
        let cuts = reportedCuts
        guard !cuts.exhaustedWork, cuts.divergence == nil else { return }
        let complete = cuts.isEmpty
        for index in properties.indices where verdicts[index] == nil {
            switch properties[index].claim {
            case .never, .onlyAfter: verdicts[index] = complete ? .holds : .holdsWithinBound
            case .reachable: if complete { verdicts[index] = .fails(nil) }
            case .alwaysReachable: break
            }
        }
        let open = complete ? nil : openNodes
        for (slot, index) in alwaysReachable.enumerated() where verdicts[index] == nil {
            if let trap = graph.firstTrap(slot, open: open) {
                verdicts[index] = .fails(counterexample(to: trap, then: nil, [], violating: nil))
            } else if complete {
                verdicts[index] = .holds
            } else if graph.firstTrap(slot, open: nil) == nil {
                verdicts[index] = .holdsWithinBound
            }
        }
    }

    /// For each node: whether some of its steps were not followed (a bound cut them, or the
    /// search stopped before it stepped the node).
    private var openNodes: [Bool] {
        var open = (0..<nodeCount).map { $0 >= Int(fullyExplored) }
        for node in cutNodes where node >= 0 { open[Int(node)] = true }
        return open
    }

    // MARK: - Counterexamples

    /// The run to `node` (`-1`: none), then `stimulus` with `answers`, run again to record
    /// what each step asked, took and passed through.
    func counterexample(
        to node: Int32, then stimulus: MachineInterpreter.Stimulus?, _ answers: [Bool], violating: Int?
    ) -> Counterexample {
        var path: [(MachineInterpreter.Stimulus, [Bool])] = stimulus.map { [($0, answers)] } ?? []
        var current = node
        while current >= 0 {
            let step = steps[Int(arrivalSteps[Int(current)])]
            path.append((step.stimulus, step.answers))
            current = parents[Int(current)]
        }
        var interpreter = MachineInterpreter(checking: machine)
        let steps = path.reversed().map { stimulus, answers in
            let run = interpreter.run(stimulus, script: GuardScript(answers: answers))
            return Counterexample.Step(
                stimulus: stimulus, guardAnswers: run.script.asked, taken: run.taken, configurations: run.configurations)
        }
        return Counterexample(steps: steps, violatingMicrostep: violating)
    }
}
