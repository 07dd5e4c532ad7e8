import FSMCore

/// The search over the product of regions that can be stepped one at a time
/// (``RegionProduct``): nodes are packed into ``PackedSituationTable`` in breadth-first order,
/// so the table is the queue too, and a step allocates nothing once its regions' outcomes are
/// cached.
extension PropertySearch {
    /// Buffers the steps of the product reuse.
    struct ProductScratch {
        /// The outcomes of each stepped region, by position among them.
        var outcomes: [[RegionProduct.LocalOutcome]]
        var choice: [Int]
        var target: [Int32]
        var key: [UInt64]
    }

    /// Steps every node of the table in order (the start's outcomes are its first) until the
    /// search is complete, bounded or decided.
    mutating func runProduct() {
        // Out of `self` while the search runs, so that reaching it does not copy it.
        var product = self.product!
        self.product = nil
        defer { self.product = product }
        let regionCount = product.decomposition.regions.count
        var scratch = ProductScratch(
            outcomes: Array(repeating: [], count: regionCount), choice: Array(repeating: 0, count: regionCount),
            target: Array(repeating: 0, count: regionCount), key: Array(repeating: 0, count: table.width))
        var locals = scratch.target
        var held = Array(repeating: false, count: heldCount)
        var key = scratch.key
        var node: Int32 = 0
        while Int(node) < table.count, !reachedBound, !isDecided, !cuts.exhaustedWork {
            table.key(of: node, into: &key)
            product.layout.decode(key, locals: &locals, held: &held)
            exploreProduct(from: locals, node: node, held: held, &product, &scratch)
            if reachedBound || isDecided
                || exhausts(work: work(steppingRegions: product.stepping.work))
            {
                break
            }
            node += 1
            fullyExplored = node
        }
    }

    /// Every stimulus from a situation of the regions' product, each combination of the
    /// regions' outcome classes: an event steps every region in one microstep (none when no
    /// region took a transition, and then the event is skipped as ignored), a timer its own
    /// region. The guard answers are the regions' in document order.
    private mutating func exploreProduct(
        from locals: [Int32], node: Int32, held: [Bool], _ product: inout RegionProduct, _ scratch: inout ProductScratch
    ) {
        for event in offeredEvents {
            let regions = product.regionsTaking[event.index]
            if regions.isEmpty { continue }
            guard stepProduct(.event(event), regions: regions, from: locals, node: node, held: held, &product, &scratch)
            else { return }
        }
        // The timers in order of owner then group, as the interpreter's search takes them: the
        // regions' owners are in document order.
        for region in locals.indices {
            for timer in product.timers[region][Int(locals[region])] {
                let stimulus = MachineInterpreter.Stimulus.timer(timer.owner, group: timer.group)
                guard stepProduct(stimulus, regions: product.regionAlone[region], from: locals, node: node, held: held, &product, &scratch)
                else { return }
            }
        }
    }

    /// Every combination of the outcome classes `regions` give `stimulus`; `false` once the
    /// search must stop.
    private mutating func stepProduct(
        _ stimulus: MachineInterpreter.Stimulus, regions: [Int], from locals: [Int32], node: Int32, held: [Bool],
        _ product: inout RegionProduct, _ scratch: inout ProductScratch
    ) -> Bool {
        let slot = product.slot(of: stimulus)
        // Ignored by every region: a step to the same situation. (A timer whose guard failed is
        // not: it stopped.)
        var ignored = true
        for (position, region) in regions.enumerated() {
            let outcomes = product.outcomes(of: stimulus, slot: slot, region: region, regions: regions, in: locals)
            if outcomes.isEmpty { return true }
            if ignored, outcomes.count != 1 || outcomes[0].moved || outcomes[0].target != locals[region] { ignored = false }
            scratch.outcomes[position] = outcomes
        }
        if ignored { return true }
        // Every combination, the first region's outcome varying slowest.
        for position in regions.indices { scratch.choice[position] = 0 }
        while true {
            for region in locals.indices { scratch.target[region] = locals[region] }
            var answers: [Bool] = []
            var moved = false
            for position in regions.indices {
                let outcome = scratch.outcomes[position][scratch.choice[position]]
                scratch.target[regions[position]] = outcome.target
                if !outcome.answers.isEmpty { answers += outcome.answers }
                moved = moved || outcome.moved
            }
            let target = scratch.target
            guard reachProduct(target, held: held, judging: moved, by: stimulus, answers, from: node, &product, key: &scratch.key)
            else { return false }
            var position = regions.count - 1
            while position >= 0 {
                scratch.choice[position] += 1
                if scratch.choice[position] < scratch.outcomes[position].count { break }
                scratch.choice[position] = 0
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
    /// marks depend on the run) only a new one is. `key` is a buffer of the table's width.
    mutating func reachProduct(
        _ locals: [Int32], held: [Bool], judging: Bool, by stimulus: MachineInterpreter.Stimulus, _ answers: [Bool],
        from node: Int32, _ product: inout RegionProduct, key: inout [UInt64]
    ) -> Bool {
        productSteps += 1
        var held = held
        var known: Int32?
        if heldCount > 0 {
            if judging {
                judge(CollectionOfOne(product.configuration(of: locals)), from: node, stimulus: stimulus, answers: answers, held: &held)
            }
            product.layout.encode(locals, held: held, into: &key)
            known = table.id(of: key)
        } else {
            product.layout.encode(locals, held: held, into: &key)
            known = table.id(of: key)
            if known == nil, judging {
                judge(CollectionOfOne(product.configuration(of: locals)), from: node, stimulus: stimulus, answers: answers, held: &held)
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
            target = addNode(from: node, by: stimulus, answers, in: product.configuration(of: locals))
            _ = table.add(key)
        }
        // The step's one configuration is the target's own, which the target's node is marked
        // for: the edge carries it back, so the node needs no mark of its own.
        if node >= 0, !alwaysReachable.isEmpty { graph.addEdge(from: node, to: target) }
        return !isDecided
    }
}
