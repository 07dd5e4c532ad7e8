import Foundation

// fsm-bench: the performance figures of docs/Performance.md. Run it as
// `swift run -c release fsm-bench`; `--smoke` runs tiny sizes and only checks that every
// variant agrees, for CI.

let options: BenchOptions
do {
    options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    let message = "\(error)"
    FileHandle.standardError.write(Data(((message.isEmpty ? "" : "error: \(message)\n\n") + BenchOptions.usage + "\n").utf8))
    exit(message.isEmpty ? 0 : 2)
}

if let reportPath = options.allocationChildReport {
    let allocations = AllocationBenchmark.measure(eventCount: options.allocationEvents)
    try JSONEncoder().encode(allocations).write(to: URL(fileURLWithPath: reportPath))
    exit(0)
}
if let reportPath = options.invocationAllocationChildReport {
    let allocations = runOnMainRunLoop {
        await InvocationBenchmark.countAllocations(cycles: options.invocationAllocationCycles, filter: options.variantFilter)
    }
    try JSONEncoder().encode(allocations).write(to: URL(fileURLWithPath: reportPath))
    exit(0)
}

/// Prints a section as soon as it is done: the whole run takes minutes.
func show(_ text: String) {
    print("\n" + text)
    fflush(nil)
}

var report = BenchReport(environment: .current(), smoke: options.smoke)
let text = ReportText(judgesTargets: !options.smoke)
print(options.smoke ? "fsm-bench --smoke: tiny sizes; only checks that the variants agree" : "fsm-bench")
print(report.environment.text)
fflush(nil)

let workDirectory = options.workDirectory.map { URL(fileURLWithPath: $0) }
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("fsm-bench-\(getpid())")
try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)

if options.sections.contains(.dispatch) {
    let dispatch = DispatchBenchmark.run(
        eventCount: options.dispatchEvents, repetitions: options.repetitions, filter: options.variantFilter)
    report.dispatch = dispatch
    show(text.dispatch(dispatch))
}
if options.sections.contains(.allocations) {
    let allocations = AllocationBenchmark.run(
        eventCount: options.allocationEvents, smoke: options.smoke, workDirectory: workDirectory)
    report.allocations = allocations
    show(text.allocations(allocations))
}
if options.sections.contains(.invocations) {
    let invocations = runOnMainRunLoop {
        await InvocationBenchmark.run(
            cycles: options.invocationCycles, repetitions: options.repetitions, filter: options.variantFilter,
            smoke: options.smoke, workDirectory: workDirectory)
    }
    report.invocations = invocations
    show(text.invocations(invocations))
}
if options.sections.contains(.generator) {
    let generator = GeneratorBenchmark.run(
        stateCounts: options.generatorStateCounts, nestedShapes: options.nestedGeneratorShapes, repetitions: options.toolRepetitions)
    report.generator = generator
    show(text.generator(generator))
}
if options.sections.contains(.compile) {
    let compile = CompileCostBenchmark.run(
        stateCounts: options.compileStateCounts, repetitions: options.compileRepetitions,
        machineRepetitions: options.machineCompileRepetitions, packageRoot: PackageRoot.locate(), workDirectory: workDirectory)
    report.compile = compile
    show(text.compile(compile))
}
if options.sections.contains(.incremental) {
    let incremental = IncrementalBuildBenchmark.run(packageRoot: PackageRoot.locate(), workDirectory: workDirectory)
    report.incremental = incremental
    show(text.incremental(incremental))
}
if options.sections.contains(.builds) || options.sections.contains(.prebuilt) {
    let plugins: [CleanBuildBenchmark.Plugin] = options.sections.contains(.builds) ? [.source, .prebuilt] : [.prebuilt]
    let builds = CleanBuildBenchmark.run(
        packageRoot: PackageRoot.locate(), workDirectory: workDirectory, plugins: plugins, repetitions: options.buildRepetitions)
    report.builds = builds
    show(text.builds(builds))
}
if options.sections.contains(.properties) {
    let properties = PropertyBenchmark.run(packageRoot: PackageRoot.locate(), repetitions: options.repetitions, smoke: options.smoke)
    report.properties = properties
    show(text.properties(properties))
}
if options.sections.contains(.bounded) {
    #if DEBUG
    let isDebug = true
    #else
    let isDebug = false
    #endif
    let bounded = BoundedProofBenchmark.run(
        specs: options.boundedSpecs, seed: 0xB0DE_D000, isDebug: isDebug, keepingSpecsIn: options.workDirectory.map { URL(fileURLWithPath: $0) })
    report.bounded = bounded
    show(text.bounded(bounded))
}
if options.workDirectory == nil {
    try? FileManager.default.removeItem(at: workDirectory)
}

if let jsonPath = options.jsonPath {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    try encoder.encode(report).write(to: URL(fileURLWithPath: jsonPath))
    print("\nWrote \(jsonPath)")
}

let failures = report.failures
if !options.smoke {
    let missed = report.missedTargets
    print(missed.isEmpty ? "\nEvery target met." : "\nTargets missed:\n" + missed.map { "  - \($0)" }.joined(separator: "\n"))
}
if !failures.isEmpty {
    FileHandle.standardError.write(Data(("\nfsm-bench failed:\n" + failures.map { "  - \($0)" }.joined(separator: "\n") + "\n").utf8))
    exit(1)
}
if options.smoke { print("\nSmoke run passed: every variant agrees.") }
