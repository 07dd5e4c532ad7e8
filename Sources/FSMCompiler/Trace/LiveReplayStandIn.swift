// TEMPORARY stand-in for the lead's `LiveReplay` (coming on main as
// Sources/FSMCompiler/Trace/LiveReplay.swift): the same API, done by replaying the lines so far
// with ``TraceReplay`` at each line. Delete this file when merging main.

/// A trace replayed as its lines arrive (stand-in: see the file's comment).
public struct LiveReplay: Sendable {
    public enum Progress: Sendable {
        case pending
        case step(ReplayedRun.Step)
        case diverged(TraceDivergence)
    }

    private let machine: ExecutableMachine
    private let children: [String: ExecutableMachine]
    private var text = ""
    private var lineCount = 0
    private var stepCount = 0
    public private(set) var header: RecordedTrace.Header?
    public private(set) var divergence: TraceDivergence?

    public init(machine: ExecutableMachine, children: [String: ExecutableMachine] = [:]) {
        self.machine = machine
        self.children = children
    }

    /// The next line of the trace, the header first, without its newline (line numbers count
    /// from 1 at the header). After a divergence every line answers `.diverged` with the same
    /// divergence.
    public mutating func append(_ line: Substring) -> Progress {
        if let divergence { return .diverged(divergence) }
        lineCount += 1
        text += line + "\n"
        if lineCount == 1 {
            do {
                header = try RecordedTrace.read(text).header
            } catch {
                return fail(TraceDivergence(line: error.line, column: error.column, message: error.message))
            }
            return .pending
        }
        let run = TraceReplay.replay(text: text, on: machine, children: children)
        if let found = run.divergence {
            // The run so far ends inside a step, or has none yet: wait for more lines.
            let isCut = found.line == lineCount && found.column == nil && found.message.hasPrefix("the trace ends inside a step")
            let isEmpty = found.line == 1 && found.message.hasPrefix("the trace records no step")
            if !isCut && !isEmpty { return fail(found) }
        }
        guard run.steps.count > stepCount, let step = run.steps.last else { return .pending }
        stepCount = run.steps.count
        return .step(step)
    }

    private mutating func fail(_ found: TraceDivergence) -> Progress {
        divergence = found
        return .diverged(found)
    }
}
