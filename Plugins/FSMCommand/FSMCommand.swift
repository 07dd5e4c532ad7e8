import Foundation
import PackagePlugin

/// Runs any `fsmc` command in a package that uses fsmc:
///
/// ```
/// swift package --allow-writing-to-package-directory fsmc graph Sources/App/Player.fsm --format mermaid
/// swift package --allow-writing-to-package-directory fsmc check Sources/App
/// ```
///
/// SwiftPM builds the tool as a plugin tool, as it builds the build plugin's `fsmc-build`, not as
/// the `fsmc` product `swift run fsmc` builds (fsm-bench's clean-build section times both). The
/// arguments go to `fsmc` as they are, run in the package's folder, so relative paths are the
/// package's. The permission to write is asked for every command:
/// `generate`, `format` and `--output` write files, and a plugin cannot ask for it per command.
@main
struct FSMCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try run(context.tool(named: "fsmc").url, arguments, in: context.package.directoryURL)
    }
}

extension FSMCommand {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `fsmc` with the arguments; it prints its own output and diagnostics.
    func run(_ tool: URL, _ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "fsmc \(arguments.first ?? "") exited with status \(process.terminationStatus)")
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension FSMCommand: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try run(context.tool(named: "fsmc").url, arguments, in: context.xcodeProject.directoryURL)
    }
}
#endif
