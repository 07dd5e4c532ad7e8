import FSMCompiler
import FSMCommands
import Foundation

/// `fsmc replay`: checks a run an app recorded (docs/TraceFormat.md) against its spec with the
/// interpreter, and with `--format swift-testing` writes it as a test of the generated machine.
///
/// Exit status 0 when the whole run matches (a summary on stdout, or the test); 1 at the first
/// divergence or a line that cannot be read, reported at its line of the trace with notes at
/// the spec's lines; 2 for a usage error.
struct ReplayCommand {
    var console: Console

    static let formats = ["text", "swift-testing"]

    /// The command's entry in the command table.
    static func spec(console: Console) -> CommandSpec {
        CommandSpec(
            name: "replay",
            summary: "Checks a run recorded by an app (JSON lines) against the spec, and writes it as a test.",
            arguments: "<spec> <run.jsonl> [--sibling <spec>]... [--format text|swift-testing] [--module <name>] [--sample <Type=expression>]... [--output <file>]",
            options: [
                TargetMachines.option,
                OptionSpec(name: "--format", valueName: "<format>", help: "text (default): a summary; swift-testing: the run as a test."),
                OptionSpec(name: "--module", valueName: "<name>", help: "For swift-testing: the module the machine is in."),
                SampleOption.option,
                OptionSpec(name: "--output", valueName: "<file>", help: "Write to <file> instead of stdout."),
                OptionSpec(name: "--help", help: "Show this help."),
            ],
            run: { ReplayCommand(console: console).run($0) })
    }

    func run(_ arguments: ParsedArguments) -> ExitCode {
        let format = arguments.value("--format") ?? "text"
        guard arguments.positionals.count == 2, Self.formats.contains(format) else {
            console.error("fsmc replay: error: name a spec and a recorded run, and a --format of \(Self.formats.joined(separator: ", "))\n")
            return .usage
        }
        guard let samples = SampleOption.samples(in: arguments, command: "replay", console: console) else { return .usage }
        let (specPath, tracePath) = (arguments.positionals[0], arguments.positionals[1])
        // The specs' properties were proved where they were built: a replay needs their meaning only.
        guard case let (compilation, children)? = ChildMachineSpecs.compile(
                specPath, siblings: arguments.repeatedValues("--sibling"), warningsAsErrors: false, console: console, propertyBounds: nil),
              let machine = compilation.executable
        else {
            return .failure
        }
        let text: String
        do {
            text = String(decoding: try InputFiles.read(tracePath, kind: .trace), as: UTF8.self)
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return .failure
        }
        let run = TraceReplay.replay(text: text, on: machine, children: children.executables)
        if let divergence = run.divergence {
            report(divergence, tracePath: tracePath, specPath: specPath)
            return .failure
        }
        let output: String
        switch format {
        case "swift-testing":
            let refusals = PathsSwiftTestingEmitter.recordedRunRefusals(machine.model)
            guard refusals.isEmpty else {
                console.error(DiagnosticRenderer(path: specPath).render(refusals))
                return .failure
            }
            let test = PathsSwiftTestingEmitter.emit(
                run, traceFileName: tracePath, sourceFileName: (specPath as NSString).lastPathComponent,
                module: arguments.value("--module"), specPath: specPath, samples: samples)
            switch test {
            case .success(let text):
                output = text
            case .failure(let refusal):
                console.error("\(tracePath):\(refusal.line): error: the run cannot be written as a test: \(refusal.message)\n")
                return .failure
            }
        default:
            output = summary(of: run, tracePath: tracePath)
        }
        return console.write(output, toFileOrStandardOutput: arguments.value("--output")) ? .success : .failure
    }

    private func summary(of run: ReplayedRun, tracePath: String) -> String {
        let transitions = run.steps.reduce(0) { $0 + $1.transitions.count }
        let last = run.steps.last.map { $0.configuration.map { run.machine.model[$0].name }.joined(separator: ", ") } ?? ""
        return "\(tracePath): \(run.steps.count) \(run.steps.count == 1 ? "step" : "steps") and \(transitions) "
            + "\(transitions == 1 ? "transition" : "transitions") match \(run.machine.model.name); it ends in [\(last)]\n"
    }

    private func report(_ divergence: TraceDivergence, tracePath: String, specPath: String) {
        var text = divergence.rendered(tracePath: tracePath) + "\n"
        let renderer = DiagnosticRenderer(path: specPath)
        for note in divergence.notes {
            text += renderer.render(Diagnostic(.note, note.message, at: note.range))
        }
        console.error(text)
    }
}
