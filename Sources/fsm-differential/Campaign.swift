import Foundation

/// Runs charts on both sides under random scripts and compares the traces after every step.
struct Campaign {
    let qt: QtSide
    let swift: SwiftSide
    let workDirectory: URL
    var scriptsPerChart: Int
    var stepsPerScript: Int
    var seed: UInt64

    /// What a campaign counted.
    struct Figures {
        var charts = 0
        var runs = 0
        var steps = 0
        var disagreements: [Disagreement] = []
    }

    /// Runs one batch of charts (one Swift build) with `scriptsPerChart` scripts each.
    func run(batch charts: [DifferentialChart], name: String, figures: inout Figures) throws {
        guard !charts.isEmpty else { return }
        var generator = ScriptGenerator(seed: seed)
        let scripts = charts.map { chart in
            (0..<scriptsPerChart).map { _ in generator.makeScript(for: chart, steps: stepsPerScript) }
        }
        try run(charts, scripts: scripts, name: name, figures: &figures)
    }

    /// Runs each chart's scripts on both sides and records every run whose traces differ.
    func run(_ charts: [DifferentialChart], scripts: [[DifferentialScript]], name: String, figures: inout Figures) throws {
        let directory = workDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let program = try swift.build(charts, batch: name + "/swift")
        var qtJob = ""
        var swiftJob = ""
        var runs: [(chart: DifferentialChart, script: DifferentialScript)] = []
        for (chart, chartScripts) in zip(charts, scripts) {
            let document = try qt.export(chart, into: directory.appendingPathComponent("scxml"))
            for script in chartScripts {
                qtJob += script.job(chart: document.path, guards: chart.guards)
                swiftJob += script.job(chart: chart.name, guards: chart.guards.map { ($0.name, $0.name) })
                runs.append((chart, script))
            }
        }
        let qtJobFile = directory.appendingPathComponent("qt.job")
        let swiftJobFile = directory.appendingPathComponent("swift.job")
        try qtJob.write(to: qtJobFile, atomically: true, encoding: .utf8)
        try swiftJob.write(to: swiftJobFile, atomically: true, encoding: .utf8)
        let qtTraces = RunTrace.parse(try qt.run(job: qtJobFile))
        let swiftTraces = RunTrace.parse(try swift.run(program, job: swiftJobFile))
        guard qtTraces.count == runs.count, swiftTraces.count == runs.count else {
            throw CampaignError("expected \(runs.count) runs, Qt printed \(qtTraces.count) and Swift \(swiftTraces.count)")
        }
        figures.charts += charts.count
        for (index, run) in runs.enumerated() {
            figures.runs += 1
            figures.steps += run.script.steps.count + 1
            if let error = qtTraces[index].error {
                throw CampaignError("Qt could not load \(run.chart.name) (\(run.chart.origin)): \(error)")
            }
            if let step = RunTrace.firstDifference(qtTraces[index], swiftTraces[index]) {
                figures.disagreements.append(Disagreement(
                    chart: run.chart, script: run.script, step: step, qt: qtTraces[index].lines, swift: swiftTraces[index].lines))
            }
        }
    }
}

struct CampaignError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
