import Foundation

/// Section 5: the build plugin does no needless work. In a scratch package that uses
/// FSMGenerator on six specs, two of them a parent (`App`) and the child it invokes
/// (`SignIn`), and one (`Grid`) whose proof takes seconds, a no-op `swift build` regenerates
/// nothing, and touching or editing one spec regenerates that spec alone. A change to the body
/// of the child reruns its own commands alone; a change to its interface (an output) reruns
/// every spec's `generate` (each lists every other spec's interface file), and only the child's
/// and its parent's Swift is written, so only they are compiled again.
///
/// SwiftPM reruns every `generate` whenever it relinks `fsmc-build`: in the build after the
/// first, after `swift package fsmc …`, and when switching between `swift build` and `swift
/// test`. Those reruns must check nothing: `generate` takes the result it kept in the plugin's
/// work directory (its cache), which `FSMC_BUILD_LOG` tells (`checked` or `reused` per spec).
enum IncrementalBuildBenchmark {
    struct Step: Codable {
        var name: String
        /// The SwiftPM command timed: `swift build`, `swift test`, …
        var command: String
        var seconds: Double
        /// The specs whose `generate` ran, from SwiftPM's `Generating …` lines.
        var regenerated: [String]
        /// What the build should regenerate; `nil` when SwiftPM's choice is not judged (it
        /// reruns every command after it relinked the tool).
        var expected: [String]?
        /// The specs `generate` checked, proved and generated, from `FSMC_BUILD_LOG`; the
        /// others it ran for took their kept result.
        var checked: [String]
        /// What the build should check.
        var expectedChecked: [String]
        /// The specs whose generated Swift the build wrote (its modification date moved).
        var written: [String]
        /// What the build should write.
        var expectedWritten: [String]
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

    static let specNames = ["App", "Door", "Fan", "Grid", "Lamp", "SignIn"]
    /// What `Grid`'s proof warns, which every build that runs its `generate` prints, whether it
    /// checked the spec or reused its result.
    static let gridWarning = "could not be decided: the search spent its budget"

    /// One step: a change, then a SwiftPM command and what it must do.
    private struct Plan {
        var name: String
        var command: [String] = ["build"]
        var regenerated: [String]?
        var checked: [String]
        var written: [String]
        var change: () throws -> Void = {}
    }

    static func run(packageRoot: URL, workDirectory: URL) -> Report {
        guard let swift = Subprocess.find("swift") else {
            return Report(steps: [], failures: ["swift is not on the PATH"])
        }
        let package = workDirectory.appendingPathComponent("IncrementalProbe")
        let sources = package.appendingPathComponent("Sources/Lights")
        let log = package.appendingPathComponent("fsmc-build.log")
        var environment = ProcessInfo.processInfo.environment
        environment["FSMC_BUILD_LOG"] = log.path
        var steps: [Step] = []
        var failures: [String] = []
        do {
            try writePackage(at: package, sources: sources, fsmcRoot: packageRoot)
            let door = sources.appendingPathComponent("Door.fsm")
            let signIn = sources.appendingPathComponent("SignIn.fsm")
            let all = specNames
            let plan: [Plan] = [
                Plan(name: "first build", regenerated: all, checked: all, written: all),
                // SwiftPM links its copy of fsmc-build once more: every command reruns.
                Plan(name: "second build", checked: [], written: []),
                Plan(name: "no-op build", regenerated: [], checked: [], written: []),
                Plan(name: "touch Door.fsm", regenerated: ["Door"], checked: [], written: []) {
                    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: door.path)
                },
                Plan(name: "edit Door.fsm", regenerated: ["Door"], checked: ["Door"], written: ["Door"]) {
                    try spec(named: "Door", documentation: "A door, edited.").write(to: door, atomically: true, encoding: .utf8)
                },
                Plan(name: "edit SignIn.fsm's body", regenerated: ["SignIn"], checked: ["SignIn"], written: ["SignIn"]) {
                    try childSpec(documentation: "Signs a user in, edited.", payload: "")
                        .write(to: signIn, atomically: true, encoding: .utf8)
                },
                Plan(name: "give SignIn's output a payload", regenerated: all, checked: all, written: ["App", "SignIn"]) {
                    try childSpec(documentation: "Signs a user in, edited.", payload: "(user: String)")
                        .write(to: signIn, atomically: true, encoding: .utf8)
                },
                Plan(name: "after swift package fsmc --version", checked: [], written: []) {
                    // Builds fsmc as a plugin tool, which relinks fsmc-build for the next build.
                    let result = try Subprocess.run(
                        swift, ["package", "--allow-writing-to-package-directory", "fsmc", "--version"], in: package,
                        environment: environment)
                    guard result.status == 0 else {
                        throw StepFailure(description: "swift package fsmc --version failed:\n\(result.output.suffix(3_000))")
                    }
                },
                Plan(name: "swift build --build-tests after swift build", command: ["build", "--build-tests"], checked: [], written: []),
                Plan(name: "swift test after swift build", command: ["test"], checked: [], written: []) {
                    _ = try Subprocess.run(swift, ["build"], in: package, environment: environment)
                },
                Plan(name: "swift build after swift test", checked: [], written: []),
                Plan(name: "swift test after swift build, again", command: ["test"], checked: [], written: []),
            ]
            for step in plan {
                try step.change()
                let before = generatedFileDates(in: package)
                try? FileManager.default.removeItem(at: log)
                // File dates have a resolution of a second or worse on some file systems: a
                // file written within the second of the build before would look unwritten.
                Thread.sleep(forTimeInterval: 1.1)
                let result = try Subprocess.run(swift, step.command, in: package, environment: environment)
                guard result.status == 0 else {
                    failures.append("\(step.name) failed:\n\(result.output.suffix(3_000))")
                    break
                }
                let regenerated = generatedSpecs(in: result.output)
                let checked = checkedSpecs(inLog: log)
                let after = generatedFileDates(in: package)
                let written = after.keys.filter { after[$0] != before[$0] }.sorted()
                let asExpected = (step.regenerated.map { $0 == regenerated } ?? true) && step.checked == checked
                    && step.written == written
                let lines = result.output.split(separator: "\n")
                steps.append(Step(
                    name: step.name, command: "swift " + step.command.joined(separator: " "), seconds: result.seconds,
                    regenerated: regenerated, expected: step.regenerated, checked: checked, expectedChecked: step.checked,
                    written: written, expectedWritten: step.written, compiledFiles: compiledFiles(in: result.output),
                    linkedTool: lines.contains { $0.contains("Linking fsmc-build") },
                    compiledSwift: lines.contains { $0.contains("Compiling ") && !$0.contains("Compiling plugin") },
                    asExpected: asExpected))
                if let expected = step.regenerated, expected != regenerated {
                    failures.append("\(step.name) regenerated \(regenerated) instead of \(expected)")
                }
                if step.checked != checked {
                    failures.append("\(step.name) checked \(checked) instead of \(step.checked)")
                }
                if step.written != written {
                    failures.append("\(step.name) wrote the Swift of \(written) instead of \(step.written)")
                }
                if regenerated.contains("Grid"), !result.output.contains(gridWarning) {
                    failures.append("\(step.name) ran Grid's generate but did not print its warning")
                }
            }
        } catch {
            failures.append("\(error)")
        }
        return Report(steps: steps, failures: failures)
    }

