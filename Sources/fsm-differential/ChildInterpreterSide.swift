import FSMCompiler

/// fsmc's interpreter running a ``ChildPair``: the parent, its children nested in it (the one
/// semantics, `MachineInterpreter+Children.swift`). Its trace lines are the harness's: a
/// child's states written `k1/state`, a running child's active states among the parent's, then
/// the running calls and streams, a child's by its path (`k1/fetch2()`). An outcome step
/// reaches the parent's own call (`complete fetch1`, ``MachineInterpreter/deliver(_:from:answers:)``)
/// or a child's (`complete k1/fetch2`, ``MachineInterpreter/deliver(_:from:toChild:answers:)``).
///
/// Two differences are left out, Qt's (docs/SCXML.md, "Known Qt deviations"): Qt SCXML (6.4)
/// shows nothing of a cancelled child's exit, where SCXML (appendix D, `exitInterpreter`) and
/// fsmc exit its active states, running their exit actions; and when the parent takes a
/// child's output by leaving the invoking state, Qt shows nothing of what the child did after
/// sending it in that step (the rest of its transition's actions, the states it entered),
/// where SCXML's child finishes its macrostep before it handles the cancellation, as fsmc's
/// does (also when that rest finishes the child). So in a step that cancels a child machine or
/// exits the state of a child that acted in it, at any depth, neither side's lines of that
/// child (any run of its invocation, its own children's included) are compared: ``ChildTrace/uncompared`` names them, and
/// ``ChildTrace/comparable(_:)`` takes them out of the other side's lines too. And Qt starts
/// the children of one macrostep in another order than SCXML's (appendix D: the states to
/// invoke in entry order, each one's `<invoke>`s in document order), which fsmc follows: in a
/// state `a` entering `b`, Qt starts `b`'s child before `a`'s. So each step's exits and
/// entries are compared machine by machine (``ChildTrace/byMachine(_:)``): the parent's in
/// their order, then each child's, by invocation name, in theirs. The active states after
/// each step are compared in full.
struct ChildTrace {
    var lines: [String] = []
    /// The invocations whose child's lines are left out, by step (0 is the start).
    var uncompared: [Int: Set<String>] = [:]
    /// How many outcome steps reached a call or a stream that ran: of the parent's own, and of
    /// a child's (`complete k3/fetch1`). What a campaign's summary counts.
    var outcomesDelivered = (parent: 0, child: 0)
    /// The first step not compared, when a step's order depends on the order Qt starts
    /// children in (a known Qt deviation): a wait in which two child machines started in the
    /// same step have timers due at one deadline. Qt fires first the timer of the child it
    /// started first, and it starts the children of one macrostep in another order than
    /// SCXML's, not always the same one; so from that step on, the sides may differ for that
    /// reason alone, and the run is compared up to it.
    var comparedSteps: Int?

    /// `lines` up to ``comparedSteps``.
    func compared(_ lines: [String]) -> [String] {
        comparedSteps.map { Array(lines.prefix($0)) } ?? lines
    }

    /// `lines` (a side's trace of the same script) without the lines ``uncompared`` names,
    /// each step's exits and entries machine by machine.
    func comparable(_ lines: [String]) -> [String] {
        lines.enumerated().map { index, line in
            var columns = line.components(separatedBy: " | ")
            guard columns.count == 4 else { return line }
            let names = uncompared[index] ?? []
            let entries = columns[1].components(separatedBy: ", ").filter { entry in
                !names.contains { entry.hasPrefix("exit \($0)/") || entry.hasPrefix("enter \($0)/") }
            }
            columns[1] = Self.byMachine(entries).joined(separator: ", ")
            return columns.joined(separator: " | ")
        }
    }

