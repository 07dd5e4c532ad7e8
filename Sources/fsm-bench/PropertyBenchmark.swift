import FSMCompiler
import Foundation

/// Section 8: what proving the specs' properties (`assert …`) costs at every build: each example
/// machine's properties, a machine of a million situations, and what the proofs add to
/// generating the example package's Swift. Times are the CPU time of the thread (medians).
enum PropertyBenchmark {
    /// The most an example machine's properties may take, in seconds (release).
    static let exampleBudget = 0.010
    /// The most the million-situation machine's properties may take, in seconds (release).
    static let millionBudget = 2.0

    struct Figure: Codable {
        var machine: String
        var properties: Int
        var exploredSituations: Int
        var seconds: Double
        var budget: Double
        var meetsTarget: Bool
        /// Every property holds (the examples' and the synthetic machine's all do).
        var allHold: Bool
    }

    struct Report: Codable {
        var examples: [Figure]
        var large: [Figure]
        /// Compiling every spec of `machines/` with its properties proved, and without (what
        /// `fsmc-build generate` spends in `Compiler.compile` for the whole example package).
        var packageCompileSeconds: Double
        var packageCompileWithoutProofsSeconds: Double
        var failures: [String]

        var missedTargets: [String] {
            (examples + large).filter { !$0.meetsTarget }.map {
                "\($0.machine): \(format($0.seconds * 1_000, digits: 1)) ms (target ≤ \(format($0.budget * 1_000, digits: 0)) ms)"
            }
        }
    }

    static func run(packageRoot: URL, repetitions: Int, smoke: Bool) -> Report {
        var failures: [String] = []
        let folder = packageRoot.appendingPathComponent("machines")
        let paths = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".fsm") }.sorted().map { folder.appendingPathComponent($0).path }
        var sources: [SourceText] = []
        var examples: [Figure] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                failures.append("cannot read \(path)")
                continue
            }
            let source = SourceText(bytes: Array(data))
            sources.append(source)
            guard let machine = Compiler.compile(source, propertyBounds: nil).executable else {
                failures.append("\(path) does not compile")
                continue
            }
            guard !machine.model.properties.isEmpty else { continue }
            examples.append(figure(machine, budget: exampleBudget, repetitions: repetitions))
        }
        var large: [Figure] = []
        let regions = smoke ? 3 : 6
        let statesPerRegion = 10
        for (label, coupled) in [("independent", false), ("coupled by in()", true)] {
            let text = gridSpec(regions: regions, statesPerRegion: statesPerRegion, coupled: coupled)
            guard let machine = Compiler.compile(SourceText(text), propertyBounds: nil).executable else {
                failures.append("the \(label) grid does not compile")
                continue
            }
            // A million situations is past the default work budget (a build never waits on a
            // proof): the grid raises its own, as a spec does with `// fsmc: --property-budget`.
            var result = figure(
                machine, budget: smoke ? .infinity : millionBudget, repetitions: smoke ? 1 : max(1, repetitions / 2),
                bounds: ExplorationBounds(work: largeWork))
            result.machine = "\(regions) regions of \(statesPerRegion) states, \(label)"
            large.append(result)
        }
        for figure in examples + large where !figure.allHold {
            failures.append("\(figure.machine): a property does not hold")
        }
        let withProofs = median((0..<repetitions).map { _ in
            Stopwatch.measureThreadTime { sources.forEach { _ = Compiler.compile($0) } }.seconds
        })
        let withoutProofs = median((0..<repetitions).map { _ in
            Stopwatch.measureThreadTime { sources.forEach { _ = Compiler.compile($0, propertyBounds: nil) } }.seconds
        })
        return Report(
            examples: examples, large: large, packageCompileSeconds: withProofs,
            packageCompileWithoutProofsSeconds: withoutProofs, failures: failures)
    }

    /// The work budget the grids raise theirs to: enough for their million situations.
    static let largeWork = 20_000_000

    private static func figure(
        _ machine: ExecutableMachine, budget: Double, repetitions: Int, bounds: ExplorationBounds = ExplorationBounds()
    ) -> Figure {
        var report: PropertyReport?
        let seconds = median((0..<repetitions).map { _ in
            let run = Stopwatch.measureThreadTime { PropertyChecker.check(machine, bounds: bounds) }
            report = run.result
            return run.seconds
        })
        let allHold = report?.results.allSatisfy { $0.verdict == .holds } ?? false
        return Figure(
            machine: machine.model.name, properties: machine.model.properties.count,
            exploredSituations: report?.exploredSituations ?? 0, seconds: seconds, budget: budget,
            meetsTarget: seconds <= budget, allHold: allHold)
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// A parallel state of `regions` regions, each a ring of `statesPerRegion` states stepped by
    /// its own event: `statesPerRegion ^ regions` situations. Coupled, each region's first step
    /// waits for the region before it to have left its first state (`in()`), which keeps the
    /// search from stepping the regions apart and takes nothing from the situations. Its
    /// property holds and needs the whole graph: the start is always reachable. (An `only
    /// after` would double the situations, with its "has held" mark, past the default bound.)
    static func gridSpec(regions: Int, statesPerRegion: Int, coupled: Bool) -> String {
        var lines = ["machine Grid {"]
        for region in 0..<regions { lines.append("    event step\(region)") }
        lines.append("    initial parallel state grid {")
        for region in 0..<regions {
            lines.append("        state r\(region) {")
            for state in 0..<statesPerRegion {
                let next = (state + 1) % statesPerRegion
                let guardText = coupled && region > 0 && state == 0 ? " [!in(s\(region - 1)_0)]" : ""
                lines.append("            \(state == 0 ? "initial " : "")state s\(region)_\(state) { on step\(region)\(guardText) -> s\(region)_\(next) }")
            }
            lines.append("        }")
        }
        lines.append("    }")
        let allFirst = (0..<regions).map { "in(s\($0)_0)" }.joined(separator: " && ")
        lines.append("    assert always reachable \(allFirst)")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
