import FSMCore

/// Per-region caching for a machine whose regions can be stepped one at a time
/// (``RegionDecomposition``): each region's local situations (its active atomic state and its
/// running timers) are numbered, and what a stimulus does to a region in a local situation,
/// with given values of the `in(…)` tests its guards make of other regions (its external
/// atoms), is found once, by the one interpreter, and kept. A situation of the machine is then
/// the tuple of its regions' local situations, and a step the combination of its regions'
/// outcomes.
struct RegionProduct {
    let decomposition: RegionDecomposition
    let machine: ExecutableMachine

    /// What one stimulus does to one region: the local situation it ends in, the guard answers
    /// of the region's evaluations in order, and whether the region took a transition.
    struct LocalOutcome {
        var target: Int32
        var answers: [Bool]
        var moved: Bool
    }

    private struct LocalKey: Hashable {
        var atomicState: StateID
        var timers: [CheckedSituation.TimerKey]
    }

    private var ids: [[LocalKey: Int32]]
    /// For each region and local situation: the region's active states, in document order.
    private(set) var actives: [[[StateID]]]
    /// For each region and local situation: its running timers.
    private(set) var timers: [[[CheckedSituation.TimerKey]]]
    /// For each region and local situation: which external atoms of any region it makes
    /// active, as bits by position in ``atoms``.
    private var activeAtoms: [[UInt64]]
    /// Every region's external atoms, each once.
    private let atoms: [StateID]
    /// For each region: the positions of its external atoms in ``atoms``.
    private let atomPositions: [[Int]]
    /// For each region and local situation: what each stimulus does, by ``slot(of:)`` and the
    /// values of the region's external atoms (`slot << atomCount | values`).
    private var cache: [[[[LocalOutcome]?]]]
    /// Where each state's timers start among the slots, after the events'.
    private let timerSlots: [Int]
    private let slotCount: Int
    /// The states outside every region that are active (the parallel state and its ancestors),
    /// and an interpreter of the machine to assemble whole situations in.
    private var frame: (states: [StateID], interpreter: MachineInterpreter)?
    private(set) var stepping = StepOutcomes()
    /// How the product's situations are packed for the visited table.
    let layout: ProductSituationLayout
    /// For each event, by number: the regions with a transition it triggers. The others ignore
    /// it in every local situation (no candidate, so no guard asked and nothing changed).
    let regionsTaking: [[Int]]
    /// For each region: the region alone, the regions a timer of it steps.
    let regionAlone: [[Int]]

    init(_ decomposition: RegionDecomposition, machine: ExecutableMachine, heldCount: Int) {
        self.decomposition = decomposition
        self.machine = machine
        let count = decomposition.regions.count
        ids = Array(repeating: [:], count: count)
        actives = Array(repeating: [], count: count)
        timers = Array(repeating: [], count: count)
        activeAtoms = Array(repeating: [], count: count)
        cache = Array(repeating: [], count: count)
        var atoms: [StateID] = []
        for region in decomposition.externalAtoms {
            for atom in region where !atoms.contains(atom) { atoms.append(atom) }
        }
        self.atoms = atoms
        atomPositions = decomposition.externalAtoms.map { $0.map { atoms.firstIndex(of: $0)! } }
        var slots: [Int] = []
        var next = machine.model.events.count
        var atomicStates = Array(repeating: 0, count: count)
        var timerCounts = Array(repeating: 0, count: count)
        for state in machine.model.states {
            slots.append(next)
            next += machine.timers[state.id.index].count
            guard let region = decomposition.regionOf[state.id.index] else { continue }
            if state.isAtomic { atomicStates[region] += 1 }
            timerCounts[region] += machine.timers[state.id.index].count
        }
        timerSlots = slots
        slotCount = next
        layout = ProductSituationLayout(atomicStates: atomicStates, timers: timerCounts, heldCount: heldCount)
        var taking = Array(repeating: Set<Int>(), count: machine.model.events.count)
        for transition in machine.transitions {
            guard let event = transition.eventID, case .state(let source) = transition.owner,
                let region = decomposition.regionOf[source.index]
            else { continue }
            taking[event.index].insert(region)
        }
        regionsTaking = taking.map { $0.sorted() }
        regionAlone = (0..<count).map { [$0] }
    }

    /// A stimulus's place in the cache: an event's number, then each state's timers.
    func slot(of stimulus: MachineInterpreter.Stimulus) -> Int {
        switch stimulus {
        case .event(let event): event.index
        case .timer(let owner, let group): timerSlots[owner.index] + group
        case .start, .outcome: preconditionFailure("fsmc: a region is stepped by events and timers only")
        }
    }

