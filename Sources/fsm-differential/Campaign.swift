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
        /// Charts whose generated Swift did not compile, with the compiler's errors.
        var notCompiled: [(chart: DifferentialChart, errors: String)] = []
        /// Charts whose Swift the back end does not generate yet (language version 4's
        /// `update(…)` in a step regions share): Qt against the interpreter.
        var awaitingBackEnd = 0
    }

    /// Runs one batch of charts (one Swift build) with `scriptsPerChart` scripts each.
    /// With `only`, runs just the charts of those names, with the scripts they get in the batch.
    func run(batch charts: [DifferentialChart], name: String, only: Set<String>? = nil, figures: inout Figures) throws {
        guard !charts.isEmpty else { return }
        var generator = ScriptGenerator(seed: seed)
        let scripts = charts.map { chart in
            (0..<scriptsPerChart).map { _ in generator.makeScript(for: chart, steps: stepsPerScript) }
        }
        let kept = zip(charts, scripts).filter { only?.contains($0.0.name) ?? true }
        guard !kept.isEmpty else { return }
        try run(kept.map(\.0), scripts: kept.map(\.1), name: name, figures: &figures)
    }

    /// Runs each chart's scripts on both sides and records every run whose traces differ. A
    /// chart whose Swift the back end does not generate yet (``backEndRefuses(_:saying:)``) is
    /// run by Qt and judged by fsmc's interpreter, actions aside, as a Qt deviation's chart is
    /// the other way round.
    func run(_ charts: [DifferentialChart], scripts: [[DifferentialScript]], name: String, figures: inout Figures) throws {
        let directory = workDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let built = try buildSwift(charts, batch: name + "/swift")
        figures.notCompiled += built.notCompiled
        figures.awaitingBackEnd += built.awaitingBackEnd.count
        let compared = zip(charts, scripts).filter { pair in
            built.charts.contains { $0.name == pair.0.name } || built.awaitingBackEnd.contains { $0.name == pair.0.name }
        }
        var qtJob = ""
        var swiftJob = ""
        var runs: [(chart: DifferentialChart, script: DifferentialScript, hasSwift: Bool)] = []
        for (chart, chartScripts) in compared {
            let document = try qt.export(chart, into: directory.appendingPathComponent("scxml"))
            let hasSwift = built.charts.contains { $0.name == chart.name }
            for script in chartScripts {
                qtJob += script.job(chart: document.path, guards: chart.guards)
                if hasSwift { swiftJob += script.job(chart: chart.name, guards: chart.guards.map { ($0.name, $0.name) }) }
                runs.append((chart, script, hasSwift))
            }
        }
        let qtJobFile = directory.appendingPathComponent("qt.job")
        let swiftJobFile = directory.appendingPathComponent("swift.job")
        try qtJob.write(to: qtJobFile, atomically: true, encoding: .utf8)
        try swiftJob.write(to: swiftJobFile, atomically: true, encoding: .utf8)
        let qtTraces = RunTrace.parse(try qt.run(job: qtJobFile))
        let swiftTraces = try built.program.map { RunTrace.parse(try swift.run($0, job: swiftJobFile)) } ?? []
        let swiftRuns = runs.filter(\.hasSwift).count
        guard qtTraces.count == runs.count, swiftTraces.count == swiftRuns else {
            throw CampaignError("expected \(runs.count) runs, Qt printed \(qtTraces.count) and Swift \(swiftTraces.count) of \(swiftRuns)")
        }
        figures.charts += compared.count
        var swiftIndex = 0
        for (index, run) in runs.enumerated() {
            figures.runs += 1
            figures.steps += run.script.steps.count + 1
            if let error = qtTraces[index].error {
                throw CampaignError("Qt could not load \(run.chart.name) (\(run.chart.origin)): \(error)")
            }
            guard run.hasSwift else {
                // Until the back end generates it: Qt against the interpreter, actions aside (a
                // chart of a known Qt deviation has no judge then, and is only counted).
                let interpreted = InterpreterSide.trace(run.chart, run.script)
                let qtLines = qtTraces[index].lines.map(InterpreterSide.withoutActions)
                if run.chart.qtDeviation == nil, let step = RunTrace.firstDifference(
                    RunTrace(chart: run.chart.name, lines: qtLines), RunTrace(chart: run.chart.name, lines: interpreted)) {
                    figures.disagreements.append(Disagreement(
                        chart: run.chart, script: run.script, step: step, qt: qtLines, swift: interpreted, opponent: "fsmc "))
                }
                continue
            }
            let swiftTrace = swiftTraces[swiftIndex]
            swiftIndex += 1
            if run.chart.qtDeviation != nil {
                // Qt departs from SCXML on this shape: the interpreter judges, actions aside.
                let interpreted = RunTrace(chart: run.chart.name, lines: InterpreterSide.trace(run.chart, run.script))
                let generated = RunTrace(
                    chart: run.chart.name, lines: swiftTrace.lines.map(InterpreterSide.withoutActions), error: swiftTrace.error)
                if let step = RunTrace.firstDifference(interpreted, generated) {
                    figures.disagreements.append(Disagreement(
                        chart: run.chart, script: run.script, step: step, qt: interpreted.lines, swift: generated.lines))
                }
                continue
            }
            if let step = RunTrace.firstDifference(qtTraces[index], swiftTrace) {
                figures.disagreements.append(Disagreement(
                    chart: run.chart, script: run.script, step: step, qt: qtTraces[index].lines, swift: swiftTrace.lines))
            }
        }
    }

    /// The Swift side of a batch: the program of the charts whose Swift builds, the charts whose
    /// Swift does not compile, and those the back end does not generate yet.
    struct SwiftBatch {
        var program: URL?
        var charts: [DifferentialChart]
        var notCompiled: [(chart: DifferentialChart, errors: String)]
        var awaitingBackEnd: [DifferentialChart]
    }

    /// Builds the charts' Swift, leaving out those whose Swift fails, and telling apart the
    /// charts the back end does not generate yet, even when no chart is left to build.
    func buildSwift(_ charts: [DifferentialChart], batch: String) throws -> SwiftBatch {
        do {
            let built = try swift.buildLeavingOutFailures(charts, batch: batch)
            let awaiting = built.refused.filter { Self.backEndRefuses($0.chart, saying: $0.errors) }
            return SwiftBatch(
                program: built.program, charts: built.charts,
                notCompiled: built.refused.filter { refused in !awaiting.contains { $0.chart.name == refused.chart.name } },
                awaitingBackEnd: awaiting.map(\.chart))
        } catch let failure as GenerationFailure {
            // Every chart left failed to generate: all of them awaiting the back end, or a failure.
            let failing = charts.filter { failure.charts.contains($0.name) }
            guard !failing.isEmpty, failing.allSatisfy({ Self.backEndRefuses($0, saying: failure.output) }) else { throw failure }
            let earlier = charts.filter { !failure.charts.contains($0.name) }
            guard earlier.isEmpty else { return try buildSwift(earlier, batch: batch).adding(awaiting: failing) }
            return SwiftBatch(program: nil, charts: [], notCompiled: [], awaitingBackEnd: failing)
        }
    }
}

