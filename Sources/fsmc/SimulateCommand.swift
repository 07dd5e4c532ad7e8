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
            arguments: "<file> [--output <page.html>] [--trace <run.jsonl>] [--sample <Type=expression>]... [--bound <n>] [--sibling <spec>]... [--dump]",
            options: [
                OptionSpec(name: "--output", valueName: "<file>", help: "Write to <file> instead of stdout."),
                OptionSpec(
                    name: "--trace", valueName: "<run.jsonl>",
                    help: "A run recorded by FSMRuntime's TraceRecorder (docs/TraceFormat.md), replayed on the spec and shown as a timeline."),
                SampleOption.option,
                OptionSpec(
                    name: "--bound", valueName: "<n>",
                    help: "List at most <n> situations (default \(SimulationGraph.defaultBound)); the page says which steps lead past them."),
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
              let bound = bound(in: arguments)
        else { return .usage }
        let path = arguments.positionals[0]
        guard case let (compilation, children)? = ChildMachineSpecs.compile(
                path, siblings: arguments.repeatedValues("--sibling"), warningsAsErrors: false, console: console),
              let model = compilation.model, let machine = compilation.executable
        else {
            return .failure
        }
        let graph = SimulationGraph(machine, bound: bound)
        var run: ReplayedRun?
        let tracePath = arguments.value("--trace")
        if let tracePath {
            do {
                run = TraceReplay.replay(text: String(decoding: try InputFiles.read(tracePath, kind: .trace), as: UTF8.self), on: machine)
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
                console.error(
                    "fsmc simulate: error: the page's diagram needs Graphviz's 'dot' on the PATH; install Graphviz "
                        + "(Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz), or write the graph alone with --dump\n")
                return .failure
            }
            do {
                let rendering = try Graphviz.svg(fromDOT: DotEmitter.emit(model, children: children.models))
                if !rendering.warnings.isEmpty { console.error(rendering.warnings) }
                text = SimulatorPage.html(machine: model.name, svg: rendering.svg, graphJSON: json)
            } catch {
                console.error("fsmc simulate: error: the page draws the diagram with Graphviz: \(error.message)\n")
                return .failure
            }
        }
        if graph.reachedBound {
            console.error(
                "fsmc simulate: warning: \((path as NSString).lastPathComponent): the machine has more than \(bound) situations; "
                    + "the page shows the first \(bound) and says which steps lead past them (raise it with --bound)\n")
        }
        return console.write(text, toFileOrStandardOutput: arguments.value("--output")) ? .success : .failure
    }

    /// The bound `--bound` gives, or the default; `nil` (after saying why) for a value that is
    /// not a positive whole number.
    private func bound(in arguments: ParsedArguments) -> Int? {
        guard let text = arguments.value("--bound") else { return SimulationGraph.defaultBound }
        guard let bound = Int(text), bound > 0 else {
            console.error("fsmc simulate: error: --bound takes a positive whole number of situations, not '\(text)'\n")
            return nil
        }
        return bound
    }
}
