/// The tables `fsm-bench` prints, one per section.
struct ReportText {
    /// Whether to mark targets met or missed: not in a smoke run, whose sizes are too small
    /// for the figures to mean anything.
    var judgesTargets: Bool

    /// `✓` when a target is met, `✗ MISSED` when not; nothing when targets are not judged.
    private func verdict(_ met: Bool) -> String {
        judgesTargets ? (met ? "✓" : "✗ MISSED") : ""
    }

    func dispatch(_ report: DispatchBenchmark.Report) -> String {
        var table = TextTable("machine, observer", "generated ns/event", "hand-written ns/event", "ratio", "target", "")
        for figure in report.figures {
            table.add(
                "\(figure.machine), \(figure.observation.rawValue)", format(figure.generatedNanosecondsPerEvent),
                format(figure.handWrittenNanosecondsPerEvent), format(figure.ratio),
                figure.target.map { "≤ \(format($0))" } ?? "none", figure.target == nil ? "" : verdict(figure.meetsTarget))
        }
        var lines = [
            "1. Dispatch: \(report.events) pseudo-random events per run, every variant in turns of 250000, median of \(report.repetitions) runs, thread CPU time",
            "",
            table.text,
            "",
        ]
        let unrecorded = report.medians["Player, generated, none"]
        if let recorded = report.medians[DispatchVariants.recordedPlayerLabel], let unrecorded {
            lines.append("Player recorded to a trace (TraceRecorder): \(format(recorded)) ns/event, against \(format(unrecorded)) unrecorded")
        }
        for (machine, outcome) in report.outcomes.sorted(by: { $0.key < $1.key }) {
            lines.append("\(machine): every variant ended in \(outcome)")
        }
        lines += report.disagreements.map { "DISAGREEMENT: \($0)" }
        return lines.joined(separator: "\n")
    }

