import FSMCompiler
import FSMCommands
import Foundation

/// `fsmc simulate`: writes the simulator page of a spec, one self-contained HTML file (the
/// diagram as `fsmc graph --format svg` draws it, the ``SimulationGraph`` as JSON, the page's
/// script and style), or with `--dump` the graph's JSON alone, for tools and the browser tests.
/// The page needs Graphviz's `dot` to draw the diagram; the dump does not. With `--trace`, a
/// recorded run is replayed on the spec (``TraceReplay``) and shown as a timeline; where it parts
/// from the spec is a warning, and the page shows the steps before it.
struct SimulateCommand {
    var console: Console

    /// The command's entry in the command table.
    static func spec(console: Console) -> CommandSpec {
        CommandSpec(
            name: "simulate",
            summary: "Writes a spec's simulator page: one HTML file that steps the machine as fsmc's interpreter does, offline.",
            arguments: "<file> [--output <page.html>] [--trace <run.jsonl>] [--sample <Type=expression>]... [--bound <n>] [--kept-events <n>] [--budget <steps>] [--sibling <spec>]... [--dump]",
            options: [
                OptionSpec(name: "--output", valueName: "<file>", help: "Write to <file> instead of stdout."),
                OptionSpec(
                    name: "--trace", valueName: "<run.jsonl>",
                    help: "A run recorded by FSMRuntime's TraceRecorder (docs/TraceFormat.md), replayed on the spec and shown as a timeline."),
                SampleOption.option,
                OptionSpec(
                    name: "--bound", valueName: "<n>",
                    help: "List at most <n> situations (default \(SimulationGraph.defaultBound)); the page says which steps lead past them."),
                ExplorationBoundsOptions.keptEvents,
                OptionSpec(
                    name: "--budget", valueName: "<steps>",
                    help: "Spend at most <steps> steps of work exploring (default \(SimulationGraph.defaultWork)); the situations left are listed without their steps."),
                TargetMachines.option,
                OptionSpec(name: "--dump", help: "Write the page's graph of situations as JSON instead of the page (no Graphviz needed)."),
                OptionSpec(name: "--help", help: "Show this help."),
            ],
            run: { SimulateCommand(console: console).run($0) })
    }

    func run(_ arguments: ParsedArguments) -> ExitCode {
        guard arguments.positionals.count == 1 else {
            console.error("fsmc simulate: error: name exactly one .fsm file\n")
            return .usage
        }
        guard let samples = SampleOption.samples(in: arguments, command: "simulate", console: console),
              let bound = count(in: arguments, "--bound", SimulationGraph.defaultBound, of: "situations"),
              let budget = count(in: arguments, "--budget", SimulationGraph.defaultWork, of: "steps"),
              let overrides = ExplorationBoundsOptions.overrides(in: arguments, command: "simulate", console: console)
        else { return .usage }
        let path = arguments.positionals[0]
        guard case let (compilation, children)? = ChildMachineSpecs.compile(
                path, siblings: arguments.repeatedValues("--sibling"), warningsAsErrors: false, console: console),
              let model = compilation.model, let machine = compilation.executable
        else {
            return .failure
        }
        let graph = SimulatorPages.graph(
            of: machine, compilation: compilation, situations: bound, keptEvents: overrides.keptEvents, work: budget)
        var run: ReplayedRun?
        let tracePath = arguments.value("--trace")
        if let tracePath {
            do {
                run = TraceReplay.replay(
                    text: String(decoding: try InputFiles.read(tracePath, kind: .trace), as: UTF8.self), on: machine,
                    children: children.executables)
            } catch {
                console.error("fsmc: error: \(error.message)\n")
                return .failure
            }
            // The page shows the steps that match and where the run parts from the spec.
            if let divergence = run?.divergence {
                console.error(divergence.rendered(tracePath: tracePath).replacing(": error: ", with: ": warning: ") + "\n")
            }
        }
        // The page names the trace by its file name: it may be opened on another machine.
        let json = SimulationGraphJSONEmitter.emit(
            graph, samples: samples, run: run, tracePath: ((tracePath ?? "run.jsonl") as NSString).lastPathComponent)
        let text: String
        if arguments.has("--dump") {
            text = json
        } else {
            guard Graphviz.executable(named: "dot") != nil else {
                console.error("fsmc simulate: error: \(SimulatorPages.missingDot), or write the graph alone with --dump\n")
                return .failure
            }
            do {
                let page = try SimulatorPages.page(of: model, children: children.models, graphJSON: json)
                if !page.warnings.isEmpty { console.error(page.warnings) }
                text = page.html
            } catch {
                console.error("fsmc simulate: error: the page draws the diagram with Graphviz: \(error.message)\n")
                return .failure
            }
        }
        for sentence in SimulationGraphJSONEmitter.cutSentences(of: graph) {
            console.error("fsmc simulate: warning: \((path as NSString).lastPathComponent): \(sentence)\n")
        }
        return console.write(text, toFileOrStandardOutput: arguments.value("--output")) ? .success : .failure
    }

    /// The whole number `option` gives, or `default`; `nil` (after saying why) for a value that is
    /// not a positive whole number of `unit`.
    private func count(in arguments: ParsedArguments, _ option: String, _ default: Int, of unit: String) -> Int? {
        guard let text = arguments.value(option) else { return `default` }
        guard let value = Int(text), value > 0 else {
            console.error("fsmc simulate: error: \(option) takes a positive whole number of \(unit), not '\(text)'\n")
            return nil
        }
        return value
    }
}
