// swift-tools-version: 6.0
import PackageDescription

// A package that uses fsmc the way the README says: one dependency, one plugin line, and
// nothing in the target but .fsm specs and the code that uses them.
let package = Package(
    name: "Consumer",
    // FSMRuntime's minimum, below Observation's: `WalkSign.fsm` is used behind `if #available`.
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "fsmc", path: "../../.."),
    ],
    targets: [
        .executableTarget(
            name: "TrafficApp",
            dependencies: [.product(name: "FSMRuntime", package: "fsmc")],
            plugins: [.plugin(name: "FSMGenerator", package: "fsmc")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
