import FSMCore

/// The invocations of a machine (`invoke`): starting the work of the states a step entered
/// once it has ended, delivering what the work sends back as a step of its own, and the walks
/// of the state tree that take `done`, `error` and each element.
///
/// The work runs through the machine's `InvocationDriver`; `MachineInvocations` keeps a slot
/// per invocation (its ``InvocationID``) with numbered runs, so that nothing from a run that
/// was cancelled or has ended is delivered.
final class InvocationsGenerator: TreeWalkingGenerator {
    let plan: SwiftPlan
    let spelling: SwiftSpelling
    let writers: DispatchWriters

    init(plan: SwiftPlan, spelling: SwiftSpelling, writers: DispatchWriters) {
        (self.plan, self.spelling, self.writers) = (plan, spelling, writers)
    }
}

extension InvocationsGenerator {
    func emitInvocations(into writer: inout CodeWriter) {
        writer.line("// MARK: - Invocations")
        writer.line()
        emitStart(into: &writer)
        emitScheduleRestored(into: &writer)
        emitDelivery(into: &writer)
        for invocation in model.invocations {
            let results: [InvocationResult] = invocation.isChildMachine
                ? [.done] + (invocation.child?.outputs ?? []).map { .output($0.name) }
                : [.done, .error, .element]
            for result in results {
                emitResultWalk(result, of: invocation, into: &writer)
            }
        }
    }

    // MARK: - Starting

    private func emitStart(into writer: inout CodeWriter) {
        writer.line("/// Starts the invocations of the states the step that just ended entered and left active,")
        writer.line("/// outer states first, each state's in the order the spec writes them.")
        writer.block("private func startInvocations()") { writer in
            writer.block("while let slot = invocations.nextScheduled()") { writer in
                writer.line("startInvocation(slot)")
            }
        }
        writer.line()
        writer.block("private func startInvocation(_ slot: Int)") { writer in
            writer.line("switch slot {")
            for invocation in model.invocations {
                writer.line("case \(invocation.id.index):")
                writer.indented { writer in emitStart(of: invocation, into: &writer) }
            }
            writer.line("default:")
            writer.indented { writer in writer.line("break") }
            writer.line("}")
        }
        writer.line()
    }

    /// Starts `invocation`'s routine with its state's data, which the state being active binds.
    private func emitStart(of invocation: InvocationModel, into writer: inout CodeWriter) {
        spelling.emitDataBinding(of: invocation.owner, for: Set(data(of: invocation).map { $0.label! }), into: &writer)
        if invocation.isChildMachine {
            parts.childMachines!.generator.emitStart(of: invocation, into: &writer)
            return
        }
        writer.line("invocations.start(")
        writer.indented { writer in
            writer.line("slot: \(invocation.id.index), name: \(SpecText.stringLiteral(invocation.name)), on: invocationDriver, isolation: isolation,")
            writer.line("arguments: \(routineArguments(of: invocation).value), \(routineName(of: invocation))")
        }
        writer.line(")")
        writer.line("notify(.invocationStarts, .started(.\(SwiftNames.variable(invocation.name))))")
    }

    /// `scheduleActiveInvocations()`: a restored machine starts the invocations of its active
    /// states, as entering them would have.
    private func emitScheduleRestored(into writer: inout CodeWriter) {
        writer.line("/// Schedules the invocations of every active state: a restored machine's.")
        writer.block("private func scheduleActiveInvocations()") { writer in
            for invocation in model.invocations {
                writer.block("if isIn(.\(model[invocation.owner].name))") { writer in
                    writer.line("invocations.schedule(slot: \(invocation.id.index))")
                }
            }
        }
        writer.line()
    }

    // MARK: - Delivering

