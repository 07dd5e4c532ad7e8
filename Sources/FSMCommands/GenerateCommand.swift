import FSMCore
import FSMSwift
import Foundation

/// `fsmc generate`: compiles specs to Swift, one file per spec, creating the output folder
/// when it is missing.
package struct GenerateCommand {
    var console: Console

    /// The command's entry in the command table.
    package static func spec(console: Console) -> CommandSpec {
        CommandSpec(
            name: "generate",
            summary: "Generates Swift from .fsm specs, one file per spec.",
            arguments: "<file-or-directory>... (--output <dir> | --output-file <file>) [options]",
            options: [
                OptionSpec(
                    name: "--output", valueName: "<dir>",
                    help: "Write <Spec>.fsm.swift for each spec into <dir>, created if missing; a spec in a subfolder of a folder named gets the subfolders as prefixes (Video.Player.fsm.swift), as the build plugin names it."),
                OptionSpec(name: "--output-file", valueName: "<file>", help: "Write the Swift of a single spec to <file>."),
                OptionSpec(name: "--warnings-as-errors", help: "Treat warnings as errors."),
                OptionSpec(
                    name: "--cache-directory", valueName: "<dir>",
                    help: "Keep the result in <dir>, keyed by the bytes of every file read, the other arguments and the tool's own executable; a run with the same key prints the same diagnostics and writes the same Swift without checking again (the build plugin's). Results with errors are not kept."),
            ] + ExplorationBoundsOptions.propertyOptions + [
                TargetMachines.option,
                TargetMachines.interfaceOption,
                OptionSpec(name: "--help", help: "Show this help."),
            ],
            run: { GenerateCommand(console: console).run($0) })
    }

    func run(_ arguments: ParsedArguments) -> ExitCode {
        let outputDirectory = arguments.value("--output")
        let outputFile = arguments.value("--output-file")
        guard !arguments.positionals.isEmpty, (outputDirectory == nil) != (outputFile == nil) else {
            console.error("fsmc generate: error: name the specs and exactly one of --output <dir> or --output-file <file>\n")
            return .usage
        }
        let specs: [(path: String, place: String)]
        let machines: TargetMachines
        do {
            specs = try InputFiles.collectWithPlaces(arguments.positionals)
            machines = try TargetMachines(specs: specs.map(\.path), siblings: arguments.repeatedValues("--sibling"),
                interfaceFiles: arguments.repeatedValues("--sibling-interface"))
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return .failure
        }
        let files = specs.map(\.path)
        if outputFile != nil, files.count != 1 {
            console.error("fsmc generate: error: --output-file takes exactly one spec; use --output <dir> for \(files.count)\n")
            return .usage
        }

        // Plan every output first: two specs must not write the same file.
        var destinations: [String: String] = [:]
        var destinationOfSpec: [String: String] = [:]
        for spec in specs {
            let destination = outputFile ?? (outputDirectory! as NSString).appendingPathComponent(Self.outputName(forSpecAt: spec.place))
            if let other = destinations[destination] {
                console.error("fsmc: error: '\(spec.path)' and '\(other)' would both write '\(destination)'; rename one of them\n")
                return .failure
            }
            destinations[destination] = spec.path
            destinationOfSpec[spec.path] = destination
        }

        guard let propertyBounds = ExplorationBoundsOptions.overrides(in: arguments, command: "generate", console: console) else { return .usage }
        let cache = arguments.value("--cache-directory").flatMap { directory in
            GenerateCache(
                directory: directory, command: "generate", arguments: arguments, stderrIsTerminal: console.stderrIsTerminal,
                inputs: machines.inputs)
        }
        if let cache, let result = cache.lookup(), result.outputs.map(\.path).sorted() == destinations.keys.sorted() {
            console.replay(result.transcript)
            BuildLog.record("reused", specs: files)
            return write(result.outputs.map { ($0.path, Data($0.contents)) }) ? .success : .failure
        }

        // Compile everything before writing anything, so that an error leaves no partial output.
        let check = CheckCommand(console: cache == nil ? console : console.recording())
        var outputs: [(path: String, contents: Data)] = []
        var failed = false
        for path in files {
            guard let compilation = check.compile(
                path, text: machines.bytes(of: path), warningsAsErrors: arguments.has("--warnings-as-errors"),
                machines: machines.siblings(of: path), propertyBounds: propertyBounds, refusals: SwiftBackEndLimits.refusals),
                  !compilation.hasErrors, let machine = compilation.executable
            else {
                failed = true
                continue
            }
            let fileName = (path as NSString).lastPathComponent
            outputs.append((destinationOfSpec[path]!, Data(SwiftEmitter.emit(machine, sourceFileName: fileName, specPath: path).utf8)))
        }
        BuildLog.record("checked", specs: files)
        if failed { return .failure }
        guard write(outputs) else { return .failure }
        if let cache, let transcript = check.console.transcript {
            cache.store(GenerateCache.Result(
                transcript: transcript.chunks, outputs: outputs.map { ($0.path, Array($0.contents)) }))
        }
        return .success
    }

    /// Writes each output whose bytes changed, creating the folders; `false` after reporting a
    /// failure.
    private func write(_ outputs: [(path: String, contents: Data)]) -> Bool {
        do {
            for directory in Set(outputs.map { ($0.path as NSString).deletingLastPathComponent }).sorted() {
                try OutputFile.createDirectory(directory)
            }
            for output in outputs {
                try OutputFile.write(output.contents, to: output.path)
            }
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return false
        }
        return true
    }

    /// The name the build plugin gives the file (FSMGenerator's `outputName`): the spec's
    /// path below the folder named on the command line, its folders joined by dots, and
    /// `.swift`: `Player.fsm.swift`, `Video/Player.fsm` gives `Video.Player.fsm.swift`. So a
    /// folder generated by hand holds the files a build would, and no generated file takes
    /// the name of a hand-written `Player.swift`.
    static func outputName(forSpecAt place: String) -> String {
        place.split(separator: "/").joined(separator: ".") + ".swift"
    }
}
