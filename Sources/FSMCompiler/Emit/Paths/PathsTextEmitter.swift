import FSMCore
/// Writes a ``TestPlan`` for people: each path as numbered steps with the guards they assume
/// and the configuration each ends in (``PathDescription/configuration(_:in:)``: `second`, or
/// `editor(boldOn, italicOff)` inside a parallel state).
public enum PathsTextEmitter {
    public static func emit(_ plan: TestPlan, sourceFileName: String) -> String {
        let model = plan.model
        var writer = CodeWriter(indentUnit: "  ")
        writer.line("Test paths for \(model.name) (\(sourceFileName))")
        writer.line()
        writer.line("Shortest path to each state:")
        writer.indented { writer in
            for state in plan.initialConfiguration {
                writer.line("\(model[state].name): initial state")
            }
            for path in plan.reachPaths {
                guard case .reach(let state) = path.purpose else { continue }
                let rests = path.steps.last.map { $0.atomicStatesAfter.contains { model.isDescendant($0, of: state) } } ?? false
                let leavers = model.isFlat ? "eventless transitions" : "eventless transitions or completions"
                let passing = rests ? "" : " (passes through: \(leavers) leave it at once)"
                writer.line("\(model[state].name): " + path.steps.map { PathDescription.step($0, in: plan) }.joined(separator: ", ") + passing)
            }
        }
        writer.line()
        let (taken, total) = plan.coverage
        writer.line("Transition coverage: \(plan.coveragePaths.count) \(plan.coveragePaths.count == 1 ? "path takes" : "paths take") \(taken) of \(total) transitions")
        for path in plan.coveragePaths {
            guard case .coverage(let number) = path.purpose else { continue }
            writer.indented { writer in
                writer.line("path \(number): start in \(model[model.initialState].name)")
                writer.indented { writer in
                    for (index, step) in path.steps.enumerated() {
                        let defaults = step.tookHistoryDefaults.map { "\(model[$0].name).history's default" }
                        let note = defaults.isEmpty ? "" : " (takes \(defaults.joined(separator: ", ")))"
                        writer.line("\(index + 1). \(PathDescription.step(step, in: plan)) -> \(PathDescription.configuration(step.atomicStatesAfter, in: model))" + note)
                    }
                }
            }
        }
        let defaults = plan.historyDefaultCoverage
        if defaults.total > 0 {
            writer.line("History defaults: the paths take \(defaults.taken) of \(defaults.total)"
                + (plan.uncoveredHistoryDefaults.isEmpty ? "" : "; not taken: " + plan.uncoveredHistoryDefaults.map { "\(model[$0].name).history" }.joined(separator: ", ")))
        }
        writer.line()
        writer.line("Not reached: " + (plan.unreachableStates.isEmpty ? "none" : plan.unreachableStates.map { state in
            "state \(model[state].name)" + (plan.missDescription(forState: state).map { " (\($0))" } ?? "")
        }.joined(separator: ", ")))
        let transitions = model.allTransitions
        writer.line("Not covered:" + (plan.uncoveredTransitions.isEmpty ? " none" : ""))
        writer.indented { writer in
            for index in plan.uncoveredTransitions {
                writer.line("line \(transitions[index].range.start.line): \(PathDescription.transition(transitions[index], in: model))"
                    + (plan.missDescription(forTransition: index).map { " (\($0))" } ?? ""))
            }
        }
        if !plan.unsampledEvents.isEmpty {
            writer.line("Never sent (no sample value for the payload): " + plan.unsampledEvents.map { event in
                let types = plan.missingSamples.filter { $0.events.contains(event) }.map { "`\($0.type)`" }
                return "\(model[event].name) (\(types.joined(separator: ", ")))"
            }.joined(separator: ", "))
        }
        let uncalled = model.valueFunctions.map(\.name).compactMap { function -> String? in
            let types = plan.missingSamples.filter { $0.valueFunctions.contains(function) }.map { "`\($0.type)`" }
            return types.isEmpty ? nil : "\(function) (\(types.joined(separator: ", ")))"
        }
        if !uncalled.isEmpty {
            writer.line("Never called (no sample value for the result): " + uncalled.joined(separator: ", "))
        }
        if let bound = plan.searchBound {
            writer.line(PathDescription.searchBoundNote(bound))
        }
        return writer.text
    }
}

