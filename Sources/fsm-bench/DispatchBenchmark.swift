/// Section 1: nanoseconds per event of the generated machines against hand-written `switch`
/// implementations of the same machines, in the same process, on the same events.
enum DispatchBenchmark {
    /// The ratio to the hand-written switch each observation must stay under.
    static func target(for observation: Watcher) -> Double? {
        switch observation {
        case .none: 1.10
        case .transitionClosure: 1.3
        case .object, .defaultObject: 1.5
        // A stream's cost is the `AsyncStream`'s, which both variants share: no target.
        case .stream: nil
        }
    }

    struct Figure: Codable {
        var machine: String
        var observation: Watcher
        var generatedNanosecondsPerEvent: Double
        var handWrittenNanosecondsPerEvent: Double
        /// Generated over hand-written.
        var ratio: Double
        /// `nil` when the variant has no target (the stream).
        var target: Double?
        var meetsTarget: Bool
        /// Every repetition, in nanoseconds per event.
        var generatedRuns: [Double]
        var handWrittenRuns: [Double]
    }

    struct Report: Codable {
        var events: Int
        var repetitions: Int
        var figures: [Figure]
        /// The median nanoseconds per event of every variant run, by label.
        var medians: [String: Double]
        /// What every variant of each machine ended with.
        var outcomes: [String: String]
        var disagreements: [String]
    }

    /// The events in turns of a quarter million: long enough to time, short enough that all
    /// variants share the same moments.
    private static func chunks(of eventCount: Int) -> [Range<Int>] {
        stride(from: 0, to: eventCount, by: 250_000).map { $0..<min($0 + 250_000, eventCount) }
    }

    /// Times every variant whose label contains `filter` (all when it is empty).
    static func run(eventCount: Int, repetitions: Int, filter: String = "") -> Report {
        let variants = DispatchVariants.all(eventCount: eventCount).filter { filter.isEmpty || $0.label.contains(filter) }
        var nanoseconds: [String: [Double]] = [:]
        var agreement = OutcomeAgreement()

        // Warm-up: caches, branch predictors and lazily resolved symbols, untimed.
        for variant in variants {
            let run = variant.prepare()
            run.send(0..<min(eventCount, 100_000))
        }
        for repetition in 0..<repetitions {
            // Every variant takes the events a chunk at a time, in turns, so that whatever else
            // the machine does meanwhile weighs on all variants alike; the turns alternate order.
            let runs = variants.map { $0.prepare() }
            var seconds = [Double](repeating: 0, count: runs.count)
            for (index, chunk) in chunks(of: eventCount).enumerated() {
                let forward = (index + repetition).isMultiple(of: 2)
                for position in forward ? Array(runs.indices) : runs.indices.reversed() {
                    seconds[position] += Stopwatch.measureThreadTime { runs[position].send(chunk) }.seconds
                }
            }
            for (position, variant) in variants.enumerated() {
                nanoseconds[variant.label, default: []].append(seconds[position] * 1e9 / Double(eventCount))
                agreement.check(runs[position].outcome(), of: variant)
            }
        }

        var figures: [Figure] = []
        for machine in DispatchVariants.machines {
            let runs = { (implementation: Implementation, observation: Watcher) in
                nanoseconds["\(machine), \(implementation.rawValue), \(observation.rawValue)"] ?? []
            }
            for observation in Watcher.allCases {
                let generated = runs(.generated, observation)
                let handWritten = runs(.handWritten, observation)
                // `--variants` may have left either out.
                guard !generated.isEmpty, !handWritten.isEmpty else { continue }
                let ratio = generated.median / handWritten.median
                let target = target(for: observation)
                figures.append(Figure(
                    machine: machine, observation: observation,
                    generatedNanosecondsPerEvent: generated.median,
                    handWrittenNanosecondsPerEvent: handWritten.median,
                    ratio: ratio, target: target, meetsTarget: target.map { ratio <= $0 } ?? true,
                    generatedRuns: generated, handWrittenRuns: handWritten))
            }
        }
        return Report(
            events: eventCount, repetitions: repetitions, figures: figures,
            medians: nanoseconds.mapValues(\.median),
            outcomes: agreement.summaries, disagreements: agreement.disagreements)
    }
}

/// Checks that every run of a machine ends like the first: same state, same action counts,
/// and for observed runs the same notification counts.
struct OutcomeAgreement {
    private var firstOutcome: [String: (outcome: RunOutcome, label: String)] = [:]
    private var firstTally: [String: (tally: String, label: String)] = [:]
    private(set) var disagreements: [String] = []

    mutating func check(_ outcome: RunOutcome, of variant: DispatchVariant) {
        let machine = variant.machine
        if let first = firstOutcome[machine] {
            if outcome.state != first.outcome.state || outcome.work != first.outcome.work {
                disagreements.append("\(variant.label) ended in \(outcome.state) (\(outcome.work)), but \(first.label) in \(first.outcome.state) (\(first.outcome.work))")
            }
        } else {
            firstOutcome[machine] = (outcome, variant.label)
        }
        guard let tally = outcome.tally else { return }
        // Each kind of observer hears its own kinds of notification.
        let observed = "\(machine), \(variant.observation.rawValue)"
        if let first = firstTally[observed] {
            if tally != first.tally {
                disagreements.append("\(variant.label) observed \(tally), but \(first.label) \(first.tally)")
            }
        } else {
            firstTally[observed] = (tally, variant.label)
        }
    }

    /// Per machine: its final state, action counts and notification counts.
    var summaries: [String: String] {
        var result: [String: String] = [:]
        for (machine, first) in firstOutcome {
            let tallies = Watcher.allCases.compactMap { observation in
                firstTally["\(machine), \(observation.rawValue)"].map { "\(observation.rawValue): \($0.tally)" }
            }
            result[machine] = (["state \(first.outcome.state)", first.outcome.work] + tallies).joined(separator: "; ")
        }
        return result
    }
}
