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

    /// A nested synthetic spec (``NestedSyntheticMachine``), its lowering and emission timed apart.
    struct NestedFigure: Codable {
        var states: Int
        var depth: Int
        var compoundStates: Int
        var transitions: Int
        var specBytes: Int
        var swiftBytes: Int
        /// Medians over the repetitions, in seconds.
        var parseSeconds: Double
        var checkSeconds: Double
        var lowerSeconds: Double
        var emitSeconds: Double
        var totalSeconds: Double
    }

    /// Two nested specs compared: more states at the same depth, or the same states deeper.
    struct NestedScaling: Codable {
        var what: String
        var from: String
        var to: String
        /// Time of the second over time of the first.
        var timeRatio: Double
        /// Size of the second's Swift over the first's.
        var swiftRatio: Double
        /// The most the time may grow: ``scalingBudget`` / 10 times the growth of the input (the
        /// states) or of the output (the Swift), whichever grew more.
        var budget: Double
        var meetsTarget: Bool
    }

    struct Report: Codable {
        var repetitions: Int
        var figures: [Figure]
        var scaling: [Scaling]
        /// The largest size ran under ``largestSizeBudget`` (meaningful for 100k transitions).
        var largestMeetsBudget: Bool
        /// Nested specs: states and depths.
        var nested: [NestedFigure] = []
        var nestedScaling: [NestedScaling] = []
        /// Specs that did not check cleanly.
        var failures: [String]
    }

    static func run(stateCounts: [Int], nestedShapes: [(states: Int, depth: Int)], repetitions: Int) -> Report {
        var figures: [Figure] = []
        var failures: [String] = []
        for stateCount in stateCounts {
            let machine = SyntheticMachine(stateCount: stateCount)
            let source = SourceText(machine.spec)
            var parse: [Double] = [], check: [Double] = [], emit: [Double] = [], total: [Double] = []
            var swift = ""
            while parse.count < runs(after: total, atLeast: repetitions) {
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
        let nested = nestedShapes.compactMap { shape in
            runNested(NestedSyntheticMachine(stateCount: shape.states, depth: shape.depth), repetitions: repetitions, failures: &failures)
        }
        return Report(
            repetitions: repetitions, figures: figures, scaling: scaling,
            largestMeetsBudget: (figures.last?.totalSeconds ?? 0) < largestSizeBudget,
            nested: nested, nestedScaling: nestedScaling(nested), failures: failures)
    }

    /// How many runs a spec gets, given the totals of those so far: at least `repetitions`, and
    /// small specs more, until their runs add up to half a second (at most 15), so that a median
    /// of a few milliseconds is not one unlucky moment of a shared machine.
    private static func runs(after totals: [Double], atLeast repetitions: Int) -> Int {
        guard totals.count >= repetitions, repetitions > 1 else { return repetitions }
        return totals.reduce(0, +) < 0.5 ? min(totals.count + 1, 15) : totals.count
    }

    /// Parses, checks, lowers and emits a nested spec `repetitions` times, each stage timed.
    private static func runNested(_ machine: NestedSyntheticMachine, repetitions: Int, failures: inout [String]) -> NestedFigure? {
        let source = SourceText(machine.spec)
        let name = "the nested synthetic spec of \(machine.stateCount) states, \(machine.depth) deep,"
        var parse: [Double] = [], check: [Double] = [], lower: [Double] = [], emit: [Double] = [], total: [Double] = []
        var swift = ""
        while parse.count < runs(after: total, atLeast: repetitions) {
            let (parsed, parseSeconds) = Stopwatch.measureThreadTime { Parser.parse(source) }
            let (analysis, checkSeconds) = Stopwatch.measureThreadTime { SemanticAnalyzer.analyze(parsed.syntax) }
            let problems = (parsed.diagnostics + analysis.diagnostics).filter { $0.severity != .note }
            guard let model = analysis.model, problems.isEmpty else {
                failures.append("\(name) does not check cleanly: \(problems.first.map { "\($0.message)" } ?? "no model")")
                return nil
            }
            let (lowered, lowerSeconds) = Stopwatch.measureThreadTime { Lowering.lower(model) }
            guard case .success(let executable) = lowered else {
                failures.append("\(name) does not lower")
                return nil
            }
            let (output, emitSeconds) = Stopwatch.measureThreadTime {
                SwiftEmitter.emit(executable, sourceFileName: "NestedSynthetic.fsm")
            }
            swift = output
            parse.append(parseSeconds)
            check.append(checkSeconds)
            lower.append(lowerSeconds)
            emit.append(emitSeconds)
            total.append(parseSeconds + checkSeconds + lowerSeconds + emitSeconds)
        }
        return NestedFigure(
            states: machine.stateCount, depth: machine.deepestLevel, compoundStates: machine.compoundStateCount,
            transitions: machine.transitionCount, specBytes: source.bytes.count, swiftBytes: swift.utf8.count,
            parseSeconds: parse.median, checkSeconds: check.median, lowerSeconds: lower.median,
            emitSeconds: emit.median, totalSeconds: total.median)
    }

    /// The same depth with ten times the states, and the same states at ten times the depth.
    private static func nestedScaling(_ figures: [NestedFigure]) -> [NestedScaling] {
        var scaling: [NestedScaling] = []
        func compare(_ what: String, _ first: NestedFigure, _ second: NestedFigure) {
            let inputRatio = Double(second.states) / Double(first.states)
            let swiftRatio = Double(second.swiftBytes) / Double(first.swiftBytes)
            let timeRatio = second.totalSeconds / first.totalSeconds
            let budget = scalingBudget / 10 * max(inputRatio, swiftRatio)
            scaling.append(NestedScaling(
                what: what, from: "\(first.states) states, depth \(first.depth)", to: "\(second.states) states, depth \(second.depth)",
                timeRatio: timeRatio, swiftRatio: swiftRatio, budget: budget, meetsTarget: timeRatio <= budget))
        }
        for first in figures {
            for second in figures where second.depth == first.depth && second.states == first.states * 10 {
                compare("states", first, second)
            }
            for second in figures where second.states == first.states && second.depth == first.depth * 10 {
                compare("depth", first, second)
            }
        }
        return scaling
    }
}