    private func emitDelivery(into writer: inout CodeWriter) {
        writer.line("/// What an invocation sent back: handled at once as a step of its own, or after the current")
        writer.line("/// step, behind the events sent before it.")
        writer.block("private func invocationDelivered(_ delivery: InvocationDelivery, run: UInt64)") { writer in
            writer.block("guard !isInStep else") { writer in
                writer.line("pendingEvents.append(.invocation(delivery, run: run))")
                writer.line("return")
            }
            writer.line("isInStep = true")
            plan.recording.writeStepOpened(by: "recordResult(delivery)", into: &writer)
            writer.line("handleInvocation(delivery, run: run)")
            writer.line("drainQueues()")
            writeStepEnd(into: &writer)
        }
        writer.line()
        writer.line("/// Takes the transitions of what an invocation sent back, unless the run it comes from was")
        writer.line("/// cancelled (its state was left) or has ended: a `done` or an `error` ends it.")
        writer.block("private func handleInvocation(_ delivery: InvocationDelivery, run: UInt64)") { writer in
            writer.line("switch delivery {")
            for invocation in model.invocations {
                writer.line("case .\(SwiftNames.variable(invocation.name))(let outcome):")
                writer.indented { writer in emitHandling(of: invocation, into: &writer) }
            }
            writer.line("}")
        }
        writer.line()
    }

    private func emitHandling(of invocation: InvocationModel, into writer: inout CodeWriter) {
        let slot = invocation.id.index
        let isStream = invocation.kind != .call
        writer.block("guard invocations.isCurrent(run, slot: \(slot)) else") { writer in
            writer.line("notify(.droppedResults, .dropped(.\(SwiftNames.variable(invocation.name))))")
            writer.line("return")
        }
        if invocation.isChildMachine {
            emitChildHandling(of: invocation, into: &writer)
            return
        }
        writer.line("switch outcome {")
        // A case of the outcome: binding `binding` when the walk taking `result` reads it, ending
        // the run first when `ends`.
        func emitCase(_ pattern: String, binding: String, taking result: InvocationResult, ends: Bool) {
            let walks = hasTransitions(result, of: invocation)
            let takesValue = walks && !invocation.payload(of: result).isEmpty
            writer.line("case .\(pattern)\(takesValue ? "(let \(binding))" : ""):")
            writer.indented { writer in
                if ends { writer.line("invocations.end(slot: \(slot))") }
                if walks {
                    let call = "\(resultFunction(result, of: invocation))(\(takesValue ? binding : ""))"
                    writer.line(plan.takesEventlessTransitions ? "if \(call) { takeEventlessTransitions() }" : "_ = \(call)")
                } else if !ends {
                    writer.line("break")
                }
            }
        }
        if isStream {
            emitCase("element", binding: "value", taking: .element, ends: false)
            emitCase("finished", binding: "", taking: .done, ends: true)
        } else {
            emitCase("returned", binding: "value", taking: .done, ends: true)
        }
        emitCase("failed", binding: "error", taking: .error, ends: true)
        writer.line(isStream ? "case .returned:" : "case .element, .finished:")
        writer.indented { writer in
            writer.line(isStream ? "// A stream only yields and finishes." : "// A call only returns.")
            writer.line("break")
        }
        writer.line("}")
    }

    /// A child machine's outputs, each taking the transitions on it, and its completion.
    private func emitChildHandling(of invocation: InvocationModel, into writer: inout CodeWriter) {
        let slot = invocation.id.index
        func take(_ result: InvocationResult, _ arguments: String) -> String {
            let call = "\(resultFunction(result, of: invocation))(\(arguments))"
            return plan.takesEventlessTransitions ? "if \(call) { takeEventlessTransitions() }" : "_ = \(call)"
        }
        let taken = (invocation.child?.outputs ?? []).filter { hasTransitions(.output($0.name), of: invocation) }
        writer.line("switch outcome {")
        if !taken.isEmpty {
            writer.line("case .element(let output):")
            writer.indented { writer in
                writer.line("switch output {")
                for output in taken {
                    let variables = SwiftNames.payloadVariables(output.parameters)
                    writer.line("case .\(output.name)\(variables.isEmpty ? "" : "(" + variables.map { "let " + $0 }.joined(separator: ", ") + ")"):")
                    writer.indented { writer in writer.line(take(.output(output.name), variables.joined(separator: ", "))) }
                }
                if taken.count < invocation.child!.outputs.count {
                    writer.line("default:")
                    writer.indented { writer in writer.line("break") }
                }
                writer.line("}")
            }
        }
        writer.line("case .finished:")
        writer.indented { writer in
            writer.line("invocations.end(slot: \(slot))")
            if hasTransitions(.done, of: invocation) { writer.line(take(.done, "")) }
        }
        writer.line(taken.isEmpty ? "case .element, .returned, .failed:" : "case .returned, .failed:")
        writer.indented { writer in
            writer.line("// A child machine only emits and finishes.")
            writer.line("break")
        }
        writer.line("}")
    }

