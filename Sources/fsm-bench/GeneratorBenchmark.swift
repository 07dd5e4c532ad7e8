import FSMCompiler

/// Section 3: how the compiler scales: parse, check and emit synthetic specs of growing size,
/// in process, each stage timed on its own (in CPU time of the thread, which other processes
/// do not inflate).
enum GeneratorBenchmark {
    /// 100k transitions must take less than this, in seconds, in a release build.
    static let largestSizeBudget = 1.0
    /// Ten times the input may cost at most this many times the time.
    static let scalingBudget = 12.0

    struct Figure: Codable {
        var states: Int
        var transitions: Int
        var specBytes: Int
        var swiftBytes: Int
        /// Medians over the repetitions, in seconds.
        var parseSeconds: Double
        var checkSeconds: Double
        var emitSeconds: Double
        var totalSeconds: Double
    }

    struct Scaling: Codable {
        var from: Int
        var to: Int
        /// Time of the larger over time of the smaller.
        var timeRatio: Double
        var meetsTarget: Bool
    }

    struct Report: Codable {
        var repetitions: Int
        var figures: [Figure]
        var scaling: [Scaling]
        /// The largest size ran under ``largestSizeBudget`` (meaningful for 100k transitions).
        var largestMeetsBudget: Bool
        /// Specs that did not check cleanly.
        var failures: [String]
    }

    static func run(stateCounts: [Int], repetitions: Int) -> Report {
        var figures: [Figure] = []
        var failures: [String] = []
        for stateCount in stateCounts {
            let machine = SyntheticMachine(stateCount: stateCount)
            let source = SourceText(machine.spec)
            var parse: [Double] = [], check: [Double] = [], emit: [Double] = [], total: [Double] = []
            var swift = ""
            for _ in 0..<repetitions {
                let (parsed, parseSeconds) = Stopwatch.measureThreadTime { Parser.parse(source) }
                let (analysis, checkSeconds) = Stopwatch.measureThreadTime { SemanticAnalyzer.analyze(parsed.syntax) }
                let errors = (parsed.diagnostics + analysis.diagnostics).filter { $0.severity != .note }
                guard let model = analysis.model, errors.isEmpty else {
                    failures.append("the synthetic spec of \(stateCount) states does not check cleanly: \(errors.first.map { "\($0.message)" } ?? "no model")")
                    break
                }
                // Emitting includes lowering the model to the executable machine the emitter reads.
                let (lowered, emitSeconds) = Stopwatch.measureThreadTime { () -> String? in
                    guard case .success(let machine) = Lowering.lower(model) else { return nil }
                    return SwiftEmitter.emit(machine, sourceFileName: "Synthetic.fsm")
                }
                guard let output = lowered else {
                    failures.append("the synthetic spec of \(stateCount) states does not lower")
                    break
                }
                swift = output
                parse.append(parseSeconds)
                check.append(checkSeconds)
                emit.append(emitSeconds)
                total.append(parseSeconds + checkSeconds + emitSeconds)
            }
            figures.append(Figure(
                states: stateCount, transitions: machine.transitionCount, specBytes: source.bytes.count,
                swiftBytes: swift.utf8.count, parseSeconds: parse.median, checkSeconds: check.median,
                emitSeconds: emit.median, totalSeconds: total.median))
        }
        var scaling: [Scaling] = []
        for (smaller, larger) in zip(figures, figures.dropFirst()) {
            let ratio = larger.totalSeconds / smaller.totalSeconds
            let sizeRatio = Double(larger.transitions) / Double(smaller.transitions)
            scaling.append(Scaling(
                from: smaller.transitions, to: larger.transitions, timeRatio: ratio,
                meetsTarget: ratio <= scalingBudget * sizeRatio / 10))
        }
        return Report(
            repetitions: repetitions, figures: figures, scaling: scaling,
            largestMeetsBudget: (figures.last?.totalSeconds ?? 0) < largestSizeBudget, failures: failures)
    }
}
