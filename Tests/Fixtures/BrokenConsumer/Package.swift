// swift-tools-version: 6.0
import PackageDescription

// A package whose spec has a typo: its build must fail at the typo's line and column.
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
    ],
    swiftLanguageModes: [.v6]
)
