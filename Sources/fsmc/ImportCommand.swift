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
                OptionSpec(
                    name: "--output", valueName: "<file>",
                    help: "Write the spec to <file> instead of stdout; the specs of child machines (<invoke>) go beside it, as <Name>.fsm."),
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
        let specPath = arguments.value("--output") ?? fallbackName + ".fsm"
        if !result.specDiagnostics.isEmpty {
            // The spec's own checks point into the spec. A spec with errors is not written, so
            // each message shows its line.
            let specSource = result.text == nil ? result.rejectedText.map(SourceText.init) : nil
            console.error(DiagnosticRenderer(path: specPath, source: specSource).render(result.specDiagnostics))
        }
        let childPaths = result.children.map { Self.childPath($0.name, besides: specPath) }
        for (child, path) in zip(result.children, childPaths) where !child.diagnostics.isEmpty {
            let childSource = result.text == nil ? SourceText(child.text) : nil
            console.error(DiagnosticRenderer(path: path, source: childSource).render(child.diagnostics))
        }
        guard let text = result.text else { return .failure }
        guard let output = arguments.value("--output") else {
            guard result.children.isEmpty else {
                let names = result.children.map(\.name).joined(separator: ", ")
                console.error("fsmc import: error: the chart invokes child machines (\(names)), each a spec of its own: name --output, and they are written beside it\n")
                return .failure
            }
            console.output(text)
            return .success
        }
        // Every spec is made before any is written, and a file is written whole (OutputFile),
        // so an import that fails writes nothing; the children's files are written first, so
        // the parent's exists only beside them.
        if let clash = childPaths.first(where: { URL(fileURLWithPath: $0).standardizedFileURL == URL(fileURLWithPath: output).standardizedFileURL }) {
            console.error("fsmc import: error: the child machine's spec '\(clash)' would overwrite --output; name the output otherwise\n")
            return .failure
        }
        do {
            for (child, path) in zip(result.children, childPaths) {
                try OutputFile.write(child.text, to: path)
            }
            try OutputFile.write(text, to: output)
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return .failure
        }
        return .success
    }

    /// Where a child machine's spec goes: `<Name>.fsm` in the folder of the parent's.
    static func childPath(_ name: String, besides specPath: String) -> String {
        URL(fileURLWithPath: specPath).deletingLastPathComponent().appendingPathComponent(name + ".fsm").path
    }
}
