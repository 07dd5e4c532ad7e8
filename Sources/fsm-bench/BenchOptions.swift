/// The command line of `fsm-bench`.
struct BenchOptions {
    enum Section: String, CaseIterable {
        case dispatch, allocations, generator, compile, incremental, builds, prebuilt, invocations, properties, bounded
    }

    /// Tiny sizes, agreement checks only: for CI.
    var smoke = false
    /// Where to write the figures as JSON.
    var jsonPath: String?
    var sections = Set(Section.allCases)
    var dispatchEvents = 10_000_000
    var repetitions = 5
    /// Clean builds per app and configuration in the builds sections (the fastest is kept).
    var buildRepetitions = 3
    /// Where to write the files of the compile and incremental-build benchmarks, kept after
    /// the run; a temporary directory, removed afterwards, when `nil`.
    var workDirectory: String?
    /// Runs only the dispatch variants whose label contains this text (for profiling).
    var variantFilter = ""
    /// States of the synthetic machines whose Swift is type-checked, when not the default.
    var compileStateCountsOverride: [Int]?
    /// Flat synthetic specs of the generator benchmark, when not the default.
    var generatorStateCountsOverride: [Int]?
    /// Nested synthetic specs of the generator benchmark, when not the default.
    var nestedGeneratorShapesOverride: [(states: Int, depth: Int)]?
    /// Set in the child process that counts allocations: where its report goes.
    var allocationChildReport: String?
    /// Set in the child process that counts the invocation section's allocations.
    var invocationAllocationChildReport: String?
    /// Cycles per run of the invocation section, when not the default.
    var invocationCyclesOverride: Int?
    /// Random specs of the bounded-proofs section, when not the default.
    var boundedSpecsOverride: Int?
    /// The random specs of the bounded-proofs section (a smoke run's few).
    var boundedSpecs: Int { boundedSpecsOverride ?? (smoke ? 10 : 200) }