    /// Exits and entries, the parent's first in their order, then each child's (`k1/s2`) in
    /// theirs, children by name.
    static func byMachine(_ entries: [String]) -> [String] {
        func machine(_ entry: String) -> String {
            let state = entry.split(separator: " ", maxSplits: 1).last.map(String.init) ?? ""
            return state.contains("/") ? String(state.prefix { $0 != "/" }) : ""
        }
        let parent = entries.filter { machine($0).isEmpty }
        let children = Dictionary(grouping: entries.filter { !machine($0).isEmpty }, by: machine)
        return parent + children.keys.sorted().flatMap { children[$0]! }
    }
}

enum ChildInterpreterSide {
    static func trace(_ pair: ChildPair, _ script: DifferentialScript) -> ChildTrace {
        let model = pair.parent.model
        var interpreter = MachineInterpreter(machine: pair.parent, machines: pair.children)
        var seen = 0
        var result = ChildTrace()
        // The step each running child machine's run started in.
        var startedIn: [MachineInterpreter.InvocationRun: Int] = [:]
        func note(_ step: String) {
            let entries = Array(interpreter.trace[seen...])
            for case .started(let run) in entries where interpreter.child(run) != nil {
                startedIn[run] = result.lines.count
            }
            let cancelled = uncompared(entries, in: model, machines: pair.children, prefix: "")
            if !cancelled.isEmpty { result.uncompared[result.lines.count] = cancelled }
            let states = entries.compactMap { line(of: $0, in: model, machines: pair.children) }
            seen = interpreter.trace.count
            let active = activeStates(of: interpreter, prefix: "").sorted() + runningWork(of: interpreter, prefix: "").sorted()
            result.lines.append("\(step) | \(states.joined(separator: ", ")) |  | \(active.joined(separator: " "))")
        }
        _ = interpreter.start(answers: script.trueGuards)
        note("start")
        for step in script.steps {
            switch step {
            case .send(let name):
                if let index = model.events.firstIndex(where: { $0.name == name }) {
                    _ = interpreter.send(EventID(index), answers: script.trueGuards)
                }
            case .wait(let milliseconds):
                let deadline = interpreter.now + Int64(milliseconds) * 1_000_000
                if result.comparedSteps == nil, timersOfChildrenStartedTogether(in: interpreter, startedIn: startedIn, dueBy: deadline) {
                    result.comparedSteps = result.lines.count
                }
                _ = interpreter.advance(to: deadline, answers: script.trueGuards)
            case .child(let name, let event):
                let run = interpreter.runningInvocations.first { model[$0.invocation].name == name }
                if let run, let child = interpreter.child(run), !child.isFinished,
                   let index = child.machine.model.events.firstIndex(where: { $0.name == event }) {
                    _ = interpreter.send(EventID(index), toChild: run, answers: script.trueGuards)
                }
            case .outcome(let outcome, let path):
                // `fetch1` is the parent's own; `k3/fetch1` the call of its running child `k3`.
                var names = path.split(separator: "/").map(String.init)
                let name = names.removeLast()
                var runs: [MachineInterpreter.InvocationRun] = []
                var machine: MachineInterpreter? = interpreter
                for childName in names {
                    guard let current = machine,
                          let run = current.runningInvocations.first(where: { current.machine.model[$0.invocation].name == childName }),
                          let child = current.child(run), !child.isFinished
                    else {
                        machine = nil
                        break
                    }
                    runs.append(run)
                    machine = child
                }
                guard let machine, !machine.isFinished,
                      let run = machine.runningInvocations.first(where: { machine.machine.model[$0.invocation].name == name }),
                      let delivered = InterpreterSide.result(of: outcome, from: machine.machine.model[run.invocation])
                else { break }
                if runs.isEmpty {
                    _ = interpreter.deliver(delivered, from: run, answers: script.trueGuards)
                    result.outcomesDelivered.parent += 1
                } else {
                    _ = interpreter.deliver(delivered, from: run, toChild: runs, answers: script.trueGuards)
                    result.outcomesDelivered.child += 1
                }
            }
            note(step.text)
        }
        return result
    }

