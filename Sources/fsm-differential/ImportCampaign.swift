import FSMCompiler
import Foundation

/// The differential check of `fsmc import` itself (docs/SCXML.md, "Differential testing of the
/// import"): random charts in SCXML's own terms run in Qt as they are, and through the import,
/// the spec it writes and the Swift fsmc generates from it, under the same scripts; the
/// configurations, exits, entries and actions must agree after every step. A chart the import
/// refuses is counted by reason, not a failure: the import says so, and changes nothing.
struct ImportCampaign {
    let campaign: Campaign
    /// What runs the imported spec: the Swift fsmc generates (the default), or fsmc's
    /// interpreter of it (in-process, no build; exits, entries and configuration, not actions).
    var side: Side = .swift

    enum Side: String {
        case swift, interpreter
    }

    /// What a campaign counted.
    struct Figures {
        var charts = 0
        var imported = 0
        /// Refusals by their message, the chart's names and ids left out.
        var refused: [String: Int] = [:]
        /// Charts of the shape on which Qt departs from SCXML (Known Qt deviations): Qt's trace
        /// is no reference there, so they are not compared.
        var deviating = 0
        var runs = 0
        var steps = 0
        var disagreements: [ImportDisagreement] = []
        var notCompiled: [(chart: DifferentialChart, errors: String)] = []
    }

    /// A chart and the spec its import gave.
    struct Imported {
        var chart: ImportChart
        var differential: DifferentialChart
    }

    /// The spec the import writes for `chart`, or the reason it is refused (its first error).
    static func importSpec(_ chart: ImportChart) -> (text: String?, refusal: String?) {
        let result = SCXMLImport.run(SourceText(chart.document(trace: false)), fallbackName: chart.name, chartName: chart.name + ".scxml")
        if let text = result.text {
            // Qt's trace names states by id and its scripts send the spec's event names: the
            // two sides compare only where the import kept every name as the chart wrote it.
            let renamed = (Array(result.stateNames) + Array(result.eventNames)).filter { $0.key != $0.value }.map(\.key).sorted()
            guard renamed.isEmpty else { return (nil, "the import renames '\(renamed[0])', which the traces compare as written") }
            return (text, nil)
        }
        let error = (result.chartDiagnostics + result.specDiagnostics).first { $0.severity == .error }
        return (nil, error?.message ?? "no spec")
    }

    /// A refusal's message with the chart's own ids and names left out, so that refusals of one
    /// kind count together.
    static func reason(_ message: String) -> String {
        message.replacingOccurrences(of: "(?<=[\\s(]|^)'[^']*'(?=[\\s),:;.]|$)", with: "'…'", options: .regularExpression)
            .replacingOccurrences(of: "line [0-9]+", with: "line …", options: .regularExpression)
    }

    /// Imports each chart and sorts it: refused, a Qt-deviation shape, or compared.
    func prepare(_ charts: [ImportChart], origin: (Int) -> String, figures: inout Figures) -> [Imported] {
        var compared: [Imported] = []
        for (index, chart) in charts.enumerated() {
            figures.charts += 1
            let (text, refusal) = Self.importSpec(chart)
            guard let text else {
                figures.refused[Self.reason(refusal ?? ""), default: 0] += 1
                continue
            }
            figures.imported += 1
            do {
                let differential = try DifferentialChart(name: chart.name, origin: origin(index), text: text)
                if QtDeviations.reason(toSkip: differential) != nil {
                    figures.deviating += 1
                    continue
                }
                compared.append(Imported(chart: chart, differential: differential))
            } catch {
                figures.refused["imported, but not comparable: \(error)", default: 0] += 1
            }
        }
        return compared
    }

    /// Runs one batch: Qt on each chart's document, the generated Swift on its import.
    func run(_ charts: [Imported], name: String, figures: inout Figures) throws {
        guard !charts.isEmpty else { return }
        let directory = campaign.workDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("scxml"), withIntermediateDirectories: true)
        let built = side == .swift ? try campaign.swift.buildLeavingOutFailures(charts.map(\.differential), batch: name + "/swift") : nil
        figures.notCompiled += built?.refused ?? []
        let compiled = charts.filter { chart in built.map { $0.charts.contains { $0.name == chart.differential.name } } ?? true }
        var generator = ScriptGenerator(seed: campaign.seed)
        var runs: [(chart: Imported, script: DifferentialScript)] = []
        var qtJob = ""
        var swiftJob = ""
        for chart in compiled {
            let document = try write(chart.chart, into: directory.appendingPathComponent("scxml"))
            for _ in 0..<campaign.scriptsPerChart {
                let script = generator.makeScript(for: chart.differential, steps: campaign.stepsPerScript)
                qtJob += script.job(chart: document.path, guards: chart.differential.guards)
                swiftJob += script.job(chart: chart.differential.name, guards: chart.differential.guards.map { ($0.name, $0.name) })
                runs.append((chart, script))
            }
        }
        let qtTraces = RunTrace.parse(try campaign.qt.run(job: try file(qtJob, directory.appendingPathComponent("qt.job"))))
        let swiftTraces: [RunTrace]
        if let built {
            swiftTraces = RunTrace.parse(try campaign.swift.run(built.program, job: try file(swiftJob, directory.appendingPathComponent("swift.job"))))
        } else {
            swiftTraces = runs.map { RunTrace(chart: $0.chart.differential.name, lines: InterpreterSide.trace($0.chart.differential, $0.script)) }
        }
        guard qtTraces.count == runs.count, swiftTraces.count == runs.count else {
            throw CampaignError("expected \(runs.count) runs, Qt printed \(qtTraces.count) and Swift \(swiftTraces.count)")
        }
        for (index, run) in runs.enumerated() {
            figures.runs += 1
            figures.steps += run.script.steps.count + 1
            if let error = qtTraces[index].error {
                throw CampaignError("Qt could not load \(run.chart.chart.name) (\(run.chart.differential.origin)): \(error)")
            }
            // The interpreter records no actions: Qt's are left out of the comparison then.
            let qt = side == .swift ? qtTraces[index] : RunTrace(chart: qtTraces[index].chart, lines: qtTraces[index].lines.map(InterpreterSide.withoutActions))
            if let step = RunTrace.firstDifference(qt, swiftTraces[index]) {
                figures.disagreements.append(ImportDisagreement(
                    chart: run.chart, script: run.script, step: step, qt: qt.lines, swift: swiftTraces[index].lines))
            }
        }
    }

    /// Writes the document Qt runs (entries and exits logged) and returns its path.
    func write(_ chart: ImportChart, into directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(chart.name + ".scxml")
        try chart.document(trace: true).write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    private func file(_ text: String, _ url: URL) throws -> URL {
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}

/// A run on which Qt and the imported chart's generated Swift printed different traces.
struct ImportDisagreement {
    var chart: ImportCampaign.Imported
    var script: DifferentialScript
    var step: Int
    var qt: [String]
    var swift: [String]

    var report: String {
        var text = "import disagreement on \(chart.chart.name) (\(chart.differential.origin)) at step \(step): \(script.summary)\n"
        for index in 0..<max(qt.count, swift.count) where index >= max(0, step - 1) {
            let left = index < qt.count ? qt[index] : "(nothing)"
            let right = index < swift.count ? swift[index] : "(nothing)"
            text += "  qt    \(left)\n"
            if right != left { text += "  swift \(right)\n" }
        }
        text += "the chart:\n" + chart.chart.document(trace: false) + "its import:\n" + chart.differential.text
        return text
    }
}
