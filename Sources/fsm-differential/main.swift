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

let swiftSide = SwiftSide(fsmc: fsmc, swiftc: swiftc, runtimeSources: packageRoot.appendingPathComponent("Sources/FSMRuntime"), workDirectory: work)
let qtSide = QtSide(fsmc: fsmc, harness: harness, workDirectory: work)
let campaign = Campaign(
    qt: qtSide, swift: swiftSide, workDirectory: work, scriptsPerChart: options.scripts, stepsPerScript: options.steps,
    seed: options.seed)

var charts: [DifferentialChart] = []
for path in ChartFiles.specs(in: options.specs) {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    do {
        charts.append(try DifferentialChart(name: "C\(charts.count + 1)", origin: path, text: text))
    } catch {
        print("skipped \(path): \(error)")
    }
}

var figures = Campaign.Figures()
let started = Date()
do {
    for (index, start) in stride(from: 0, to: charts.count, by: options.batch).enumerated() {
        let batch = Array(charts[start..<min(charts.count, start + options.batch)])
        try campaign.run(batch: batch, name: "batch\(index + 1)", figures: &figures)
    }
} catch {
    fail("\(error)")
}
for disagreement in figures.disagreements {
    print(disagreement.report)
}
let seconds = Int(Date().timeIntervalSince(started).rounded())
print("differential: \(figures.charts) charts, \(figures.runs) runs, \(figures.steps) steps, \(figures.disagreements.count) disagreements (\(seconds) s)")
exit(figures.disagreements.isEmpty ? 0 : 1)