    /// Whether two running child machines started in the same step have timers due by
    /// `deadline` at one same deadline (``ChildTrace/comparedSteps``).
    private static func timersOfChildrenStartedTogether(
        in interpreter: MachineInterpreter, startedIn: [MachineInterpreter.InvocationRun: Int], dueBy deadline: Int64
    ) -> Bool {
        var deadlines: [Int: [Int64: Int]] = [:]
        for run in interpreter.runningInvocations {
            guard let child = interpreter.child(run), !child.isFinished, let step = startedIn[run] else { continue }
            for due in Set(child.runningTimers.map(\.deadline)) where due <= deadline {
                deadlines[step, default: [:]][due, default: 0] += 1
            }
        }
        return deadlines.values.contains { $0.values.contains { $0 > 1 } }
    }

    /// The children (`upload`, `upload/retry` for a grandchild) whose lines a step's entries
    /// leave uncompared: those cancelled, and those that acted while their invoking state was
    /// exited, at any depth.
    private static func uncompared(
        _ entries: [MachineInterpreter.TraceEntry], in model: MachineModel, machines: [String: ExecutableMachine], prefix: String
    ) -> Set<String> {
        let exited = Set(entries.compactMap { entry -> StateID? in if case .exited(let state) = entry { state } else { nil } })
        var result: Set<String> = []
        var inner: [MachineInterpreter.InvocationRun: [MachineInterpreter.TraceEntry]] = [:]
        for entry in entries {
            switch entry {
            case .cancelled(let run):
                if case .machine = model[run.invocation].kind { result.insert(prefix + model[run.invocation].name) }
            case .inChild(let run, let childEntry):
                if exited.contains(model[run.invocation].owner) { result.insert(prefix + model[run.invocation].name) }
                inner[run, default: []].append(childEntry)
            default:
                break
            }
        }
        for (run, childEntries) in inner {
            guard case .machine(let name) = model[run.invocation].kind, let child = machines[name] else { continue }
            result.formUnion(uncompared(childEntries, in: child.model, machines: machines, prefix: prefix + model[run.invocation].name + "/"))
        }
        return result
    }

    /// An exit or an entry as the harness writes it, a child's prefixed by its invocation's
    /// name; `nil` for every other entry.
    private static func line(of entry: MachineInterpreter.TraceEntry, in model: MachineModel, machines: [String: ExecutableMachine]) -> String? {
        switch entry {
        case .exited(let state): return "exit \(model[state].name)"
        case .entered(let state): return "enter \(model[state].name)"
        case .inChild(let run, let inner):
            let invocation = model[run.invocation]
            guard case .machine(let machine) = invocation.kind, let child = machines[machine] else { return nil }
            guard let text = line(of: inner, in: child.model, machines: machines) else { return nil }
            let words = text.split(separator: " ", maxSplits: 1)
            return "\(words[0]) \(invocation.name)/\(words[1])"
        default: return nil
        }
    }

    /// The running calls and streams, `fetch1()`, a running child's as `k1/fetch1()`, unsorted:
    /// the harness's running invocations.
    private static func runningWork(of interpreter: MachineInterpreter, prefix: String) -> [String] {
        let model = interpreter.machine.model
        var running: [String] = []
        for run in interpreter.runningInvocations {
            if case .machine = model[run.invocation].kind {
                guard let child = interpreter.child(run), !child.isFinished else { continue }
                running += runningWork(of: child, prefix: prefix + model[run.invocation].name + "/")
            } else {
                running.append(prefix + model[run.invocation].name + "()")
            }
        }
        return running
    }

    /// The active states, a running child's as `k1/state`, unsorted.
    private static func activeStates(of interpreter: MachineInterpreter, prefix: String) -> [String] {
        let model = interpreter.machine.model
        var active = interpreter.configuration.map { prefix + model[$0].name }
        for run in interpreter.runningInvocations {
            guard let child = interpreter.child(run), !child.isFinished else { continue }
            active += activeStates(of: child, prefix: prefix + model[run.invocation].name + "/")
        }
        return active
    }
}
