/// Parses command lines against a table of options: no third-party argument parser, so
/// the plugin's tool builds quickly in every user's build.
package struct OptionSpec {
    /// The long name, with its dashes: `--output`.
    var name: String
    /// A value name for help (`<dir>`), or `nil` for a flag.
    var valueName: String?
    var help: String
    /// Whether the option may be given more than once, each value kept (`--sample`).
    var isRepeatable = false

    package init(name: String, valueName: String? = nil, help: String, isRepeatable: Bool = false) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.isRepeatable = isRepeatable
    }
}

/// A subcommand: its name, what it does, its options and what runs it.
package struct CommandSpec {
    var name: String
    var summary: String
    /// The arguments after the command name, for the usage line.
    var arguments: String
    var options: [OptionSpec]
    var run: (ParsedArguments) -> ExitCode

    package init(name: String, summary: String, arguments: String, options: [OptionSpec], run: @escaping (ParsedArguments) -> ExitCode) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.options = options
        self.run = run
    }
}

/// The arguments of one invocation, after parsing.
package struct ParsedArguments {
    package var positionals: [String] = []
    var flags: Set<String> = []
    var values: [String: String] = [:]
    /// Every value of each option, in the order given.
    var allValues: [String: [String]] = [:]

    package func has(_ flag: String) -> Bool { flags.contains(flag) }
    /// The value of an option given once.
    package func value(_ option: String) -> String? { values[option] }
    /// Every value of a repeatable option, in the order given.
    package func repeatedValues(_ option: String) -> [String] { allValues[option] ?? [] }

    /// Records a value; an option that is not repeatable keeps the last one given.
    mutating func add(_ value: String, for option: OptionSpec) {
        values[option.name] = value
        allValues[option.name, default: []].append(value)
    }
}

/// Why a command line is wrong; printed with the usage, exit code 2.
struct UsageError: Error {
    package var message: String
}

/// How `fsmc` ends: 0 on success, 1 when an input has errors, 2 on bad usage.
package enum ExitCode: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
}

extension CommandSpec {
    /// Parses the arguments after the command name. `--name=value` and `--name value` both
    /// work; `--` ends the options.
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                parsed.positionals.append(contentsOf: remaining)
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.positionals.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            guard let option = options.first(where: { $0.name == parts[0] }) else {
                throw UsageError(message: "unknown option '\(parts[0])' for '\(name)'")
            }
            if option.valueName == nil {
                guard parts.count == 1 else {
                    throw UsageError(message: "option '\(option.name)' takes no value")
                }
                parsed.flags.insert(option.name)
            } else if parts.count == 2 {
                parsed.add(parts[1], for: option)
            } else if let value = remaining.popFirst() {
                parsed.add(value, for: option)
            } else {
                throw UsageError(message: "option '\(option.name)' needs a value \(option.valueName!)")
            }
        }
        return parsed
    }

    /// The help text of the command, as `program` runs it.
    func help(in program: String) -> String {
        var text = "\(summary)\n\nUsage: \(program) \(name) \(arguments)\n"
        if !options.isEmpty {
            text += "\nOptions:\n"
            let labels = options.map { option in option.name + (option.valueName.map { " \($0)" } ?? "") }
            let width = labels.map(\.count).max()! + 2
            for (label, option) in zip(labels, options) {
                text += "  " + label.padding(to: width) + option.help + "\n"
            }
        }
        return text
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
