/// Random scripts for a chart: which guards hold, then events, waits and invocations'
/// outcomes. Waits favour the chart's own delays (exactly, just before, just after, and sums of
/// them) so that timers fall due alone, together and in between events. A chart with
/// invocations gets an outcome in about one step of three, of any invocation (one that does not
/// run then checks that nothing is delivered).
struct ScriptGenerator {
    var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    mutating func makeScript(for chart: DifferentialChart, steps: Int) -> DifferentialScript {
        var trueGuards: Set<String> = []
        for guardName in chart.guards where random.next() % 2 == 0 {
            trueGuards.insert(guardName.name)
        }
        var script = DifferentialScript(trueGuards: trueGuards, steps: [])
        let waits = Self.waits(for: chart.timerDelays)
        let outcomes = chart.outcomes
        for _ in 0..<steps {
            // Drawn only for a chart with invocations: other charts keep the scripts they had.
            if !outcomes.isEmpty, random.next() % 3 == 0 {
                let (outcome, invocation) = outcomes[Int(random.next() % UInt64(outcomes.count))]
                script.steps.append(.outcome(outcome, invocation))
                continue
            }
            let wantsWait = !chart.timerDelays.isEmpty && random.next() % 4 == 0
            if wantsWait || chart.events.isEmpty {
                script.steps.append(.wait(waits[Int(random.next() % UInt64(waits.count))]))
            } else {
                script.steps.append(.send(chart.events[Int(random.next() % UInt64(chart.events.count))]))
            }
        }
        return script
    }

    /// The waits worth trying for these delays.
    static func waits(for delays: [Int]) -> [Int] {
        var waits: Set<Int> = [1, 1000]
        for delay in delays {
            waits.formUnion([delay, max(1, delay - 1), delay + 1, delay * 2])
            for other in delays { waits.insert(delay + other) }
        }
        return waits.sorted()
    }
}

/// A small, fast, seedable generator (SplitMix64): a seed always gives the same scripts.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
