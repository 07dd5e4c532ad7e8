import FSMCompiler

/// The `fsmc` command line: dispatches to a subcommand from the table.
struct FSMCommandLine {
    var console: Console

    var commands: [CommandSpec] {
        [
            CommandSpec(
                name: "check",
                summary: "Checks .fsm specs and reports errors and warnings.",
                arguments: "<file-or-directory>... [options]",
                options: [
                    OptionSpec(name: "--warnings-as-errors", help: "Treat warnings as errors (exit 1 on any)."),
                    OptionSpec(name: "--help", help: "Show this help."),
                ],
                run: { CheckCommand(console: console).run($0) }),
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
                    OptionSpec(name: "--help", help: "Show this help."),
                ],
                run: { GenerateCommand(console: console).run($0) }),
            CommandSpec(
                name: "graph",
                summary: "Draws a spec as a state diagram: Graphviz DOT, Mermaid, PlantUML or SVG.",
                arguments: "<file> [--format dot|mermaid|plantuml|svg] [--output <file>]",
                options: [
                    OptionSpec(
                        name: "--format", valueName: "<format>",
                        help: "dot (default), mermaid, plantuml, or svg (runs Graphviz's dot)."),
                    OptionSpec(name: "--output", valueName: "<file>", help: "Write to <file> instead of stdout."),
                    OptionSpec(name: "--warnings-as-errors", help: "Treat warnings as errors."),
                    OptionSpec(name: "--help", help: "Show this help."),
                ],
                run: { GraphCommand(console: console).run($0) }),
            CommandSpec(
                name: "paths",
                summary: "Plans test paths: the shortest way to each state and paths taking every transition.",
                arguments: "<file> [--format text|json|swift-testing] [--module <name>] [--sample <Type=expression>]... [--output <file>]",
                options: [
                    OptionSpec(name: "--format", valueName: "<format>", help: "text (default), json or swift-testing."),
                    OptionSpec(name: "--module", valueName: "<name>", help: "For swift-testing: the module the machine is in."),
                    OptionSpec(
                        name: "--sample", valueName: "<Type=expression>",
                        help: "A payload sample fsmc has none of, as Swift: 'Money=Money(cents: 100)'. Repeatable.",
                        isRepeatable: true),
                    OptionSpec(name: "--output", valueName: "<file>", help: "Write to <file> instead of stdout."),
                    OptionSpec(name: "--help", help: "Show this help."),
                ],
                run: { PathsCommand(console: console).run($0) }),
            ExportCommand.spec(console: console),
            ImportCommand.spec(console: console),
            LanguageServerCommand.spec(console: console),
            FormatCommand.spec(console: console),
        ]
    }

    var usage: String {
        var text = """
            fsmc \(fsmcVersion) — a state machine compiler for Swift

            Usage: fsmc <command> [arguments] [options]

            Commands:

            """
        let width = commands.map(\.name.count).max()! + 2
        for command in commands {
            text += "  " + command.name.padding(to: width) + command.summary + "\n"
        }
        text += """

            Options:
              --help      Show this help, or a command's with 'fsmc <command> --help'.
              --version   Print the version.

            Exit status: 0 when all is well, 1 when a spec has errors, 2 on bad usage.
            'fsmc paths' also exits with 1 when coverage fell short for lack of a payload sample.

            """
        return text
    }

    func run(_ arguments: [String]) -> ExitCode {
        guard let first = arguments.first else {
            console.error(usage)
            return .usage
        }
        switch first {
        case "--help", "-h", "help":
            console.output(usage)
            return .success
        case "--version":
            console.output("fsmc \(fsmcVersion)\n")
            return .success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let what = first.hasPrefix("-") ? "option" : "command"
            console.error("fsmc: error: unknown \(what) '\(first)'\n\n" + usage)
            return .usage
        }
        do {
            let parsed = try command.parse(Array(arguments.dropFirst()))
            if parsed.has("--help") {
                console.output(command.help)
                return .success
            }
            return command.run(parsed)
        } catch {
            console.error("fsmc \(command.name): error: \(error.message)\n\n" + command.help)
            return .usage
        }
    }
}