    private struct StepFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The specs `generate` checked rather than reused, from the `FSMC_BUILD_LOG` lines
    /// `checked /path/Door.fsm`, sorted (none when the file is missing: no `generate` ran).
    static func checkedSpecs(inLog log: URL) -> [String] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("checked "), line.hasSuffix(".fsm") else { return nil }
            return String(line.split(separator: "/").last!.dropLast(".fsm".count))
        }.sorted()
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
                    .testTarget(name: "LightsTests", dependencies: ["Lights"]),
                ],
                swiftLanguageModes: [.v6]
            )

            """
        try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try childSpec(documentation: "Signs a user in.", payload: "")
            .write(to: sources.appendingPathComponent("SignIn.fsm"), atomically: true, encoding: .utf8)
        try parentSpec.write(to: sources.appendingPathComponent("App.fsm"), atomically: true, encoding: .utf8)
        try gridSpec.write(to: sources.appendingPathComponent("Grid.fsm"), atomically: true, encoding: .utf8)
        for name in specNames where !["App", "Grid", "SignIn"].contains(name) {
            try spec(named: name, documentation: "A \(name.lowercased()).")
                .write(to: sources.appendingPathComponent("\(name).fsm"), atomically: true, encoding: .utf8)
        }
        let code = "/// The machines of this target.\npublic let machineNames = [\(specNames.map { "\"\($0)\"" }.joined(separator: ", "))]\n"
        try code.write(to: sources.appendingPathComponent("Lights.swift"), atomically: true, encoding: .utf8)
        let tests = package.appendingPathComponent("Tests/LightsTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        let test = """
            import Lights
            import Testing

            @Test func everyMachineIsNamed() {
                #expect(machineNames.count == \(specNames.count))
            }

            """
        try test.write(to: tests.appendingPathComponent("LightsTests.swift"), atomically: true, encoding: .utf8)
    }

    /// Six regions of ten states stepped by their own events, and a property that needs the
    /// whole product of a million situations: the checker spends its work budget on it (about 7
    /// s in a debug build, 1 s in a release build) and warns that it is undecided. A build that
    /// checks it again pays that; one that reuses its result does not, and prints the warning
    /// all the same.
    private static var gridSpec: String {
        let regions = 0..<6
        let events = regions.map { "    event step\($0)" }.joined(separator: "\n")
        let states = regions.map { region in
            let states = (0..<10).map { index in
                "            \(index == 0 ? "initial " : "")state r\(region)s\(index) { on step\(region) -> r\(region)s\((index + 1) % 10) }"
            }.joined(separator: "\n")
            return "        state region\(region) {\n\(states)\n        }"
        }.joined(separator: "\n")
        return """
            /// A grid whose proof takes seconds.
            machine Grid {
            \(events)
                initial parallel state grid {
            \(states)
                }
                assert always reachable \(regions.map { "in(r\($0)s0)" }.joined(separator: " && "))
            }

            """
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
