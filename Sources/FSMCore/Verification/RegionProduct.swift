/// Per-region caching for a machine whose regions step independently
/// (``RegionDecomposition``): each region's local situations (its active atomic state and its
/// running timers) are numbered, and what a stimulus does to a region in a local situation is
/// found once, by the one interpreter, and kept. A situation of the machine is then the tuple
/// of its regions' local situations, and a step the combination of its regions' outcomes.
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
    /// For each region and local situation: an interpreter in which the region is in it (the
    /// other regions anywhere), to step it with.
    private var representatives: [[MachineInterpreter]]
    /// For each region and local situation: the region's active states, in document order.
    private(set) var actives: [[[StateID]]]
    /// For each region and local situation: its running timers.
    private(set) var timers: [[[CheckedSituation.TimerKey]]]
    /// For each region and local situation: what each stimulus does, by ``slot(of:)``.
    private var cache: [[[[LocalOutcome]?]]]
    /// Where each state's timers start among the slots, after the events'.
    private let timerSlots: [Int]
    private let slotCount: Int
    private(set) var stepping = StepOutcomes()

    init(_ decomposition: RegionDecomposition, machine: ExecutableMachine) {
        self.decomposition = decomposition
        self.machine = machine
        let count = decomposition.regions.count
        ids = Array(repeating: [:], count: count)
        representatives = Array(repeating: [], count: count)
        actives = Array(repeating: [], count: count)
        timers = Array(repeating: [], count: count)
        cache = Array(repeating: [], count: count)
        var slots: [Int] = []
        var next = machine.model.events.count
        for state in machine.model.states {
            slots.append(next)
            next += machine.timers[state.id.index].count
        }
        timerSlots = slots
        slotCount = next
    }

    /// A stimulus's place in the cache: an event's number, then each state's timers.
    private func slot(of stimulus: MachineInterpreter.Stimulus) -> Int {
        switch stimulus {
        case .event(let event): event.index
        case .timer(let owner, let group): timerSlots[owner.index] + group
        case .start, .outcome: preconditionFailure("fsmc: a region is stepped by events and timers only")
        }
    }

    /// The local situations of `interpreter`'s regions, numbered as they are first seen.
    mutating func locals(of interpreter: MachineInterpreter) -> [Int32] {
        let running = interpreter.runningTimerKeys
        return decomposition.regions.indices.map { region in
            let atomic = interpreter.atomicStates.first { decomposition.regionOf[$0.index] == region }!
            let key = LocalKey(
                atomicState: atomic,
                timers: running.filter { decomposition.regionOf[$0.owner.index] == region }.map {
                    CheckedSituation.TimerKey(owner: $0.owner, group: $0.group)
                })
            if let known = ids[region][key] { return known }
            let id = Int32(representatives[region].count)
            ids[region][key] = id
            representatives[region].append(interpreter)
            actives[region].append(interpreter.configuration.filter { decomposition.regionOf[$0.index] == region })
            timers[region].append(key.timers)
            cache[region].append(Array(repeating: nil, count: slotCount))
            return id
        }
    }

    /// What `stimulus` does to `region` in local situation `local`, each outcome class of the
    /// region once.
    mutating func outcomes(of stimulus: MachineInterpreter.Stimulus, region: Int, local: Int32) -> [LocalOutcome] {
        let slot = slot(of: stimulus)
        if let known = cache[region][Int(local)][slot] { return known }
        var found: [LocalOutcome] = []
        var seen = Set<[Bool]>()
        let (machine, regionOf) = (machine, decomposition.regionOf)
        let inRegion = { (transition: TransitionID) in
            guard case .state(let source) = machine[transition].owner else { return false }
            return regionOf[source.index] == region
        }
        var stepping = self.stepping
        stepping.forEach(of: stimulus, from: representatives[region][Int(local)]) { outcome in
            // The other regions' answers branch too: their classes give this region's again.
            let answers = outcome.asked.filter { inRegion($0.transition) }.map(\.value)
            guard seen.insert(answers).inserted else { return true }
            let target = locals(of: outcome.interpreter)[region]
            found.append(LocalOutcome(target: target, answers: answers, moved: outcome.taken.contains(where: inRegion)))
            return true
        }
        self.stepping = stepping
        cache[region][Int(local)][slot] = found
        return found
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
