import FSMCore
/// Writes a ``TestPlan`` as JSON for tools: transitions, paths with their steps, and what no
/// path reaches. Keys are in a fixed order, so the output is deterministic.
///
/// A step's `stateAfter` is the active atomic state; for a machine with nested states, a
/// step also lists `activeStatesAfter`, the whole configuration, outermost first. In a
/// machine with parallel states, `stateAfter` names the configuration as the text output does
/// (`editor(boldOn, italicOff)`), and a step also lists `atomicStatesAfter`, the active atomic
/// states, in document order, and `activeStatesAfter`, every active state in document order.
/// `missingSamples` lists each type without a sample: the events whose payload and the value
/// functions whose result need it, and the transitions and states paths miss for lack of it.
/// `searchBound`, present only when a search stopped at a bound on situations and paths miss
/// something the machine's structure does not rule out, gives the bounds and the transitions
/// and states that may lie beyond them. `uncoveredBecause` and `unreachedBecause`, present only
/// when needed, say why the paths miss each transition and state that neither explains (its
/// state is never reached, a child machine never finishes, …). A step that sends an event to a child machine
/// (`invoke SignIn as signIn`) names the invocations from this machine down to it in `child`
/// (`["signIn"]`), its machine in `childMachine` and the event in `sendToChild`; what the child
/// emits and its finishing are this machine's transitions of the same step.
public enum PathsJSONEmitter {
    public static func emit(_ plan: TestPlan, sourceFileName: String) -> String {
        let model = plan.model
        let transitions = model.allTransitions.enumerated().map { index, transition in
            JSON.object([
                ("index", .number(index)),
                ("line", .number(transition.range.start.line)),
                ("description", .string(PathDescription.transition(transition, in: model))),
            ])
        }
        let paths = (plan.reachPaths + plan.coveragePaths).map { path in
            var fields: [(String, JSON)] = []
            switch path.purpose {
            case .reach(let state):
                fields.append(("kind", .string("reach")))
                fields.append(("target", .string(model[state].name)))
            case .coverage(let number):
                fields.append(("kind", .string("coverage")))
                fields.append(("number", .number(number)))
            case .counterexample(let index):
                fields.append(("kind", .string("counterexample")))
                fields.append(("property", .string(model.properties[index].text)))
            case .recordedRun(let trace):
                fields.append(("kind", .string("recordedRun")))
                fields.append(("trace", .string(trace)))
            }
            fields.append(("startTransitions", .array(path.startTransitions.map { .number($0) })))
            fields.append(("steps", .array(path.steps.map { step($0, plan) })))
            return JSON.object(fields)
        }
        var fields: [(String, JSON)] = [
            ("machine", .string(model.name)),
            ("source", .string(sourceFileName)),
            ("initialState", .string(model[model.initialState].name)),
            ("transitions", .array(transitions)),
            ("paths", .array(paths)),
            ("unreachableStates", .array(plan.unreachableStates.map { .string(model[$0].name) })),
            ("uncoveredTransitions", .array(plan.uncoveredTransitions.map { .number($0) })),
        ]
        if !plan.historyDefaults.isEmpty {
            fields.append(("historyDefaults", .array(plan.historyDefaults.map { .string(model[$0].name) })))
            fields.append(("uncoveredHistoryDefaults", .array(plan.uncoveredHistoryDefaults.map { .string(model[$0].name) })))
        }
        fields += [
            ("unsampledEvents", .array(plan.unsampledEvents.map { .string(model[$0].name) })),
            ("missingSamples", .array(plan.missingSamples.map { missing in
                var entry: [(String, JSON)] = [
                    ("type", .string(missing.type)),
                    ("events", .array(missing.events.map { .string(model[$0].name) })),
                ]
                if !missing.childEvents.isEmpty { entry.append(("childEvents", .array(missing.childEvents.map { .string($0) }))) }
                entry += [
                    ("valueFunctions", .array(missing.valueFunctions.map { .string($0) })),
                    ("uncoveredTransitions", .array(missing.uncoveredTransitions.map { .number($0) })),
                    ("unreachableStates", .array(missing.unreachableStates.map { .string(model[$0].name) })),
                ]
                return .object(entry)
            })),
        ]
        // Why each miss that no missing sample nor the search bound explains; only when there
        // is one, so that the files of fully covered machines stay as they were.
        if !plan.transitionMissReasons.isEmpty {
            fields.append(("uncoveredBecause", .array(plan.transitionMissReasons.keys.sorted().map { index in
                .object([("transition", .number(index)), ("reason", .string(plan.description(plan.transitionMissReasons[index]!)))])
            })))
        }
        if !plan.stateMissReasons.isEmpty {
            fields.append(("unreachedBecause", .array(plan.stateMissReasons.keys.sorted { $0.index < $1.index }.map { state in
                .object([("state", .string(model[state].name)), ("reason", .string(plan.description(plan.stateMissReasons[state]!, state: state)))])
            })))
        }
        if let bound = plan.searchBound {
            fields.append(("searchBound", .object([
                ("maximumSituations", .number(bound.maximumSituations)),
                ("maximumSituationsPerConfiguration", .number(bound.maximumSituationsPerConfiguration)),
                ("uncoveredTransitions", .array(bound.uncoveredTransitions.map { .number($0) })),
                ("unreachableStates", .array(bound.unreachableStates.map { .string(model[$0].name) })),
            ])))
        }
        return JSON.object(fields).rendered(indent: "") + "\n"
    }

