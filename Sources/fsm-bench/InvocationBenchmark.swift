import FSMRuntime
import Foundation

/// Section 7: an invocation's cycle against the `Task` a careful developer writes by hand.
///
/// The generated ``Lookup`` (an `invoke` in a state) and ``HandWrittenLookup`` (a `Task` kept
/// in a handle, cancelled on exit, a generation counter) are both `@MainActor`, with the same
/// ``LookupWork`` on the main actor: the generated machine with its default driver,
/// `TaskInvocationDriver`, and the twin with a `Task` that inherits the main actor. That is
/// what each user gets without thinking about it, and the same isolation: the work runs on the
/// main actor and its result comes back there. A deterministic driver would measure only the
/// bookkeeping, and no user ships one.
///
/// Two flows, each a cycle repeated: *start + complete* sends `open` (the state is entered, the
/// work starts when the step ends), then yields to the main actor until the work's result has
/// taken the machine back to `idle`; *start + cancel* sends `open` and at once `close`, which
/// cancels the work, then yields until the work has run: it ignores cancellation and returns,
/// and its late result must be dropped. The loop and its yields are the same for both variants.
@MainActor enum InvocationBenchmark {
    /// Each flow's time must stay under this multiple of the hand-written time.
    nonisolated static let ratioTarget = 1.2
    /// The hidden option that makes `fsm-bench` the child that counts allocations of this
    /// section, writing them as JSON to the file that follows.
    nonisolated static let childOption = "--invocation-allocation-child"

    enum Flow: String, Codable, CaseIterable {
        case complete = "start + complete"
        case cancel = "start + cancel"
    }

    /// One flow of one implementation.
    struct Variant {
        var flow: Flow
        var implementation: Implementation
        var label: String { "Lookup, \(implementation.rawValue), \(flow.rawValue)" }
    }

    /// A fresh machine for one run of a variant.
    struct PreparedRun {
        /// Runs the cycles whose ids are `range`, in order; returns how many times the loop
        /// yielded to the main actor (at least one a cycle).
        let cycles: (Range<Int>) async -> Int
        /// The machine's state and what the work counted.
        let outcome: () -> String
    }

    struct Figure: Codable {
        var flow: Flow
        /// CPU time of the whole process (every thread: a task may start on another), per cycle.
        var generatedNanosecondsPerCycle: Double
        var handWrittenNanosecondsPerCycle: Double
        var ratio: Double
        var meetsTarget: Bool
        /// Wall-clock time per cycle, for comparison: the same loop, waiting included.
        var generatedWallNanosecondsPerCycle: Double
        var handWrittenWallNanosecondsPerCycle: Double
        var wallRatio: Double
        /// Yields of the loop per cycle: 1 when the result is there after one turn of the actor.
        var generatedYieldsPerCycle: Double
        var handWrittenYieldsPerCycle: Double
        /// Heap blocks per cycle in steady state (glibc mtrace, a child process); `nil` when not
        /// counted.
        var generatedAllocationsPerCycle: Double?
        var handWrittenAllocationsPerCycle: Double?
        var meetsAllocationTarget: Bool
        /// Every repetition, in process CPU nanoseconds per cycle.
        var generatedRuns: [Double]
        var handWrittenRuns: [Double]
    }

    struct Allocations: Codable {
        /// Why nothing was counted, when nothing was.
        var notCounted: String?
        /// Heap blocks per cycle, by variant label.
        var perCycle: [String: Double]
        var cycles: Int
        var isOptimized: Bool
    }

    struct Report: Codable {
        var cycles: Int
        var repetitions: Int
        var figures: [Figure]
        var allocations: Allocations
        /// What every variant ended with, by label.
        var outcomes: [String: String]
        var disagreements: [String]

        var missedTargets: [String] {
            var missed: [String] = []
            for figure in figures {
                if !figure.meetsTarget {
                    missed.append("\(figure.flow.rawValue): \(format(figure.ratio))× the hand-written time (target ≤ \(format(ratioTarget, digits: 1))×)")
                }
                if !figure.meetsAllocationTarget, let generated = figure.generatedAllocationsPerCycle,
                   let handWritten = figure.handWrittenAllocationsPerCycle {
                    missed.append("\(figure.flow.rawValue): \(format(generated)) allocations a cycle, the hand-written \(format(handWritten))")
                }
            }
            return missed
        }
    }

