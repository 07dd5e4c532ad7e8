import Foundation

/// The Swift side: fsmc generates each chart's machine (`fsmc generate`, as the build plugin
/// runs it), and one `swiftc` invocation builds a batch of charts with their drivers into one
/// program that runs the scripts of a job file.
struct SwiftSide {
    let fsmc: URL
    let swiftc: URL
    /// Where FSMRuntime's sources are: every batch links them, built once as a library.
    let runtimeSources: URL
    let workDirectory: URL

    /// Where FSMRuntime is built: named after a hash of its sources, so that a changed runtime
    /// is built again and never linked stale.
    func runtimeDirectory() throws -> URL {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for source in try runtimeSourceFiles() {
            for byte in try Data(contentsOf: URL(fileURLWithPath: source)) {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        return workDirectory.appendingPathComponent("runtime-" + String(hash, radix: 16))
    }

    private func runtimeSourceFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: runtimeSources.path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { runtimeSources.appendingPathComponent($0).path }
    }

    /// Builds FSMRuntime as a static library and module once for every batch.
    func buildRuntime() throws {
        let directory = try runtimeDirectory()
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("libFSMRuntime.a").path) { return }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let sources = try runtimeSourceFiles()
        try Subprocess.run(swiftc, [
            "-swift-version", "6", "-parse-as-library", "-module-name", "FSMRuntime", "-emit-library", "-static",
            "-emit-module", "-emit-module-path", directory.appendingPathComponent("FSMRuntime.swiftmodule").path,
            "-o", directory.appendingPathComponent("libFSMRuntime.a").path,
        ] + sources)
    }

    /// A batch and the charts it was built without: their generated Swift does not compile
    /// (a bug of fsmc's Swift back end, reported apart: there is nothing to compare).
    struct Built {
        var program: URL
        var charts: [DifferentialChart]
        var refused: [(chart: DifferentialChart, errors: String)]
    }

    /// Builds `charts` as `build(_:batch:)` does, leaving out each chart whose generated Swift
    /// the compiler rejects (named by the errors' file names) and building the rest again.
    func buildLeavingOutFailures(_ charts: [DifferentialChart], batch: String) throws -> Built {
        var remaining = charts
        var refused: [(chart: DifferentialChart, errors: String)] = []
        while true {
            do {
                return Built(program: try build(remaining, batch: batch), charts: remaining, refused: refused)
            } catch let failure as GenerationFailure where !failure.charts.isEmpty {
                refused += remaining.filter { failure.charts.contains($0.name) }.map { ($0, "fsmc generate failed: " + failure.output) }
                remaining.removeAll { failure.charts.contains($0.name) }
                guard !remaining.isEmpty else { throw failure }
            } catch let failure as Subprocess.Failure where failure.command.hasPrefix("swiftc") {
                // The chart's generated Swift, or its driver (a bug of fsm-differential's, named
                // all the same so that the other charts still run).
                let failing = remaining.filter {
                    failure.output.contains("/generated/\($0.name).fsm.swift:") || failure.output.contains("/generated/\($0.name)Driver.swift:")
                }
                guard !failing.isEmpty else { throw failure }
                refused += failing.map { ($0, failure.output) }
                remaining.removeAll { chart in failing.contains { $0.name == chart.name } }
                guard !remaining.isEmpty else { throw failure }
            }
        }
    }

    /// Generates, writes and compiles `charts` as the program `batch`; returns its path.
    func build(_ charts: [DifferentialChart], batch: String) throws -> URL {
        try buildRuntime()
        let directory = workDirectory.appendingPathComponent(batch)
        try? FileManager.default.removeItem(at: directory)
        let specs = directory.appendingPathComponent("specs")
        let generated = directory.appendingPathComponent("generated")
        for folder in [specs, generated] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for chart in charts {
            try chart.text.write(to: specs.appendingPathComponent(chart.name + ".fsm"), atomically: true, encoding: .utf8)
        }
        do {
            try Subprocess.run(fsmc, ["generate", specs.path, "--output", generated.path])
        } catch let failure as Subprocess.Failure {
            // Name the charts fsmc cannot generate (a crash of the back end), one at a time.
            let failing = charts.filter { chart in
                (try? Subprocess.run(fsmc, ["generate", specs.appendingPathComponent(chart.name + ".fsm").path, "--output", generated.path])) == nil
            }
            throw GenerationFailure(charts: failing.map(\.name), output: failure.output)
        }
        var sources: [String] = []
        for chart in charts {
            // Named as the build plugin names it: Spec.fsm gives Spec.fsm.swift.
            let swift = generated.appendingPathComponent(chart.name + ".fsm.swift")
            let driver = generated.appendingPathComponent(chart.name + "Driver.swift")
            let writer = SwiftDriverWriter(chart: chart, generatedSwift: try String(contentsOf: swift, encoding: .utf8))
            try ("import FSMRuntime\n\n" + writer.source).write(to: driver, atomically: true, encoding: .utf8)
            sources += [swift.path, driver.path]
        }
        let main = generated.appendingPathComponent("main.swift")
        try Self.mainSource(charts.map(\.name)).write(to: main, atomically: true, encoding: .utf8)
        let program = directory.appendingPathComponent("batch")
        let runtime = try runtimeDirectory()
        try Subprocess.run(swiftc, [
            "-swift-version", "6", "-Onone", "-module-name", "DifferentialBatch", "-package-name", "DifferentialBatch",
            "-I", runtime.path, "-L", runtime.path, "-lFSMRuntime", "-o", program.path,
        ] + sources + [main.path])
        return program
    }

    /// Runs a job file through a built batch and returns its trace output.
    func run(_ program: URL, job: URL) throws -> String {
        try Subprocess.run(program, [job.path])
    }

    /// The batch's entry point: reads the job file the Qt harness reads (with charts named,
    /// not paths, and guards by their spec names) and prints the same trace format.
    static func mainSource(_ charts: [String]) -> String {
        """
        import Foundation

        let charts: [String: @MainActor (Set<String>, [String]) -> [String]] = [
        \(charts.map { "    \"\($0)\": { runChart\($0)(trueGuards: $0, steps: $1) }," }.joined(separator: "\n"))
        ]

        let job = (try? String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)) ?? ""
        var chart = ""
        var trueGuards: Set<String> = []
        var steps: [String] = []
        var output = ""
        for line in job.split(separator: "\\n").map(String.init) {
            let parts = line.split(separator: " ").map(String.init)
            switch parts.first {
            case "chart":
                chart = parts.count > 1 ? parts[1] : ""
                trueGuards = []
                steps = []
            case "guard":
                if parts.count == 3, parts[2] == "1" { trueGuards.insert(parts[1]) }
            case "send", "wait", "complete", "fail", "yield", "finish":
                steps.append(line)
            case "end":
                output += "run \\(chart)\\n"
                if let run = charts[chart] {
                    for traced in run(trueGuards, steps) { output += traced + "\\n" }
                } else {
                    output += "error no chart \\(chart)\\n"
                }
                output += "end\\n"
            default:
                break
            }
        }
        print(output, terminator: "")

        """
    }
}

/// `fsmc generate` failed on a batch: the charts it fails on alone, and what it printed.
struct GenerationFailure: Error, CustomStringConvertible {
    var charts: [String]
    var output: String
    var description: String { "fsmc generate failed on \(charts.joined(separator: ", ")):\n\(output.prefix(2000))" }
}
