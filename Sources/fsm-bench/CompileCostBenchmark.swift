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
        /// Medians of the repetitions, in seconds of wall-clock time of `swiftc -typecheck`.
        var generatedSeconds: Double
        var handWrittenSeconds: Double
        var ratio: Double
        var meetsTarget: Bool
    }

    struct Report: Codable {
        var command: String
        /// Type-checking a file that only imports FSMRuntime: the fixed cost in every figure.
        var baselineSeconds: Double
        var figures: [Figure]
        /// Why the section did not run, or what failed to type-check.
        var failures: [String]
    }

    static func run(stateCounts: [Int], repetitions: Int, workDirectory: URL) -> Report {
        let emptyReport = { (failure: String) in Report(command: "", baselineSeconds: 0, figures: [], failures: [failure]) }
        guard let swiftc = Subprocess.find("swiftc") else { return emptyReport("swiftc is not on the PATH") }
        guard let modules = runtimeModuleDirectory() else {
            return emptyReport("FSMRuntime.swiftmodule is not next to the fsm-bench executable")
        }
        let typecheck = ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules.path]
        var failures: [String] = []
        func time(_ fileName: String, _ text: String, repetitions: Int) -> Double {
            let file = workDirectory.appendingPathComponent(fileName)
            do {
                try text.write(to: file, atomically: true, encoding: .utf8)
                var seconds: [Double] = []
                for _ in 0..<repetitions {
                    let result = try Subprocess.run(swiftc, typecheck + [file.path])
                    guard result.status == 0 else {
                        failures.append("\(fileName) does not type-check:\n\(result.output.prefix(2_000))")
                        return .nan
                    }
                    seconds.append(result.seconds)
                }
                return seconds.median
            } catch {
                failures.append("\(fileName): \(error)")
                return .nan
            }
        }

        let baseline = time("Baseline.swift", "import FSMRuntime\n", repetitions: repetitions)
        var figures: [Figure] = []
        for stateCount in stateCounts {
            let machine = SyntheticMachine(stateCount: stateCount)
            let compilation = Compiler.compile(SourceText(machine.spec))
            guard let model = compilation.model, !compilation.hasErrors else {
                failures.append("the synthetic spec of \(stateCount) states does not compile")
                continue
            }
            let generated = SwiftEmitter.emit(model, sourceFileName: "Synthetic.fsm")
            let handWritten = machine.handWrittenSwift
            // The largest machines take long enough that one run is stable.
            let runs = stateCount > 1_000 ? 1 : repetitions
            let generatedSeconds = time("Synthetic\(stateCount).swift", generated, repetitions: runs)
            let handWrittenSeconds = time("HandWrittenSynthetic\(stateCount).swift", handWritten, repetitions: runs)
            let ratio = generatedSeconds / handWrittenSeconds
            figures.append(Figure(
                states: stateCount, transitions: machine.transitionCount,
                generatedLines: generated.lineCount, handWrittenLines: handWritten.lineCount,
                generatedSeconds: generatedSeconds, handWrittenSeconds: handWrittenSeconds,
                ratio: ratio, meetsTarget: ratio <= ratioTarget))
        }
        return Report(
            command: "swiftc " + typecheck.joined(separator: " ") + " <file>", baselineSeconds: baseline,
            figures: figures, failures: failures)
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
