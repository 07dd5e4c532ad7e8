import FSMChecker
import FSMCore

/// `fsmc check`: compiles each spec and prints its diagnostics.
package struct CheckCommand {
    var console: Console

    package init(console: Console) {
        self.console = console
    }

    /// The command's entry in the command table.
    package static func spec(console: Console) -> CommandSpec {
        CommandSpec(
            name: "check",
            summary: "Checks .fsm specs and reports errors and warnings.",
            arguments: "<file-or-directory>... [options]",
            options: [
                OptionSpec(name: "--warnings-as-errors", help: "Treat warnings as errors (exit 1 on any)."),
                TargetMachines.option,
                TargetMachines.interfaceOption,
            ] + ExplorationBoundsOptions.propertyOptions + [
                OptionSpec(name: "--help", help: "Show this help."),
            ],
            run: { CheckCommand(console: console).run($0) })
    }

    func run(_ arguments: ParsedArguments) -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            console.error("fsmc check: error: name at least one .fsm file or directory\n")
            return .usage
        }
        let files: [String]
        let machines: TargetMachines
        do {
            files = try InputFiles.collect(arguments.positionals)
            machines = try TargetMachines(specs: files, siblings: arguments.repeatedValues("--sibling"),
                interfaceFiles: arguments.repeatedValues("--sibling-interface"))
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return .failure
        }
        guard let propertyBounds = ExplorationBoundsOptions.overrides(in: arguments, command: "check", console: console) else { return .usage }
        let warningsAsErrors = arguments.has("--warnings-as-errors")
        var errors = 0
        var warnings = 0
        for path in files {
            guard let compilation = compile(
                path, warningsAsErrors: warningsAsErrors, machines: machines.siblings(of: path), propertyBounds: propertyBounds)
            else {
                errors += 1
                continue
            }
            errors += compilation.diagnostics.count { $0.severity == .error }
            warnings += compilation.diagnostics.count { $0.severity == .warning }
        }
        let summary = "Checked \(files.count) \(files.count == 1 ? "file" : "files"): \(count(errors, "error")), \(count(warnings, "warning")).\n"
        if errors > 0 {
            console.error(summary)
            return .failure
        }
        console.output(summary)
        return .success
    }

    /// Compiles one file and prints its diagnostics; `nil` when it cannot be read. A command
    /// whose back end cannot handle some construct yet gives `refusals`, the located errors
    /// that say so for a valid model; they are printed and counted with the rest. `machines`
    /// are the other machines of its target. `text` is the spec's bytes when they were read
    /// already (they are read from `path` otherwise).
    package func compile(
        _ path: String, text: SourceTextBytes? = nil, warningsAsErrors: Bool, machines: MachineCatalog = MachineCatalog(),
        propertyBounds: ExplorationBounds.Overrides? = ExplorationBounds.Overrides(), refusals: (ExecutableMachine) -> [Diagnostic] = { _ in [] }
    ) -> Compilation? {
        let bytes: SourceTextBytes
        do {
            if let text {
                bytes = text
            } else {
                bytes = try InputFiles.read(path)
            }
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return nil
        }
        let source = SourceText(bytes: Array(bytes))
        var compilation = Compiler.compile(source, machines: machines, propertyBounds: propertyBounds)
        if let machine = compilation.executable {
            let refused = refusals(machine)
            if !refused.isEmpty {
                compilation.diagnostics = (compilation.diagnostics + refused).sorted { $0.range.start < $1.range.start }
            }
        }
        if warningsAsErrors {
            for index in compilation.diagnostics.indices where compilation.diagnostics[index].severity == .warning {
                compilation.diagnostics[index].severity = .error
            }
        }
        let renderer = DiagnosticRenderer(path: path, source: console.stderrIsTerminal ? source : nil)
        console.error(renderer.render(compilation.diagnostics))
        return compilation
    }

    private func count(_ number: Int, _ noun: String) -> String {
        switch number {
        case 0: "no \(noun)s"
        case 1: "1 \(noun)"
        default: "\(number) \(noun)s"
        }
    }
}
