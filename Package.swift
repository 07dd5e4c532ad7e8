// swift-tools-version: 6.2
import PackageDescription

/// Warnings are errors in this package's own targets (SwiftPM does not apply this when the
/// package is someone else's dependency).
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]
/// Compiles the recording support of the generated machines (`TraceObserver`, docs/TraceFormat.md):
/// the example machines record their runs (`fsm-examples --record`) and the tests replay them.
let recording: [SwiftSetting] = [.define("FSMC_RECORDING")]

let package = Package(
    name: "fsmc",
    // What FSMRuntime and the generated machines use: `Duration`, `ContinuousClock` and
    // `Task.sleep(for:)` need macOS 13, iOS 16, tvOS 16, watchOS 9. README's "Use it in your
    // package" states the same minimum, and the toolchain this manifest needs (6.2).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "fsmc", targets: ["fsmc"]),
        .library(name: "FSMCompiler", targets: ["FSMCompiler"]),
        .library(name: "FSMRuntime", targets: ["FSMRuntime"]),
        // The app's side of `fsmc inspect` (docs/Inspector.md): an app streams its recorded
        // machines' runs to the live inspector. Apps depend on it only where they define
        // `FSMC_RECORDING`.
        .library(name: "FSMInspector", targets: ["FSMInspector"]),
        .library(name: "FSMSpecGenerator", targets: ["FSMSpecGenerator"]),
        .plugin(name: "FSMGenerator", targets: ["FSMGenerator"]),
        .plugin(name: "FSMDiagrams", targets: ["FSMDiagrams"]),
        .plugin(name: "FSMFormat", targets: ["FSMFormat"]),
        .plugin(name: "FSMCommand", targets: ["FSMCommand"]),
    ],
    targets: [
        // The layers of the compiler, each importing only those below it (docs/Architecture.md).
        // No I/O in any of them.
        // Syntax, semantics and the executable model: a spec's one meaning.
        .target(name: "FSMCore", swiftSettings: strict),
        // The interpreter of that model, the property checker that runs it, and `Compiler`, the
        // pipeline front to back whose check proves the properties. Beside FSMSwift rather than
        // below it, so that a build compiles the two at once.
        .target(name: "FSMChecker", dependencies: ["FSMCore"], swiftSettings: strict),
        // The Swift back end: the generated machine.
        .target(name: "FSMSwift", dependencies: ["FSMCore"], swiftSettings: strict),
        // The other back ends (diagrams, SCXML, test paths, the formatter), SCXML import and the
        // editing features; re-exports the layers below, so `import FSMCompiler` is all of fsmc.
        .target(name: "FSMCompiler", dependencies: ["FSMCore", "FSMChecker", "FSMSwift"], swiftSettings: strict),
        // What generated machines link. Kept dependency-free and small.
        .target(name: "FSMRuntime", swiftSettings: strict),
        // `LiveInspector`: a `TraceDestination` that streams each recorded machine instance's run
        // to `fsmc inspect` over TCP, never blocking the machine (Foundation and the platform's
        // sockets only).
        .target(name: "FSMInspector", dependencies: ["FSMRuntime"], swiftSettings: strict),
        // Random, seeded, valid specs for generative and differential tests (no I/O).
        .target(name: "FSMSpecGenerator", swiftSettings: strict),
        // `fsmc lsp`: the Language Server Protocol's plumbing (framing, JSON-RPC, dispatch) over
        // the editing features of FSMCompiler. A library of its own, not a folder of fsmc, so
        // that tests drive the server in memory and over pipes, and FSMCompiler stays free of
        // Foundation and I/O.
        .target(name: "FSMLanguageServer", dependencies: ["FSMCompiler"], swiftSettings: strict),
        // What every command line shares (arguments, console, files) and the commands a build
        // runs: check and generate.
        .target(name: "FSMCommands", dependencies: ["FSMCore", "FSMChecker", "FSMSwift"], swiftSettings: strict),
        // The thin command-line front end: every command.
        .executableTarget(
            name: "fsmc", dependencies: ["FSMCommands", "FSMCompiler", "FSMLanguageServer"], swiftSettings: strict),
        // The build plugin's tool: check and generate only, built from the core and the Swift back
        // end alone, so that a package using the plugin compiles no more of fsmc than a build needs.
        .executableTarget(name: "fsmc-build", dependencies: ["FSMCommands"], swiftSettings: strict),
        // Turns the .fsm files of a target into Swift at build time.
        .plugin(name: "FSMGenerator", capability: .buildTool(), dependencies: ["fsmc-build"]),
        // `swift package generate-fsm-diagrams`: a diagram for every .fsm file of the package.
        .plugin(
            name: "FSMDiagrams",
            capability: .command(
                intent: .custom(verb: "generate-fsm-diagrams", description: "Draws a diagram of every .fsm spec with fsmc graph."),
                permissions: [.writeToPackageDirectory(reason: "Writes a diagram next to each .fsm spec, or into the folder given with --output.")]),
            dependencies: ["fsmc"]),
        // `swift package format-fsm`: every .fsm file of the package in fsmc's layout.
        .plugin(
            name: "FSMFormat",
            capability: .command(
                intent: .custom(verb: "format-fsm", description: "Lays out every .fsm spec with fsmc format (--check to only list those that would change)."),
                permissions: [.writeToPackageDirectory(reason: "Rewrites each .fsm spec in fsmc's layout, in place.")]),
            dependencies: ["fsmc"]),
        // `swift package fsmc <command> …`: any fsmc command, built as a plugin tool.
        .plugin(
            name: "FSMCommand",
            capability: .command(
                intent: .custom(verb: "fsmc", description: "Runs fsmc with the arguments given (fsmc --help lists its commands)."),
                permissions: [.writeToPackageDirectory(reason: "fsmc generate, format, graph, paths, import and export write files when asked to.")]),
            dependencies: ["fsmc"]),

        // The example machines of the seeds and the Swift that implements their actions.
        // `runs/` holds runs recorded from fsm-examples (`--record`), replayed by the tests.
        .target(
            name: "Machines", dependencies: ["FSMRuntime"], path: "machines", exclude: ["runs"],
            swiftSettings: strict + recording, plugins: ["FSMGenerator"]),
        // Runs the seed scenarios against the generated machines.
        // `--inspect` plays the Profile's journey live to `fsmc inspect`.
        .executableTarget(name: "fsm-examples", dependencies: ["Machines", "FSMRuntime", "FSMInspector"], swiftSettings: strict),
        // `swift run -c release fsm-bench`: generated machines against hand-written switches,
        // allocations, compiler scaling, build cost (docs/Performance.md). Its own machines are
        // compiled without `FSMC_RECORDING`; the recorded player is Machines' (which sets it).
        .executableTarget(
            name: "fsm-bench", dependencies: ["FSMCompiler", "FSMRuntime", "FSMSpecGenerator", "Machines"], swiftSettings: strict,
            plugins: ["FSMGenerator"]),
        // `swift run fsm-differential`: fsmc's generated Swift against Qt SCXML running fsmc's
        // export, under random scripts (docs/SCXML.md). Needs fsmc built and Qt's harness.
        .executableTarget(name: "fsm-differential", dependencies: ["FSMCompiler", "FSMSpecGenerator"], swiftSettings: strict),

        // What several test targets share.
        .target(name: "TestSupport", dependencies: ["FSMCompiler"], path: "Tests/TestSupport", swiftSettings: strict),
        // The compiler's tests, in folders that mirror the sources (Syntax, Semantics, Executable,
        // Emit/Diagrams, Import/SCXML, …; Pipeline for whole-pipeline tests). The excluded
        // folders hold what they read: broken and valid specs with their diagnostics, golden
        // diagrams, differential cases (of the Swift against Qt, and of the import), golden test paths, golden SCXML documents.
        .testTarget(
            name: "FSMCompilerTests", dependencies: ["FSMCompiler", "FSMSpecGenerator", "TestSupport"], exclude: ["ChildDifferential", "Corpus", "Diagrams", "Differential", "ImportDifferential", "PathGoldens", "SCION", "SCXML"],
            swiftSettings: strict),
        // The executables, run as subprocesses: every command of fsmc, and fsmc-build, the build
        // plugin's tool. The dependency on fsmc and the use of FSMGenerator (which has no spec
        // to generate here) make SwiftPM build fsmc and the plugin's build of fsmc-build before
        // these tests; they find both in the build products directory, next to the test bundle.
        // Not a dependency on fsmc-build itself: SwiftPM would then link both builds of its
        // main.swift, the plugin's and this target's, into the test bundle (duplicate symbols).
        .testTarget(
            name: "fsmcTests", dependencies: ["fsmc", "FSMCommands", "FSMCompiler", "TestSupport"], swiftSettings: strict,
            plugins: ["FSMGenerator"]),
        .testTarget(
            name: "ReferenceTests", dependencies: ["FSMCompiler", "FSMRuntime", "TestSupport"], exclude: ["Expected", "Specs"],
            swiftSettings: strict),
        // The generated machines at run time: the seeds' from Machines, and test specs of its
        // own (every construct, @MainActor) generated by the plugin like a user's would be,
        // checked against FSMCompiler's interpreter of the same specs.
        .testTarget(
            name: "MachinesTests", dependencies: ["Machines", "FSMRuntime", "FSMCompiler", "TestSupport"], exclude: ["Charts", "Mutants"], swiftSettings: strict + recording,
            plugins: ["FSMGenerator"]),
        // Model-based path tests generated by `fsmc paths --format swift-testing` from machines/.
        .testTarget(name: "PathTests", dependencies: ["Machines", "FSMRuntime"], swiftSettings: strict),
        .testTarget(name: "FSMRuntimeTests", dependencies: ["FSMRuntime"], swiftSettings: strict),
        // LiveInspector against a loopback listener written in the tests.
        // An app the live inspector's tests run against `fsmc inspect`: the Profile's journey a
        // step at a time, and the load test (Tests/Browser/inspector_test.py, docs/Inspector.md).
        .executableTarget(
            name: "inspector-driver", dependencies: ["Machines", "FSMRuntime", "FSMInspector"], path: "Tests/InspectorDriver",
            swiftSettings: strict),
        .testTarget(name: "FSMInspectorTests", dependencies: ["FSMInspector", "FSMRuntime"], swiftSettings: strict),
        // Machines with invocations, generated by the plugin, at run time against the interpreter.
        .testTarget(
            name: "InvocationMachinesTests", dependencies: ["FSMRuntime", "FSMCompiler", "FSMSpecGenerator", "TestSupport"],
            exclude: ["Mutants"], swiftSettings: strict,
            plugins: ["FSMGenerator"]),
        // The random spec generator's own checks (valid, deterministic) and the generative
        // soundness test: random specs fsmc accepts compile against FSMRuntime.
        .testTarget(
            name: "FSMSpecGeneratorTests", dependencies: ["FSMSpecGenerator", "FSMCompiler", "FSMRuntime", "TestSupport"],
            swiftSettings: strict),
        .testTarget(name: "FSMLanguageServerTests", dependencies: ["FSMLanguageServer", "FSMCompiler", "TestSupport"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
