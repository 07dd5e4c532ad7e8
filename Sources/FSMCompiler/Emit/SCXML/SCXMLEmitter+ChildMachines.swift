import FSMCore

/// Child machines (`invoke SignIn as signIn`) as SCXML `<invoke>`s of the child's own document,
/// written inline (docs/SCXML.md, "Child machines"):
///
/// - the child's `<scxml>` is the export of its machine, in the `<content>` of
///   `<invoke id="signIn">`, so the file stays whole and any SCXML engine runs it (Qt SCXML
///   runs inline content through its public API; `src` would need the engine to find a second
///   file);
/// - each `emit signedIn` of the child also sends its parent `fsmc.output.signIn.signedIn`
///   (`<send target="#_parent">`), the event `on signIn.signedIn` waits for; the child's
///   top-level final states send `fsmc.done.signIn` as they are entered, after their entry
///   actions, which `done signIn` waits for: after the outputs of the child's step, as in fsmc.
///   Not SCXML's own `done.invoke.signIn` (6.4.3), which would need the run number below in
///   its `<donedata>`, and Qt SCXML (6.4) delivers `done.invoke` without it;
/// - SCXML starts the child at the end of the macrostep that entered the state and cancels it
///   when the state is exited, after its `<onexit>`, as fsmc does; the cancelled child's exit
///   actions run as SCXML's session ends (appendix D's `exitInterpreter`).
///
/// What SCXML would still deliver of a cancelled child is not: fsmc drops what a child sent
/// that is still queued when it is cancelled, where SCXML delivers whatever reached the
/// parent's queue, and a new run of the same `<invoke>` has the same id. So each run carries
/// a number: the parent keeps `fsmc_run_signIn`, gives it to the child as its `fsmc_run`
/// (`<param>`), moves it on when the invoking state is exited, and takes the child's events
/// only when they carry the current number (each `<send>`'s `<param>`).
extension SCXMLEmitter {
    /// The data the child's session holds its run number in, set by the parent's `<param>`.
    static let childRunVariable = "fsmc_run"

    /// The parent's data that numbers the runs of the child machine invoked as `name`.
    static func runVariable(of name: String) -> String { "fsmc_run_" + name }

    /// The data this document declares for run numbers: its own as a child, then one per child
    /// machine it invokes, in document order.
    var runVariables: [String] { Self.runVariables(of: model, invokedAs: invokedAs) }

    /// ``runVariables`` of a document of `model`, invoked as `invokedAs` when it is a child's.
    static func runVariables(of model: MachineModel, invokedAs: String?) -> [String] {
        (invokedAs == nil ? [] : [childRunVariable])
            + model.invocations.filter(\.isChildMachine).map { runVariable(of: $0.name) }
    }

    /// The child machines a state invokes.
    func childInvocations(of state: StateModel) -> [InvocationModel] {
        state.invocations.map { model[$0] }.filter(\.isChildMachine)
    }

    /// The child machines a spec invokes that the export cannot write, each refused at its
    /// `invoke`: a machine missing from `children` (the export needs its spec, `--sibling`),
    /// a child the export refuses itself (its first refusal, quoted), and a guard whose data
    /// would be a run number's.
    static func childMachineRefusals(_ model: MachineModel, children: [String: MachineModel], invokedAs: String? = nil) -> [Diagnostic] {
        let emitter = SCXMLEmitter(model: model, children: children, invokedAs: invokedAs)
        let runVariables = Set(emitter.runVariables)
        let clashes = emitter.declaredVariables.filter { runVariables.contains($0.variable) }.map { declared in
            Diagnostic(
                .error,
                "SCXML export cannot name guard '\(declared.name)' '\(declared.variable)': the document numbers a child machine's runs with that data; rename the guard",
                at: model.invocations.first(where: \.isChildMachine)!.range)
        }
        return clashes + model.invocations.compactMap { invocation in
            guard case .machine(let machine) = invocation.kind else { return nil }
            guard let child = children[machine] else {
                return Diagnostic(
                    .error,
                    "SCXML export needs the spec of machine '\(machine)', which '\(invocation.name)' invokes, to write it inside this document, and was not given it",
                    at: invocation.range)
            }
            let childRefusals = refusals(child, children: children, invokedAs: invocation.name)
            guard let first = childRefusals.first else { return nil }
            return Diagnostic(
                .error,
                "SCXML export cannot write machine '\(machine)', which '\(invocation.name)' invokes: \(first.range.start): \(first.message)",
                at: invocation.range)
        }
    }

    /// ``refusals(_:children:)`` of a child machine's document.
    private static func refusals(_ model: MachineModel, children: [String: MachineModel], invokedAs: String) -> [Diagnostic] {
        var own = refusals(model, children: [:]).filter { refusal in
            !model.invocations.contains { $0.isChildMachine && $0.range == refusal.range }
        }
        own += childMachineRefusals(model, children: children, invokedAs: invokedAs)
        return own.sorted { $0.range.start < $1.range.start }
    }

    /// `<invoke id="signIn">` with the child's document inline, given its run number.
    func emitChildInvocation(_ invocation: InvocationModel, of child: MachineModel, into writer: inout CodeWriter) {
        comment(invocation.documentation, into: &writer)
        element("invoke", [("id", invocation.name), ("type", Self.invokeType)], into: &writer) { writer in
            writer.line(tag("param", [("name", Self.childRunVariable), ("expr", Self.runVariable(of: invocation.name))], selfClosing: true))
            element("content", [], into: &writer) { writer in
                SCXMLEmitter(model: child, tracingStates: tracesStates, children: children, invokedAs: invocation.name)
                    .emitDocument(into: &writer)
            }
        }
    }

    /// In the invoking state's `<onexit>`, after its actions: a new run number, so that what
    /// the cancelled child still sends is no longer taken.
    func emitRunEnds(_ invocations: [InvocationModel], into writer: inout CodeWriter) {
        for invocation in invocations {
            let variable = Self.runVariable(of: invocation.name)
            writer.line(tag("assign", [("location", variable), ("expr", variable + " + 1")], selfClosing: true))
        }
    }

    /// The condition that takes a child machine's output or completion only from its current
    /// run; `nil` for a call's or a stream's result.
    func runCondition(of invocation: InvocationModel, _ result: InvocationResult) -> String? {
        guard invocation.isChildMachine else { return nil }
        return "_event.data.\(Self.childRunVariable) == \(Self.runVariable(of: invocation.name))"
    }

    /// In a child's document, what `emit output` also does: send the parent the output's event.
    func sendOutput(_ output: String, invokedAs: String, into writer: inout CodeWriter) {
        sendToParentWithRun("fsmc.output." + invokedAs + "." + output, into: &writer)
    }

    /// In a child's top-level final state, after its entry actions: the completion, sent to
    /// the parent after every output the child sent before.
    func sendCompletion(invokedAs: String, into writer: inout CodeWriter) {
        sendToParentWithRun("fsmc.done." + invokedAs, into: &writer)
    }

    /// `<send target="#_parent">` of `event` with the run's number.
    private func sendToParentWithRun(_ event: String, into writer: inout CodeWriter) {
        element("send", [("target", "#_parent"), ("event", event)], into: &writer) { writer in
            writer.line(tag("param", [("name", Self.childRunVariable), ("expr", Self.childRunVariable)], selfClosing: true))
        }
    }
}

extension InvocationModel {
    /// Whether it invokes another machine (`invoke SignIn as signIn`).
    var isChildMachine: Bool {
        if case .machine = kind { true } else { false }
    }
}
