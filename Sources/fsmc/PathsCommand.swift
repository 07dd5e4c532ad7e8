import FSMCompiler
import FSMCommands
import Foundation

/// `fsmc paths`: model-based test paths for a spec, as text, JSON or Swift Testing code. With
/// `--sibling`, the machines the spec invokes as children run in the paths, and the Swift
/// Testing file drives them.
///
/// Exit status 1 when the spec has errors, or when coverage fell short for lack of a sample
/// value of a payload type or of a value function's result (the output is still written; stderr names the types and how to
/// give samples with `--sample`). When a search stopped at its bound on situations and paths
/// miss something that may lie beyond it, a warning on stderr says so; the status stays 0.
struct PathsCommand {
    var console: Console

    static let formats = ["text", "json", "swift-testing"]

    func run(_ arguments: ParsedArguments) -> ExitCode {
        let format = arguments.value("--format") ?? "text"
        guard arguments.positionals.count == 1, Self.formats.contains(format) else {
            console.error("fsmc paths: error: name one spec, and a --format of \(Self.formats.joined(separator: ", "))\n")
            return .usage
        }
        guard let samples = SampleOption.samples(in: arguments, command: "paths", console: console) else { return .usage }
        let path = arguments.positionals[0]
        guard case let (compilation, children)? = ChildMachineSpecs.compile(
            path, siblings: arguments.repeatedValues("--sibling"), warningsAsErrors: false, console: console,
            refusals: { model, children in
                PathPlanner.refusals(model, children: children.executables)
                    + (format == "swift-testing" ? PathsSwiftTestingEmitter.refusals(model, children: children.executables.mapValues(\.model)) : [])
            }),
              let machine = compilation.executable
        else {
            return .failure
        }
        let plan = PathPlanner.plan(machine, children: children.executables, samples: samples)
        let fileName = (path as NSString).lastPathComponent
        let text = switch format {
        case "json": PathsJSONEmitter.emit(plan, sourceFileName: fileName)
        case "swift-testing": PathsSwiftTestingEmitter.emit(
            plan, sourceFileName: fileName, module: arguments.value("--module"), specPath: path, siblingPaths: arguments.repeatedValues("--sibling"))
        default: PathsTextEmitter.emit(plan, sourceFileName: fileName)
        }
        guard console.write(text, toFileOrStandardOutput: arguments.value("--output")) else { return .failure }
        if let bound = plan.searchBound { reportSearchBound(bound, in: fileName) }
        guard plan.isShortOfSamples else { return .success }
        reportMissingSamples(of: plan, in: fileName)
        return .failure
    }

    /// A warning when paths miss transitions or states that may lie beyond the search bound.
    private func reportSearchBound(_ bound: TestPlan.SearchBound, in fileName: String) {
        var costs: [String] = []
        let transitions = bound.uncoveredTransitions.count
        if transitions > 0 { costs.append("\(transitions) \(transitions == 1 ? "transition is" : "transitions are") not covered") }
        let states = bound.unreachableStates.count
        if states > 0 { costs.append("\(states) \(states == 1 ? "state is" : "states are") not reached") }
        console.error(
            "fsmc paths: warning: \(fileName): the search stopped at its bound of \(bound.maximumSituations) situations "
                + "(\(bound.maximumSituationsPerConfiguration) per configuration): " + costs.joined(separator: " and ")
                + " within it\n")
    }

    /// One error per type whose lack cost coverage, then how to give samples.
    private func reportMissingSamples(of plan: TestPlan, in fileName: String) {
        let model = plan.model
        var text = ""
        for missing in plan.missingSamples where !missing.uncoveredTransitions.isEmpty || !missing.unreachableStates.isEmpty {
            var costs: [String] = []
            let transitions = missing.uncoveredTransitions.count
            if transitions > 0 { costs.append("\(transitions) \(transitions == 1 ? "transition is" : "transitions are") not covered") }
            let states = missing.unreachableStates.count
            if states > 0 { costs.append("\(states) \(states == 1 ? "state is" : "states are") not reached") }
            var uses: [String] = []
            let events = missing.events.map { "'\(model[$0].name)'" }
            if !events.isEmpty {
                uses.append("a payload of \(events.count == 1 ? "event" : "events") \(events.joined(separator: ", "))")
            }
            let childEvents = missing.childEvents.map { "'\($0)'" }
            if !childEvents.isEmpty {
                uses.append("a payload of child machine \(childEvents.count == 1 ? "event" : "events") \(childEvents.joined(separator: ", "))")
            }
            let functions = missing.valueFunctions.map { "'\($0)'" }
            if !functions.isEmpty {
                uses.append("the result of \(functions.count == 1 ? "value function" : "value functions") \(functions.joined(separator: ", "))")
            }
            text += "fsmc paths: error: \(fileName): no sample value of type '\(missing.type)' (\(uses.joined(separator: "; "))): "
                + costs.joined(separator: " and ") + " for lack of one\n"
        }
        let first = plan.missingSamples.first { !$0.uncoveredTransitions.isEmpty || !$0.unreachableStates.isEmpty }!.type
        text += "fsmc paths: note: give a sample as a Swift expression of the type: --sample '\(first)=<expression>' (repeat --sample for more types)\n"
        console.error(text)
    }
}
