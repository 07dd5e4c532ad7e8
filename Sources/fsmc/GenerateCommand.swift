import FSMCompiler
import Foundation

/// `fsmc generate`: compiles specs to Swift, one file per spec.
struct GenerateCommand {
    var console: Console

    func run(_ arguments: ParsedArguments) -> ExitCode {
        let outputDirectory = arguments.value("--output")
        let outputFile = arguments.value("--output-file")
        guard !arguments.positionals.isEmpty, (outputDirectory == nil) != (outputFile == nil) else {
            console.error("fsmc generate: error: name the specs and exactly one of --output <dir> or --output-file <file>\n")
            return .usage
        }
        let files: [String]
        do {
            files = try InputFiles.collect(arguments.positionals)
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return .failure
        }
        if outputFile != nil, files.count != 1 {
            console.error("fsmc generate: error: --output-file takes exactly one spec; use --output <dir> for \(files.count)\n")
            return .usage
        }

        // Plan every output first: two specs must not write the same file.
        var destinations: [String: String] = [:]
        for path in files {
            let destination = outputFile ?? (outputDirectory! as NSString).appendingPathComponent(Self.outputName(for: path))
            if let other = destinations[destination] {
                console.error("fsmc: error: '\(path)' and '\(other)' would both write '\(destination)'; rename one of them\n")
                return .failure
            }
            destinations[destination] = path
        }

        // Compile everything before writing anything, so that an error leaves no partial output.
        let check = CheckCommand(console: console)
        var outputs: [(path: String, contents: String)] = []
        var failed = false
        for path in files {
            guard let compilation = check.compile(path, warningsAsErrors: arguments.has("--warnings-as-errors")),
                  !compilation.hasErrors, let machine = compilation.executable
            else {
                failed = true
                continue
            }
            let fileName = (path as NSString).lastPathComponent
            let destination = outputFile ?? (outputDirectory! as NSString).appendingPathComponent(Self.outputName(for: path))
            outputs.append((destination, SwiftEmitter.emit(machine, sourceFileName: fileName)))
        }
        if failed { return .failure }
        do {
            for output in outputs {
                try OutputFile.write(output.contents, to: output.path)
            }
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return .failure
        }
        return .success
    }

    /// `Player.fsm` gives `Player.swift`.
    static func outputName(for path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return (name.hasSuffix(".fsm") ? String(name.dropLast(4)) : name) + ".swift"
    }
}
