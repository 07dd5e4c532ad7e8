import FSMCompiler

/// What one run does to a chart: the guards' fixed answers, then events, time and what the
/// running invocations' work does.
struct DifferentialScript: Hashable, Sendable {
    enum Step: Hashable, Sendable {
        /// An event sent from outside, by its name in the spec.
        case send(String)
        /// The clock moves on by this many milliseconds.
        case wait(Int)
        /// The work of the invocation of this name returns, throws, yields or finishes
        /// (`complete fetch1`); nothing on any side when it does not run.
        case outcome(SCXMLEmitter.Outcome, String)
        /// An event from outside to the running child machine invoked as the first name
        /// (`child k1 e2`; a ``ChildPair``'s scripts only); nothing when it does not run.
        case child(String, String)

        var text: String {
            switch self {
            case .send(let event): "send \(event)"
            case .wait(let milliseconds): "wait \(milliseconds)"
            case .outcome(let outcome, let invocation): "\(outcome.rawValue) \(invocation)"
            case .child(let invocation, let event): "child \(invocation) \(event)"
            }
        }
    }

    /// The guards that hold, by their names in the spec; every other guard fails.
    var trueGuards: Set<String>
    var steps: [Step]

    /// The job both sides read (Tools/QtSCXMLHarness/main.cpp describes it): `chart`, each
    /// guard's answer under the name the chart gives it, `start`, the steps, `end`.
    func job(chart: String, guards: [(name: String, variable: String)]) -> String {
        var lines = ["chart \(chart)"]
        for guardName in guards {
            lines.append("guard \(guardName.variable) \(trueGuards.contains(guardName.name) ? 1 : 0)")
        }
        lines.append("start")
        lines += steps.map(\.text)
        lines.append("end")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The script as a reader sees it: `[g1, g2] send a, wait 250`.
    var summary: String {
        "[\(trueGuards.sorted().joined(separator: ", "))] " + steps.map(\.text).joined(separator: ", ")
    }
}

extension DifferentialScript {
    /// The script as a regression case keeps it: `guard <name> 1` for each guard that holds,
    /// then a step a line.
    var caseText: String {
        (trueGuards.sorted().map { "guard \($0) 1" } + steps.map(\.text)).joined(separator: "\n") + "\n"
    }

    /// Reads `caseText` back.
    init(caseText: String) {
        trueGuards = []
        steps = []
        for line in caseText.split(separator: "\n") {
            let parts = line.split(separator: " ").map(String.init)
            switch (parts.first, parts.count) {
            case ("guard", 3) where parts[2] == "1": trueGuards.insert(parts[1])
            case ("send", 2): steps.append(.send(parts[1]))
            case ("wait", 2): steps.append(.wait(Int(parts[1]) ?? 0))
            case ("child", 3): steps.append(.child(parts[1], parts[2]))
            case (let word?, 2):
                if let outcome = SCXMLEmitter.Outcome(rawValue: word) { steps.append(.outcome(outcome, parts[1])) }
            default: break
            }
        }
    }
}