    static let variants = Flow.allCases.flatMap { flow in
        [Variant(flow: flow, implementation: .generated), Variant(flow: flow, implementation: .handWritten)]
    }

    /// Cycles per turn: every variant takes this many, in turns.
    private static let turn = 10_000

    /// Times every variant whose label contains `filter` (all when it is empty), and counts
    /// their allocations in a child process.
    static func run(cycles: Int, repetitions: Int, filter: String, smoke: Bool, workDirectory: URL) async -> Report {
        let chosen = variants.filter { filter.isEmpty || $0.label.contains(filter) }
        var processSeconds = [[Double]](repeating: [], count: chosen.count)
        var wallSeconds = [[Double]](repeating: [], count: chosen.count)
        var yields = [Int](repeating: 0, count: chosen.count)
        var outcomes: [String: String] = [:]

        // Warm-up, untimed.
        for variant in chosen {
            _ = await prepare(variant).cycles(0..<min(cycles, turn))
        }
        for repetition in 0..<repetitions {
            let runs = chosen.map(prepare)
            var process = [Double](repeating: 0, count: runs.count)
            var wall = [Double](repeating: 0, count: runs.count)
            for (index, start) in stride(from: 0, to: cycles, by: turn).enumerated() {
                let range = start..<min(start + turn, cycles)
                let forward = (index + repetition).isMultiple(of: 2)
                for position in forward ? Array(runs.indices) : runs.indices.reversed() {
                    let wallStart = ContinuousClock.now
                    let processStart = processTime()
                    yields[position] += await runs[position].cycles(range)
                    process[position] += processTime() - processStart
                    wall[position] += (ContinuousClock.now - wallStart).seconds
                }
            }
            for position in runs.indices {
                processSeconds[position].append(process[position])
                wallSeconds[position].append(wall[position])
                outcomes[chosen[position].label] = runs[position].outcome()
            }
        }

        let allocations = await countAllocationsInChild(smoke: smoke, filter: filter, workDirectory: workDirectory)
        let perCycle = { (seconds: [Double]) in seconds.map { $0 * 1e9 / Double(cycles) } }
        var figures: [Figure] = []
        for flow in Flow.allCases {
            guard let generated = chosen.firstIndex(where: { $0.flow == flow && $0.implementation == .generated }),
                  let handWritten = chosen.firstIndex(where: { $0.flow == flow && $0.implementation == .handWritten })
            else { continue }
            let generatedRuns = perCycle(processSeconds[generated])
            let handWrittenRuns = perCycle(processSeconds[handWritten])
            let ratio = generatedRuns.median / handWrittenRuns.median
            let generatedAllocations = allocations.perCycle[chosen[generated].label]
            let handWrittenAllocations = allocations.perCycle[chosen[handWritten].label]
            let generatedWall = perCycle(wallSeconds[generated]).median
            let handWrittenWall = perCycle(wallSeconds[handWritten]).median
            let yieldsPerCycle = { (position: Int) in Double(yields[position]) / Double(cycles * repetitions) }
            figures.append(Figure(
                flow: flow,
                generatedNanosecondsPerCycle: generatedRuns.median, handWrittenNanosecondsPerCycle: handWrittenRuns.median,
                ratio: ratio, meetsTarget: ratio <= ratioTarget,
                generatedWallNanosecondsPerCycle: generatedWall, handWrittenWallNanosecondsPerCycle: handWrittenWall,
                wallRatio: generatedWall / handWrittenWall,
                generatedYieldsPerCycle: yieldsPerCycle(generated), handWrittenYieldsPerCycle: yieldsPerCycle(handWritten),
                generatedAllocationsPerCycle: generatedAllocations, handWrittenAllocationsPerCycle: handWrittenAllocations,
                meetsAllocationTarget: !allocations.isOptimized || (generatedAllocations ?? 0) <= (handWrittenAllocations ?? .infinity),
                generatedRuns: generatedRuns, handWrittenRuns: handWrittenRuns))
        }
        return Report(
            cycles: cycles, repetitions: repetitions, figures: figures, allocations: allocations,
            outcomes: outcomes, disagreements: disagreements(outcomes, chosen: chosen, cycles: cycles))
    }

