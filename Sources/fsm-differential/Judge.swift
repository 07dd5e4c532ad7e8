import Foundation

/// Decides which of several candidate runs still make the two sides disagree: the
/// minimizer's oracle. Each round of candidates is one Qt job (and, for the Swift side, one
/// build), so that a round costs about what one candidate would.
struct Judge {
    /// What the Qt side is compared with while minimizing.
    enum Opponent {
        /// The interpreter of the executable model, in-process: fast, and what the Swift
        /// emitter generates (agreement tests keep them together). Compares states and
        /// configuration, not actions.
        case interpreter
        /// The generated Swift itself: a build per round.
        case swift
    }

    let campaign: Campaign
    let opponent: Opponent

    /// The index of the first candidate on which the sides disagree, or `nil`.
    func firstDisagreeing(_ candidates: [(chart: DifferentialChart, script: DifferentialScript)], round: Int) throws -> Int? {
        guard !candidates.isEmpty else { return nil }
        // Each candidate gets a name of its own: its files, and its class in a Swift batch.
        let candidates = try candidates.enumerated().map { index, candidate in
            (chart: try candidate.chart.renamed("M\(index)"), script: candidate.script)
        }
        let directory = campaign.workDirectory.appendingPathComponent("minimize/round\(round)")
        try? FileManager.default.removeItem(at: directory)
        var qtJob = ""
        for candidate in candidates {
            let document = try campaign.qt.export(candidate.chart, into: directory.appendingPathComponent("scxml"))
            qtJob += candidate.script.job(chart: document.path, guards: candidate.chart.guards)
        }
        let qtJobFile = directory.appendingPathComponent("qt.job")
        try qtJob.write(to: qtJobFile, atomically: true, encoding: .utf8)
        let qtTraces = RunTrace.parse(try campaign.qt.run(job: qtJobFile))
        guard qtTraces.count == candidates.count else { return nil }
        switch opponent {
        case .interpreter:
            return candidates.indices.first { index in
                qtTraces[index].error == nil
                    && qtTraces[index].lines.map(InterpreterSide.withoutActions)
                        != InterpreterSide.trace(candidates[index].chart, candidates[index].script)
            }
        case .swift:
            var charts: [DifferentialChart] = []
            var swiftJob = ""
            for candidate in candidates {
                let chart = candidate.chart
                charts.append(chart)
                swiftJob += candidate.script.job(chart: chart.name, guards: chart.guards.map { ($0.name, $0.name) })
            }
            guard let program = try? campaign.swift.build(charts, batch: "minimize/round\(round)/swift") else { return nil }
            let swiftJobFile = directory.appendingPathComponent("swift.job")
            try swiftJob.write(to: swiftJobFile, atomically: true, encoding: .utf8)
            let swiftTraces = RunTrace.parse(try campaign.swift.run(program, job: swiftJobFile))
            guard swiftTraces.count == candidates.count else { return nil }
            return candidates.indices.first { index in
                qtTraces[index].error == nil && RunTrace.firstDifference(qtTraces[index], swiftTraces[index]) != nil
            }
        }
    }
}
