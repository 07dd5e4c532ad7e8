// swift-tools-version: 6.0
import PackageDescription

// The consumer package's app (its sources are a link to ../Consumer's) with the prebuilt plugin:
// FSMGenerator from the plugins-only package FSMCPlugins, whose tool is the artifact bundle
// Tools/make-artifactbundle.sh made, and FSMRuntime from the fsmc package, as README's
// "Prebuilt plugin" says. A clean build compiles FSMRuntime and the app, and no part of fsmc's
// compiler.
let package = Package(
    name: "PrebuiltConsumer",
    dependencies: [
        .package(name: "fsmc", path: "../../.."),
        .package(name: "FSMCPlugins", path: "../../../FSMCPlugins"),
    ],
    targets: [
        .executableTarget(
            name: "TrafficApp",
            dependencies: [.product(name: "FSMRuntime", package: "fsmc")],
            plugins: [.plugin(name: "PrebuiltFSMGenerator", package: "FSMCPlugins")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
