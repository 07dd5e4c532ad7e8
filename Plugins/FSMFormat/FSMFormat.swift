import Foundation
import PackagePlugin

/// Lays out every `.fsm` spec of a package with `fsmc format`:
///
/// ```
/// swift package --allow-writing-to-package-directory format-fsm [--target <name>]... [--check]
/// ```
///
/// All source targets are searched unless `--target` names some. `--check` changes nothing
/// and fails when a spec is not in the canonical layout, listing it.
@main
struct FSMFormat: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let check = extractor.extractFlag(named: "check") > 0
        guard extractor.remainingArguments.isEmpty else {
            throw Failure("unexpected arguments \(extractor.remainingArguments); use [--target <name>]... [--check]")
        }
        let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
        let specs = targets.compactMap { $0 as? SourceModuleTarget }.flatMap { $0.sourceFiles(withSuffix: "fsm").map(\.url) }
        try format(specs, check: check, tool: context.tool(named: "fsmc").url)
    }
}

extension FSMFormat {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Runs `fsmc format` once over every spec; it prints what it did, and a spec's syntax
    /// errors as `fsmc check` does.
    func format(_ specs: [URL], check: Bool, tool: URL) throws {
        guard !specs.isEmpty else {
            print("No .fsm specs found.")
            return
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = ["format"] + (check ? ["--check"] : []) + specs.map(\.path).sorted()
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(check ? "some specs are not in fsmc's layout (listed above)" : "fsmc format failed")
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension FSMFormat: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let check = extractor.extractFlag(named: "check") > 0
        let targets = context.xcodeProject.targets.filter { targetNames.isEmpty || targetNames.contains($0.displayName) }
        let specs = targets.flatMap { target in target.inputFiles.filter { $0.url.pathExtension == "fsm" }.map(\.url) }
        try format(specs, check: check, tool: context.tool(named: "fsmc").url)
    }
}
#endif
