import Foundation
import PackagePlugin

/// Generates Swift from every `.fsm` file of a target at build time.
///
/// One build command per spec, so that SwiftPM reruns the tool only for a spec that changed.
/// The plugin only wires files; `fsmc-build generate` (fsmc's `generate`, in a tool built from
/// the compiler's core alone) does the work and reports errors at the spec's line and column.
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
    /// One `fsmc-build generate` command per spec, each writing its own file in the work directory.
    func buildCommands(specs: [URL], targetDirectory: URL, tool: URL, workDirectory: URL) -> [Command] {
        specs.sorted { $0.path < $1.path }.map { spec in
            let output = workDirectory.appendingPathComponent(outputName(for: spec, in: targetDirectory))
            return .buildCommand(
                displayName: "Generating \(output.lastPathComponent) from \(spec.lastPathComponent)",
                executable: tool,
                arguments: ["generate", spec.path, "--output-file", output.path],
                inputFiles: [spec, tool],
                outputFiles: [output])
        }
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
