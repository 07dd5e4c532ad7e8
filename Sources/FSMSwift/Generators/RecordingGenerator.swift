import FSMCore

/// Recording a run in one line (docs/TraceFormat.md): what every machine compiles only under
/// the `FSMC_RECORDING` condition. A `TraceObserver` given to the machine writes each
/// notification to its `TraceRecorder`; the machine itself writes what no notification
/// reports (each stimulus as its step opens, each guard's answer, each step's end with the
/// configuration). Without the condition none of it is compiled, so the dispatch the app runs
/// is the code the machine has without recording.
///
/// The class holds the hook points (``emitStoredProperties(into:)``, ``writeInitialActions(into:)``,
/// ``writeStepOpened(by:into:)``, ``writeStepEnded(into:)``, ``writeObserverAdded(into:)``);
/// the rest is one extension after the class (``emitRecording(into:)``).
struct RecordingGenerator: PlanReader {
    /// Unowned: the plan holds the one generator of its machine (``SwiftPlan/recording``).
    unowned let plan: SwiftPlan
}

extension RecordingGenerator {
    /// The compile condition an app sets to record its machines.
    static let condition = "FSMC_RECORDING"

    /// Guards answered by the app are recorded by a forwarding `Actions`; a machine without
    /// guards needs none.
    private var recordsGuards: Bool { plan.hasActions && !model.guards.isEmpty }

    // MARK: - Hook points in the class

    func emitStoredProperties(into writer: inout CodeWriter) {
        conditional(into: &writer) { writer in
            writer.line("/// The `TraceObserver` the machine was given, held strongly (an app need not keep it): the")
            writer.line("/// machine writes to its recorder what no notification reports.")
            writer.line("@exclusivity(unchecked) private var traceObserver: TraceObserver?")
            if recordsGuards {
                writer.line("/// The app's actions, each guard's answer recorded while a recorded step runs.")
                writer.line("private let recordingActions: TraceRecordingActions")
            }
        }
    }

    /// `self.actions = actions`, the actions wrapped to record their guards when recording is compiled.
    func writeInitialActions(into writer: inout CodeWriter) {
        guard recordsGuards else {
            writer.line("self.actions = actions")
            return
        }
        writer.line("#if \(Self.condition)")
        writer.line("recordingActions = TraceRecordingActions(actions)")
        writer.line("self.actions = recordingActions")
        writer.line("#else")
        writer.line("self.actions = actions")
        writer.line("#endif")
    }

    /// After `isInStep = true`: the stimulus's record, `recordEvent(event)`; `nil` for the
    /// initial step, which the recorder opened with `start`.
    func writeStepOpened(by record: String?, into writer: inout CodeWriter) {
        guard let line = record ?? (recordsGuards ? "openRecordedStep()" : nil) else { return }
        conditional(into: &writer) { writer in
            writer.line(line)
        }
    }

    /// After `isInStep = false`: the step's end and the configuration it ended in.
    func writeStepEnded(into writer: inout CodeWriter) {
        conditional(into: &writer) { writer in
            writer.line("recordStepEnd()")
        }
    }

    /// In `exitForGood()`, before the exits: `stop()` opens a step of its own.
    func writeStopOpened(into writer: inout CodeWriter) {
        conditional(into: &writer) { writer in
            writer.line("traceObserver?.recorder.stop()")
        }
    }

    /// In `exitForGood()`, after the exits: the step ends with no active state.
    func writeStopClosed(into writer: inout CodeWriter) {
        conditional(into: &writer) { writer in
            writer.line("traceObserver?.recorder.stopped()")
        }
    }

    /// `let observers = …`, where a child machine is made (`actions.editorFlow(observers:
    /// observers)`): the link, and for a recorded parent the child's `TraceObserver`, writing
    /// into the parent's trace.
    func writeChildObservers(of invocation: InvocationModel, child: String, link: String, into writer: inout CodeWriter) {
        let declaration = "let observers: [any \(child).Observer] = [\(link)]"
        writer.line("#if \(Self.condition)")
        let arguments = "\(SpecText.stringLiteral(invocation.name)), machine: \(SpecText.stringLiteral(child))"
        writer.line("\(declaration) + (traceObserver.map { [\(child).TraceObserver($0.recorder.child(\(arguments)))] } ?? [])")
        writer.line("#else")
        writer.line(declaration)
        writer.line("#endif")
    }

