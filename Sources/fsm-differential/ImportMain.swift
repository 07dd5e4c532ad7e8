import FSMCompiler
import Foundation

/// `--import-replay` and `--import-random`: the differential check of `fsmc import`. Returns
/// whether anything failed.
@MainActor func runImportChecks() -> Bool {
    let checker = ImportCampaign(campaign: campaign, side: ImportCampaign.Side(rawValue: options.importSide) ?? .swift)
    var failed = false
    if let replay = options.importReplay {
        do {
            let failures = try replayImportCases(from: URL(fileURLWithPath: replay, relativeTo: packageRoot), checker)
            failures.forEach { print($0) }
            failed = failed || !failures.isEmpty
        } catch {
            fail("\(error)")
        }
    }
    guard options.importRandom > 0 else { return failed }
    let started = Date()
    var generator = ImportChartGenerator(seed: options.seed)
    var figures = ImportCampaign.Figures()
    do {
        for start in stride(from: 0, to: options.importRandom, by: options.batch) {
            let charts = (start..<min(options.importRandom, start + options.batch)).map { generator.makeChart(name: "I\($0 + 1)") }
            let compared = checker.prepare(charts, origin: { "import seed \(options.seed) chart I\(start + $0 + 1)" }, figures: &figures)
            try checker.run(compared, name: "import-batch\(start / options.batch + 1)", figures: &figures)
        }
    } catch {
        fail("\(error)")
    }
    for disagreement in figures.disagreements { print(disagreement.report) }
    let cases = options.importCases.map { URL(fileURLWithPath: $0, relativeTo: packageRoot) } ?? work.appendingPathComponent("import-cases")
    // One minimized case per chart, the first few: a campaign's disagreements mostly share a cause.
    var minimizedCharts: Set<String> = []
    for disagreement in figures.disagreements where options.minimizes && minimizedCharts.count < 5 {
        guard minimizedCharts.insert(disagreement.chart.chart.name).inserted else { continue }
        do {
            var (chart, script) = try ImportMinimizer(campaign: checker).minimize(disagreement.chart.chart, disagreement.script)
            chart.name = "ImportCase\(minimizedCharts.count)"
            let directory = work.appendingPathComponent("import-minimize/final")
            let document = try checker.write(chart, into: directory)
            let guards = ImportChartGenerator.guards.map { ($0, $0) }
            let jobFile = directory.appendingPathComponent("qt.job")
            try script.job(chart: document.path, guards: guards).write(to: jobFile, atomically: true, encoding: .utf8)
            let trace = RunTrace.parse(try campaign.qt.run(job: jobFile)).first?.lines ?? []
            let regression = ImportRegressionCase(name: chart.name, chart: chart.document(trace: false), script: script, trace: trace)
            try regression.write(to: cases)
            print("minimized to \(cases.path)/\(chart.name).scxml:\n\(regression.chart)\(script.caseText)")
        } catch {
            print("could not minimize: \(error)")
        }
    }
    for (chart, errors) in figures.notCompiled {
        let firstError = errors.hasPrefix("fsmc generate failed")
            ? String(errors.split(separator: "\n").first { $0.contains("error") } ?? "")
            : String(errors.split(separator: "\n").first { $0.contains("error:") && $0.contains(chart.name + ".fsm") } ?? "")
        print("not compared: fsmc cannot generate or compile the Swift for \(chart.name) (\(chart.origin)):\n  \(firstError)\n\(chart.text)")
    }
    for (reason, count) in figures.refused.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
        print("  refused \(count): \(reason)")
    }
    let seconds = Int(Date().timeIntervalSince(started).rounded())
    print("import differential (\(options.importSide)): \(figures.charts) charts, \(figures.imported) imported, \(figures.charts - figures.imported) refused, \(figures.deviating) not compared for a known Qt deviation, \(figures.runs) runs, \(figures.steps) steps, \(figures.disagreements.count) disagreements, \(figures.notCompiled.count) whose Swift fsmc could not generate or compile (\(seconds) s)")
    return failed || !figures.disagreements.isEmpty
}

/// Imports each case's chart, runs its script through the generated Swift and returns a report
/// for each case whose trace is not the expected one.
func replayImportCases(from directory: URL, _ checker: ImportCampaign) throws -> [String] {
    let cases = try ImportRegressionCase.load(from: directory)
    guard !cases.isEmpty else { return [] }
    var failures: [String] = []
    var charts: [(ImportRegressionCase, DifferentialChart)] = []
    for regression in cases {
        let result = SCXMLImport.run(SourceText(regression.chart), fallbackName: regression.name, chartName: regression.name + ".scxml")
        guard let text = result.text else {
            failures.append("import regression case \(regression.name): the import refuses it: \(result.chartDiagnostics.first?.message ?? "")")
            continue
        }
        charts.append((regression, try DifferentialChart(name: regression.name, origin: "import regression case", text: text)))
    }
    let program = try checker.campaign.swift.build(charts.map(\.1), batch: "import-replay/swift")
    let job = charts.map { $0.0.script.job(chart: $0.1.name, guards: $0.1.guards.map { ($0.name, $0.name) }) }.joined()
    let jobFile = checker.campaign.workDirectory.appendingPathComponent("import-replay/swift.job")
    try job.write(to: jobFile, atomically: true, encoding: .utf8)
    let traces = RunTrace.parse(try checker.campaign.swift.run(program, job: jobFile))
    for (index, (regression, _)) in charts.enumerated() {
        let printed = index < traces.count ? traces[index].lines : []
        if printed != regression.trace {
            failures.append("import regression case \(regression.name): the imported chart's Swift printed\n  "
                + printed.joined(separator: "\n  ") + "\ninstead of\n  " + regression.trace.joined(separator: "\n  "))
        }
    }
    print("import differential: replayed \(cases.count) regression cases, \(failures.count) failed")
    return failures
}
