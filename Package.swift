// swift-tools-version: 6.2
import PackageDescription

/// Warnings are errors in this package's own targets (SwiftPM does not apply this when the
/// package is someone else's dependency).
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "fsmc",
    products: [
        .executable(name: "fsmc", targets: ["fsmc"]),
        .library(name: "FSMCompiler", targets: ["FSMCompiler"]),
        .library(name: "FSMRuntime", targets: ["FSMRuntime"]),
        .plugin(name: "FSMGenerator", targets: ["FSMGenerator"]),
    ],
    targets: [
        // The compiler core: lexer, parser, semantic analysis, emitters. No I/O.
        .target(name: "FSMCompiler", swiftSettings: strict),
        // What generated machines link. Kept dependency-free and small.
        .target(name: "FSMRuntime", swiftSettings: strict),
        // The thin command-line front end.
        .executableTarget(name: "fsmc", dependencies: ["FSMCompiler"], swiftSettings: strict),
        // Turns the .fsm files of a target into Swift at build time.
        .plugin(name: "FSMGenerator", capability: .buildTool(), dependencies: ["fsmc"]),

        // The example machines of the seeds and the Swift that implements their actions.
        .target(
            name: "Machines", dependencies: ["FSMRuntime"], path: "machines",
            swiftSettings: strict, plugins: ["FSMGenerator"]),
        // Runs the seed scenarios against the generated machines.
        .executableTarget(name: "fsm-examples", dependencies: ["Machines", "FSMRuntime"], swiftSettings: strict),

        .testTarget(
            name: "FSMCompilerTests", dependencies: ["FSMCompiler", "fsmc"], exclude: ["Corpus"],
            swiftSettings: strict),
        .testTarget(name: "ReferenceTests", dependencies: ["FSMCompiler"], exclude: ["Expected"], swiftSettings: strict),
        .testTarget(name: "MachinesTests", dependencies: ["Machines", "FSMRuntime"], swiftSettings: strict),
        .testTarget(name: "FSMRuntimeTests", dependencies: ["FSMRuntime"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