    /// In `addObserver(_:)`: a `TraceObserver` gives the machine its recorder.
    func writeObserverAdded(into writer: inout CodeWriter) {
        conditional(into: &writer) { writer in
            writer.block("if let traceObserver = observer as? TraceObserver") { writer in
                writer.line("self.traceObserver = traceObserver")
            }
        }
    }

    private func conditional(into writer: inout CodeWriter, _ body: (inout CodeWriter) -> Void) {
        writer.line("#if \(Self.condition)")
        body(&writer)
        writer.line("#endif")
    }

    // MARK: - The extension

    func emitRecording(into writer: inout CodeWriter) {
        writer.line()
        writer.line("#if \(Self.condition)")
        writeAvailability(into: &writer)
        writer.block("extension \(name)") { writer in
            emitTraceObserver(into: &writer)
            if recordsGuards { emitRecordingActions(into: &writer) }
            emitStepRecords(into: &writer)
        }
        writer.line("#endif")
    }

    private func emitTraceObserver(into writer: inout CodeWriter) {
        writer.line("/// Records the machine's run to `recorder` (docs/TraceFormat.md): given to the machine's `init`")
        writer.line("/// (`observers: [\(name).TraceObserver(recorder)]`), it writes every notification, and the")
        writer.line("/// machine writes each event, timer and invocation result, each guard's answer and each step's")
        writer.line("/// end. Given later, through `addObserver(_:)`, the trace lacks the initial entry and replay")
        writer.line("/// refuses it. The machine holds it as long as it runs.")
        writer.block("\(isolation)\(access)final class TraceObserver: Observer") { writer in
            writer.line("\(access)let recorder: TraceRecorder")
            writer.line()
            writer.block("\(access)init(_ recorder: TraceRecorder)") { writer in
                writer.line("self.recorder = recorder")
            }
            writer.line()
            writer.line("/// Records the machine's run to the recorder `destination` makes for it (a live inspector's:")
            writer.line("/// docs/Inspector.md).")
            writer.block("\(access)convenience init(recordingTo destination: some TraceDestination)") { writer in
                let spec = SpecText.stringLiteral(plan.sourceFileName)
                writer.line("self.init(destination.recorder(machine: \(SpecText.stringLiteral(name)), spec: \(spec), fsmcVersion: \(SpecText.stringLiteral(fsmcVersion))))")
            }
            for hook in parts.notifications {
                writer.line()
                let declaration = "\(access)func \(hook.signature(machine: name))"
                switch hook.kind {
                case .exits: writer.line("\(declaration) { recorder.exit(state.rawValue) }")
                case .entries: writer.line("\(declaration) { recorder.entry(state.rawValue) }")
                case .transitions:
                    writer.line("\(declaration) { recorder.transition(trigger: \(model.events.isEmpty ? "nil" : "transition.event?.name")) }")
                case .ignoredEvents where model.events.isEmpty: writer.line("\(declaration) {}")
                case .ignoredEvents: writer.line("\(declaration) { recorder.ignored(event.name) }")
                case .keptEvents: writer.line("\(declaration) { recorder.kept(event.name) }")
                case .invocationStarts: writer.line("\(declaration) { recorder.started(invocation.rawValue) }")
                case .invocationCancellations: writer.line("\(declaration) { recorder.cancelled(invocation.rawValue) }")
                case .droppedResults: writer.line("\(declaration) { recorder.dropped(invocation.rawValue) }")
                case .outputs:
                    writer.block(declaration) { writer in
                        writer.line("switch output {")
                        for output in model.outputs {
                            writer.line("case .\(output.name)\(Self.bindings(output.parameters)):")
                            writer.indented { writer in
                                writer.line("recorder.output(\(SpecText.stringLiteral(output.name))\(Self.describing(output.parameters, label: "payload")))")
                            }
                        }
                        writer.line("}")
                    }
                }
            }
        }
        writer.line()
    }

