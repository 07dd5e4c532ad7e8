import FSMCompiler
import Foundation

/// Section 4: what the generated code costs the Swift compiler. `swiftc -typecheck` of the
/// code fsmc generates for synthetic machines, against the same machines written by hand
/// (``SyntheticMachine/handWrittenSwift``).
enum CompileCostBenchmark {
    /// The generated code may take at most this many times the hand-written code's time.
    static let ratioTarget = 1.5
    /// 1,000 states and 10 events must type-check in less than this, in seconds.
    static let thousandStatesBudget = 30.0

    struct Figure: Codable {
        var states: Int
        var transitions: Int
        var generatedLines: Int
        var handWrittenLines: Int
        /// Medians of the repetitions, in seconds of CPU time of `swiftc -typecheck` (one core:
        /// on a quiet machine, the wall-clock time too).
        var generatedSeconds: Double
        var handWrittenSeconds: Double
        var ratio: Double
        var meetsTarget: Bool
    }

    /// A machine of the dispatch benchmark: the file fsmc generates from its spec against its
    /// hand-written twin.
    struct MachineFigure: Codable {
        var machine: String
        var spec: String
        var handWrittenFile: String
        var generatedLines: Int
        var handWrittenLines: Int
        /// Medians of the repetitions, in seconds of CPU time of `swiftc -typecheck`.
        var generatedSeconds: Double
        var handWrittenSeconds: Double
        var ratio: Double
        /// The ratio of the times above ``Report/baselineSeconds``: what each file adds.
        var ratioAboveBaseline: Double
        var meetsTarget: Bool
        var repetitions: Int
    }

    struct Report: Codable {
        var command: String
        /// Type-checking a file that only imports FSMRuntime: the fixed cost in every figure.
        var baselineSeconds: Double
        var figures: [Figure]
        /// The nested machine, the machine with data and the machine with parallel regions of
        /// the dispatch benchmark, each against its hand-written twin.
        var machines: [MachineFigure] = []
        /// Why the section did not run, or what failed to type-check.
        var failures: [String]
    }

    /// The machines of the dispatch benchmark whose files are type-checked: the spec and the
    /// hand-written twin, below the package root.
    static let machines = [
        (name: "Mail (nested)", spec: "Sources/fsm-bench/Machines/NestedMail.fsm",
         handWritten: "Sources/fsm-bench/Machines/HandWrittenMail.swift"),
        (name: "Upload (data)", spec: "Sources/fsm-bench/Machines/Upload.fsm",
         handWritten: "Sources/fsm-bench/Machines/HandWrittenUpload.swift"),
        (name: "MediaControls (parallel)", spec: "Sources/fsm-bench/Machines/MediaControls.fsm",
         handWritten: "Sources/fsm-bench/Machines/HandWrittenMediaControls.swift"),
    ]

    static func run(stateCounts: [Int], repetitions: Int, machineRepetitions: Int, packageRoot: URL, workDirectory: URL) -> Report {
        let emptyReport = { (failure: String) in Report(command: "", baselineSeconds: 0, figures: [], failures: [failure]) }
        guard let swiftc = Subprocess.find("swiftc") else { return emptyReport("swiftc is not on the PATH") }
        guard let modules = runtimeModuleDirectory() else {
            return emptyReport("FSMRuntime.swiftmodule is not next to the fsm-bench executable")
        }
        let typecheck = ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules.path]
        var failures: [String] = []
        /// Writes the files, then type-checks them in turns, the order alternating, so that
        /// whatever else the machine does weighs on all of them alike; the median of each.
        func time(_ files: [(name: String, text: String)], repetitions: Int) -> [Double] {
            var seconds = [[Double]](repeating: [], count: files.count)
            do {
                let paths = try files.map { file in
                    let url = workDirectory.appendingPathComponent(file.name)
                    try file.text.write(to: url, atomically: true, encoding: .utf8)
                    return url.path
                }
                for repetition in 0..<repetitions {
                    let order = repetition.isMultiple(of: 2) ? Array(paths.indices) : paths.indices.reversed()
                    for index in order {
                        let result = try Subprocess.run(swiftc, typecheck + [paths[index]])
                        guard result.status == 0 else {
                            failures.append("\(files[index].name) does not type-check:\n\(result.output.prefix(2_000))")
                            return files.map { _ in .nan }
                        }
                        seconds[index].append(result.cpuSeconds)
                    }
                }
            } catch {
                failures.append("\(files.map(\.name).joined(separator: ", ")): \(error)")
                return files.map { _ in .nan }
            }
            return seconds.map(\.median)
        }