    /// The local situations of `interpreter`'s regions, numbered as they are first seen.
    mutating func locals(of interpreter: MachineInterpreter) -> [Int32] {
        if frame == nil {
            frame = (interpreter.configuration.filter { decomposition.regionOf[$0.index] == nil }, interpreter)
        }
        let running = interpreter.runningTimerKeys
        return decomposition.regions.indices.map { region in
            let atomic = interpreter.atomicStates.first { decomposition.regionOf[$0.index] == region }!
            let key = LocalKey(
                atomicState: atomic,
                timers: running.filter { decomposition.regionOf[$0.owner.index] == region }.map {
                    CheckedSituation.TimerKey(owner: $0.owner, group: $0.group)
                })
            if let known = ids[region][key] { return known }
            let id = Int32(actives[region].count)
            ids[region][key] = id
            let states = interpreter.configuration.filter { decomposition.regionOf[$0.index] == region }
            actives[region].append(states)
            timers[region].append(key.timers)
            activeAtoms[region].append(
                atoms.indices.reduce(0) { bits, position in states.contains(atoms[position]) ? bits | 1 << position : bits })
            cache[region].append(Array(repeating: nil, count: slotCount << decomposition.externalAtoms[region].count))
            return id
        }
    }

    /// The values of `region`'s external atoms when the regions are in `locals`, as bits in
    /// the order of ``RegionDecomposition/externalAtoms``.
    private func atomValues(of region: Int, in locals: [Int32]) -> Int {
        let positions = atomPositions[region]
        if positions.isEmpty { return 0 }
        var active: UInt64 = 0
        for other in locals.indices where other != region { active |= activeAtoms[other][Int(locals[other])] }
        var values = 0
        for (bit, position) in positions.enumerated() where active & (1 << position) != 0 { values |= 1 << bit }
        return values
    }

    /// What `stimulus` (in ``slot(of:)``) does to `region` when the regions are in `locals`, each outcome class of
    /// the region once. On a miss the whole situation is assembled and stepped by the
    /// interpreter, and every region of `regions` (those the stimulus steps) learns its
    /// outcomes from the same runs.
    mutating func outcomes(
        of stimulus: MachineInterpreter.Stimulus, slot: Int, region: Int, regions: [Int], in locals: [Int32]
    ) -> [LocalOutcome] {
        let index = atomPositions[region].isEmpty ? slot : slot << atomPositions[region].count | atomValues(of: region, in: locals)
        if let known = cache[region][Int(locals[region])][index] { return known }
        return stepped(stimulus, slot: slot, region: region, regions: regions, in: locals)
    }

    /// A miss of ``outcomes(of:slot:region:regions:in:)``: the whole situation assembled and
    /// stepped.
    private mutating func stepped(
        _ stimulus: MachineInterpreter.Stimulus, slot: Int, region: Int, regions: [Int], in locals: [Int32]
    ) -> [LocalOutcome] {
        var interpreter = frame!.interpreter
        interpreter.assume(
            configuration: frame!.states + locals.indices.flatMap { actives[$0][Int(locals[$0])] },
            timers: locals.indices.flatMap { timers[$0][Int(locals[$0])].map { ($0.owner, $0.group) } })
        var found = Array(repeating: [LocalOutcome](), count: regions.count)
        var seen = Array(repeating: Set<[Bool]>(), count: regions.count)
        let position = { (region: Int) in regions.firstIndex(of: region)! }
        let (machine, regionOf) = (machine, decomposition.regionOf)
        let regionOfTransition = { (transition: TransitionID) -> Int? in
            guard case .state(let source) = machine[transition].owner else { return nil }
            return regionOf[source.index]
        }
        var stepping = self.stepping
        stepping.forEach(of: stimulus, from: interpreter) { outcome in
            let targets = self.locals(of: outcome.interpreter)
            for other in regions {
                // The other regions' answers branch too: their classes give this region's again.
                let answers = outcome.asked.filter { regionOfTransition($0.transition) == other }.map(\.value)
                guard seen[position(other)].insert(answers).inserted else { continue }
                let moved = outcome.taken.contains { regionOfTransition($0) == other }
                found[position(other)].append(LocalOutcome(target: targets[other], answers: answers, moved: moved))
            }
            return true
        }
        self.stepping = stepping
        for other in regions {
            let index = slot << atomPositions[other].count | atomValues(of: other, in: locals)
            cache[other][Int(locals[other])][index] = found[position(other)]
        }
        return found[position(region)]
    }

    /// The configuration of the machine when its regions are in `locals`.
    func configuration(of locals: [Int32]) -> Configuration {
        Configuration(regionOf: decomposition.regionOf, actives: actives, locals: locals)
    }

    /// A configuration of the product, read through its regions' local situations: the
    /// parallel state (the only state of no region) and each region's active states.
    struct Configuration: ActiveStates {
        let regionOf: [Int?]
        let actives: [[[StateID]]]
        let locals: [Int32]

        func contains(_ state: StateID) -> Bool {
            guard let region = regionOf[state.index] else { return true }
            return actives[region][Int(locals[region])].contains(state)
        }
    }
}
