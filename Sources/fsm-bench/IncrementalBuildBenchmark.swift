import Foundation

/// Section 5: the build plugin does no needless work. In a scratch package that uses
/// FSMGenerator on five specs, two of them a parent (`App`) and the child it invokes
/// (`SignIn`), a no-op `swift build` regenerates nothing, and touching or editing one spec
/// regenerates that spec alone. A change to the body of the child reruns its own commands
/// alone; a change to its interface (an output) reruns every spec's `generate` (each lists
/// every other spec's interface file), and only the child's and its parent's Swift is written,
/// so only they are compiled again.
///
/// The build right after the first one is not judged: SwiftPM (6.3, Linux) links its copy of
/// `fsmc-build` once more then, and a new tool rightly reruns every generation.
enum IncrementalBuildBenchmark {
    struct Step: Codable {
        var name: String
        var seconds: Double
        /// The specs whose `generate` ran, from SwiftPM's `Generating …` lines.
        var regenerated: [String]
        /// What the build should regenerate; `nil` when the step is not judged.
        var expected: [String]?
        /// The specs whose generated Swift the build wrote (its modification date moved).
        var written: [String]
        /// What the build should write; `nil` when the step is not judged.
        var expectedWritten: [String]?
        /// The Swift files SwiftPM's `Compiling …` lines name.
        var compiledFiles: [String]
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

    static let specNames = ["App", "Door", "Fan", "Lamp", "SignIn"]

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
            let signIn = sources.appendingPathComponent("SignIn.fsm")
            let plan: [(name: String, expected: [String]?, written: [String]?, change: () throws -> Void)] = [
                ("first build", specNames, specNames, {}),
                ("second build", nil, nil, {}),
                ("no-op build", [], [], {}),
                ("touch Door.fsm", ["Door"], [], {
                    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: door.path)
                }),
                ("edit Door.fsm", ["Door"], ["Door"], {
                    try spec(named: "Door", documentation: "A door, edited.").write(to: door, atomically: true, encoding: .utf8)
                }),
                ("edit SignIn.fsm's body", ["SignIn"], ["SignIn"], {
                    try childSpec(documentation: "Signs a user in, edited.", payload: "")
                        .write(to: signIn, atomically: true, encoding: .utf8)
                }),
                ("give SignIn's output a payload", specNames, ["App", "SignIn"], {
                    try childSpec(documentation: "Signs a user in, edited.", payload: "(user: String)")
                        .write(to: signIn, atomically: true, encoding: .utf8)
                }),
            ]
            for step in plan {
                try step.change()
                let before = generatedFileDates(in: package)
                // File dates have a resolution of a second or worse on some file systems: a
                // file written within the second of the build before would look unwritten.
                Thread.sleep(forTimeInterval: 1.1)
                let result = try Subprocess.run(swift, ["build"], in: package)
                guard result.status == 0 else {
                    failures.append("\(step.name) failed:\n\(result.output.suffix(3_000))")
                    break
                }
                let regenerated = generatedSpecs(in: result.output)
                let after = generatedFileDates(in: package)
                let written = after.keys.filter { after[$0] != before[$0] }.sorted()
                let asExpected = (step.expected.map { $0 == regenerated } ?? true) && (step.written.map { $0 == written } ?? true)
                let lines = result.output.split(separator: "\n")
                steps.append(Step(
                    name: step.name, seconds: result.seconds, regenerated: regenerated, expected: step.expected,
                    written: written, expectedWritten: step.written, compiledFiles: compiledFiles(in: result.output),
                    linkedTool: lines.contains { $0.contains("Linking fsmc-build") },
                    compiledSwift: lines.contains { $0.contains("Compiling ") && !$0.contains("Compiling plugin") },
                    asExpected: asExpected))
                if let expected = step.expected, expected != regenerated {
                    failures.append("\(step.name) regenerated \(regenerated) instead of \(expected)")
                }
                if let expected = step.written, expected != written {
                    failures.append("\(step.name) wrote the Swift of \(written) instead of \(expected)")
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

    /// The Swift files named in SwiftPM's `Compiling Lights A.swift, B.swift` lines, sorted.
    static func compiledFiles(in buildOutput: String) -> [String] {
        let lines = buildOutput.split(separator: "\n").filter { $0.contains("Compiling Lights ") }
        let files = lines.flatMap { line in
            line.split(whereSeparator: { $0 == " " || $0 == "," }).filter { $0.hasSuffix(".swift") }.map(String.init)
        }
        return Set(files).sorted()
    }

    /// The modification date of each generated Swift file (by spec name) under the package's
    /// plugin outputs, wherever this SwiftPM puts them.
    static func generatedFileDates(in package: URL) -> [String: Date] {
        let outputs = package.appendingPathComponent(".build")
        guard let enumerator = FileManager.default.enumerator(
            at: outputs, includingPropertiesForKeys: [.contentModificationDateKey]) else { return [:] }
        var dates: [String: Date] = [:]
        for case let url as URL in enumerator where url.lastPathComponent.hasSuffix(".fsm.swift") && url.path.contains("/plugins/outputs/") {
            let name = String(url.lastPathComponent.dropLast(".fsm.swift".count))
            dates[name] = try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
        }
        return dates
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
        try childSpec(documentation: "Signs a user in.", payload: "")
            .write(to: sources.appendingPathComponent("SignIn.fsm"), atomically: true, encoding: .utf8)
        try parentSpec.write(to: sources.appendingPathComponent("App.fsm"), atomically: true, encoding: .utf8)
        for name in specNames where name != "SignIn" && name != "App" {
            try spec(named: name, documentation: "A \(name.lowercased()).")
                .write(to: sources.appendingPathComponent("\(name).fsm"), atomically: true, encoding: .utf8)
        }
        let code = "/// The machines of this target.\npublic let machineNames = [\(specNames.map { "\"\($0)\"" }.joined(separator: ", "))]\n"
        try code.write(to: sources.appendingPathComponent("Lights.swift"), atomically: true, encoding: .utf8)
    }

    /// The child: `payload` is its output's, the interface the step changes.
    private static func childSpec(documentation: String, payload: String) -> String {
        """
        /// \(documentation)
        machine SignIn {
            event submit
            output signedIn\(payload)
            initial state form { on submit -> finished / emit signedIn\(payload.isEmpty ? "" : "(user: \"ann\")") }
            final state finished
        }

        """
    }

    /// The parent, invoking `SignIn`.
    private static let parentSpec = """
        /// An app that signs its user in first.
        machine App {
            event logOut
            initial state onboarding {
                invoke SignIn as signIn
                on signIn.signedIn -> home
            }
            state home { on logOut -> onboarding }
        }

        """

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
