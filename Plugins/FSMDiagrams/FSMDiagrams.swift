import Foundation
import PackagePlugin

/// Draws a diagram of every `.fsm` spec of a package with `fsmc graph`:
///
/// ```
/// swift package --allow-writing-to-package-directory generate-fsm-diagrams \
///     [--target <name>]... [--format mermaid|dot|plantuml|svg] [--output <dir>]
/// ```
///
/// The diagram of `Player.fsm` is `Player.mmd` (`.dot`, `.puml`, `.svg`), next to the spec or
/// in the `--output` folder (relative to the package), where two specs of the same name
/// get their target and folders as a prefix: `App.Video.Player.mmd`. All source targets
/// are searched unless `--target` names some. Each spec's diagram is given the other specs
/// of its target (`--sibling`), so a child machine's chart is drawn beside the states that
/// invoke it.
@main
struct FSMDiagrams: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let options = try Options(arguments)
        let targets = options.targetNames.isEmpty
            ? context.package.targets : try context.package.targets(named: options.targetNames)
        let specs = targets.compactMap { $0 as? SourceModuleTarget }.flatMap { target in
            target.sourceFiles(withSuffix: "fsm").map { Spec(url: $0.url, target: target.name, targetDirectory: target.directoryURL) }
        }
        try draw(specs, options: options, tool: context.tool(named: "fsmc").url, root: context.package.directoryURL)
    }
}

extension FSMDiagrams {
    /// The command line of the plugin.
    struct Options {
        /// File extensions by format; `mermaid` is the default.
        static let fileExtensions = ["mermaid": "mmd", "dot": "dot", "plantuml": "puml", "svg": "svg"]

        var targetNames: [String]
        var format: String
        var output: String?

        init(_ arguments: [String]) throws {
            var extractor = ArgumentExtractor(arguments)
            targetNames = extractor.extractOption(named: "target")
            format = extractor.extractOption(named: "format").last ?? "mermaid"
            output = extractor.extractOption(named: "output").last
            guard extractor.remainingArguments.isEmpty else {
                throw Failure("unexpected arguments \(extractor.remainingArguments); use [--target <name>]... [--format mermaid|dot|plantuml|svg] [--output <dir>]")
            }
            guard Self.fileExtensions[format] != nil else {
                throw Failure("unknown format '\(format)'; use mermaid, dot, plantuml or svg")
            }
        }

        var fileExtension: String { Self.fileExtensions[format]! }
    }

    /// A spec and the target it belongs to.
    struct Spec {
        var url: URL
        var target: String
        var targetDirectory: URL

        /// `App.Video.Player`: the target and the spec's folders within it, for telling
        /// specs of the same name apart.
        var qualifiedName: String {
            let spec = url.deletingPathExtension().standardizedFileURL.pathComponents
            let folder = targetDirectory.standardizedFileURL.pathComponents
            let relative = spec.starts(with: folder) ? Array(spec.dropFirst(folder.count)) : [spec.last!]
            return ([target] + relative).joined(separator: ".")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Runs `fsmc graph` for each spec; `fsmc` prints a spec's errors as `fsmc check` does.
    func draw(_ specs: [Spec], options: Options, tool: URL, root: URL) throws {
        let specs = specs.sorted { $0.url.path < $1.url.path }
        guard !specs.isEmpty else {
            print("No .fsm specs found\(options.targetNames.isEmpty ? "" : " in \(options.targetNames.joined(separator: ", "))").")
            return
        }
        let destinations = try destinations(of: specs, options: options, root: root)
        var failures: [String] = []
        for (spec, destination) in zip(specs, destinations) {
            let process = Process()
            process.executableURL = tool
            // The target's other specs: the machines a spec may invoke as children, whose
            // charts its diagram draws beside its own.
            let siblings = specs.filter { $0.target == spec.target && $0.url != spec.url }.flatMap { ["--sibling", $0.url.path] }
            process.arguments = ["graph", spec.url.path, "--format", options.format] + siblings + ["--output", destination.path]
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus == 0 {
                print("Drew \(relativePath(of: destination, in: root))")
            } else {
                failures.append(relativePath(of: spec.url, in: root))
            }
        }
        if !failures.isEmpty {
            throw Failure("fsmc graph failed for \(failures.joined(separator: ", "))")
        }
    }

    /// Where each spec's diagram goes: next to it, or into the output folder (created when
    /// missing) under its own name, qualified where names would collide.
    private func destinations(of specs: [Spec], options: Options, root: URL) throws -> [URL] {
        guard let output = options.output else {
            return specs.map { $0.url.deletingPathExtension().appendingPathExtension(options.fileExtension) }
        }
        let folder = output.hasPrefix("/") ? URL(fileURLWithPath: output) : root.appendingPathComponent(output)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let names = specs.map { $0.url.deletingPathExtension().lastPathComponent }
        return zip(specs, names).map { spec, name in
            let unique = names.count { $0 == name } == 1
            return folder.appendingPathComponent((unique ? name : spec.qualifiedName) + "." + options.fileExtension)
        }
    }

    private func relativePath(of url: URL, in root: URL) -> String {
        let path = url.standardizedFileURL.path
        let rootPath = root.standardizedFileURL.path + "/"
        return path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension FSMDiagrams: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let options = try Options(arguments)
        let targets = context.xcodeProject.targets.filter { options.targetNames.isEmpty || options.targetNames.contains($0.displayName) }
        let root = context.xcodeProject.directoryURL
        let specs = targets.flatMap { target in
            target.inputFiles.filter { $0.url.pathExtension == "fsm" }.map { Spec(url: $0.url, target: target.displayName, targetDirectory: root) }
        }
        try draw(specs, options: options, tool: context.tool(named: "fsmc").url, root: root)
    }
}
#endif