    /// Both variants of a flow must end alike, and end as the flow says: every work ran once a
    /// cycle, and every result was taken (complete) or dropped (cancel).
    private static func disagreements(_ outcomes: [String: String], chosen: [Variant], cycles: Int) -> [String] {
        var found: [String] = []
        for variant in chosen {
            guard let outcome = outcomes[variant.label] else { continue }
            let expected = expectedOutcome(of: variant.flow, cycles: cycles)
            if !outcome.hasPrefix(expected) {
                found.append("\(variant.label) ended with \(outcome), expected \(expected)…")
            }
        }
        for flow in Flow.allCases {
            let labels = chosen.filter { $0.flow == flow }.map(\.label)
            let ends = Set(labels.compactMap { outcomes[$0] })
            if ends.count > 1 {
                found.append("the variants of \(flow.rawValue) disagree: " + labels.map { "\($0): \(outcomes[$0] ?? "-")" }.joined(separator: "; "))
            }
        }
        return found
    }

    /// The start of what a run of `cycles` cycles of `flow` ends with (the sum follows).
    private static func expectedOutcome(of flow: Flow, cycles: Int) -> String {
        switch flow {
        case .complete: "idle; fetch \(cycles), record \(cycles) "
        case .cancel: "idle; fetch \(cycles), record 0 "
        }
    }

    static func prepare(_ variant: Variant) -> PreparedRun {
        let work = LookupWork()
        switch (variant.implementation, variant.flow) {
        case (.generated, .complete):
            let machine = Lookup(actions: work)
            return PreparedRun(
                cycles: { range in
                    var yields = 0
                    for id in range {
                        machine.send(.open(id: id))
                        repeat {
                            await Task.yield()
                            yields += 1
                        } while machine.state != .idle
                    }
                    return yields
                },
                outcome: { "\(machine.state); \(work.summary)" })
        case (.handWritten, .complete):
            let machine = HandWrittenLookup(actions: work)
            return PreparedRun(
                cycles: { range in
                    var yields = 0
                    for id in range {
                        machine.send(.open(id: id))
                        repeat {
                            await Task.yield()
                            yields += 1
                        } while machine.state != .idle
                    }
                    return yields
                },
                outcome: { "\(machine.state); \(work.summary)" })
        case (.generated, .cancel):
            let machine = Lookup(actions: work)
            return PreparedRun(
                cycles: { range in
                    var yields = 0
                    for id in range {
                        let fetches = work.fetches
                        machine.send(.open(id: id))
                        machine.send(.close)
                        // The cancelled work still runs and returns: its result is dropped.
                        repeat {
                            await Task.yield()
                            yields += 1
                        } while work.fetches == fetches
                    }
                    return yields
                },
                outcome: { "\(machine.state); \(work.summary)" })
        case (.handWritten, .cancel):
            let machine = HandWrittenLookup(actions: work)
            return PreparedRun(
                cycles: { range in
                    var yields = 0
                    for id in range {
                        let fetches = work.fetches
                        machine.send(.open(id: id))
                        machine.send(.close)
                        repeat {
                            await Task.yield()
                            yields += 1
                        } while work.fetches == fetches
                    }
                    return yields
                },
                outcome: { "\(machine.state); \(work.summary)" })
        }
    }

    // MARK: - Allocations