extension Campaign.SwiftBatch {
    /// The batch with `charts` the back end does not generate yet added.
    func adding(awaiting charts: [DifferentialChart]) -> Self {
        var batch = self
        batch.awaitingBackEnd += charts
        return batch
    }
}

struct CampaignError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Campaign {
    /// Shrinks a disagreement, against the interpreter when it disagrees with Qt the same way
    /// the generated Swift does (fast), otherwise against the generated Swift, and returns it
    /// as a case whose expected trace is, for now, Qt's (to be settled from the SCXML spec).
    func minimize(_ disagreement: Disagreement, caseName: String) throws -> RegressionCase {
        let interpreted = InterpreterSide.trace(disagreement.chart, disagreement.script)
        let interpreterDisagrees = disagreement.qt.map(InterpreterSide.withoutActions) != interpreted
        let judge = Judge(campaign: self, opponent: interpreterDisagrees ? .interpreter : .swift)
        let (chart, script) = try Minimizer(judge: judge).minimize(disagreement.chart, disagreement.script)
        let directory = workDirectory.appendingPathComponent("minimize/final")
        let document = try qt.export(chart, into: directory)
        let jobFile = directory.appendingPathComponent("qt.job")
        try script.job(chart: document.path, guards: chart.guards).write(to: jobFile, atomically: true, encoding: .utf8)
        let trace = RunTrace.parse(try qt.run(job: jobFile)).first?.lines ?? []
        return RegressionCase(name: caseName, spec: chart.text, script: script, trace: trace)
    }

