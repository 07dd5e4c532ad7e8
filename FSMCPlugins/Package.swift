// swift-tools-version: 6.2
import PackageDescription

/// fsmc's build plugin with its tool prebuilt: the same `FSMGenerator` as the fsmc package's,
/// whose tool `fsmc-build` comes from an artifact bundle instead of being compiled in every
/// clean build of the packages that use it (README, "Prebuilt plugin").
///
/// In the fsmc repository the bundle is the one `Tools/make-artifactbundle.sh` just made, by
/// path; a release of this package (the script's `--release-url`) names it by URL and checksum.
/// A package that uses this plugin takes FSMRuntime from the fsmc package of the same release.
let package = Package(
    name: "FSMCPlugins",
    products: [
        .plugin(name: "PrebuiltFSMGenerator", targets: ["PrebuiltFSMGenerator"]),
    ],
    targets: [
        // The plugin's source is fsmc's own (a link to Plugins/FSMGenerator in this repository).
        .plugin(
            name: "PrebuiltFSMGenerator", capability: .buildTool(), dependencies: ["FSMCBuildBinary"],
            path: "Plugins/FSMGenerator"),
        .binaryTarget(name: "FSMCBuildBinary", path: "fsmc-build.artifactbundle.zip"),
    ]
)