    /// The forwarding `Actions`: each requirement calls the app's, and a guard's answer is
    /// written while `recorder` is set, that is, while a recorded step runs (so that
    /// `canHandle(_:)` asked between steps writes nothing).
    private func emitRecordingActions(into writer: inout CodeWriter) {
        writer.line("/// The app's actions, each guard's answer written to `recorder` while a recorded step runs.")
        writer.block("\(isolation)fileprivate final class TraceRecordingActions: Actions") { writer in
            writer.line("let actions: any Actions")
            writer.line("@exclusivity(unchecked) var recorder: TraceRecorder?")
            writer.line()
            writer.block("init(_ actions: any Actions)") { writer in
                writer.line("self.actions = actions")
            }
            for guardModel in model.guards {
                writer.line()
                let call = Self.forwarded(guardModel.name, SwiftNames.argumentItems(guardModel.parameters))
                writer.block("func \(guardModel.name)\(SwiftNames.parameterList(guardModel.parameters)) -> Bool") { writer in
                    writer.line("let answer = \(call)")
                    let arguments = Self.describing(guardModel.parameters, label: "arguments")
                    writer.line("recorder?.guardAnswer(\(SpecText.stringLiteral(guardModel.name))\(arguments), answer)")
                    writer.line("return answer")
                }
            }
            for action in model.actions {
                writer.line()
                writer.line("func \(action.name)\(SwiftNames.parameterList(action.parameters)) { \(Self.forwarded(action.name, SwiftNames.argumentItems(action.parameters))) }")
            }
            for function in model.valueFunctions {
                writer.line()
                let call = Self.forwarded(function.name, SwiftNames.argumentItems(function.parameters))
                writer.line("func \(function.name)\(SwiftNames.parameterList(function.parameters)) -> \(function.returnType) { \(call) }")
            }
            for invocation in model.invocations {
                writer.line()
                let requirement = InvocationSignatures.requirement(of: invocation, in: model)
                var arguments = SwiftNames.argumentItems(data(of: invocation))
                if invocation.isChildMachine { arguments.append("observers: observers") }
                let call = Self.forwarded(invocation.name, arguments)
                let isCall = if case .call = invocation.kind { true } else { false }
                writer.line("\(requirement.lead)\(requirement.signature) { \(isCall ? "try await " : "")\(call) }")
            }
        }
        writer.line()
    }

    /// `actions.name(a: a, b)`: a requirement passed on to the app's actions.
    private static func forwarded(_ name: String, _ arguments: [String]) -> String {
        "actions.\(name)(\(arguments.joined(separator: ", ")))"
    }

    /// What the machine writes itself: each stimulus as its step opens, the step's end.
    private func emitStepRecords(into writer: inout CodeWriter) {
        writer.line("/// The states a step's configuration is listed from, in document order.")
        writer.line("private static let recordedStates = \(shape.stateIDType).allCases")
        writer.line()
        if recordsGuards {
            writer.line("/// Records the guards answered in the step that opens, when the machine is recorded.")
            writer.block("private func openRecordedStep()") { writer in
                writer.line("recordingActions.recorder = traceObserver?.recorder")
            }
        }
        if !model.events.isEmpty {
            writer.line()
            writer.line("/// Opens the step of `event`, sent from outside: its record, with its payload as text.")
            writer.block("private func recordEvent(_ event: Event)") { writer in
                writer.line("guard let traceRecorder = traceObserver?.recorder else { return }")
                if model.events.allSatisfy(\.parameters.isEmpty) {
                    writer.line("traceRecorder.event(event.name)")
                } else {
                    writer.line("switch event {")
                    for event in model.events where !event.parameters.isEmpty {
                        writer.line("case .\(event.name)\(Self.bindings(event.parameters)):")
                        writer.indented { writer in
                            writer.line("traceRecorder.event(\(SpecText.stringLiteral(event.name))\(Self.describing(event.parameters, label: "payload")))")
                        }
                    }
                    if model.events.contains(where: \.parameters.isEmpty) {
                        writer.line("default:")
                        writer.indented { writer in writer.line("traceRecorder.event(event.name)") }
                    }
                    writer.line("}")
                }
                if recordsGuards { writer.line("openRecordedStep()") }
            }
        }
        if parts.timers != nil {
            writer.line()
            writer.line("/// Opens the step of a timer that fired: the earliest running one, as the clock fires it.")
            writer.block("private func recordTimer()") { writer in
                writer.line("traceObserver?.recorder.timer(of: nil)")
                if recordsGuards { writer.line("openRecordedStep()") }
            }
        }
        if parts.invocations != nil { emitResultRecord(into: &writer) }
        writer.line()
        writer.line("/// Closes the step with the configuration it ended in.")
        writer.block("private func recordStepEnd()") { writer in
            writer.line("guard let traceRecorder = traceObserver?.recorder else { return }")
            if recordsGuards { writer.line("recordingActions.recorder = nil") }
            writer.line("traceRecorder.step(Self.recordedStates, isActive: isIn)")
        }
    }

