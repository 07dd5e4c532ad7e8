import FSMCompiler
import FSMCommands

/// The `fsmc` command line: every command, dispatched from the table.
struct FSMCommandLine {
    var console: Console

    var tool: CommandLineTool {
        CommandLineTool(
            name: "fsmc", summary: "a state machine compiler for Swift", console: console, commands: commands,
            exitStatusNotes: "'fsmc paths' also exits with 1 when coverage fell short for lack of a payload sample.\n")
    }

    var commands: [CommandSpec] {
        [
            CheckCommand.spec(console: console),
            GenerateCommand.spec(console: console),
            InterfaceCommand.spec(console: console),
            CommandSpec(
                name: "graph",
                summary: "Draws a spec as a state diagram: Graphviz DOT, Mermaid, PlantUML or SVG.",
                arguments: "<file> [--format dot|mermaid|plantuml|svg] [--sibling <spec>]... [--output <file>]",
                options: [
                    OptionSpec(
                        name: "--format", valueName: "<format>",
                        help: "dot (default), mermaid, plantuml, or svg (runs Graphviz's dot)."),
                    TargetMachines.option,
                    OptionSpec(name: "--output", valueName: "<file>", help: "Write to <file> instead of stdout."),
                    OptionSpec(name: "--warnings-as-errors", help: "Treat warnings as errors."),
                    OptionSpec(name: "--help", help: "Show this help."),
                ],
                run: { GraphCommand(console: console).run($0) }),
            CommandSpec(
                name: "paths",
                summary: "Plans test paths: the shortest way to each state and paths taking every transition.",
                arguments: "<file> [--format text|json|swift-testing] [--module <name>] [--sample <Type=expression>]... [--sibling <spec>]... [--output <file>]",
                options: [
                    OptionSpec(name: "--format", valueName: "<format>", help: "text (default), json or swift-testing."),
                    TargetMachines.option,
                    OptionSpec(name: "--module", valueName: "<name>", help: "For swift-testing: the module the machine is in."),
                    SampleOption.option,
                    OptionSpec(name: "--output", valueName: "<file>", help: "Write to <file> instead of stdout."),
                    OptionSpec(name: "--help", help: "Show this help."),
                ],
                run: { PathsCommand(console: console).run($0) }),
            VerifyCommand.spec(console: console),
            SimulateCommand.spec(console: console),
            ReplayCommand.spec(console: console),
            InspectCommand.spec(console: console),
            ExportCommand.spec(console: console),
            ImportCommand.spec(console: console),
            LanguageServerCommand.spec(console: console),
            FormatCommand.spec(console: console),
        ]
    }

    func run(_ arguments: [String]) -> ExitCode {
        tool.run(arguments)
    }
}
