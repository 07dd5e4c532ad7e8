import FSMSpecGenerator
import Foundation

// fsm-differential: fsmc's generated Swift against Qt SCXML (docs/SCXML.md).

let options: Options
do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch let error as Options.UsageError {
    if !error.description.isEmpty { FileHandle.standardError.write(Data("fsm-differential: error: \(error)\n".utf8)) }
    print(Options.usage)
    exit(error.description.isEmpty ? 0 : 2)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fsm-differential: error: \(message)\n".utf8))
    exit(1)
}

let packageRoot = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let work = URL(fileURLWithPath: options.work, relativeTo: packageRoot).standardizedFileURL
let fsmc = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("fsmc")
guard FileManager.default.isExecutableFile(atPath: fsmc.path) else { fail("no fsmc next to fsm-differential: run 'swift build' first") }
guard let swiftc = Subprocess.find("swiftc") else { fail("no swiftc on the PATH") }

let harness: URL
do {
    if let path = options.harness {
        harness = URL(fileURLWithPath: path, relativeTo: packageRoot)
    } else {
        let directory = packageRoot.appendingPathComponent("Tools/QtSCXMLHarness")
        try Subprocess.run(URL(fileURLWithPath: "/usr/bin/make"), ["-s", "-C", directory.path])
        harness = directory.appendingPathComponent("qt-scxml-harness")
    }
} catch {
    fail("cannot build the Qt harness (Debian: apt-get install qt6-scxml-dev g++ make pkg-config): \(error)")
}

let campaign = Campaign(
    qt: QtSide(fsmc: fsmc, harness: harness, workDirectory: work),
    swift: SwiftSide(fsmc: fsmc, swiftc: swiftc, runtimeSources: packageRoot.appendingPathComponent("Sources/FSMRuntime"), workDirectory: work),
    workDirectory: work, scriptsPerChart: options.scripts, stepsPerScript: options.steps, seed: options.seed)
let started = Date()
var failed = false

if let replay = options.replay {
    do {
        let cases = try RegressionCase.load(from: URL(fileURLWithPath: replay, relativeTo: packageRoot))
        let (failures, qtOnly) = try campaign.replay(cases)
        for failure in failures { print(failure) }
        let onQtAlone = qtOnly.isEmpty ? "" : ", \(qtOnly.count) on Qt alone, whose Swift the back end does not generate yet (\(qtOnly.joined(separator: ", ")))"
        print("differential: replayed \(cases.count) regression cases\(onQtAlone), \(failures.count) failed")
        failed = failed || !failures.isEmpty
    } catch {
        fail("\(error)")
    }
}

var charts: [DifferentialChart] = []
var deviating = 0
/// The charts the SCXML export refuses, counted by reason in the summary.
var leftOut = ExportRefusals()
/// Adds a chart to the campaign; where Qt is known to depart from SCXML on its shape, the
/// generated Swift is judged by fsmc's interpreter instead.
@MainActor func include(_ chart: DifferentialChart) {
    var chart = chart
    if let reason = QtDeviations.reason(toSkip: chart) {
        deviating += 1
        chart.qtDeviation = reason
        print("judged by the interpreter, not Qt: \(chart.name) (\(chart.origin)): \(reason)")
    }
    charts.append(chart)
}
for path in ChartFiles.specs(in: options.specs) {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    do {
        include(try DifferentialChart(name: "C\(charts.count + deviating + 1)", origin: path, text: text))
    } catch DifferentialChart.Refusal.exportRefused(let refusal) {
        leftOut.count(refusal)
        print("left out \(path): the SCXML export refuses it: \(refusal)")
    } catch {
        print("skipped \(path): \(error)")
    }
}
let sizes: [String: SpecSize] = ["small": .small, "medium": .medium, "large": .large]
var profile = SpecProfile.differential
profile.invocations = options.invocations
var generator = SpecGenerator(seed: options.seed, profile: profile, size: sizes[options.size]!)
for index in 0..<options.random {
    let spec = generator.makeSpec(machineName: "R\(index + 1)")
    do {
        include(try DifferentialChart(
            name: spec.machineName, origin: "SpecGenerator seed \(spec.seed) index \(spec.index)" + (options.invocations ? " with invocations" : ""), text: spec.text,
            document: spec.document, externalEvents: spec.externalEvents))
    } catch DifferentialChart.Refusal.exportRefused(let refusal) {
        // The export says what it cannot write: counted, not a failure of the generator.
        leftOut.count(refusal)
        print("left out \(spec.machineName) (SpecGenerator seed \(spec.seed) index \(spec.index)): the SCXML export refuses it: \(refusal)")
    } catch {
        fail("the generator made a spec fsm-differential cannot run (seed \(spec.seed), index \(spec.index)): \(error)\n\(spec.text)")
    }
}

if !charts.isEmpty {
    var figures = Campaign.Figures()
    do {
        for (index, start) in stride(from: 0, to: charts.count, by: options.batch).enumerated() {
            let batch = Array(charts[start..<min(charts.count, start + options.batch)])
            try campaign.run(batch: batch, name: "batch\(index + 1)", only: options.only, figures: &figures)
        }
    } catch {
        fail("\(error)")
    }
    let cases = options.cases.map { URL(fileURLWithPath: $0, relativeTo: packageRoot) } ?? work.appendingPathComponent("cases")
    for disagreement in figures.disagreements {
        print(disagreement.report)
    }
    // A disagreement with the interpreter is reported as found: the minimizer judges by Qt.
    for (index, disagreement) in figures.disagreements.enumerated() where options.minimizes && disagreement.chart.qtDeviation == nil {
        do {
            let minimized = try campaign.minimize(disagreement, caseName: "Case\(index + 1)")
            try minimized.write(to: cases)
            print("minimized to \(cases.path)/\(minimized.name).fsm:\n\(minimized.spec)\n\(minimized.script.caseText)")
        } catch {
            print("could not minimize: \(error)")
        }
    }
    for (chart, errors) in figures.notCompiled {
        let firstError = errors.split(separator: "\n").first { $0.contains("error:") && $0.contains(chart.name + ".fsm") } ?? ""
        print("not compared: the Swift fsmc generates for \(chart.name) (\(chart.origin)) does not compile:\n  \(firstError)\n\(chart.text)")
    }
    let seconds = Int(Date().timeIntervalSince(started).rounded())
    print("differential: \(figures.charts) charts, \(figures.runs) runs, \(figures.steps) steps, \(figures.disagreements.count) disagreements, \(figures.notCompiled.count) charts whose Swift did not compile, \(deviating) judged by the interpreter for a known Qt deviation, \(figures.awaitingBackEnd) compared with the interpreter, whose Swift the back end does not generate yet (\(seconds) s)")
    // Swift that does not compile is the soundness tests' finding (GeneratedSwiftSoundnessTests,
    // which track the open shapes): reported here, with nothing to compare, but no failure.
    failed = failed || !figures.disagreements.isEmpty
}
if let summary = leftOut.summary(of: "charts") { print("differential: \(summary)") }
failed = runImportChecks() || failed
failed = runChildChecks() || failed
exit(failed ? 1 : 0)
