import FSMCompiler
import Foundation

/// Section 6: what fsmc adds to a clean build of a package that uses it. One small app is built
/// from nothing twice per configuration: with the FSMGenerator plugin turning its spec into Swift
/// (SwiftPM builds the plugin's tool first), and with the Swift fsmc generates for that spec
/// checked in instead, FSMRuntime its only dependency — the same app without the plugin. The
/// difference is what the plugin costs every user's clean build.
///
/// Also: how many lines of Swift the plugin's tool compiles (its targets, from `swift package
/// describe`), and what the whole of fsmc costs in the plugin app once its debug build is done:
/// `swift build --product fsmc` (what `swift run fsmc` builds, the compiler's layers again, as a
/// product) and `swift package fsmc --version` (the FSMCommand plugin, built as a plugin tool).
enum CleanBuildBenchmark {
    /// The most lines of Swift the plugin's tool may compile.
    static let toolLinesTarget = 10_000
    /// The most seconds the plugin may add to a clean build, by configuration.
    static let addedSecondsTarget = ["debug": 10.0, "release": 60.0]

    struct Build: Codable {
        var configuration: String
        var withPluginSeconds: Double
        var withoutPluginSeconds: Double
        /// CPU time of the builds (every compiler process): steadier than wall-clock time on a
        /// busy machine, and what a machine with fewer cores would feel.
        var withPluginCPUSeconds: Double
        var withoutPluginCPUSeconds: Double
        var addedSeconds: Double { withPluginSeconds - withoutPluginSeconds }
        var addedCPUSeconds: Double { withPluginCPUSeconds - withoutPluginCPUSeconds }
        var targetSeconds: Double
        var meetsTarget: Bool { addedSeconds <= targetSeconds }
    }

    struct Report: Codable {
        /// The targets the plugin's tool is built from, and their lines of Swift.
        var toolTargets: [String: Int]
        var toolLines: Int { toolTargets.values.reduce(0, +) }
        var builds: [Build]
        /// `swift build --product fsmc` in the plugin app after its clean debug build.
        var fsmcAfterDebugBuildSeconds: Double?
        /// `swift package fsmc --version` (the FSMCommand plugin, whose tool shares the build
        /// plugin's tool build) in the plugin app after its clean debug build.
        var fsmcPluginAfterDebugBuildSeconds: Double?
        var failures: [String]
    }

    static func run(packageRoot: URL, workDirectory: URL) -> Report {
        var report = Report(toolTargets: [:], builds: [], failures: [])
        guard let swift = Subprocess.find("swift") else {
            report.failures.append("swift is not on the PATH")
            return report
        }
        do {
            report.toolTargets = try toolTargetLines(packageRoot: packageRoot, swift: swift)
            let withPlugin = workDirectory.appendingPathComponent("CleanBuildWithPlugin")
            let withoutPlugin = workDirectory.appendingPathComponent("CleanBuildWithoutPlugin")
            try writePackage(at: withPlugin, fsmcRoot: packageRoot, generated: nil)
            try writePackage(at: withoutPlugin, fsmcRoot: packageRoot, generated: try generatedSwift())
            for configuration in ["debug", "release"] {
                var seconds: [Double] = []
                var cpuSeconds: [Double] = []
                for package in [withPlugin, withoutPlugin] {
                    try? FileManager.default.removeItem(at: package.appendingPathComponent(".build"))
                    let result = try Subprocess.run(swift, ["build", "-c", configuration], in: package)
                    guard result.status == 0 else {
                        report.failures.append("a clean \(configuration) build of \(package.lastPathComponent) failed:\n\(result.output.suffix(3_000))")
                        return report
                    }
                    seconds.append(result.seconds)
                    cpuSeconds.append(result.cpuSeconds)
                }
                report.builds.append(Build(
                    configuration: configuration, withPluginSeconds: seconds[0], withoutPluginSeconds: seconds[1],
                    withPluginCPUSeconds: cpuSeconds[0], withoutPluginCPUSeconds: cpuSeconds[1],
                    targetSeconds: addedSecondsTarget[configuration]!))
                if configuration == "debug" {
                    let fsmc = try Subprocess.run(swift, ["build", "--product", "fsmc"], in: withPlugin)
                    guard fsmc.status == 0 else {
                        report.failures.append("swift build --product fsmc failed:\n\(fsmc.output.suffix(3_000))")
                        return report
                    }
                    report.fsmcAfterDebugBuildSeconds = fsmc.seconds
                    let plugin = try Subprocess.run(
                        swift, ["package", "--allow-writing-to-package-directory", "fsmc", "--version"], in: withPlugin)
                    guard plugin.status == 0, plugin.output.contains("fsmc \(fsmcVersion)") else {
                        report.failures.append("swift package fsmc --version failed:\n\(plugin.output.suffix(3_000))")
                        return report
                    }
                    report.fsmcPluginAfterDebugBuildSeconds = plugin.seconds
                }
            }
        } catch {
            report.failures.append("\(error)")
        }
        return report
    }

