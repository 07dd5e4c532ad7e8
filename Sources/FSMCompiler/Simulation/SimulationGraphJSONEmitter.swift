import FSMCore

/// Writes a ``SimulationGraph`` as the JSON the simulator page embeds and follows
/// (`fsmc simulate`, and `fsmc simulate --dump` for tools and the browser tests). Every text
/// the page shows is written here, from the model and the interpreter's trace, so the page
/// decides nothing; keys are in a fixed order, so the output is deterministic.
///
/// The document: `machine`, `bound`, `reachedBound`, `cuts` (a sentence for each bound that cut
/// the search: the page's header shows them); the chart's `states` (each with its
/// `name`, qualified `path`, `parent`, `kind` and `svgTitle`, the title of its node or cluster
/// in Graphviz's SVG), `events` (with their `parameters` and sample payloads), `transitions`
/// (by index, as described in test paths), `properties` (their `text` and `conditions`); `start`,
/// a step; and `situations`, each with its `active` and `atomic` states (indexes into
/// `states`), `histories`, `kept` events, `timers`, `invocations` (`name`, `kind`: `call`, `stream` or `machine`), `finished`, the value of each
/// property's conditions (`properties`), its `steps` and the events it `refused` with `why`. A
/// step has its `stimulus` (`kind`, `label`, and what names it), `incomplete`, and `outcomes`,
/// each with its guard `answers` (transition index, value), its `log` (lines of `kind` and
/// `text`), `next`, a situation's index or `null` past a bound, and `past`, which bound, as the
/// page says it. A situation listed without its steps (the work budget was spent) is
/// `unexplored`.
package enum SimulationGraphJSONEmitter {
    /// The graph's JSON; with `run` (a recorded run replayed on the same machine, `fsmc simulate
    /// --trace`), its steps as `recordedRun`: each step's `label`, the trace's `lines`, the guard
    /// `answers` it recorded, the interpreter's `log`, the `active` states after it and the
    /// `situation` of the graph it ends in (`null` past the bound), and the run's `divergence`
    /// from the spec, if any, as fsmc prints it for `tracePath`.
    package static func emit(
        _ graph: SimulationGraph, samples: SampleValues = SampleValues(), run: ReplayedRun? = nil, tracePath: String = "run.jsonl"
    ) -> String {
        Writer(graph: graph, samples: samples, run: run, tracePath: tracePath).document().rendered(indent: "") + "\n"
    }

    /// One step of a recorded run as the page shows it, in `recordedRun.steps` (`fsmc simulate
    /// --trace`) and in the live inspector's updates (`fsmc inspect`), the one writer of both:
    /// its `label`, the trace's `lines` (`tracePath:FIRST-LAST`), the guard `answers` it
    /// recorded, the interpreter's `log` (`log` lines `children` as well), the `active` states
    /// after it, the `situation` of `graph` it ends in (`null` past the bound), and the
    /// `timers` and `invocations` running after it (their labels, for a step past the bound).
    static func recordedStep(_ step: ReplayedRun.Step, in graph: SimulationGraph, log: SimulationStepLog, tracePath: String) -> JSON {
        let machine = graph.machine
        let model = machine.model
        let interpreter = step.interpreter
        return .object([
            ("label", .string(label(of: step.stimulus, machine))),
            ("lines", .string("\(tracePath):\(step.lines.lowerBound)-\(step.lines.upperBound)")),
            ("answers", .array(step.guardAnswers.map { .string("\($0.name)\($0.arguments.map { "(\($0))" } ?? ""): \($0.answer)") })),
            ("log", .array(log.lines(of: step.entries).map { line in .object([("kind", .string(line.kind)), ("text", .string(line.text))]) })),
            ("active", .array(step.configuration.map { .number($0.index) })),
            ("situation", graph.situation(of: interpreter).map(JSON.number) ?? .null),
            ("timers", .array(interpreter.runningTimers.map { .string(PropertyDiagnostics.describe(.timer($0.owner, group: $0.group), machine)) })),
            ("invocations", .array(interpreter.runningInvocations.map { .string(SpecText.invocation(model[$0.invocation])) })),
        ])
    }

    /// A recorded step's label: its stimulus as the page's own steps name theirs; a child
    /// machine's step as the trace shows it, after the invocations that run the child.
    private static func label(of stimulus: ReplayedRun.Stimulus, _ machine: ExecutableMachine) -> String {
        switch stimulus {
        case .start: PropertyDiagnostics.describe(.start, machine)
        case .restored: "picked up mid-run"
        case .event(let event): PropertyDiagnostics.describe(.event(event), machine)
        case .timer(let state, let group): PropertyDiagnostics.describe(.timer(state, group: group), machine)
        case .result(let invocation, let result): PropertyDiagnostics.describe(.outcome(invocation, result), machine)
        case .stop: "stop()"
        case .child(let path, let summary): "\(path.joined(separator: ".")): \(summary)"
        }
    }

    /// What the bounds cut, one sentence each: the page's header, and `fsmc simulate`'s
    /// warnings.
    package static func cutSentences(of graph: SimulationGraph) -> [String] {
        let model = graph.machine.model
        var sentences: [String] = []
        if let kept = graph.firstKeptEvent {
            let steps = graph.keptEventCuts == 1 ? "1 step keeps" : "\(graph.keptEventCuts) steps keep"
            sentences.append(
                "\(steps) more than \(graph.bounds.keptEvents) copies of an event ('\(model[kept].name)' first): "
                    + "where they end is not listed, each says how many more it keeps. Raise the bound with fsmc simulate --kept-events.")
        }
        if graph.reachedBound {
            sentences.append(
                "The machine has more situations than the bound of \(graph.bound): the page lists the first "
                    + "\(graph.situations.count) it reached, and a step to any other says so. Raise it with fsmc simulate --bound.")
        }
        if graph.cuts.exhaustedWork {
            let unexplored = graph.situations.count { $0.isUnexplored }
            sentences.append(
                "The search spent its budget of \(PropertyDiagnostics.grouped(graph.bounds.work)) steps: the steps it was exploring "
                    + "then list only the outcomes it reached (marked incomplete), and \(unexplored) situations are listed without "
                    + "their steps. Raise it with fsmc simulate --budget.")
        }
        return sentences
    }
}

