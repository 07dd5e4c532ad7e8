import FSMCompiler
import FSMCommands
import Foundation

/// `fsmc format`: rewrites specs in the canonical layout, or with `--check` lists those that
/// are not in it.
struct FormatCommand {
    var console: Console

    /// The command's entry in the command table.
    static func spec(console: Console) -> CommandSpec {
        CommandSpec(
            name: "format",
            summary: "Lays out .fsm specs in the canonical layout, in place ('-' reads stdin, writes stdout).",
            arguments: "(<file-or-directory>... | -) [--check]",
            options: [
                OptionSpec(name: "--check", help: "Change nothing; list the specs that would change and exit 1 if any would."),
                OptionSpec(name: "--help", help: "Show this help."),
            ],
            run: { FormatCommand(console: console).run($0) })
    }

    func run(_ arguments: ParsedArguments) -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            console.error("fsmc format: error: name at least one .fsm file or directory\n")
            return .usage
        }
        if arguments.positionals == ["-"] {
            return formatStandardInput(checkOnly: arguments.has("--check"))
        }
        let files: [String]
        do {
            files = try InputFiles.collect(arguments.positionals)
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return .failure
        }
        let checkOnly = arguments.has("--check")
        var failed = 0
        var changed: [String] = []
        for path in files {
            switch format(path, write: !checkOnly) {
            case .unchanged: break
            case .changed: changed.append(path)
            case .failed: failed += 1
            }
        }
        if checkOnly {
            for path in changed { console.output(path + "\n") }
            if !changed.isEmpty {
                console.error("fsmc format: \(count(changed.count, "spec")) of \(files.count) would change; run 'fsmc format' on \(changed.count == 1 ? "it" : "them")\n")
            }
        } else {
            console.output("Formatted \(count(files.count - failed, "spec")): \(changed.isEmpty ? "none" : String(changed.count)) changed.\n")
        }
        return failed > 0 || checkOnly && !changed.isEmpty ? .failure : .success
    }

    /// `fsmc format -`: the spec on stdin, laid out on stdout, for editors that format through
    /// a pipe. With `--check`, prints nothing and exits 1 when the layout would change it.
    private func formatStandardInput(checkOnly: Bool) -> ExitCode {
        let data = FileHandle.standardInput.readData(ofLength: InputFiles.maximumSpecSize + 1)
        guard data.count <= InputFiles.maximumSpecSize else {
            console.error("fsmc: error: the spec on stdin is larger than 1 MB, the most fsmc reads in a spec\n")
            return .failure
        }
        let source = SourceText(bytes: Array(data))
        do {
            let formatted = try formatSpec(source)
            if checkOnly {
                return Array(formatted.utf8) == source.bytes ? .success : .failure
            }
            console.output(formatted)
            return .success
        } catch {
            console.error(DiagnosticRenderer(path: "<stdin>").render(error.diagnostics))
            return .failure
        }
    }

    private enum Outcome {
        case unchanged, changed, failed
    }

    /// Formats one file, writing it when `write` is set and the layout changed; a spec with
    /// syntax errors is reported and left as it was.
    private func format(_ path: String, write: Bool) -> Outcome {
        let source: SourceText
        do {
            source = SourceText(bytes: Array(try InputFiles.read(path)))
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return .failed
        }
        let formatted: String
        do {
            formatted = try formatSpec(source)
        } catch {
            let renderer = DiagnosticRenderer(path: path, source: console.stderrIsTerminal ? source : nil)
            console.error(renderer.render(error.diagnostics))
            return .failed
        }
        guard Array(formatted.utf8) != source.bytes else { return .unchanged }
        guard write else { return .changed }
        do {
            try OutputFile.write(formatted, to: path)
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return .failed
        }
        return .changed
    }

    private func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }
}
