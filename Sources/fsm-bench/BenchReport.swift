/// Everything one run of `fsm-bench` measured: what `--json` writes.
struct BenchReport: Codable {
    var environment: BenchEnvironment
    var smoke: Bool
    var dispatch: DispatchBenchmark.Report?
    var allocations: AllocationBenchmark.Report?
    var generator: GeneratorBenchmark.Report?
    var compile: CompileCostBenchmark.Report?
    var incremental: IncrementalBuildBenchmark.Report?
    var builds: CleanBuildBenchmark.Report?
    var invocations: InvocationBenchmark.Report?
    var properties: PropertyBenchmark.Report?
    var bounded: BoundedProofBenchmark.Report?

    /// What went wrong, as opposed to targets missed: variants that disagree, specs that do
    /// not compile, builds that fail. Any of these makes `fsm-bench` exit with status 1.
    var failures: [String] {
        let sections: [[String]?] = [
            dispatch?.disagreements, generator?.failures, compile?.failures, incremental?.failures, builds?.failures,
            invocations?.disagreements, properties?.failures, bounded?.failures,
        ]
        return sections.flatMap { $0 ?? [] }
    }

    /// The targets of the issue that this run missed (meaningless in smoke mode).
    var missedTargets: [String] {
        var missed: [String] = []
        for figure in dispatch?.figures ?? [] where !figure.meetsTarget {
            missed.append("dispatch: \(figure.machine), \(figure.observation.rawValue): \(format(figure.ratio))× the hand-written switch (target \(format(figure.target ?? 0))×)")
        }
        missed += (allocations?.missedTargets ?? []).map { "allocations: \($0)" }
        if let generator {
            for step in generator.scaling where !step.meetsTarget {
                missed.append("generator: \(step.to) transitions took \(format(step.timeRatio))× the time of \(step.from)")
            }
            for step in generator.nestedScaling where !step.meetsTarget {
                missed.append("generator: \(step.to) took \(format(step.timeRatio))× the time of \(step.from) (target \(format(step.budget))×)")
            }
            if !generator.largestMeetsBudget, let largest = generator.figures.last {
                missed.append("generator: \(largest.transitions) transitions took \(format(largest.totalSeconds, digits: 3)) s (target < \(format(GeneratorBenchmark.largestSizeBudget, digits: 0)) s)")
            }
        }
        for figure in compile?.machines ?? [] where !figure.meetsTarget {
            missed.append("compile: \(figure.machine) type-checks in \(format(figure.ratio))× its hand-written twin's time (target \(format(CompileCostBenchmark.ratioTarget))×)")
        }
        for figure in compile?.figures ?? [] {
            if !figure.meetsTarget {
                missed.append("compile: \(figure.states) states type-check in \(format(figure.ratio))× the hand-written time (target \(format(CompileCostBenchmark.ratioTarget))×)")
            }
            if figure.states == 1_000, !(figure.generatedSeconds < CompileCostBenchmark.thousandStatesBudget) {
                missed.append("compile: 1,000 states type-check in \(format(figure.generatedSeconds, digits: 1)) s (target < 30 s)")
            }
        }
        missed += (invocations?.missedTargets ?? []).map { "invocations: \($0)" }
        missed += (properties?.missedTargets ?? []).map { "properties: \($0)" }
        missed += (bounded?.missedTargets ?? []).map { "bounded: \($0)" }
        for build in builds?.builds ?? [] where build.plugin == .source && !build.withinBound {
            missed.append(
                "builds: the source plugin adds \(format(build.addedSeconds, digits: 1)) s to a clean \(build.configuration) build, more than the \(format(build.boundSeconds, digits: 1)) s recorded (docs/Performance.md): say why")
        }
        return missed
    }
}