    /// Whether every error `fsmc generate` printed for `chart` is the back end's refusal of a
    /// construct it does not generate yet (`SwiftBackEndLimits`: an update in a step regions share).
    static func backEndRefuses(_ chart: DifferentialChart, saying output: String) -> Bool {
        let errors = output.split(separator: "\n").filter { $0.contains("/\(chart.name).fsm:") && $0.contains(": error: ") }
        return !errors.isEmpty && errors.allSatisfy { $0.contains("the Swift back end does not handle") }
    }

    /// Runs regression cases on both sides; returns a report for each side that does not print
    /// the expected trace. A case whose Swift the back end refuses to generate yet (language
    /// version 4's `update(…)` in a step regions share, `SwiftBackEndLimits`) is replayed on
    /// Qt alone and named in `qtOnly`; any other case whose Swift fails to build fails the
    /// replay.
    func replay(_ cases: [RegressionCase]) throws -> (failures: [String], qtOnly: [String]) {
        guard !cases.isEmpty else { return ([], []) }
        let charts = try cases.map { try DifferentialChart(name: $0.name, origin: "regression case \($0.name)", text: $0.spec) }
        let directory = workDirectory.appendingPathComponent("replay")
        let built = try swift.buildLeavingOutFailures(charts, batch: "replay/swift")
        if let failed = built.refused.first(where: { !Self.backEndRefuses($0.chart, saying: $0.errors) }) {
            throw CampaignError("regression case \(failed.chart.name): its Swift does not build:\n\(failed.errors)")
        }
        let qtOnly = built.refused.map(\.chart.name)
        var qtJob = ""
        var swiftJob = ""
        for (chart, regression) in zip(charts, cases) {
            let document = try qt.export(chart, into: directory.appendingPathComponent("scxml"))
            qtJob += regression.script.job(chart: document.path, guards: chart.guards)
            if !qtOnly.contains(chart.name) {
                swiftJob += regression.script.job(chart: chart.name, guards: chart.guards.map { ($0.name, $0.name) })
            }
        }
        let qtJobFile = directory.appendingPathComponent("qt.job")
        let swiftJobFile = directory.appendingPathComponent("swift.job")
        try qtJob.write(to: qtJobFile, atomically: true, encoding: .utf8)
        try swiftJob.write(to: swiftJobFile, atomically: true, encoding: .utf8)
        let qtTraces = RunTrace.parse(try qt.run(job: qtJobFile))
        var swiftTraces = RunTrace.parse(try swift.run(built.program, job: swiftJobFile))[...]
        var failures: [String] = []
        for (index, regression) in cases.enumerated() {
            var sides = [("Qt", index < qtTraces.count ? qtTraces[index].lines : [])]
            if !qtOnly.contains(regression.name) {
                sides.append(("Swift", swiftTraces.popFirst()?.lines ?? []))
            }
            for (side, printed) in sides {
                // Qt is known to print another trace for this shape: only fsmc is held to it.
                if side == "Qt", QtDeviations.reason(toSkip: charts[index]) != nil { continue }
                if printed != regression.trace {
                    failures.append("regression case \(regression.name): \(side) printed\n  " + printed.joined(separator: "\n  ")
                        + "\ninstead of\n  " + regression.trace.joined(separator: "\n  "))
                }
            }
        }
        return (failures, qtOnly)
    }
}