        let baseline = time([("Baseline.swift", "import FSMRuntime\n")], repetitions: machineRepetitions)[0]
        var machineFigures: [MachineFigure] = []
        for machine in machines {
            let specURL = packageRoot.appendingPathComponent(machine.spec)
            guard let specText = try? String(contentsOf: specURL, encoding: .utf8),
                  let handWritten = try? String(contentsOf: packageRoot.appendingPathComponent(machine.handWritten), encoding: .utf8)
            else {
                failures.append("\(machine.spec) or \(machine.handWritten) is not readable below \(packageRoot.path)")
                continue
            }
            let compilation = Compiler.compile(SourceText(specText))
            guard let executable = compilation.executable, !compilation.hasErrors else {
                failures.append("\(machine.spec) does not compile")
                continue
            }
            let specName = specURL.lastPathComponent
            let generated = SwiftEmitter.emit(executable, sourceFileName: specName)
            let seconds = time(
                [(specName + ".swift", generated), (specURL.deletingPathExtension().lastPathComponent + "HandWritten.swift", handWritten)],
                repetitions: machineRepetitions)
            let ratio = seconds[0] / seconds[1]
            machineFigures.append(MachineFigure(
                machine: machine.name, spec: machine.spec, handWrittenFile: machine.handWritten,
                generatedLines: generated.lineCount, handWrittenLines: handWritten.lineCount,
                generatedSeconds: seconds[0], handWrittenSeconds: seconds[1], ratio: ratio,
                ratioAboveBaseline: (seconds[0] - baseline) / (seconds[1] - baseline),
                meetsTarget: ratio <= ratioTarget, repetitions: machineRepetitions))
        }
        var figures: [Figure] = []
        for stateCount in stateCounts {
            let machine = SyntheticMachine(stateCount: stateCount)
            let compilation = Compiler.compile(SourceText(machine.spec))
            guard let executable = compilation.executable, !compilation.hasErrors else {
                failures.append("the synthetic spec of \(stateCount) states does not compile")
                continue
            }
            let generated = SwiftEmitter.emit(executable, sourceFileName: "Synthetic.fsm")
            let handWritten = machine.handWrittenSwift
            // The largest machines take half a minute a run, and vary less.
            let runs = stateCount > 1_000 ? min(repetitions, 3) : repetitions
            let seconds = time(
                [("Synthetic\(stateCount).swift", generated), ("HandWrittenSynthetic\(stateCount).swift", handWritten)],
                repetitions: runs)
            let ratio = seconds[0] / seconds[1]
            figures.append(Figure(
                states: stateCount, transitions: machine.transitionCount,
                generatedLines: generated.lineCount, handWrittenLines: handWritten.lineCount,
                generatedSeconds: seconds[0], handWrittenSeconds: seconds[1],
                ratio: ratio, meetsTarget: ratio <= ratioTarget))
        }
        return Report(
            command: "swiftc " + typecheck.joined(separator: " ") + " <file>", baselineSeconds: baseline,
            figures: figures, machines: machineFigures, failures: failures)
    }

    /// Where the build put `FSMRuntime.swiftmodule`: `Modules` next to this executable, or the
    /// executable's own directory in older SwiftPM layouts.
    private static func runtimeModuleDirectory() -> URL? {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        let binDirectory = executable.deletingLastPathComponent()
        return [binDirectory.appendingPathComponent("Modules"), binDirectory].first { directory in
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("FSMRuntime.swiftmodule").path)
        }
    }
}

extension String {
    var lineCount: Int { utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }
}
