import Foundation

/// Section 5: the build plugin does no needless work. In a scratch package that uses
/// FSMGenerator on three specs, a no-op `swift build` regenerates nothing, and touching or
/// editing one spec regenerates that spec alone.
///
/// The build right after the first one is not judged: SwiftPM (6.3, Linux) links its copy of
/// `fsmc-build` once more then, and a new tool rightly reruns every generation.
enum IncrementalBuildBenchmark {
    struct Step: Codable {
        var name: String
        var seconds: Double
        /// The generated files the build wrote, from SwiftPM's `Generating …` lines.
        var regenerated: [String]
        /// What the build should regenerate; `nil` when the step is not judged.
        var expected: [String]?
        /// Whether SwiftPM linked `fsmc-build`, the tool the plugin runs.
        var linkedTool: Bool
        /// Whether the build compiled Swift (plugins aside).
        var compiledSwift: Bool
        var asExpected: Bool
    }

    struct Report: Codable {
        var steps: [Step]
        var failures: [String]
    }

    static let specNames = ["Door", "Fan", "Lamp"]

    static func run(packageRoot: URL, workDirectory: URL) -> Report {
        guard let swift = Subprocess.find("swift") else {
            return Report(steps: [], failures: ["swift is not on the PATH"])
        }
        let package = workDirectory.appendingPathComponent("IncrementalProbe")
        let sources = package.appendingPathComponent("Sources/Lights")
        var steps: [Step] = []
        var failures: [String] = []
        do {
            try writePackage(at: package, sources: sources, fsmcRoot: packageRoot)
            let door = sources.appendingPathComponent("Door.fsm")
            let plan: [(name: String, expected: [String]?, change: () throws -> Void)] = [
                ("first build", specNames, {}),
                ("second build", nil, {}),
                ("no-op build", [], {}),
                ("touch Door.fsm", ["Door"], {
                    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: door.path)
                }),
                ("edit Door.fsm", ["Door"], {
                    try spec(named: "Door", documentation: "A door, edited.").write(to: door, atomically: true, encoding: .utf8)
                }),
            ]
            for step in plan {
                try step.change()
                let result = try Subprocess.run(swift, ["build"], in: package)
                guard result.status == 0 else {
                    failures.append("\(step.name) failed:\n\(result.output.suffix(3_000))")
                    break
                }
                let regenerated = generatedSpecs(in: result.output)
                let asExpected = step.expected.map { $0 == regenerated } ?? true
                let lines = result.output.split(separator: "\n")
                steps.append(Step(
                    name: step.name, seconds: result.seconds, regenerated: regenerated, expected: step.expected,
                    linkedTool: lines.contains { $0.contains("Linking fsmc-build") },
                    compiledSwift: lines.contains { $0.contains("Compiling ") && !$0.contains("Compiling plugin") },
                    asExpected: asExpected))
                if let expected = step.expected, !asExpected {
                    failures.append("\(step.name) regenerated \(regenerated) instead of \(expected)")
                }
            }
        } catch {
            failures.append("\(error)")
        }
        return Report(steps: steps, failures: failures)
    }

    /// The spec names in SwiftPM's `Generating Door.fsm.swift from Door.fsm` lines, sorted.
    static func generatedSpecs(in buildOutput: String) -> [String] {
        buildOutput.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "Generating ") else { return nil }
            let file = line[range.upperBound...].prefix { $0 != " " }
            guard file.hasSuffix(".fsm.swift") else { return nil }
            return String(file.dropLast(".fsm.swift".count))
        }.sorted()
    }

    private static func writePackage(at package: URL, sources: URL, fsmcRoot: URL) throws {
        try? FileManager.default.removeItem(at: package)
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "IncrementalProbe",
                dependencies: [.package(name: "fsmc", path: \(String(reflecting: fsmcRoot.path)))],
                targets: [
                    .target(
                        name: "Lights",
                        dependencies: [.product(name: "FSMRuntime", package: "fsmc")],
                        plugins: [.plugin(name: "FSMGenerator", package: "fsmc")]),
                ],
                swiftLanguageModes: [.v6]
            )

            """
        try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        for name in specNames {
            try spec(named: name, documentation: "A \(name.lowercased()).")
                .write(to: sources.appendingPathComponent("\(name).fsm"), atomically: true, encoding: .utf8)
        }
        let code = "/// The machines of this target.\npublic let machineNames = [\(specNames.map { "\"\($0)\"" }.joined(separator: ", "))]\n"
        try code.write(to: sources.appendingPathComponent("Lights.swift"), atomically: true, encoding: .utf8)
    }

    private static func spec(named name: String, documentation: String) -> String {
        """
        /// \(documentation)
        machine \(name) {
            event toggle
            initial state idle { on toggle -> running }
            state running { on toggle -> idle }
        }

        """
    }
}