    /// Runs ``countAllocations(cycles:filter:)`` in a child process that can trace allocations.
    private static func countAllocationsInChild(smoke: Bool, filter: String, workDirectory: URL) async -> Allocations {
        let notCounted = { (reason: String) in
            Allocations(notCounted: reason, perCycle: [:], cycles: 0, isOptimized: BenchEnvironment.isOptimizedBuild)
        }
        let reportFile = workDirectory.appendingPathComponent("invocation-allocations.json")
        guard let executable = Bundle.main.executableURL,
              let environment = AllocationTrace.childEnvironment(traceFile: workDirectory.appendingPathComponent("invocation-malloc-trace.txt"))
        else { return notCounted("glibc's libc_malloc_debug.so.0 was not found next to libc.so.6") }
        do {
            let child = try Subprocess.run(
                executable, [childOption, reportFile.path, "--variants", filter] + (smoke ? ["--smoke"] : []), environment: environment)
            guard child.status == 0 else { return notCounted("the counting process failed:\n\(child.output)") }
            return try JSONDecoder().decode(Allocations.self, from: Data(contentsOf: reportFile))
        } catch {
            return notCounted("\(error)")
        }
    }

    /// Counts, in this process, which must run with glibc's tracer preloaded: the heap blocks
    /// of `cycles` cycles of each variant, after a tenth as many warmed up.
    static func countAllocations(cycles: Int, filter: String) async -> Allocations {
        guard AllocationTrace.count({}) == 0 else {
            return Allocations(notCounted: "this process cannot trace allocations", perCycle: [:], cycles: 0, isOptimized: BenchEnvironment.isOptimizedBuild)
        }
        var perCycle: [String: Double] = [:]
        for variant in variants where filter.isEmpty || variant.label.contains(filter) {
            let run = prepare(variant)
            let warmUp = max(1, cycles / 10)
            _ = await run.cycles(0..<warmUp)
            let allocations = await AllocationTrace.count { _ = await run.cycles(warmUp..<(warmUp + cycles)) } ?? 0
            perCycle[variant.label] = Double(allocations) / Double(cycles)
        }
        return Allocations(notCounted: nil, perCycle: perCycle, cycles: cycles, isOptimized: BenchEnvironment.isOptimizedBuild)
    }

    /// CPU time of the whole process, in seconds.
    private static func processTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}

extension ReportText {
    func invocations(_ report: InvocationBenchmark.Report) -> String {
        var table = TextTable(
            "flow", "generated ns/cycle", "hand-written ns/cycle", "ratio", "target", "", "wall ratio",
            "generated allocs/cycle", "hand-written allocs/cycle", "")
        for figure in report.figures {
            let allocations = { (value: Double?) in value.map { format($0, digits: 2) } ?? "-" }
            table.add(
                figure.flow.rawValue, format(figure.generatedNanosecondsPerCycle, digits: 0),
                format(figure.handWrittenNanosecondsPerCycle, digits: 0), format(figure.ratio),
                "≤ \(format(InvocationBenchmark.ratioTarget, digits: 1))", judgesTargets ? (figure.meetsTarget ? "✓" : "✗ MISSED") : "",
                format(figure.wallRatio), allocations(figure.generatedAllocationsPerCycle),
                allocations(figure.handWrittenAllocationsPerCycle),
                judgesTargets && report.allocations.notCounted == nil ? (figure.meetsAllocationTarget ? "✓" : "✗ MISSED") : "")
        }
        var lines = [
            "7. Invocations: the generated Lookup (TaskInvocationDriver) against a hand-written Task, handle and generation counter, both @MainActor; \(report.cycles) cycles per run in turns of 10000, median of \(report.repetitions) runs, CPU time of the process",
            "",
            table.text,
            "",
        ]
        for figure in report.figures {
            lines.append(
                "\(figure.flow.rawValue): wall-clock \(format(figure.generatedWallNanosecondsPerCycle, digits: 0)) against \(format(figure.handWrittenWallNanosecondsPerCycle, digits: 0)) ns a cycle; "
                    + "yields a cycle \(format(figure.generatedYieldsPerCycle)) against \(format(figure.handWrittenYieldsPerCycle))")
        }
        if let reason = report.allocations.notCounted {
            lines.append("Allocations not counted: \(reason)")
        } else {
            lines.append("Allocations: heap blocks (glibc mtrace, every thread) over \(report.allocations.cycles) cycles after a tenth as many warmed up")
        }
        for (label, outcome) in report.outcomes.sorted(by: { $0.key < $1.key }) {
            lines.append("\(label) ended in \(outcome)")
        }
        lines += report.disagreements.map { "DISAGREEMENT: \($0)" }
        return lines.joined(separator: "\n")
    }
}
