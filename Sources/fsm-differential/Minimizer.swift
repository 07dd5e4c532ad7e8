import FSMSpecGenerator

/// Shrinks a disagreement to a smaller chart and script that still disagree: greedily, one
/// removal at a time, a round of candidates judged together, until no removal keeps the
/// disagreement. Charts that came from the generator shrink through its tree (transitions,
/// states, actions, guards, histories); every chart's script loses steps and true guards.
struct Minimizer {
    let judge: Judge
    /// At most this many rounds, so that minimizing always ends soon.
    var maximumRounds = 200

    func minimize(_ chart: DifferentialChart, _ script: DifferentialScript) throws -> (DifferentialChart, DifferentialScript) {
        var chart = chart
        var script = script
        for round in 0..<maximumRounds {
            let candidates = scriptCandidates(of: script).map { (chart, $0) } + chartCandidates(of: chart).map { ($0, script) }
            guard let accepted = try firstAccepted(candidates, round: round) else { break }
            // Keep the chart's own name: the candidates were judged under names of their own.
            (chart, script) = (try accepted.0.renamed(chart.name), accepted.1)
        }
        return (chart, script)
    }

    /// Judges candidates in slices, so that the first smaller one wins without judging them all.
    private func firstAccepted(_ candidates: [(DifferentialChart, DifferentialScript)], round: Int) throws -> (DifferentialChart, DifferentialScript)? {
        let slice = judge.opponent == .interpreter ? 40 : 60
        for start in stride(from: 0, to: candidates.count, by: slice) {
            let part = Array(candidates[start..<min(candidates.count, start + slice)])
            if let index = try judge.firstDisagreeing(part.map { (chart: $0.0, script: $0.1) }, round: round) {
                return part[index]
            }
        }
        return nil
    }

    /// The script without one step, then without one true guard.
    func scriptCandidates(of script: DifferentialScript) -> [DifferentialScript] { Self.scriptCandidatesOf(script) }

    /// The script without one step, then without one true guard.
    static func scriptCandidatesOf(_ script: DifferentialScript) -> [DifferentialScript] {
        var candidates: [DifferentialScript] = []
        for index in script.steps.indices.reversed() {
            var smaller = script
            smaller.steps.remove(at: index)
            candidates.append(smaller)
        }
        for guardName in script.trueGuards.sorted() {
            var smaller = script
            smaller.trueGuards.remove(guardName)
            candidates.append(smaller)
        }
        return candidates
    }

    /// The generated chart with one thing less, each still a valid spec.
    func chartCandidates(of chart: DifferentialChart) -> [DifferentialChart] {
        guard let document = chart.document else { return [] }
        return DocumentShrinker.smaller(document).compactMap { smaller in
            try? DifferentialChart(name: chart.name, origin: chart.origin, text: smaller.text, document: smaller, externalEvents: chart.events)
        }
    }
}
