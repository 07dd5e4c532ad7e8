import FSMCompiler
import FSMCommands

/// `fsmc export`: writes a spec in another statechart format, today W3C SCXML.
struct ExportCommand {
    var console: Console

    /// The formats `--format` takes; the first is the default.
    static let formats = ["scxml"]

    /// The command's entry in the command table.
    static func spec(console: Console) -> CommandSpec {
        CommandSpec(
            name: "export",
            summary: "Exports a spec as a W3C SCXML statechart.",
            arguments: "<file> --format scxml [--trace] [--output <file>]",
            options: [
                OptionSpec(name: "--format", valueName: "<format>", help: "scxml (the default, and the only one)."),
                OptionSpec(name: "--output", valueName: "<file>", help: "Write to <file> instead of stdout."),
                OptionSpec(name: "--trace", help: "Log every state's entry and exit (<log label=\"enter\"/\"exit\">), for test harnesses."),
                OptionSpec(name: "--warnings-as-errors", help: "Treat warnings as errors."),
                OptionSpec(name: "--help", help: "Show this help."),
            ],
            run: { ExportCommand(console: console).run($0) })
    }

    func run(_ arguments: ParsedArguments) -> ExitCode {
        let format = arguments.value("--format") ?? Self.formats[0]
        guard Self.formats.contains(format) else {
            console.error("fsmc export: error: unknown format '\(format)'; use \(Self.formats.joined(separator: ", "))\n")
            return .usage
        }
        guard arguments.positionals.count == 1 else {
            console.error("fsmc export: error: name exactly one .fsm file\n")
            return .usage
        }
        guard let compilation = CheckCommand(console: console).compile(
            arguments.positionals[0], warningsAsErrors: arguments.has("--warnings-as-errors"), refusals: SCXMLEmitter.refusals),
              let model = compilation.model, !compilation.hasErrors
        else {
            return .failure
        }
        let document = SCXMLEmitter.emit(model, tracingStates: arguments.has("--trace"))
        guard let output = arguments.value("--output") else {
            console.output(document)
            return .success
        }
        do {
            try OutputFile.write(document, to: output)
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return .failure
        }
        return .success
    }
}
