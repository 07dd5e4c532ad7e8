/// The search over the product of regions that step independently (``RegionProduct``).
extension PropertySearch {
    /// Every stimulus from a situation of the regions' product, each combination of the
    /// regions' outcome classes: an event steps every region in one microstep (none when no
    /// region took a transition, and then the event is skipped as ignored), a timer its own
    /// region. The guard answers are the regions' in document order.
    mutating func exploreProduct(
        from locals: [Int32], node: Int32, held: [Bool], into queue: inout [(node: Int32, frontier: Frontier)]
    ) {
        for event in offeredEvents {
            guard stepProduct(.event(event), regions: allRegions, from: locals, node: node, held: held, into: &queue) else { return }
        }
        // The timers in order of owner then group, as the interpreter's search takes them: the
        // regions' owners are in document order.
        for region in locals.indices {
            for timer in product!.timers[region][Int(locals[region])] {
                let stimulus = MachineInterpreter.Stimulus.timer(timer.owner, group: timer.group)
                guard stepProduct(stimulus, regions: [region], from: locals, node: node, held: held, into: &queue) else { return }
            }
        }
    }

    /// Every combination of the outcome classes `regions` give `stimulus`; `false` once the
    /// search must stop.
    private mutating func stepProduct(
        _ stimulus: MachineInterpreter.Stimulus, regions: [Int], from locals: [Int32], node: Int32, held: [Bool],
        into queue: inout [(node: Int32, frontier: Frontier)]
    ) -> Bool {
        var perRegion: [[RegionProduct.LocalOutcome]] = []
        perRegion.reserveCapacity(regions.count)
        for region in regions {
            let outcomes = product!.outcomes(of: stimulus, region: region, local: locals[region])
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
        var choice = Array(repeating: 0, count: regions.count)
        while true {
            var target = locals
            var answers: [Bool] = []
            var moved = false
            for (position, region) in regions.enumerated() {
                let outcome = perRegion[position][choice[position]]
                target[region] = outcome.target
                if !outcome.answers.isEmpty { answers += outcome.answers }
                moved = moved || outcome.moved
            }
            let configuration = product!.configuration(of: target)
            // One microstep when a region took a transition, none when not.
            let configurations = CollectionOfOne(configuration).prefix(moved ? 1 : 0)
            var held = held
            judge(configurations, from: node, stimulus: stimulus, answers: answers, held: &held)
            let going = reach(
                .product(of: target, held: held), .product(target), endingIn: configuration, through: configurations,
                by: stimulus, answers, from: node, held: held, into: &queue)
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
}