    // MARK: - Taking results

    private func hasTransitions(_ result: InvocationResult, of invocation: InvocationModel) -> Bool {
        let trigger = ExecutableMachine.Trigger.invocation(invocation.id, result)
        return machine.transitions.contains { $0.trigger == trigger }
    }

    /// Whether a type as written is a function type (`@Sendable (Int) -> Void`): an arrow
    /// outside every parenthesis, bracket and angle bracket (`((Int) -> Void)?`, `[(Int) -> Void]`
    /// and `Result<(Int) -> Void, any Error>` are not).
    /// `InvocationTrigger(.fetchUser, .done)`: what observers are told took a transition on
    /// `result` of `invocation`.
    static func triggerValue(_ result: InvocationResult, of invocation: InvocationModel) -> String {
        let outcome = switch result {
        case .done: ".done"
        case .error: ".error"
        case .element: ".element"
        case .output(let output): ".output(\(SpecText.stringLiteral(output)))"
        }
        return "InvocationTrigger(.\(SwiftNames.variable(invocation.name)), \(outcome))"
    }

    /// The walk of the state tree that takes `result` of `invocation`, its payload given as
    /// arguments under the names its guards and actions read: as an event is taken, innermost
    /// states first, then the machine level.
    private func emitResultWalk(_ result: InvocationResult, of invocation: InvocationModel, into writer: inout CodeWriter) {
        guard hasTransitions(result, of: invocation) else { return }
        let trigger = ExecutableMachine.Trigger.invocation(invocation.id, result)
        let payload = invocation.payload(of: result)
        let parameters: String
        if case .output = result {
            // An output's parameters, each under the name its guards and actions read.
            parameters = zip(payload, SwiftNames.payloadVariables(payload)).map { "_ \($1): \(PayloadTraits.parameterType($0.type))" }
                .joined(separator: ", ")
        } else if payload.count > 1 {
            // A tuple's parts, each under its label.
            parameters = "_ value: \(valueType(of: invocation))"
        } else {
            // A function type as a parameter's would not escape: the actions pass it on to
            // events and outputs, which keep it.
            parameters = payload.map { "_ \(SwiftNames.variable($0.label!)): \(PayloadTraits.parameterType($0.type))" }.joined()
        }
        let spelled = if case .output(let output) = result { "\(invocation.name).\(output)" } else { invocation.name }
        writer.line("/// Takes the first `\(result.keyword) \(spelled)` transition whose guard holds, innermost states first.")
        writer.block("private func \(resultFunction(result, of: invocation))(\(parameters)) -> Bool") { writer in
            // The walk is written first, noting the transitions it writes (a transition that an
            // unguarded one inside it always preempts is not written), so that a tuple's parts
            // are bound only when they are read: a binding never read is a warning.
            var written: [TransitionID] = []
            var body = CodeWriter()
            // What `transitioned(from:on:…)` is told took the transition: no event, this result.
            let cause = "nil, result: \(Self.triggerValue(result, of: invocation))"
            let leaves = emitMachineWalk(of: trigger, event: cause, ending: .returnTrue, into: &body) { written += $0 }
            if !leaves { body.line("return false") }
            if payload.count > 1, !result.isOutput {
                // The parts read, each under its label, in one pattern, so that a result
                // labeled `value` does not hide the tuple from the parts after it.
                let variables = SwiftNames.payloadVariables(payload)
                let used = spelling.usedPayload(of: written.map { machine[$0].declaration }, variables: variables)
                if !used.isEmpty {
                    writer.line("let (" + variables.map { used.contains($0) ? $0 : "_" }.joined(separator: ", ") + ") = value")
                }
            }
            writer.append(body)
        }
        writer.line()
    }
}
