import FSMCompiler
import FSMCommands
import Foundation

/// `fsmc verify`: proves a spec's properties (`assert …`) and prints every one's result: that
/// it holds, the shortest run that breaks it, or that the search could not decide it within
/// its bound. `check`, `generate` and the build plugin prove the same properties and stop at
/// one that fails; `verify` is for reading the results, as text or JSON, or for keeping each
/// counterexample as a Swift Testing test that replays it on the generated machine
/// (`swift-testing`: ``CounterexamplePaths``; a counterexample the generated machine cannot be
/// driven through is an error at its `assert`, and the file holds the others).
///
/// Exit status 1 when the spec has errors or a property fails; an inconclusive property is a
/// warning and leaves the status 0.
struct VerifyCommand {
    var console: Console

    /// The formats `--format` takes; the first is the default.
    static let formats = ["text", "json", "swift-testing"]

    /// The command's entry in the command table.
    static func spec(console: Console) -> CommandSpec {
        CommandSpec(
            name: "verify",
            summary: "Proves a spec's properties and prints each result, with the shortest counterexample of one that fails.",
            arguments: "<file> [--format text|json|swift-testing] [--module <name>] [--sample <Type=expression>]... [--kept-events <n>] [--property-bound <n>] [--property-budget <steps>] [--sibling <spec>]... [--output <file>]",
            options: [
                OptionSpec(
                    name: "--format", valueName: "<format>",
                    help: "text (the default: one line per property, a failing one's counterexample as notes), json, or swift-testing (a test per counterexample, replayed on the generated machine)."),
                OptionSpec(name: "--module", valueName: "<name>", help: "For swift-testing: the module the machine is in."),
                SampleOption.option,
            ] + ExplorationBoundsOptions.propertyOptions + [
                TargetMachines.option,
                OptionSpec(name: "--output", valueName: "<file>", help: "Write to <file> instead of stdout."),
                OptionSpec(name: "--help", help: "Show this help."),
            ],
            run: { VerifyCommand(console: console).run($0) })
    }

    func run(_ arguments: ParsedArguments) -> ExitCode {
        let format = arguments.value("--format") ?? Self.formats[0]
        guard Self.formats.contains(format) else {
            console.error("fsmc verify: error: unknown format '\(format)'; use \(Self.formats.joined(separator: ", "))\n")
            return .usage
        }
        guard arguments.positionals.count == 1 else {
            console.error("fsmc verify: error: name exactly one .fsm file\n")
            return .usage
        }
        guard let overrides = ExplorationBoundsOptions.overrides(in: arguments, command: "verify", console: console),
              let samples = SampleOption.samples(in: arguments, command: "verify", console: console)
        else { return .usage }
        let path = arguments.positionals[0]
        let machines: TargetMachines
        do {
            machines = try TargetMachines(specs: [path], siblings: arguments.repeatedValues("--sibling"))
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return .failure
        }
        // The properties are proved below, once: the compile only checks the spec.
        guard let compilation = CheckCommand(console: console).compile(
                path, warningsAsErrors: false, machines: machines.siblings(of: path), propertyBounds: nil,
                refusals: { format == "swift-testing" ? CounterexamplePaths.refusals($0.model) : [] }),
              let machine = compilation.executable, !compilation.hasErrors,
              let source = try? InputFiles.read(path)
        else {
            return .failure
        }
        let report = PropertyChecker.check(machine, bounds: overrides.applied(to: compilation.bounds))
        let fileName = (path as NSString).lastPathComponent
        var refused: [Diagnostic] = []
        let text: String
        switch format {
        case "json":
            text = PropertyReportJSONEmitter.emit(report, machine: machine, sourceFileName: fileName)
        case "swift-testing":
            let counterexamples = CounterexamplePaths(report, of: machine, samples: samples)
            refused = counterexamples.refusals
            text = PathsSwiftTestingEmitter.emit(
                counterexamples, sourceFileName: fileName, module: arguments.value("--module"), specPath: path)
        default:
            text = textReport(report, machine: machine, path: path, source: SourceText(bytes: Array(source)))
        }
        guard console.write(text, toFileOrStandardOutput: arguments.value("--output")) else { return .failure }
        if !refused.isEmpty {
            let sourceText = SourceText(bytes: Array(source))
            console.error(DiagnosticRenderer(path: path, source: console.stderrIsTerminal ? sourceText : nil).render(refused))
        }
        let fails = report.results.contains { if case .fails = $0.verdict { true } else { false } }
        return fails ? .failure : .success
    }

    /// Every property in declaration order, as the compiler's diagnostics read (a failing one
    /// an error with its counterexample as notes, an inconclusive one a warning) and a note for
    /// each one that holds; then a summary.
    private func textReport(_ report: PropertyReport, machine: ExecutableMachine, path: String, source: SourceText) -> String {
        let model = machine.model
        guard !model.properties.isEmpty else {
            return "\(model.name) asserts no properties: nothing to verify.\n"
        }
        let failures = PropertyDiagnostics.diagnostics(of: report, machine: machine, source: source)
        let holding = report.results.compactMap { result in
            if case .holds = result.verdict {
                Diagnostic(.note, "property '\(result.property.text)' holds", at: result.property.range)
            } else {
                nil
            }
        }
        let diagnostics = (failures + holding).sorted { $0.range.start < $1.range.start }
        let renderer = DiagnosticRenderer(path: path)
        var counts: [String] = []
        let holds = holding.count
        let fails = report.results.count { if case .fails = $0.verdict { true } else { false } }
        let withinBound = report.results.count { $0.verdict == .holdsWithinBound }
        let inconclusive = report.results.count - holds - fails - withinBound
        counts.append("\(holds) \(holds == 1 ? "holds" : "hold")")
        if withinBound > 0 { counts.append("\(withinBound) \(withinBound == 1 ? "holds" : "hold") within the bound") }
        if fails > 0 { counts.append("\(fails) \(fails == 1 ? "fails" : "fail")") }
        if inconclusive > 0 { counts.append("\(inconclusive) inconclusive") }
        let properties = report.results.count == 1 ? "1 property" : "\(report.results.count) properties"
        return renderer.render(diagnostics)
            + "Verified \(properties) of \(model.name) over \(report.exploredSituations) situations "
            + "(\(PropertyDiagnostics.grouped(report.work)) steps): \(counts.joined(separator: ", ")).\n"
    }
}
