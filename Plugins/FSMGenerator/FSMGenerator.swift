import Foundation
import PackagePlugin

/// Generates Swift from every `.fsm` file of a target at build time.
///
/// Two build commands per spec, so that SwiftPM reruns the tool only for a spec that changed:
/// `fsmc-build interface` writes what the spec's machine shows the machines that invoke it
/// (`Spec.fsm.interface.swift`, Swift comments, rewritten only when they change), and
/// `fsmc-build generate` writes its Swift, reading every other spec's interface file for the
/// child machines it may invoke (`invoke SignIn as signIn`). A change to the body of a spec
/// reruns its own two commands alone; a change to its interface reruns every spec's
/// `generate`, and only the Swift of the specs that invoke it changes (`generate` too writes
/// only what changed). The plugin only wires files; `fsmc-build` (fsmc's commands, in a tool
/// built from the compiler's core alone) does the work and reports errors at the spec's line
/// and column.
@main
struct FSMGenerator: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let specs = module.sourceFiles(withSuffix: "fsm").map(\.url)
        return try buildCommands(
            specs: specs, targetDirectory: module.directoryURL,
            tool: context.tool(named: "fsmc-build").url, workDirectory: context.pluginWorkDirectoryURL)
    }
}

extension FSMGenerator {
    /// Per spec, an `fsmc-build interface` command and an `fsmc-build generate` command, each
    /// writing its own file in the work directory. `generate` keeps its results in the work
    /// directory's `cache` folder, keyed by the spec's text, its siblings' interfaces and the
    /// tool's own bytes: SwiftPM reruns every command whenever it relinks the tool (after `swift
    /// package fsmc …`, or between `swift build` and `swift test`), and an unchanged spec is then
    /// not checked, proved or generated again.
    func buildCommands(specs: [URL], targetDirectory: URL, tool: URL, workDirectory: URL) -> [Command] {
        let sorted = specs.sorted { $0.path < $1.path }
        let cache = workDirectory.appendingPathComponent("cache")
        let interfaces = sorted.map { spec in
            workDirectory.appendingPathComponent("interfaces").appendingPathComponent(interfaceName(for: spec, in: targetDirectory))
        }
        let interfaceCommands = zip(sorted, interfaces).map { spec, interface in
            Command.buildCommand(
                displayName: "Reading the interface of \(spec.lastPathComponent)",
                executable: tool,
                arguments: ["interface", spec.path, "--output", interface.path],
                inputFiles: [spec, tool],
                outputFiles: [interface])
        }
        let generateCommands = sorted.indices.map { index in
            let spec = sorted[index]
            let output = workDirectory.appendingPathComponent(outputName(for: spec, in: targetDirectory))
            let siblings = interfaces.indices.filter { $0 != index }.map { interfaces[$0] }
            return Command.buildCommand(
                displayName: "Generating \(output.lastPathComponent) from \(spec.lastPathComponent)",
                executable: tool,
                arguments: ["generate", spec.path, "--output-file", output.path, "--cache-directory", cache.path]
                    + siblings.flatMap { ["--sibling-interface", $0.path] },
                inputFiles: [spec, tool] + siblings,
                outputFiles: [output])
        }
        return interfaceCommands + generateCommands
    }

    /// The interface file of a spec, `Video.Player.fsm.interface.swift`: Swift comments only,
    /// which the target compiles to nothing. (SwiftPM makes any other kind of output a
    /// resource of the target, which would give every target that uses the plugin a resource
    /// bundle.)
    func interfaceName(for spec: URL, in targetDirectory: URL) -> String {
        String(outputName(for: spec, in: targetDirectory).dropLast(".swift".count)) + ".interface.swift"
    }

    /// A name unique within the target: the spec's path below the target folder, its folders
    /// joined by dots, as in `Player.fsm.swift` or `Video.Player.fsm.swift`. Two specs of the
    /// same name in different folders get different files, and no generated file can take the
    /// name of a hand-written `Player.swift`.
    func outputName(for spec: URL, in targetDirectory: URL) -> String {
        let specComponents = spec.standardizedFileURL.pathComponents
        let targetComponents = targetDirectory.standardizedFileURL.pathComponents
        let relative = specComponents.starts(with: targetComponents)
            ? Array(specComponents.dropFirst(targetComponents.count))
            : [spec.lastPathComponent]
        return relative.joined(separator: ".") + ".swift"
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension FSMGenerator: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let specs = target.inputFiles.filter { $0.url.pathExtension == "fsm" }.map(\.url)
        return buildCommands(
            specs: specs, targetDirectory: context.xcodeProject.directoryURL,
            tool: try context.tool(named: "fsmc-build").url, workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