    private static func step(_ step: TestStep, _ plan: TestPlan) -> JSON {
        let model = plan.model
        var fields: [(String, JSON)] = []
        switch step.stimulus {
        case .send(let event):
            fields.append(("send", .string(model[event].name)))
            fields.append(("call", .string(PathDescription.stimulus(step.stimulus, in: plan))))
        case .sendToChild(let chain, let event):
            let child = plan.childModel(at: chain)
            fields.append(("child", .array(child.names.map { .string($0) })))
            fields.append(("childMachine", .string(child.model.name)))
            fields.append(("sendToChild", .string(child.model[event].name)))
            fields.append(("call", .string(PathDescription.stimulus(step.stimulus, in: plan))))
        case .advance(let nanoseconds):
            fields.append(("advanceNanoseconds", .number(Int(nanoseconds))))
        case .deliver(let invocation, let result):
            fields.append(("deliver", .string(model[invocation].name)))
            fields.append(("result", .string(result.name)))
            fields.append(("call", .string(PathDescription.stimulus(step.stimulus, in: plan))))
        }
        fields.append(("holdingGuards", .array(step.holdingGuards.map { .string($0) })))
        fields.append(("takenTransitions", .array(step.takenTransitions.map { .number($0) })))
        // Only for machines with history defaults, so that other machines' files stay as they were.
        if !plan.historyDefaults.isEmpty {
            fields.append(("tookHistoryDefaults", .array(step.tookHistoryDefaults.map { .string(model[$0].name) })))
        }
        if model.states.contains(where: \.isParallel) {
            fields.append(("stateAfter", .string(PathDescription.configuration(step.atomicStatesAfter, in: model))))
            fields.append(("atomicStatesAfter", .array(step.atomicStatesAfter.map { .string(model[$0].name) })))
            fields.append(("activeStatesAfter", .array(plan.activeStates(atomic: step.atomicStatesAfter).map { .string(model[$0].name) })))
        } else {
            let leaf = step.atomicStatesAfter[0]
            fields.append(("stateAfter", .string(model[leaf].name)))
            if !model.isFlat {
                fields.append(("activeStatesAfter", .array(model.path(from: leaf).reversed().map { .string(model[$0].name) })))
            }
        }
        return .object(fields)
    }
}
