import FSMCompiler
import FSMCommands
import Foundation

/// `fsmc import`: reads a W3C SCXML chart and writes the spec it describes.
struct ImportCommand {
    var console: Console

    /// The command's entry in the command table.
    static func spec(console: Console) -> CommandSpec {
        CommandSpec(
            name: "import",
            summary: "Imports a W3C SCXML statechart as a spec.",
            arguments: "<chart.scxml> [--output <spec.fsm>] [--warnings-as-errors]",
            options: [
                OptionSpec(name: "--output", valueName: "<file>", help: "Write the spec to <file> instead of stdout."),
                OptionSpec(name: "--warnings-as-errors", help: "Treat warnings (the chart's and the spec's) as errors."),
                OptionSpec(name: "--help", help: "Show this help."),
            ],
            run: { ImportCommand(console: console).run($0) })
    }

    func run(_ arguments: ParsedArguments) -> ExitCode {
        guard arguments.positionals.count == 1 else {
            console.error("fsmc import: error: name exactly one .scxml file\n")
            return .usage
        }
        let path = arguments.positionals[0]
        let bytes: SourceTextBytes
        do {
            bytes = try InputFiles.read(path, kind: .chart)
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return .failure
        }
        let source = SourceText(bytes: Array(bytes))
        let chartName = URL(fileURLWithPath: path).lastPathComponent
        let fallbackName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var result = SCXMLImport.run(source, fallbackName: fallbackName, chartName: chartName)
        if arguments.has("--warnings-as-errors") {
            result.treatWarningsAsErrors()
        }
        let renderer = DiagnosticRenderer(path: path, source: console.stderrIsTerminal ? source : nil)
        console.error(renderer.render(result.chartDiagnostics))
        if !result.specDiagnostics.isEmpty {
            // The spec's own checks point into the spec. A spec with errors is not written, so
            // each message shows its line.
            let specPath = arguments.value("--output") ?? fallbackName + ".fsm"
            let specSource = result.text == nil ? result.rejectedText.map(SourceText.init) : nil
            console.error(DiagnosticRenderer(path: specPath, source: specSource).render(result.specDiagnostics))
        }
        guard let text = result.text else { return .failure }
        guard let output = arguments.value("--output") else {
            console.output(text)
            return .success
        }
        do {
            try OutputFile.write(text, to: output)
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return .failure
        }
        return .success
    }
}
