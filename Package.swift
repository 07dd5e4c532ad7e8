// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "fsmc",
    products: [
        .executable(name: "fsmc", targets: ["fsmc"]),
        .library(name: "FSMCompiler", targets: ["FSMCompiler"]),
        .library(name: "FSMRuntime", targets: ["FSMRuntime"]),
    ],
    targets: [
        // The compiler core: lexer, parser, semantic analysis, emitters. No I/O.
        .target(name: "FSMCompiler"),
        // What generated machines link. Kept dependency-free and small.
        .target(name: "FSMRuntime"),
        // The thin command-line front end.
        .executableTarget(name: "fsmc", dependencies: ["FSMCompiler"]),
        .testTarget(name: "FSMCompilerTests", dependencies: ["FSMCompiler", "fsmc"]),
    ],
    swiftLanguageModes: [.v6]
)
