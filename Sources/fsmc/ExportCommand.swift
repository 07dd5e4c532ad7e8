import FSMCompiler
import FSMCommands

/// `fsmc export`: writes a spec in another statechart format, today W3C SCXML. With
/// `--sibling`, the machines the spec invokes as children are written inside its document, each
/// in the `<invoke>` that runs it.
struct ExportCommand {
    var console: Console

    /// The formats `--format` takes; the first is the default.
    static let formats = ["scxml"]

    /// The command's entry in the command table.
    static func spec(console: Console) -> CommandSpec {
        CommandSpec(
            name: "export",
            summary: "Exports a spec as a W3C SCXML statechart.",
            arguments: "<file> --format scxml [--trace] [--sibling <spec>]... [--output <file>]",
            options: [
                OptionSpec(name: "--format", valueName: "<format>", help: "scxml (the default, and the only one)."),
                TargetMachines.option,
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
        let path = arguments.positionals[0]
        guard case let (compilation, children)? = ChildMachineSpecs.compile(
            path, siblings: arguments.repeatedValues("--sibling"), warningsAsErrors: arguments.has("--warnings-as-errors"),
            console: console, refusals: { SCXMLEmitter.refusals($0, children: $1.models) }),
              let model = compilation.model
        else {
            return .failure
        }
        let document = SCXMLEmitter.emit(model, children: children.models, tracingStates: arguments.has("--trace"))
        return console.write(document, toFileOrStandardOutput: arguments.value("--output")) ? .success : .failure
    }
}