    /// The lines of Swift in each target the plugin's tool `fsmc-build` depends on, itself
    /// included, as `swift package describe` lists their sources.
    static func toolTargetLines(packageRoot: URL, swift: URL) throws -> [String: Int] {
        let description = try Subprocess.run(swift, ["package", "describe", "--type", "json"], in: packageRoot)
        guard description.status == 0, let json = description.output.firstIndex(of: "{") else {
            throw BenchmarkFailure(description: "swift package describe failed:\n\(description.output.suffix(2_000))")
        }
        struct Package: Decodable {
            struct Target: Decodable {
                var name: String
                var path: String
                var sources: [String]?
                var target_dependencies: [String]?
            }
            var targets: [Target]
        }
        let package = try JSONDecoder().decode(Package.self, from: Data(description.output[json...].utf8))
        let targets = Dictionary(package.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var lines: [String: Int] = [:]
        var pending = ["fsmc-build"]
        while let name = pending.popLast() {
            guard lines[name] == nil, let target = targets[name] else { continue }
            var count = 0
            for source in target.sources ?? [] {
                let url = packageRoot.appendingPathComponent(target.path).appendingPathComponent(source)
                count += try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            }
            lines[name] = count
            pending += target.target_dependencies ?? []
        }
        return lines
    }

    struct BenchmarkFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The app's spec: a player with guards, actions, a payload, an output and a timer.
    static let spec = """
        /// A video player whose controls answer differently in each state.
        machine Player {
            event play
            event pause
            event stop
            event seek(to: Double)

            output notice(String)

            initial state stopped {
                on play -> playing / startPlayback
                on pause / emit notice("Cannot pause. Player is stopped.")
            }
            state playing {
                entry / showPauseButton
                exit / hidePauseButton
                on pause -> paused
                on stop -> stopped / rewind
                on seek [isSeekable] / jump
            }
            state paused {
                on play [canResume] -> playing
                on play [else] / emit notice("Cannot resume.")
                on stop -> stopped / rewind
                after 5m -> stopped
            }
        }

        """

    /// The app's own code: the player's actions and a run of a few events.
    static let app = """
        import FSMRuntime

        final class PlayerControls: Player.Actions {
            var position = 0.0
            func startPlayback() {}
            func showPauseButton() {}
            func hidePauseButton() {}
            func rewind() { position = 0 }
            func isSeekable(to: Double) -> Bool { to >= 0 }
            func jump(to: Double) { position = to }
            func canResume() -> Bool { true }
        }

        @main
        struct App {
            static func main() {
                let player = Player(actions: PlayerControls(), clock: ManualClock())
                for event: Player.Event in [.play, .seek(to: 12), .pause, .play, .stop] {
                    player.send(event)
                }
                print(player.state)
            }
        }

        """

    /// What the plugin generates for ``spec``, written in process.
    static func generatedSwift() throws -> String {
        let compilation = Compiler.compile(SourceText(spec))
        guard let machine = compilation.executable else {
            throw BenchmarkFailure(description: "the clean-build spec does not compile: \(compilation.diagnostics)")
        }
        return SwiftEmitter.emit(machine, sourceFileName: "Player.fsm")
    }

    /// The app package; with the plugin when `generated` is `nil`, else with that Swift instead.
    private static func writePackage(at package: URL, fsmcRoot: URL, generated: String?) throws {
        try? FileManager.default.removeItem(at: package)
        let sources = package.appendingPathComponent("Sources/PlayerApp")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let plugins = generated == nil ? ",\n            plugins: [.plugin(name: \"FSMGenerator\", package: \"fsmc\")]" : ""
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "\(package.lastPathComponent)",
                dependencies: [.package(name: "fsmc", path: \(String(reflecting: fsmcRoot.path)))],
                targets: [
                    .executableTarget(
                        name: "PlayerApp",
                        dependencies: [.product(name: "FSMRuntime", package: "fsmc")]\(plugins)),
                ],
                swiftLanguageModes: [.v6]
            )

            """
        try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try app.write(to: sources.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        if let generated {
            try generated.write(to: sources.appendingPathComponent("Player.fsm.swift"), atomically: true, encoding: .utf8)
        } else {
            try spec.write(to: sources.appendingPathComponent("Player.fsm"), atomically: true, encoding: .utf8)
        }
    }
}
