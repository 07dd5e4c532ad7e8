import FSMCompiler
import Foundation

/// Section 6: what fsmc adds to a clean build of a package that uses it. One small app is built
/// from nothing with each plugin turning its spec into Swift, and with the Swift fsmc generates
/// for that spec checked in instead, FSMRuntime its only dependency — the same app without a
/// plugin. The difference is what the plugin costs every user's clean build:
///
/// - the **source** plugin, fsmc's `FSMGenerator`, compiles its tool `fsmc-build` (the compiler's
///   core and Swift back end) in the clean build, in the build's configuration;
/// - the **prebuilt** plugin, FSMCPlugins' `PrebuiltFSMGenerator`, runs the tool of the artifact
///   bundle `Tools/make-artifactbundle.sh` made (README, "Prebuilt plugin"): it must add at most
///   ``prebuiltAddedSecondsTarget`` to a clean build, debug or release.
///
/// Each build is repeated and its fastest run kept: on a machine other builds share, the
/// fastest of a few is the build's own cost, and a slower one is someone else's.
///
/// Also: how many lines of Swift the source plugin's tool compiles (its targets, from `swift
/// package describe`), and what the whole of fsmc costs in the source plugin's app once its
/// debug build is done: `swift build --product fsmc` (what `swift run fsmc` builds, the
/// compiler's layers again, as a product) and `swift package fsmc --version` (the FSMCommand
/// plugin, built as a plugin tool).
enum CleanBuildBenchmark {
    /// Which plugin an app uses.
    enum Plugin: String, Codable, CaseIterable {
        /// fsmc's `FSMGenerator`, whose tool a clean build compiles.
        case source
        /// FSMCPlugins' `PrebuiltFSMGenerator`, whose tool comes from the artifact bundle.
        case prebuilt
    }

    /// The most seconds the prebuilt plugin may add to a clean build, debug or release (issue 39).
    static let prebuiltAddedSecondsTarget = 3.0
    /// What the source plugin added to clean builds when the prebuilt one came (2026-11-27, a quiet
    /// machine; docs/Performance.md): a source plugin that costs more is a regression to explain.
    static let sourceAddedSecondsRecorded = ["debug": 20.2, "release": 108.9]

    struct Build: Codable {
        var plugin: Plugin
        var configuration: String
        /// The fastest of the repeated builds, with the plugin and with the Swift checked in.
        var withPluginSeconds: Double
        var withoutPluginSeconds: Double
        /// CPU time of those builds (every compiler process): steadier than wall-clock time on a
        /// busy machine, and what a machine with fewer cores would feel.
        var withPluginCPUSeconds: Double
        var withoutPluginCPUSeconds: Double
        var repetitions: Int
        var addedSeconds: Double { withPluginSeconds - withoutPluginSeconds }
        var addedCPUSeconds: Double { withPluginCPUSeconds - withoutPluginCPUSeconds }
        /// The prebuilt plugin's target, or the source plugin's recorded figure.
        var boundSeconds: Double
        var withinBound: Bool { addedSeconds <= boundSeconds }
    }

    struct Report: Codable {
        /// The targets the source plugin's tool is built from, and their lines of Swift.
        var toolTargets: [String: Int]
        var toolLines: Int { toolTargets.values.reduce(0, +) }
        var builds: [Build]
        /// `swift build --product fsmc` in the source plugin's app after its clean debug build.
        var fsmcAfterDebugBuildSeconds: Double?
        /// `swift package fsmc --version` (the FSMCommand plugin, whose tool shares the build
        /// plugin's tool build) in the source plugin's app after its clean debug build.
        var fsmcPluginAfterDebugBuildSeconds: Double?
        var failures: [String]
    }

