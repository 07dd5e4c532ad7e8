import FSMCompiler
import Foundation

/// Writes, for one chart, the Swift that runs its generated machine through a script and prints
/// the trace the Qt harness prints: the `Actions` a user would write (each guard answers what
/// the script fixed, each action notes its name), an `Observer` noting exits, entries and
/// outputs, a `ManualClock` for time, a `ManualInvocationDriver` that a script's outcome steps
/// drive (the invocations' functions are never called), and `isIn` for the configuration.
struct SwiftDriverWriter {
    let chart: DifferentialChart
    /// The Swift `fsmc generate` wrote for the chart: the `Actions` requirements are read from it.
    let generatedSwift: String

    /// The requirements of the generated `Actions` protocol: `func name(params) -> Type`.
    var requirements: [String] {
        let lines = generatedSwift.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.drop { $0 == " " }) }
        guard let start = lines.firstIndex(where: { $0.hasSuffix("protocol Actions {") }) else { return [] }
        var result: [String] = []
        for line in lines[(start + 1)...] {
            if line == "}" { break }
            if line.hasPrefix("func ") || line.hasPrefix(Self.nonsending + "func ") { result.append(line) }
        }
        return result
    }

    /// What the requirement of a call of a machine without isolation starts with.
    static let nonsending = "nonisolated(nonsending) "

    /// A requirement's name as the spec writes it (backticks removed).
    static func name(of requirement: String) -> String {
        let afterFunc = requirement.dropFirst((requirement.hasPrefix(nonsending) ? nonsending : "").count + "func ".count)
        return String(afterFunc.prefix { $0 != "(" }).replacingOccurrences(of: "`", with: "")
    }

    /// A Swift string literal of a name: spec names hold neither quotes nor backslashes.
    private func literal(_ text: String) -> String { "\"" + text + "\"" }

    /// The driver's source. `runChart<name>(trueGuards:steps:)` returns the trace lines.
    var source: String {
        let name = chart.name
        let model = chart.model
        // A flat machine without data or invocations keeps the version-1 `State`; otherwise
        // states are `StateID`s (SwiftPlan's `.statechart`).
        let hasStateData = model.states.contains { !$0.data.isEmpty }
        let stateType = model.isFlat && !hasStateData && model.invocations.isEmpty ? "\(name).State" : "\(name).StateID"
        let hasInvocations = !model.invocations.isEmpty
        let hasActions = !model.guards.isEmpty || !model.actions.isEmpty || hasInvocations
        // Whether the generated init takes a clock: not when every `after` is never taken
        // (`after 1s [false]`; R94 of seed 3, large, with invocations).
        let hasTimers = generatedSwift.contains("    ///   - clock: ")
        let isolation = model.isMainActor ? "@MainActor " : ""
        var text = """
            \(isolation)final class \(name)Driver: \(hasActions ? "\(name).Actions, " : "")\(name).Observer {
                // Named apart from the spec's names (an invocation may be called `actions`).
                let trueGuardsOfTheRun: Set<String>
                var statesOfTheStep: [String] = []
                var actionsOfTheStep: [String] = []
                init(trueGuards: Set<String>) { trueGuardsOfTheRun = trueGuards }

            """
        for requirement in requirements {
            let requirementName = Self.name(of: requirement)
            if requirement.hasSuffix("-> Bool") {
                text += "    \(requirement) { trueGuardsOfTheRun.contains(\(literal(requirementName))) }\n"
            } else if requirement.contains(") async throws") {
                // An invocation's work: the manual driver never runs it.
                text += "    \(requirement) { throw CancellationError() }\n"
            } else if requirement.contains("-> InvocationElements<") {
                text += "    \(requirement) { InvocationElements(AsyncStream { nil }) }\n"
            } else {
                text += "    \(requirement) { actionsOfTheStep.append(\(literal("action " + requirementName))) }\n"
            }
        }
        text += """
                func machine(_ machine: \(name), didExit state: \(stateType)) { statesOfTheStep.append("exit " + state.rawValue) }
                func machine(_ machine: \(name), didEnter state: \(stateType)) { statesOfTheStep.append("enter " + state.rawValue) }

            """
        // The output's name is read outside the class: inside it, a requirement may shadow any
        // name the spec uses for an invocation (`String`, `Swift`).
        if !model.outputs.isEmpty {
            text += "    func machine(_ machine: \(name), didEmit output: \(name).Output) { actionsOfTheStep.append(\"emit \" + differentialOutputName(output)) }\n"
        }
        text += "}\n\n"
        if !model.outputs.isEmpty {
            text += "fileprivate func differentialOutputName(_ output: Any) -> String { String(String(describing: output).prefix { $0 != \"(\" }) }\n\n"
        }
        let arguments = [
            hasActions ? "actions: driver" : nil, hasTimers ? "clock: clock" : nil, hasInvocations ? "invocations: invocations" : nil,
            "observers: [driver]",
        ].compactMap { $0 }
        text += """
            @MainActor func runChart\(name)(trueGuards: Set<String>, steps: [String]) -> [String] {
                let driver = \(name)Driver(trueGuards: trueGuards)
                let clock = ManualClock()
                let invocations = ManualInvocationDriver()
                let machine = \(name)(\(arguments.joined(separator: ", ")))
                var lines: [String] = []
                func note(_ step: String) {
                    let active = \(stateType).allCases.filter { machine.isIn($0) }.map(\\.rawValue).sorted()
                        + invocations.running.map { $0 + "()" }.sorted()
                    lines.append(step + " | " + driver.statesOfTheStep.joined(separator: ", ") + " | " + driver.actionsOfTheStep.joined(separator: ", ") + " | " + active.joined(separator: " "))
                    driver.statesOfTheStep = []
                    driver.actionsOfTheStep = []
                }
                note("start")
                for step in steps {
                    let argument = String(step.split(separator: " ", maxSplits: 1).last ?? "")
                    if step.hasPrefix("wait ") {
                        clock.advance(by: .milliseconds(Int(argument) ?? 0))
                    } else {
                        switch step {

            """
        for event in chart.events {
            text += "            case \(literal("send " + event)): machine.send(.`\(event)`)\n"
        }
        for (outcome, invocation) in chart.outcomes {
            let call = switch outcome {
            case .complete: "invocations.complete(\(literal(invocation)))"
            case .fail: "invocations.fail(\(literal(invocation)), with: CancellationError())"
            case .yield: "invocations.yield(\(literal(invocation)))"
            case .finish: "invocations.finish(\(literal(invocation)))"
            }
            text += "            case \(literal(outcome.rawValue + " " + invocation)): if invocations.isRunning(\(literal(invocation))) { \(call) }\n"
        }
        text += """
                        default: break
                        }
                    }
                    note(step)
                }
                return lines
            }

            """
        return text
    }
}