    static let usage = """
        usage: fsm-bench [--smoke] [--json <file>] [--only <section>,...] [--events <n>] [--cycles <n>] [--repetitions <n>]
                 [--build-repetitions <n>]
                 [--variants <text>] [--compile-states <n,...>] [--generator-states <n,...>]
                 [--nested-shapes <states>x<depth>,...] [--keep-files <dir>]

        Measures the machines fsmc generates against hand-written switches, and the compiler.
        Run it as `swift run -c release fsm-bench`; docs/Performance.md explains the figures.

          --smoke            tiny sizes; checks only that all variants agree (a few seconds)
          --json <file>      also write the figures as JSON
          --only <sections>  some of: dispatch, allocations, generator, compile, incremental,
                             builds, prebuilt, invocations, properties, bounded (builds
                             measures both plugins, prebuilt the prebuilt one alone)
          --specs <n>        random specs of the bounded section (default 200)
          --events <n>       events per dispatch run (default 10000000)
          --cycles <n>       cycles per run of the invocation section (default 200000)
          --repetitions <n>  timed runs per variant (default 5)
          --build-repetitions <n>
                             clean builds per app and configuration, the fastest kept
                             (default 3)
          --variants <text>  time only the dispatch and invocation variants whose label
                             contains <text>, such as "Player, generated" or
                             "Lookup, generated, start + cancel" (for profiling)
          --compile-states <n,...>
                             type-check machines of these sizes (default 100,1000,5000)
          --generator-states <n,...>
                             flat synthetic specs of the generator section (default
                             100,1000,10000; none for none)
          --nested-shapes <states>x<depth>,...
                             nested synthetic specs of the generator section (default
                             1000x10,10000x1,10000x2,10000x5,10000x10; none for none)
          --keep-files <dir> write the type-checked Swift files and the scratch package there,
                             and keep them
        """

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var explicitSections: Set<Section>?
        var events: Int?
        var repetitions: Int?
        var remaining = arguments[...]
        func value(for option: String) throws -> String {
            guard let value = remaining.popFirst() else { throw UsageError(description: "\(option) needs a value") }
            return value
        }
        func count(for option: String) throws -> Int {
            let text = try value(for: option)
            guard let number = Int(text), number > 0 else { throw UsageError(description: "\(option) needs a positive number, not '\(text)'") }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--smoke": options.smoke = true
            case "--json": options.jsonPath = try value(for: argument)
            case "--events": events = try count(for: argument)
            case "--repetitions": repetitions = try count(for: argument)
            case "--build-repetitions": options.buildRepetitions = try count(for: argument)
            case "--cycles": options.invocationCyclesOverride = try count(for: argument)
            case "--specs": options.boundedSpecsOverride = try count(for: argument)
            case "--variants": options.variantFilter = try value(for: argument)
            case "--keep-files": options.workDirectory = try value(for: argument)
            case "--compile-states":
                let text = try value(for: argument)
                let counts = text.split(separator: ",").compactMap { Int($0) }.filter { $0 > 1 }
                guard !counts.isEmpty, counts.count == text.split(separator: ",").count else {
                    throw UsageError(description: "--compile-states needs numbers above 1, such as 100,1000")
                }
                options.compileStateCountsOverride = counts
            case "--generator-states":
                let text = try value(for: argument)
                let counts = text == "none" ? [] : text.split(separator: ",").compactMap { Int($0) }.filter { $0 > 1 }
                guard text == "none" || counts.count == text.split(separator: ",").count else {
                    throw UsageError(description: "--generator-states needs numbers above 1, such as 100,1000, or none")
                }
                options.generatorStateCountsOverride = counts
            case "--nested-shapes":
                let text = try value(for: argument)
                var shapes: [(states: Int, depth: Int)] = []
                for shape in text == "none" ? [] : text.split(separator: ",") {
                    let parts = shape.split(separator: "x")
                    guard parts.count == 2, let states = Int(parts[0]), let depth = Int(parts[1]), states > 1, depth >= 1 else {
                        throw UsageError(description: "--nested-shapes needs states x depth, such as 10000x10, or none")
                    }
                    shapes.append((states, depth))
                }
                options.nestedGeneratorShapesOverride = shapes
            case "--only":
                explicitSections = []
                for name in try value(for: argument).split(separator: ",") {
                    guard let section = Section(rawValue: String(name)) else {
                        throw UsageError(description: "unknown section '\(name)'")
                    }
                    explicitSections?.insert(section)
                }
            case AllocationBenchmark.childOption: options.allocationChildReport = try value(for: argument)
            case InvocationBenchmark.childOption: options.invocationAllocationChildReport = try value(for: argument)
            case "--help", "-h": throw UsageError(description: "")
            default: throw UsageError(description: "unknown argument '\(argument)'")
            }
        }
        if options.smoke {
            options.dispatchEvents = 20_000
            options.repetitions = 1
            // The incremental build needs minutes of `swift build`; CI builds a consumer already.
            options.sections.remove(.incremental)
            options.sections.remove(.builds)
            options.sections.remove(.prebuilt)
        }
        if let explicitSections { options.sections = explicitSections }
        if let events { options.dispatchEvents = events }
        if let repetitions { options.repetitions = repetitions }
        return options
    }

    /// Events per allocation run (a tenth of them warm up). Tracing an allocation takes glibc a
    /// symbol lookup, and a debug build allocates in its loops: the smoke run keeps this small.
    var allocationEvents: Int { smoke ? 500 : 1_000_000 }
    /// Cycles per run of the invocation section (a cycle is a task, a few microseconds).
    var invocationCycles: Int { invocationCyclesOverride ?? (smoke ? 200 : 200_000) }
    /// Cycles whose allocations are counted, per invocation variant (mtrace writes a line per
    /// block).
    var invocationAllocationCycles: Int { smoke ? 200 : 20_000 }
    /// States of the synthetic specs of the generator benchmark (10 transitions each).
    var generatorStateCounts: [Int] { generatorStateCountsOverride ?? (smoke ? [2, 20] : [100, 1_000, 10_000]) }
    /// States and depths of the nested synthetic specs of the generator benchmark: ten times
    /// the states ten levels deep, and the same states at depths 1, 2, 5 and 10.
    var nestedGeneratorShapes: [(states: Int, depth: Int)] {
        nestedGeneratorShapesOverride ?? (smoke
            ? [(20, 1), (20, 10), (200, 10)]
            : [(1_000, 10), (10_000, 1), (10_000, 2), (10_000, 5), (10_000, 10)])
    }
    /// States of the synthetic specs whose generated code is type-checked.
    var compileStateCounts: [Int] { compileStateCountsOverride ?? (smoke ? [3] : [100, 1_000, 5_000]) }
    /// Timed runs per generator size.
    var toolRepetitions: Int { smoke ? 1 : 3 }
    /// Type-checks per file (at most three for the largest, which take half a minute each).
    var compileRepetitions: Int { smoke ? 1 : 5 }
    /// Type-checks per file of the dispatch benchmark's machines and of the baseline: they take
    /// a tenth of a second, so more runs steady the medians.
    var machineCompileRepetitions: Int { smoke ? 1 : 15 }
}
