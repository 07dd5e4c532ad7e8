import FSMCore

/// A command line of subcommands, dispatched from a table: `fsmc`, and the build plugin's
/// `fsmc-build`, which has only the commands a build runs.
package struct CommandLineTool {
    /// The program's name, as usage and messages print it.
    package var name: String
    /// What the program is, for the first line of its usage.
    package var summary: String
    package var console: Console
    package var commands: [CommandSpec]
    /// Lines after the exit statuses every command shares, for a command that has more.
    package var exitStatusNotes = ""

    package init(name: String, summary: String, console: Console, commands: [CommandSpec], exitStatusNotes: String = "") {
        self.name = name
        self.summary = summary
        self.console = console
        self.commands = commands
        self.exitStatusNotes = exitStatusNotes
    }

    package var usage: String {
        var text = """
            \(name) \(fsmcVersion) — \(summary)

            Usage: \(name) <command> [arguments] [options]

            Commands:

            """
        let width = commands.map(\.name.count).max()! + 2
        for command in commands {
            text += "  " + command.name.padding(to: width) + command.summary + "\n"
        }
        text += """

            Options:
              --help      Show this help, or a command's with '\(name) <command> --help'.
              --version   Print the version.

            Exit status: 0 when all is well, 1 when a spec has errors, 2 on bad usage.

            """ + exitStatusNotes
        return text
    }

    package func run(_ arguments: [String]) -> ExitCode {
        guard let first = arguments.first else {
            console.error(usage)
            return .usage
        }
        switch first {
        case "--help", "-h", "help":
            console.output(usage)
            return .success
        case "--version":
            console.output("\(name) \(fsmcVersion)\n")
            return .success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let what = first.hasPrefix("-") ? "option" : "command"
            console.error("\(name): error: unknown \(what) '\(first)'\n\n" + usage)
            return .usage
        }
        do {
            let parsed = try command.parse(Array(arguments.dropFirst()))
            if parsed.has("--help") {
                console.output(command.help(in: name))
                return .success
            }
            return command.run(parsed)
        } catch {
            console.error("\(name) \(command.name): error: \(error.message)\n\n" + command.help(in: name))
            return .usage
        }
    }
}