private struct Writer {
    let graph: SimulationGraph
    let samples: SampleValues
    let run: ReplayedRun?
    let tracePath: String
    var machine: ExecutableMachine { graph.machine }
    var model: MachineModel { graph.machine.model }

    func document() -> JSON {
        .object([
            ("machine", .string(model.name)),
            ("bound", .number(graph.bound)),
            ("reachedBound", .bool(graph.reachedBound)),
            ("cuts", .array(SimulationGraphJSONEmitter.cutSentences(of: graph).map(JSON.string))),
            ("states", .array(model.states.map(state))),
            ("events", .array(model.events.map { event in
                .object([("name", .string(event.name)), ("parameters", parameters(event.parameters))])
            })),
            ("transitions", .array(model.allTransitions.map { transition in
                .object([
                    ("description", .string(PathDescription.transition(transition, in: model))),
                    ("line", .number(transition.range.start.line)),
                ])
            })),
            ("properties", .array(model.properties.map { property in
                .object([
                    ("text", .string(property.text)),
                    ("line", .number(property.range.start.line)),
                    ("conditions", .array(property.claim.conditions.map { .string(SpecText.guardExpression($0, in: model)) })),
                ])
            })),
            ("start", step(graph.start)),
            ("situations", .array(graph.situations.map(situation))),
            ("recordedRun", run.map(recordedRun) ?? .null),
        ])
    }

    private func recordedRun(_ run: ReplayedRun) -> JSON {
        let log = SimulationStepLog(machine: machine, children: run.steps.first?.interpreter.machines ?? [:])
        return .object([
            ("steps", .array(run.steps.map { SimulationGraphJSONEmitter.recordedStep($0, in: graph, log: log, tracePath: tracePath) })),
            ("divergence", run.divergence.map { .string($0.rendered(tracePath: tracePath)) } ?? .null),
        ])
    }

    private func state(_ state: StateModel) -> JSON {
        let kind = state.isFinal ? "final" : state.isParallel ? "parallel" : state.children.isEmpty ? "atomic" : "compound"
        return .object([
            ("name", .string(state.name)),
            ("path", .string(PropertyDiagnostics.qualifiedName(of: state.id, model))),
            ("parent", state.parent.map { .number($0.index) } ?? .null),
            ("kind", .string(kind)),
            ("svgTitle", .string(state.children.isEmpty ? state.name : "cluster " + state.name)),
        ])
    }

    private func parameters(_ parameters: [ParameterModel]) -> JSON {
        .array(parameters.map { parameter in
            .object([
                ("label", parameter.label.map(JSON.string) ?? .null),
                ("type", .string(parameter.type)),
                ("sample", samples.expression(for: parameter.type).map(JSON.string) ?? .null),
            ])
        })
    }

