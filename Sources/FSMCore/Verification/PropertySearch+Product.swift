/// The search over the product of regions that can be stepped one at a time
/// (``RegionProduct``): nodes are packed into ``PackedSituationTable`` in breadth-first order,
/// so the table is the queue too, and a step allocates nothing once its regions' outcomes are
/// cached.
extension PropertySearch {
    /// Buffers one step of the product reuses.
    struct ProductScratch {
        var outcomes: [[RegionProduct.LocalOutcome]] = []
        var choice: [Int] = []
        var target: [Int32] = []
        var key: [UInt64] = []
    }

    /// Steps every node of the table in order (the start's outcomes are its first) until the
    /// search is complete, bounded or decided.
    mutating func runProduct() {
        let regionCount = product!.decomposition.regions.count
        var locals = Array(repeating: Int32(0), count: regionCount)
        var held = Array(repeating: false, count: heldCount)
        var key = Array(repeating: UInt64(0), count: table.width)
        var node: Int32 = 0
        while Int(node) < table.count, !reachedBound, !isDecided {
            table.key(of: node, into: &key)
            product!.layout.decode(key, locals: &locals, held: &held)
            exploreProduct(from: locals, node: node, held: held)
            node += 1
        }
    }

    /// Every stimulus from a situation of the regions' product, each combination of the
    /// regions' outcome classes: an event steps every region in one microstep (none when no
    /// region took a transition, and then the event is skipped as ignored), a timer its own
    /// region. The guard answers are the regions' in document order.
    private mutating func exploreProduct(from locals: [Int32], node: Int32, held: [Bool]) {
        let regions = 0..<locals.count
        for event in offeredEvents {
            guard stepProduct(.event(event), regions: regions, from: locals, node: node, held: held) else { return }
        }
        // The timers in order of owner then group, as the interpreter's search takes them: the
        // regions' owners are in document order.
        for region in regions {
            for timer in product!.timers[region][Int(locals[region])] {
                let stimulus = MachineInterpreter.Stimulus.timer(timer.owner, group: timer.group)
                guard stepProduct(stimulus, regions: region..<(region + 1), from: locals, node: node, held: held) else { return }
            }
        }
    }

    /// Every combination of the outcome classes `regions` give `stimulus`; `false` once the
    /// search must stop.
    private mutating func stepProduct(
        _ stimulus: MachineInterpreter.Stimulus, regions: Range<Int>, from locals: [Int32], node: Int32, held: [Bool]
    ) -> Bool {
        var perRegion = scratch.outcomes
        scratch.outcomes = []
        perRegion.removeAll(keepingCapacity: true)
        defer { scratch.outcomes = perRegion }
        for region in regions {
            let outcomes = product!.outcomes(of: stimulus, region: region, regions: regions, in: locals)
            if outcomes.isEmpty { return true }
            perRegion.append(outcomes)
        }
        // Ignored by every region: a step to the same situation. (A timer whose guard failed is
        // not: it stopped.)
        let ignored = zip(regions, perRegion).allSatisfy { region, outcomes in
            outcomes.count == 1 && !outcomes[0].moved && outcomes[0].target == locals[region]
        }
        if ignored { return true }
        // Every combination, the first region's outcome varying slowest.
        var choice = scratch.choice
        scratch.choice = []
        defer { scratch.choice = choice }
        choice.removeAll(keepingCapacity: true)
        choice.append(contentsOf: repeatElement(0, count: regions.count))
        while true {
            var target = scratch.target
            scratch.target = []
            for region in locals.indices { target[region] = locals[region] }
            var answers: [Bool] = []
            var moved = false
            for (position, region) in regions.enumerated() {
                let outcome = perRegion[position][choice[position]]
                target[region] = outcome.target
                if !outcome.answers.isEmpty { answers += outcome.answers }
                moved = moved || outcome.moved
            }
            let going = reachProduct(target, held: held, judging: moved, by: stimulus, answers, from: node)
            scratch.target = target
            if !going { return false }
            var position = regions.count - 1
            while position >= 0 {
                choice[position] += 1
                if choice[position] < perRegion[position].count { break }
                choice[position] = 0
                position -= 1
            }
            if position < 0 { break }
        }
        return true
    }

    /// Adds the situation of the product a step ends in, if new, and the step to the graph of
    /// `always reachable`; `false` once the search must stop. `judging`: whether the step's one
    /// microstep (a region took a transition) is judged here; a situation seen before had its
    /// configuration judged when it was first reached, so without `only after` properties (whose
    /// marks depend on the run) only a new one is.
    mutating func reachProduct(
        _ locals: [Int32], held: [Bool], judging: Bool, by stimulus: MachineInterpreter.Stimulus, _ answers: [Bool],
        from node: Int32
    ) -> Bool {
        var key = scratch.key
        scratch.key = []
        defer { scratch.key = key }
        var held = held
        let configuration = product!.configuration(of: locals)
        var known: Int32?
        if heldCount > 0 {
            if judging { judge(CollectionOfOne(configuration), from: node, stimulus: stimulus, answers: answers, held: &held) }
            product!.layout.encode(locals, held: held, into: &key)
            known = table.id(of: key)
        } else {
            product!.layout.encode(locals, held: held, into: &key)
            known = table.id(of: key)
            if known == nil, judging {
                judge(CollectionOfOne(configuration), from: node, stimulus: stimulus, answers: answers, held: &held)
            }
        }
        let target: Int32
        if let known {
            target = known
        } else {
            guard nodeCount < bound else {
                reachedBound = true
                return false
            }
            target = addNode(from: node, by: stimulus, answers, in: configuration)
            _ = table.add(key)
        }
        // The step's one configuration is the target's own, which the target's node is marked
        // for: the edge carries it back, so the node needs no mark of its own.
        if node >= 0, !alwaysReachable.isEmpty { graph.addEdge(from: node, to: target) }
        return !isDecided
    }
}