/// Short descriptions of path parts, shared by the path emitters.
enum PathDescription {
    /// The configuration whose active atomic states are `atomicStates`, by state names (each
    /// unique in the machine): the active atomic state outside parallel states (`second`, its
    /// ancestors implied, as for a flat machine); a parallel state with what is active in each
    /// of its regions, in document order, in parentheses: `editor(boldOn, italicOff)`, nested
    /// as the chart is: `app(editor(boldOn, italicOff), sync(idle))`. Compound states and
    /// regions are implied by the states inside them.
    static func configuration(_ atomicStates: [StateID], in model: MachineModel) -> String {
        let active = Set(atomicStates.flatMap { model.path(from: $0) })
        func describe(_ state: StateID) -> String {
            let children = model[state].children
            if children.isEmpty { return model[state].name }
            if model[state].isParallel {
                return model[state].name + "(" + children.map(describe).joined(separator: ", ") + ")"
            }
            return describe(children.first(where: active.contains) ?? model[state].initialChild ?? children[0])
        }
        guard let top = model.topLevelStates.first(where: active.contains) else {
            return atomicStates.map { model[$0].name }.joined(separator: ", ")
        }
        return describe(top)
    }

    /// What the mark says, once after the lists.
    static func searchBoundNote(_ bound: TestPlan.SearchBound) -> String {
        "Search bound: each search visits at most \(bound.maximumSituations) situations (active states with what the "
            + "histories remember), \(bound.maximumSituationsPerConfiguration) of each configuration; it stopped short of "
            + "some, so what is marked beyond the search bound may be reachable past it."
    }

    /// `play`, `seek(to: 0.0)`, `advance 1s`, `fetchUser returns(user: "")`, and an event sent
    /// to a child machine by the names of the invocations on the way: `to signIn: submit(name: "")`.
    static func stimulus(_ stimulus: TestStep.Stimulus, in plan: TestPlan) -> String {
        switch stimulus {
        case .send(let event):
            return self.event(plan.model[event], samples: plan.samples)
        case .sendToChild(let chain, let event):
            let child = plan.childModel(at: chain)
            return "to \(child.names.joined(separator: ".")): " + self.event(child.model[event], samples: plan.samples)
        case .advance(let nanoseconds):
            return "advance " + durationText(nanoseconds)
        case .deliver(let id, let result):
            let invocation = plan.model[id]
            let values = invocation.payload(of: result).map { parameter in
                "\(parameter.label!): \(plan.samples.expression(for: parameter.type) ?? "?")"
            }
            let arguments = result == .error || values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")"
            return "\(invocation.name) \(verb(of: result, invocation.kind))\(arguments)"
        }
    }

    /// `play`, `seek(to: 0.0)`: an event with sample payload values.
    static func event(_ signal: SignalModel, samples: SampleValues) -> String {
        guard !signal.parameters.isEmpty else { return signal.name }
        let values = signal.parameters.map { parameter in
            let value = samples.expression(for: parameter.type) ?? "?"
            return parameter.label.map { "\($0): \(value)" } ?? value
        }
        return "\(signal.name)(\(values.joined(separator: ", ")))"
    }

    /// What an invocation does to deliver `result`: `returns`, `throws`, `yields`, `finishes`.
    static func verb(of result: InvocationResult, _ kind: InvocationModel.Kind) -> String {
        switch result {
        case .done: kind == .call ? "returns" : "finishes"
        case .error: "throws"
        case .element: "yields"
        case .output(let output): "emits \(output)"
        }
    }

    /// `play [holding: canResume]`: the stimulus and the guards that hold during the step.
    static func step(_ step: TestStep, in plan: TestPlan) -> String {
        let guards = step.holdingGuards.isEmpty ? "" : " [holding: \(step.holdingGuards.joined(separator: ", "))]"
        return stimulus(step.stimulus, in: plan) + guards
    }

    /// `for lack of a sample of `Money``.
    static func lackOfSamples(_ types: [String]) -> String {
        "for lack of \(types.count == 1 ? "a sample" : "samples") of \(list(types.map { "`\($0)`" }))"
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// `stopped --play [canResume]--> playing`, `asleep --wake--> app.history`, `tour --done--> thanks`
    static func transition(_ transition: TransitionModel, in model: MachineModel) -> String {
        let source = transition.source.map { model[$0].name } ?? "any state"
        let trigger = SpecText.trigger(transition.trigger, in: model)
        let guardText = transition.guardExpression.map { " [\(SpecText.guardExpression($0, in: model))]" } ?? ""
        let target = SpecText.target(of: transition, in: model) ?? "(internal)"
        return "\(source) --\(trigger)\(guardText)--> \(target)"
    }

    /// `1h`, `2m`, `1s`, `250ms`, `1500us`, as a spec writes them.
    static func durationText(_ nanoseconds: Int64) -> String {
        if nanoseconds % 3_600_000_000_000 == 0 { return "\(nanoseconds / 3_600_000_000_000)h" }
        if nanoseconds % 60_000_000_000 == 0 { return "\(nanoseconds / 60_000_000_000)m" }
        if nanoseconds % 1_000_000_000 == 0 { return "\(nanoseconds / 1_000_000_000)s" }
        if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
        if nanoseconds % 1_000 == 0 { return "\(nanoseconds / 1_000)us" }
        return "\(nanoseconds)ns"
    }
}
