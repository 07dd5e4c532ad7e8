import FSMCompiler
import FSMSpecGenerator
import Foundation

/// Section 9: a build never waits on a proof (DESIGN, "Bounded, and said so"). Random specs
/// that combine everything that makes situations many — events deferred in several states and
/// sent again and again, invocations, timers, a child machine, parallel regions, `assert`
/// lines — each compiled as `fsmc check` and the build plugin compile it (the properties
/// proved within the default bounds) and explored as `fsmc simulate` explores it for its page.
/// Times are thread CPU times; p50, p99 and the maximum are reported, and every spec must
/// answer within its work budget (the report's work never past the bound) and within the time
/// target: 1 s with the release tool, as DESIGN says, and a debug build's within
/// ``debugSeconds``.
enum BoundedProofBenchmark {
    /// DESIGN's target for one spec with the release tool, in seconds.
    static let releaseSeconds = 1.0
    /// What a debug build (CI's, a debug plugin tool's) may take on one spec, in seconds.
    static let debugSeconds = 15.0

    struct Figure: Codable {
        var specs: Int
        var lines: Int
        var p50: Double
        var p99: Double
        var max: Double
        var slowestSeed: UInt64
    }

    struct Report: Codable {
        var check: Figure
        var simulate: Figure
        /// How many properties came out each way, over every spec.
        var verdicts: [String: Int]
        /// How many specs a bound cut (kept events, situations, work).
        var cutByKeptEvents: Int
        var cutBySituations: Int
        var cutByWork: Int
        var target: Double
        var failures: [String]

        var missedTargets: [String] {
            [("check", check), ("simulate", simulate)].compactMap { name, figure in
                figure.max <= target
                    ? nil
                    : "\(name): the slowest spec (seed \(figure.slowestSeed)) took \(format(figure.max, digits: 3)) s (target ≤ \(format(target, digits: 0)) s)"
            }
        }
    }

    /// The profile: everything the soundness profile writes, with deferred events, invocations,
    /// `assert` lines and, for every other spec, a child machine.
    static func profile(child: GeneratedSpec?) -> SpecProfile {
        var profile = SpecProfile.soundness
        profile.deferral = true
        profile.invocations = true
        profile.properties = 4
        if let child {
            profile.childMachines = [SpecChildMachine(
                name: child.machineName, outputs: child.document.outputs.map(\.name),
                finishes: child.document.states.contains(where: \.isFinal))]
        }
        return profile
    }

    /// `keepingSpecsIn`: a folder to write each spec (and its child) to, named by its seed, to
    /// run `fsmc check` or `simulate` on one again.
    static func run(specs count: Int, seed: UInt64, isDebug: Bool, keepingSpecsIn folder: URL? = nil) -> Report {
        // Children of the differential profile: outputs without payloads. (The soundness
        // profile's payload outputs make the parent reuse a guard or action with two payloads,
        // which the checks rightly refuse.)
        var children = SpecGenerator(seed: seed ^ 0xC41D, profile: .differential, size: .small)
        var checkTimes: [(seconds: Double, seed: UInt64)] = []
        var simulateTimes: [(seconds: Double, seed: UInt64)] = []
        var verdicts: [String: Int] = [:]
        var cuts = (kept: 0, situations: 0, work: 0)
        var failures: [String] = []
        var lines = 0
        for index in 0..<count {
            let child = index.isMultiple(of: 2) ? children.makeSpec(machineName: "Child\(index)") : nil
            var generator = SpecGenerator(seed: seed &+ UInt64(index), profile: profile(child: child), size: .medium)
            let spec = generator.makeSpec(machineName: "Campaign\(index)")
            lines += spec.text.split(separator: "\n").count
            if let folder {
                try? spec.text.write(to: folder.appendingPathComponent("Campaign\(index)-\(spec.seed).fsm"), atomically: true, encoding: .utf8)
                try? child?.text.write(to: folder.appendingPathComponent("Child\(index).fsm"), atomically: true, encoding: .utf8)
            }
            let catalog = MachineCatalog(specs: child.map { [SourceText($0.text)] } ?? [])
            let checked = Stopwatch.measureThreadTime { Compiler.compile(SourceText(spec.text), machines: catalog) }
            checkTimes.append((checked.seconds, spec.seed))
            guard let machine = checked.result.executable else {
                let errors = checked.result.diagnostics.filter { $0.severity == .error }.map { "\($0.location.line):\($0.location.column): \($0.message)" }
                failures.append("spec \(index) (seed \(spec.seed)) does not compile: \(errors.joined(separator: "; "))\n\(spec.text)")
                continue
            }
            if let report = checked.result.propertyReport {
                if report.work > report.bounds.work + workOvershoot {
                    failures.append("spec \(index) (seed \(spec.seed)): \(report.work) steps of work, past the budget of \(report.bounds.work)")
                }
                if report.cuts.keptEvent != nil { cuts.kept += 1 }
                if report.cuts.reachedSituationBound { cuts.situations += 1 }
                if report.cuts.exhaustedWork { cuts.work += 1 }
                for result in report.results { verdicts[name(of: result.verdict), default: 0] += 1 }
            }
            let simulated = Stopwatch.measureThreadTime { SimulationGraph(machine) }
            simulateTimes.append((simulated.seconds, spec.seed))
        }
        let target = isDebug ? debugSeconds : releaseSeconds
        // A debug build's target is a hard cap: CI runs this section in one.
        if isDebug {
            for (name, times) in [("check", checkTimes), ("simulate", simulateTimes)] {
                for time in times where time.seconds > target {
                    failures.append("\(name) of the spec of seed \(time.seed) took \(format(time.seconds, digits: 1)) s (a debug build's cap: \(format(target, digits: 0)) s)")
                }
            }
        }
        return Report(
            check: figure(checkTimes, specs: count, lines: lines), simulate: figure(simulateTimes, specs: count, lines: lines),
            verdicts: verdicts, cutByKeptEvents: cuts.kept, cutBySituations: cuts.situations, cutByWork: cuts.work, target: target,
            failures: failures)
    }

    /// How far past its budget a search may go: the budget is checked before each run of the
    /// interpreter, and one run handles at most ``MachineInterpreter/maximumStepsPerStimulus``
    /// triggers in each of its loops (eventless transitions and raised events, released kept
    /// events, a child's outputs); a search over a product of regions checks it between
    /// situations, each a few hundred steps.
    static let workOvershoot =
        ExplorationBounds.stepsPerRun + ExplorationBounds.stepsPerSelection * 3 * MachineInterpreter.maximumStepsPerStimulus + 10_000

    private static func name(of verdict: PropertyResult.Verdict) -> String {
        switch verdict {
        case .holds: "holds"
        case .holdsWithinBound: "holds within the bound"
        case .fails: "fails"
        case .inconclusive(.work): "inconclusive (work)"
        case .inconclusive(.divergence): "inconclusive (a step not followed)"
        case .inconclusive: "inconclusive (a bound)"
        }
    }

    private static func figure(_ times: [(seconds: Double, seed: UInt64)], specs: Int, lines: Int) -> Figure {
        let sorted = times.sorted { $0.seconds < $1.seconds }
        func percentile(_ fraction: Double) -> Double {
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)].seconds
        }
        return Figure(
            specs: specs, lines: lines, p50: percentile(0.5), p99: percentile(0.99), max: sorted.last?.seconds ?? 0,
            slowestSeed: sorted.last?.seed ?? 0)
    }
}
