// swift-tools-version: 6.0
import PackageDescription

// Broken specs, one per target, built one target at a time:
// - Broken: a typo in a target state; fsmc fails the build at the typo's line and column.
// - Typos: a typo in a payload type and an action left unimplemented; the Swift compiler
//   reports both at the spec's lines and columns, through the generated #sourceLocation.
// - Unsafe: a property the chart breaks; fsmc fails the build at the `assert`, with the
//   shortest run that breaks it as notes.
let package = Package(
    name: "BrokenConsumer",
    dependencies: [
        .package(name: "fsmc", path: "../../.."),
    ],
    targets: [
        .executableTarget(
            name: "Broken",
            dependencies: [.product(name: "FSMRuntime", package: "fsmc")],
            plugins: [.plugin(name: "FSMGenerator", package: "fsmc")]
        ),
        .executableTarget(
            name: "Typos",
            dependencies: [.product(name: "FSMRuntime", package: "fsmc")],
            plugins: [.plugin(name: "FSMGenerator", package: "fsmc")]
        ),
        .executableTarget(
            name: "Unsafe",
            dependencies: [.product(name: "FSMRuntime", package: "fsmc")],
            plugins: [.plugin(name: "FSMGenerator", package: "fsmc")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