    /// Builds the app clean with each of `plugins` and with the Swift checked in, `repetitions`
    /// times each, in debug and in release. A prebuilt plugin over its target is a failure, not
    /// a missed target: CI gates on it.
    static func run(packageRoot: URL, workDirectory: URL, plugins: [Plugin], repetitions: Int) -> Report {
        var report = Report(toolTargets: [:], builds: [], failures: [])
        guard let swift = Subprocess.find("swift") else {
            report.failures.append("swift is not on the PATH")
            return report
        }
        do {
            if plugins.contains(.source) {
                report.toolTargets = try toolTargetLines(packageRoot: packageRoot, swift: swift)
            }
            if plugins.contains(.prebuilt) {
                let bundle = packageRoot.appendingPathComponent("FSMCPlugins/fsmc-build.artifactbundle.zip")
                guard FileManager.default.fileExists(atPath: bundle.path) else {
                    report.failures.append("no prebuilt tool at \(bundle.path): run Tools/make-artifactbundle.sh first")
                    return report
                }
            }
            let checkedIn = workDirectory.appendingPathComponent("CleanBuildCheckedIn")
            try writePackage(at: checkedIn, fsmcRoot: packageRoot, app: .checkedIn(try generatedSwift()))
            for configuration in ["debug", "release"] {
                for plugin in plugins {
                    let app = workDirectory.appendingPathComponent("CleanBuildWith\(plugin.rawValue.capitalized)Plugin")
                    try writePackage(at: app, fsmcRoot: packageRoot, app: .plugin(plugin))
                    var with: [Subprocess.Result] = []
                    var without: [Subprocess.Result] = []
                    for _ in 0..<repetitions {
                        for package in [app, checkedIn] {
                            try? FileManager.default.removeItem(at: package.appendingPathComponent(".build"))
                            let result = try Subprocess.run(swift, ["build", "-c", configuration], in: package)
                            guard result.status == 0 else {
                                report.failures.append("a clean \(configuration) build of \(package.lastPathComponent) failed:\n\(result.output.suffix(3_000))")
                                return report
                            }
                            if package == app { with.append(result) } else { without.append(result) }
                        }
                    }
                    let build = Build(
                        plugin: plugin, configuration: configuration,
                        withPluginSeconds: with.map(\.seconds).min()!, withoutPluginSeconds: without.map(\.seconds).min()!,
                        withPluginCPUSeconds: with.map(\.cpuSeconds).min()!, withoutPluginCPUSeconds: without.map(\.cpuSeconds).min()!,
                        repetitions: repetitions,
                        boundSeconds: plugin == .prebuilt ? prebuiltAddedSecondsTarget : sourceAddedSecondsRecorded[configuration]!)
                    report.builds.append(build)
                    if plugin == .prebuilt, !build.withinBound {
                        report.failures.append(
                            "the prebuilt plugin adds \(format(build.addedSeconds, digits: 1)) s to a clean \(configuration) build (target ≤ \(format(prebuiltAddedSecondsTarget, digits: 0)) s)")
                    }
                    if plugin == .source, configuration == "debug" {
                        try measureWholeFsmc(in: app, swift: swift, into: &report)
                    }
                }
            }
        } catch {
            report.failures.append("\(error)")
        }
        return report
    }

    /// What the whole of fsmc costs once the source plugin's app has built in debug.
    private static func measureWholeFsmc(in app: URL, swift: URL, into report: inout Report) throws {
        let fsmc = try Subprocess.run(swift, ["build", "--product", "fsmc"], in: app)
        guard fsmc.status == 0 else {
            report.failures.append("swift build --product fsmc failed:\n\(fsmc.output.suffix(3_000))")
            return
        }
        report.fsmcAfterDebugBuildSeconds = fsmc.seconds
        let plugin = try Subprocess.run(swift, ["package", "--allow-writing-to-package-directory", "fsmc", "--version"], in: app)
        guard plugin.status == 0, plugin.output.contains("fsmc \(fsmcVersion)") else {
            report.failures.append("swift package fsmc --version failed:\n\(plugin.output.suffix(3_000))")
            return
        }
        report.fsmcPluginAfterDebugBuildSeconds = plugin.seconds
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

    /// How the app gets its machine's Swift.
    private enum AppSource {
        /// The spec, turned into Swift by a plugin at build time.
        case plugin(Plugin)
        /// The Swift fsmc generates for the spec, checked in.
        case checkedIn(String)
    }

    /// The app package: FSMRuntime from fsmc and, for the prebuilt plugin, FSMCPlugins beside it.
    private static func writePackage(at package: URL, fsmcRoot: URL, app source: AppSource) throws {
        try? FileManager.default.removeItem(at: package)
        let sources = package.appendingPathComponent("Sources/PlayerApp")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        var dependencies = [".package(name: \"fsmc\", path: \(String(reflecting: fsmcRoot.path)))"]
        var plugins = ""
        switch source {
        case .plugin(.source):
            plugins = ",\n            plugins: [.plugin(name: \"FSMGenerator\", package: \"fsmc\")]"
        case .plugin(.prebuilt):
            let plugin = fsmcRoot.appendingPathComponent("FSMCPlugins")
            dependencies.append(".package(name: \"FSMCPlugins\", path: \(String(reflecting: plugin.path)))")
            plugins = ",\n            plugins: [.plugin(name: \"PrebuiltFSMGenerator\", package: \"FSMCPlugins\")]"
        case .checkedIn:
            break
        }
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "\(package.lastPathComponent)",
                dependencies: [\(dependencies.joined(separator: ", "))],
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
        switch source {
        case .checkedIn(let generated):
            try generated.write(to: sources.appendingPathComponent("Player.fsm.swift"), atomically: true, encoding: .utf8)
        case .plugin:
            try spec.write(to: sources.appendingPathComponent("Player.fsm"), atomically: true, encoding: .utf8)
        }
    }
}