    func allocations(_ report: AllocationBenchmark.Report) -> String {
        if let reason = report.notCounted {
            return "2. Allocations: not counted: \(reason)"
        }
        var steady = TextTable("variant", "events", "allocations", "per event", "")
        for row in report.steadyState {
            let judged = !row.variant.contains(Watcher.stream.rawValue) && report.isOptimized
            steady.add(row.variant, "\(row.events)", "\(row.allocations)", format(row.allocationsPerEvent, digits: 4), judged ? verdict(row.allocations == 0) : "")
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
            + (report.isOptimized ? "" : "\n\nA debug build: its unoptimized loops allocate by themselves; only a release build's figures count.")
    }

    func generator(_ report: GeneratorBenchmark.Report) -> String {
        var table = TextTable("transitions", "states", "spec KB", "Swift KB", "parse ms", "check ms", "emit ms", "total ms")
        for figure in report.figures {
            table.add(
                "\(figure.transitions)", "\(figure.states)", format(Double(figure.specBytes) / 1024, digits: 0),
                format(Double(figure.swiftBytes) / 1024, digits: 0), format(figure.parseSeconds * 1e3, digits: 1),
                format(figure.checkSeconds * 1e3, digits: 1), format(figure.emitSeconds * 1e3, digits: 1),
                format(figure.totalSeconds * 1e3, digits: 1))
        }
        var lines = [
            "3. Generator scaling: synthetic specs, in process, median of \(report.repetitions) runs per stage (of more for small specs, up to half a second's worth), thread CPU time",
            "",
        ]
        if !report.figures.isEmpty {
            lines += [table.text, ""]
        }
        for step in report.scaling {
            lines.append("\(step.from) → \(step.to) transitions: \(format(step.timeRatio))× the time (target ≤ \(format(GeneratorBenchmark.scalingBudget, digits: 0))× for 10× the input) \(verdict(step.meetsTarget))")
        }
        if let largest = report.figures.last {
            lines.append("\(largest.transitions) transitions: \(format(largest.totalSeconds, digits: 3)) s (target < \(format(GeneratorBenchmark.largestSizeBudget, digits: 0)) s for 100000) \(verdict(report.largestMeetsBudget))")
        }
        if !report.nested.isEmpty {
            var nested = TextTable(
                "states", "depth", "compound", "transitions", "spec KB", "Swift KB", "parse ms", "check ms", "lower ms", "emit ms",
                "total ms", "µs/Swift KB")
            for figure in report.nested {
                nested.add(
                    "\(figure.states)", "\(figure.depth)", "\(figure.compoundStates)", "\(figure.transitions)",
                    format(Double(figure.specBytes) / 1024, digits: 0), format(Double(figure.swiftBytes) / 1024, digits: 0),
                    format(figure.parseSeconds * 1e3, digits: 1), format(figure.checkSeconds * 1e3, digits: 1),
                    format(figure.lowerSeconds * 1e3, digits: 1), format(figure.emitSeconds * 1e3, digits: 1),
                    format(figure.totalSeconds * 1e3, digits: 1), format(figure.totalSeconds * 1e6 / (Double(figure.swiftBytes) / 1024), digits: 1))
            }
            lines += ["", "Nested synthetic specs: towers of compound states, five transitions a state, history targets, a timer per tower", "", nested.text, ""]
            for step in report.nestedScaling {
                lines.append("\(step.from) → \(step.to): \(format(step.timeRatio))× the time for \(format(step.swiftRatio))× the Swift (target ≤ \(format(step.budget))×) \(verdict(step.meetsTarget))")
            }
        }
        lines += report.failures.map { "FAILED: \($0)" }
        return lines.joined(separator: "\n")
    }

    func compile(_ report: CompileCostBenchmark.Report) -> String {
        var table = TextTable("states", "transitions", "generated lines", "hand-written lines", "generated s", "hand-written s", "ratio", "")
        for figure in report.figures {
            table.add(
                "\(figure.states)", "\(figure.transitions)", "\(figure.generatedLines)", "\(figure.handWrittenLines)",
                format(figure.generatedSeconds), format(figure.handWrittenSeconds), format(figure.ratio),
                verdict(figure.meetsTarget))
        }
        var machines = TextTable("machine", "generated lines", "hand-written lines", "generated s", "hand-written s", "ratio", "above baseline", "")
        for figure in report.machines {
            machines.add(
                figure.machine, "\(figure.generatedLines)", "\(figure.handWrittenLines)", format(figure.generatedSeconds, digits: 3),
                format(figure.handWrittenSeconds, digits: 3), format(figure.ratio), format(figure.ratioAboveBaseline),
                verdict(figure.meetsTarget))
        }
        return ([
            "4. Compile cost: \(report.command), CPU time (one core), median of the runs, generated and hand-written in turns",
            "",
            table.text,
            "",
        ] + (report.machines.isEmpty ? [] : [
            machines.text,
            "",
            "The machines of section 1, each file type-checked \(report.machines[0].repetitions) times; above baseline: the ratio of the times less the baseline's.",
            "",
        ]) + [
            "A file that only imports FSMRuntime takes \(format(report.baselineSeconds, digits: 3)) s; every figure includes that. Targets: ratio ≤ \(format(CompileCostBenchmark.ratioTarget))×, 1000 states < \(format(CompileCostBenchmark.thousandStatesBudget, digits: 0)) s.",
        ] + report.failures.map { "FAILED: \($0)" }).joined(separator: "\n")
    }

    func incremental(_ report: IncrementalBuildBenchmark.Report) -> String {
        var table = TextTable(
            "build", "seconds", "generate ran", "expected", "checked", "expected", "Swift written", "expected", "linked fsmc-build",
            "compiled", "")
        func list(_ names: [String]) -> String {
            names.isEmpty ? "nothing" : names == IncrementalBuildBenchmark.specNames ? "all" : names.joined(separator: ", ")
        }
        for step in report.steps {
            let compiled = step.compiledFiles.isEmpty
                ? (step.compiledSwift ? "yes" : "no") : step.compiledFiles.map {
                    $0.replacingOccurrences(of: ".fsm.interface.swift", with: "'s interface").replacingOccurrences(of: ".fsm.swift", with: "")
                }.joined(separator: ", ")
            table.add(
                step.name, format(step.seconds, digits: 1), list(step.regenerated), step.expected.map(list) ?? "(not judged)",
                list(step.checked), list(step.expectedChecked), list(step.written), list(step.expectedWritten),
                step.linkedTool ? "yes" : "no", compiled, step.asExpected ? "✓" : "✗ UNEXPECTED")
        }
        return ([
            "5. Incremental builds: a scratch package with \(IncrementalBuildBenchmark.specNames.count) specs (\(IncrementalBuildBenchmark.specNames.joined(separator: ", "))) and the FSMGenerator plugin",
            "",
            table.text,
            "",
            "\"generate ran\": SwiftPM's Generating lines; \"checked\": the specs fsmc-build checked, proved and generated",
            "(FSMC_BUILD_LOG), the others took the result kept in the plugin's work directory. SwiftPM reruns every",
            "generate after it relinks fsmc-build (after the first build, after swift package fsmc, between swift build",
            "and swift test); which ones it reruns then is not judged, what they check is.",
        ] + report.failures.map { "FAILED: \($0)" }).joined(separator: "\n")
    }

    func builds(_ report: CleanBuildBenchmark.Report) -> String {
        var lines = [
            "6. Clean builds: one app with one spec, built from nothing with a plugin and with the Swift it generates checked in",
            "   (the fastest of \(report.builds.first?.repetitions ?? 0) builds each)",
        ]
        if !report.toolTargets.isEmpty {
            var targets = TextTable("target of the source plugin's tool", "lines")
            for (name, lines) in report.toolTargets.sorted(by: { $0.key < $1.key }) {
                targets.add(name, "\(lines)")
            }
            targets.add("all", "\(report.toolLines)")
            lines += ["", targets.text]
        }
        var table = TextTable(
            "plugin", "clean swift build", "with the plugin s", "generated Swift checked in s", "added s", "bound", "", "added CPU s")
        for build in report.builds {
            let bound = build.plugin == .prebuilt
                ? "≤ \(format(build.boundSeconds, digits: 0)) (target)" : "≤ \(format(build.boundSeconds, digits: 1)) (recorded)"
            table.add(
                build.plugin.rawValue, build.configuration, format(build.withPluginSeconds, digits: 1),
                format(build.withoutPluginSeconds, digits: 1), format(build.addedSeconds, digits: 1), bound, verdict(build.withinBound),
                format(build.addedCPUSeconds, digits: 1))
        }
        lines += ["", table.text]
        lines += report.fsmcAfterDebugBuildSeconds.map {
            ["", "After the source plugin's clean debug build, swift build --product fsmc (what swift run fsmc builds): \(format($0, digits: 1)) s"]
        } ?? []
        lines += report.fsmcPluginAfterDebugBuildSeconds.map {
            ["After the source plugin's clean debug build, swift package fsmc --version (the FSMCommand plugin): \(format($0, digits: 1)) s"]
        } ?? []
        return (lines + report.failures.map { "FAILED: \($0)" }).joined(separator: "\n")
    }

    func bounded(_ report: BoundedProofBenchmark.Report) -> String {
        var table = TextTable("", "specs", "lines", "p50 ms", "p99 ms", "max ms", "target", "")
        for (name, figure) in [("fsmc check", report.check), ("fsmc simulate", report.simulate)] {
            table.add(
                name, "\(figure.specs)", "\(figure.lines)", format(figure.p50 * 1_000, digits: 1), format(figure.p99 * 1_000, digits: 1),
                format(figure.max * 1_000, digits: 1), "≤ \(format(report.target * 1_000, digits: 0))", verdict(figure.max <= report.target))
        }
        let verdicts = report.verdicts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return ([
            "9. Bounded proofs: random specs with deferred events, invocations, timers, children and assert lines (thread CPU time)",
            "",
            table.text,
            "",
            "Properties: \(verdicts). Specs a bound cut: \(report.cutByKeptEvents) by kept events, \(report.cutBySituations) by situations, \(report.cutByWork) by the work budget.",
        ] + report.failures.map { "FAILED: \($0)" }).joined(separator: "\n")
    }

    func properties(_ report: PropertyBenchmark.Report) -> String {
        var table = TextTable("machine", "properties", "situations", "ms", "target", "")
        for figure in report.examples + report.large {
            table.add(
                figure.machine, "\(figure.properties)", "\(figure.exploredSituations)", format(figure.seconds * 1_000, digits: 2),
                figure.budget.isFinite ? "≤ \(format(figure.budget * 1_000, digits: 0))" : "", verdict(figure.meetsTarget))
        }
        let added = report.packageCompileSeconds - report.packageCompileWithoutProofsSeconds
        return ([
            "8. Properties: proving each spec's assert lines, as every build does (thread CPU time, median)",
            "",
            table.text,
            "",
            "Compiling machines/ (what fsmc-build generate does for the example package): \(format(report.packageCompileSeconds * 1_000, digits: 1)) ms with the proofs, \(format(report.packageCompileWithoutProofsSeconds * 1_000, digits: 1)) ms without (+\(format(added * 1_000, digits: 1)) ms)",
        ] + report.failures.map { "FAILED: \($0)" }).joined(separator: "\n")
    }
}
