/// The tables `fsm-bench` prints, one per section.
enum ReportText {
    static func dispatch(_ report: DispatchBenchmark.Report) -> String {
        var table = TextTable("machine, observer", "generated ns/event", "hand-written ns/event", "ratio", "target", "")
        for figure in report.figures {
            table.add(
                "\(figure.machine), \(figure.observation.rawValue)", format(figure.generatedNanosecondsPerEvent),
                format(figure.handWrittenNanosecondsPerEvent), format(figure.ratio), "≤ \(format(figure.target))", verdict(figure.meetsTarget))
        }
        var lines = [
            "1. Dispatch: \(report.events) pseudo-random events per run, median of \(report.repetitions) runs, thread CPU time",
            "",
            table.text,
            "",
        ]
        for (machine, outcome) in report.outcomes.sorted(by: { $0.key < $1.key }) {
            lines.append("\(machine): every variant ended in \(outcome)")
        }
        lines += report.disagreements.map { "DISAGREEMENT: \($0)" }
        return lines.joined(separator: "\n")
    }

    static func allocations(_ report: AllocationBenchmark.Report) -> String {
        if let reason = report.notCounted {
            return "2. Allocations: not counted: \(reason)"
        }
        var steady = TextTable("variant", "events", "allocations", "per event", "")
        for row in report.steadyState {
            let unobserved = !row.variant.contains("one ")
            steady.add(row.variant, "\(row.events)", "\(row.allocations)", format(row.allocationsPerEvent, digits: 4), unobserved ? verdict(row.allocations == 0) : "")
        }
        var once = TextTable("once", "allocations")
        for cost in report.oneTime {
            once.add(cost.what, "\(cost.allocations)")
        }
        return [
            "2. Allocations: heap blocks allocated (glibc mtrace) in steady state, after a tenth of the events warmed up",
            "",
            steady.text,
            "",
            once.text,
        ].joined(separator: "\n")
    }

    static func generator(_ report: GeneratorBenchmark.Report) -> String {
        var table = TextTable("transitions", "states", "spec KB", "Swift KB", "parse ms", "check ms", "emit ms", "total ms")
        for figure in report.figures {
            table.add(
                "\(figure.transitions)", "\(figure.states)", format(Double(figure.specBytes) / 1024, digits: 0),
                format(Double(figure.swiftBytes) / 1024, digits: 0), format(figure.parseSeconds * 1e3, digits: 1),
                format(figure.checkSeconds * 1e3, digits: 1), format(figure.emitSeconds * 1e3, digits: 1),
                format(figure.totalSeconds * 1e3, digits: 1))
        }
        var lines = [
            "3. Generator scaling: synthetic specs, in process, median of \(report.repetitions) runs per stage",
            "",
            table.text,
            "",
        ]
        for step in report.scaling {
            lines.append("\(step.from) → \(step.to) transitions: \(format(step.timeRatio))× the time (target ≤ \(format(GeneratorBenchmark.scalingBudget, digits: 0))× for 10× the input) \(verdict(step.meetsTarget))")
        }
        if let largest = report.figures.last {
            lines.append("\(largest.transitions) transitions: \(format(largest.totalSeconds, digits: 3)) s (target < \(format(GeneratorBenchmark.largestSizeBudget, digits: 0)) s for 100000) \(verdict(report.largestMeetsBudget))")
        }
        lines += report.failures.map { "FAILED: \($0)" }
        return lines.joined(separator: "\n")
    }

    static func compile(_ report: CompileCostBenchmark.Report) -> String {
        var table = TextTable("states", "transitions", "generated lines", "hand-written lines", "generated s", "hand-written s", "ratio", "")
        for figure in report.figures {
            table.add(
                "\(figure.states)", "\(figure.transitions)", "\(figure.generatedLines)", "\(figure.handWrittenLines)",
                format(figure.generatedSeconds), format(figure.handWrittenSeconds), format(figure.ratio),
                verdict(figure.meetsTarget))
        }
        return ([
            "4. Compile cost: \(report.command), wall-clock time",
            "",
            table.text,
            "",
            "A file that only imports FSMRuntime takes \(format(report.baselineSeconds)) s; every figure includes that. Targets: ratio ≤ \(format(CompileCostBenchmark.ratioTarget))×, 1000 states < \(format(CompileCostBenchmark.thousandStatesBudget, digits: 0)) s.",
        ] + report.failures.map { "FAILED: \($0)" }).joined(separator: "\n")
    }

    static func incremental(_ report: IncrementalBuildBenchmark.Report) -> String {
        var table = TextTable("swift build", "seconds", "regenerated", "expected", "compiled Swift", "")
        for step in report.steps {
            table.add(
                step.name, format(step.seconds, digits: 1), step.regenerated.joined(separator: ", "),
                step.expected.joined(separator: ", "), step.compiledSwift ? "yes" : "no", verdict(step.asExpected))
        }
        return ([
            "5. Incremental builds: a scratch package with \(IncrementalBuildBenchmark.specNames.count) specs and the FSMGenerator plugin",
            "",
            table.text,
        ] + report.failures.map { "FAILED: \($0)" }).joined(separator: "\n")
    }
}