    /// `recordResult(_:)`: opens the step of what an invocation delivered. A call's return and a
    /// stream's end are `done`, a throw `error`, an element `element`, a child's output `output`.
    private func emitResultRecord(into writer: inout CodeWriter) {
        writer.line()
        writer.line("/// Opens the step of what an invocation delivered.")
        writer.block("private func recordResult(_ delivery: InvocationDelivery)") { writer in
            writer.line("guard let traceRecorder = traceObserver?.recorder else { return }")
            writer.line("switch delivery {")
            for invocation in model.invocations {
                let literal = SpecText.stringLiteral(invocation.name)
                writer.line("case .\(SwiftNames.variable(invocation.name))(let outcome):")
                writer.indented { writer in
                    writer.line("switch outcome {")
                    if invocation.isChildMachine {
                        let outputs = invocation.child?.outputs ?? []
                        if !outputs.isEmpty {
                            writer.line("case .element(let output):")
                            writer.indented { writer in
                                writer.line("switch output {")
                                for output in outputs {
                                    writer.line("case .\(output.name): traceRecorder.result(of: \(literal), .output(\(SpecText.stringLiteral(output.name))))")
                                }
                                writer.line("}")
                            }
                        }
                        writer.line("case .finished: traceRecorder.result(of: \(literal), .done)")
                        writer.line(outputs.isEmpty ? "case .element, .returned, .failed: break" : "case .returned, .failed: break")
                    } else {
                        writer.line("case .returned, .finished: traceRecorder.result(of: \(literal), .done)")
                        writer.line("case .element: traceRecorder.result(of: \(literal), .element)")
                        writer.line("case .failed: traceRecorder.result(of: \(literal), .error)")
                    }
                    writer.line("}")
                }
            }
            writer.line("}")
            if recordsGuards { writer.line("openRecordedStep()") }
        }
    }

    /// `(let id, let name)`: a case's payload bound as ``describing(_:label:)`` reads it (a
    /// function is not read: `_`); empty without payload.
    private static func bindings(_ parameters: [ParameterModel]) -> String {
        guard !parameters.isEmpty else { return "" }
        let items = zip(parameters, SwiftNames.payloadVariables(parameters)).map { parameter, variable in
            PayloadTraits.isFunctionType(parameter.type) ? "_" : "let " + variable
        }
        return "(" + items.joined(separator: ", ") + ")"
    }

    /// `, payload: "id: \(id)"`: the payload as text, each value after its label; empty
    /// without payload. A string is quoted, as Swift writes it in code (`user: "ada"`); any other
    /// value as `String(describing:)` writes it, a function as `(Function)`.
    private static func describing(_ parameters: [ParameterModel], label: String) -> String {
        guard !parameters.isEmpty else { return "" }
        if parameters.count == 1, parameters[0].label == nil, !PayloadTraits.isFunctionType(parameters[0].type) {
            // One value without a label: its text alone, `payload: String(reflecting: payload)`.
            return ", \(label): String(\(parameters[0].type == "String" ? "reflecting" : "describing"): \(SwiftNames.payloadVariables(parameters)[0]))"
        }
        let items = zip(parameters, SwiftNames.payloadVariables(parameters)).map { parameter, variable in
            // Spelled out, not `\\(value)`: Swift warns when an optional is interpolated. A function
            // parameter does not escape, so it is not described: `(Function)` is all Swift would write.
            let value = PayloadTraits.isFunctionType(parameter.type)
                ? "(Function)"
                : "\\(String(\(parameter.type == "String" ? "reflecting" : "describing"): \(variable)))"
            return parameter.label.map { "\($0): \(value)" } ?? value
        }
        return ", \(label): \"\(items.joined(separator: ", "))\""
    }
}