    private func situation(_ situation: SimulationGraph.Situation) -> JSON {
        let historyOwners = model.states.filter { $0.history != nil }
        return .object([
            ("active", .array(situation.configuration.map { .number($0.index) })),
            ("atomic", .array(situation.configuration.filter { model[$0].isAtomic }.map { .number($0.index) })),
            ("histories", .array(zip(historyOwners, situation.remembered).map { owner, remembered in
                .object([
                    ("state", .number(owner.id.index)),
                    ("remembers", remembered.map { .array($0.map { .number($0.index) }) } ?? .null),
                ])
            })),
            ("kept", .array(situation.kept.map { .string(model[$0].name) })),
            ("timers", .array(situation.timers.map { timer in
                .object([
                    ("state", .number(timer.owner.index)),
                    ("group", .number(timer.group)),
                    ("label", .string(describe(.timer(timer.owner, group: timer.group)))),
                ])
            })),
            ("invocations", .array(situation.running.map { invocation in
                .object([
                    ("name", .string(model[invocation].name)),
                    ("kind", .string(kind(of: model[invocation]))),
                    ("state", .number(model[invocation].owner.index)),
                    ("text", .string(SpecText.invocation(model[invocation]))),
                ])
            })),
            ("finished", .bool(situation.isFinished)),
            ("unexplored", .bool(situation.isUnexplored)),
            ("properties", .array(model.properties.map { property in
                .array(property.claim.conditionValues(in: situation.configuration).map(JSON.bool))
            })),
            ("steps", .array(situation.steps.map(step))),
            ("refused", .array(situation.refused.map { refusal in
                .object([("event", .string(model[refusal.event].name)), ("why", .string(why(refusal.reason)))])
            })),
        ])
    }

    private func kind(of invocation: InvocationModel) -> String {
        switch invocation.kind {
        case .call: "call"
        case .stream: "stream"
        case .machine: "machine"
        }
    }

    private func why(_ reason: SimulationGraph.Reason) -> String {
        switch reason {
        case .finished: "the machine finished"
        case .noTransition: "no transition here: ignored"
        }
    }

    private func step(_ step: SimulationGraph.Step) -> JSON {
        .object([
            ("stimulus", stimulus(step.stimulus)),
            ("incomplete", .bool(step.isIncomplete)),
            ("outcomes", .array(step.outcomes.map { outcome in
                .object([
                    ("answers", .array(outcome.answers.map { answer in
                        .object([("transition", .number(answer.transition.index)), ("value", .bool(answer.value))])
                    })),
                    ("log", .array(SimulationStepLog(machine: machine).lines(of: outcome).map { line in
                        .object([("kind", .string(line.kind)), ("text", .string(line.text))])
                    })),
                    ("next", outcome.next.map(JSON.number) ?? .null),
                    ("past", outcome.past.map { .string(sentence(past: $0)) } ?? .null),
                ])
            })),
        ])
    }

    private func stimulus(_ stimulus: MachineInterpreter.Stimulus) -> JSON {
        var fields: [(String, JSON)]
        switch stimulus {
        case .start:
            fields = [("kind", .string("start"))]
        case .event(let event):
            fields = [("kind", .string("event")), ("event", .string(model[event].name))]
        case .timer(let owner, let group):
            fields = [("kind", .string("timer")), ("state", .number(owner.index)), ("group", .number(group))]
        case .outcome(let invocation, let result):
            fields = [
                ("kind", .string("outcome")), ("invocation", .string(model[invocation].name)), ("result", .string(result.name)),
                ("payload", parameters(model[invocation].payload(of: result))),
            ]
            if case .output(let output) = result { fields.append(("output", .string(output))) }
        }
        fields.insert(("label", .string(describe(stimulus))), at: 1)
        return .object(fields)
    }

    /// Why an outcome has no next situation, as the page says it.
    private func sentence(past: SimulationGraph.PastBound) -> String {
        switch past {
        case .keptEvents(let event, let count):
            "This step keeps \(count) '\(model[event].name)', more than the bound of \(graph.bounds.keptEvents) kept events: "
                + "\(count - graph.bounds.keptEvents) more kept. fsmc did not follow it (fsmc simulate --kept-events raises the bound)."
        case .situations:
            "This step leads past the bound of \(graph.bound) situations: fsmc did not list where it ends."
        }
    }

    private func describe(_ stimulus: MachineInterpreter.Stimulus) -> String {
        PropertyDiagnostics.describe(stimulus, machine)
    }
}
