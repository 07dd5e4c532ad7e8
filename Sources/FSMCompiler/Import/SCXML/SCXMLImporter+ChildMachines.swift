import FSMCore
/// Child machines: an `<invoke>` of an SCXML chart written inline in its `<content>` is fsmc's
/// `invoke SignIn as signIn`, the chart a second spec (docs/SCXML.md, "Child machines").
///
/// The child's run, start and cancellation mean the same in both: SCXML starts an invocation
/// at the end of the macrostep that entered its state and cancels it when the state is
/// exited, as fsmc does. What the child tells its parent does not, in general: SCXML delivers
/// what a cancelled child sent if it reached the parent's queue (and a new run of the same
/// `<invoke>` has the same id, so the new run's transitions take it), fsmc drops it. The
/// export makes the two agree with a run number (``SCXMLEmitter``'s `fsmc_run_<id>`), and
/// this reads that pattern back exactly: the number's `<data>`, `<param>` and `<assign>`, the
/// child's `<send target="#_parent">` of `fsmc.output.<id>.<output>` after each emit and of
/// `fsmc.done.<id>` on entering a top-level final state, and the parent's transitions on
/// those events guarded by the current number. A foreign chart's child that sends its parent
/// anything, and SCXML's `done.invoke.<id>`, are refused: what a cancelled run sent would be
/// delivered in SCXML and dropped in fsmc.
extension SCXMLImporter {
    /// An `<invoke>` of an inline child chart, as read: a child machine's, or the export's
    /// session of a call or a stream (SCXMLImporter+Calls).
    struct ChartInvocation {
        var element: XMLElement
        /// The chart index of the state that invokes it.
        var owner: Int
        /// The `<invoke>`'s id, which the child's events name it by.
        var id: String
        /// The fsmc name of the invocation: the id made an identifier.
        var name: String
        var documentation: String?
        /// A child machine (by its machine name), or the export's call or stream.
        var kind: InvocationModel.Kind
        /// The fsmc names of the child's outputs.
        var outputs: Set<String>
        /// Whether the parent gives the child the export's run number
        /// (`<param name="fsmc_run" expr="fsmc_run_<id>"/>`), so that it can tell a current
        /// run's events from a cancelled one's.
        var isNumbered: Bool

        /// The child's machine name; empty for a call or a stream.
        var machine: String {
            if case .machine(let machine) = kind { machine } else { "" }
        }

        var isChildMachine: Bool { !machine.isEmpty }
    }

    /// The `type`s of an `<invoke>` of an SCXML chart (SCXML 6.4.1; `scxml` is the short form
    /// engines accept).
    static let scxmlInvokeTypes: Set<String> = ["scxml", "http://www.w3.org/TR/scxml/", "http://www.w3.org/TR/scxml"]

    /// Reads an `<invoke>` of state `owner`: its child chart imported as a machine of its own.
    mutating func readInvocation(_ element: XMLElement, of owner: Int, documentation: String?) {
        guard checkInvokeAttributes(element) else { return }
        guard let idAttribute = element.attribute("id"), !idAttribute.value.isEmpty else {
            diagnostics.error("an <invoke> without an id: fsmc names every invocation, and the parent's transitions name it; give it one", at: element.range)
            return
        }
        let id = idAttribute.value
        if invocations.contains(where: { $0.id == id }) {
            diagnostics.error("the invoke id '\(id)' is given twice", at: idAttribute.range)
            return
        }
        var isNumbered = false
        var content: XMLElement?
        for child in executableContent(of: element) {
            switch child.localName {
            case "param" where !isNumbered && child.attribute("name")?.value == SCXMLEmitter.childRunVariable
                && child.attribute("expr")?.value == SCXMLEmitter.runVariable(of: id):
                isNumbered = true
            case "param":
                diagnostics.error("<param> is not supported: an fsmc child machine is given no data by its parent (its own actions give it what it needs)", at: child.range)
                return
            case "content" where content == nil:
                content = child
            case "finalize":
                diagnostics.error("<finalize> is not supported: fsmc's parent runs no actions on a child's events before its transitions", at: child.range)
                return
            default:
                diagnostics.error("<\(child.qualifiedName)> is not expected inside <invoke>", at: child.range)
                return
            }
        }
        guard let chartElement = inlineChart(in: content, of: element) else { return }
        // The session the export writes for a call or a stream (SCXMLEmitter+Invocations) is
        // no machine of the user's: a harness completes it. Read back exactly as written, or
        // refused.
        if Self.looksLikeExportedSession(chartElement, id: id) {
            guard let kind = exportedCallOrStream(element, chart: chartElement, id: id, hasParameters: isNumbered) else {
                diagnostics.error(
                    "<invoke> is not supported for a call or a stream but as the export writes it: the session '\(id).running' differs from the export's, element for element (docs/SCXML.md, \"Invocations\")",
                    at: element.range)
                return
            }
            invocations.append(ChartInvocation(
                element: element, owner: owner, id: id, name: SCXMLNames.mapped(id, as: .invocation), documentation: documentation,
                kind: kind, outputs: [], isNumbered: false))
            return
        }
        var childDocumentation: [XMLNode] = []
        for node in content?.children ?? [] {
            if case .comment = node { childDocumentation.append(node) }
            if case .element = node { break }
        }
        guard let (machine, grandchildren) = Self.importChild(
            chartElement, documentation: Self.documentation(childDocumentation), fallbackName: id, invokedAs: id, diagnostics: &diagnostics)
        else { return }
        for model in [machine] + grandchildren {
            addChildMachine(model, at: chartElement.range)
        }
        invocations.append(ChartInvocation(
            element: element, owner: owner, id: id, name: SCXMLNames.mapped(id, as: .invocation), documentation: documentation,
            kind: .machine(machine.name), outputs: Set(machine.outputs.map(\.name)), isNumbered: isNumbered))
    }

    /// Whether the `<invoke>`'s attributes say an SCXML chart given inline; the others are
    /// refused here.
    private mutating func checkInvokeAttributes(_ element: XMLElement) -> Bool {
        for attribute in element.attributes where attribute.namespace == nil {
            switch attribute.localName {
            case "id":
                continue
            case "type" where Self.scxmlInvokeTypes.contains(attribute.value):
                continue
            case "type":
                diagnostics.error(
                    "the invoke type '\(attribute.value)' is not supported: fsmc invokes SCXML charts (type 'http://www.w3.org/TR/scxml/'); calls and streams are the spec's invoke",
                    at: attribute.range)
            case "autoforward" where attribute.value == "false":
                continue
            case "autoforward":
                diagnostics.error("autoforward is not supported: an fsmc parent forwards no events to its child", at: attribute.range)
            case "src", "srcexpr":
                diagnostics.error("<invoke \(attribute.localName)> is not supported: the import reads a child chart written inline, in <content>", at: attribute.range)
            default:
                diagnostics.error("<invoke \(attribute.qualifiedName)> is not supported: fsmc names an invocation by its id and gives it no data", at: attribute.range)
            }
            return false
        }
        return true
    }

    /// The `<scxml>` an `<invoke>`'s `<content>` holds, or `nil` after saying what is wrong.
    private mutating func inlineChart(in content: XMLElement?, of invoke: XMLElement) -> XMLElement? {
        guard let content else {
            diagnostics.error("the <invoke> holds no <content>: the import reads a child chart written inline, as <content><scxml>…</scxml></content>", at: invoke.range)
            return nil
        }
        if let expression = content.attribute("expr") {
            diagnostics.error("<content expr> is not supported: the import reads a child chart written inline", at: expression.range)
            return nil
        }
        for node in content.children {
            if case .text(let text, let range) = node, !text.allSatisfy(\.isWhitespace) {
                diagnostics.error("text inside <content> is not a chart: the import reads a child chart written inline, as <content><scxml>…</scxml></content>", at: range)
                return nil
            }
        }
        let elements = content.elements
        guard elements.count == 1, let chart = elements.first, chart.localName == "scxml", chart.namespace == namespace else {
            let stray = elements.count > 1 ? elements[1] : elements.first
            diagnostics.error("an <invoke>'s <content> holds one <scxml>, the child's chart", at: stray?.range ?? content.range)
            return nil
        }
        return chart
    }

    /// Whether the owner's `<onexit>` moves the run number of the child `id` on, as the
    /// export writes it; the `<assign>` is then no action.
    private mutating func endsRun(of id: String, in owner: Int) -> Bool {
        let variable = SCXMLEmitter.runVariable(of: id)
        guard let assign = chart[owner].onExit.first(where: { element in
            element.localName == "assign" && element.attribute("location")?.value == variable
                && element.attribute("expr")?.value == variable + " + 1"
        }) else { return false }
        childMachineElements.insert(assign.range)
        return true
    }

    /// Adds a child's machine; the same machine invoked twice (the export writes it inline at
    /// each `<invoke>`) is one spec, two different ones of one name are refused.
    private mutating func addChildMachine(_ machine: MachineModel, at range: SourceRange) {
        guard let known = childMachines.first(where: { $0.name == machine.name }) else {
            childMachines.append(machine)
            return
        }
        if SpecText.spec(known) != SpecText.spec(machine) {
            diagnostics.error(
                "two different child charts are both named '\(machine.name)': fsmc's machines of one target have different names; rename one",
                at: range, notes: [.init("the other", at: known.states.first?.range ?? range)])
        }
    }

    /// Checks the export's run numbers once the whole chart is read: each numbered `<invoke>`'s
    /// is declared and moved on in its state's `<onexit>`, and each one the `<datamodel>`
    /// declares numbers a child's runs (the parent's `fsmc_run_<id>` an `<invoke id="<id>">`
    /// of its states, a child's `fsmc_run` the chart's being a child).
    mutating func checkRunVariables() {
        for invocation in invocations where invocation.isNumbered {
            let variable = SCXMLEmitter.runVariable(of: invocation.id)
            if runVariables[variable] == nil {
                diagnostics.error(
                    "the <invoke> gives its child '\(variable)', which the chart does not declare in its <datamodel> (as <data id=\"\(variable)\" expr=\"0\"/>)",
                    at: invocation.element.range)
            } else if !endsRun(of: invocation.id, in: invocation.owner) {
                diagnostics.error(
                    "the state '\(chart[invocation.owner].id)' does not move '\(variable)' on in its <onexit>: without it a cancelled child's events would still be taken, which fsmc never does",
                    at: invocation.element.range)
            }
        }
        for (id, data) in runVariables.sorted(by: { $0.value.range.start < $1.value.range.start }) {
            let numbersAChild = id == SCXMLEmitter.childRunVariable
                ? invokedAs != nil
                : invocations.contains { $0.isNumbered && SCXMLEmitter.runVariable(of: $0.id) == id }
            if !numbersAChild {
                diagnostics.error(
                    "the data '\(id)' is '\(data.attribute("expr")?.value ?? "")': fsmc reads data as named booleans (true or false) and delays (a quoted time such as '1s')",
                    at: data.attribute("expr")?.range ?? data.range)
            }
        }
    }

    // MARK: - The child's side

    /// In a child chart, its `<send target="#_parent">`s: the export's (an output's event right
    /// after its `<log label="emit">`, the completion's in a top-level final state's
    /// `<onentry>`, each with the run number) become no actions; any other is refused.
    mutating func readParentSends() {
        let numbered = invokedAs != nil && runVariables[SCXMLEmitter.childRunVariable] != nil
        for index in chart.indices {
            let state = chart[index]
            let isTopLevelFinal = state.kind == .final && state.parent == nil
            var completions = 0
            var blocks = [state.onEntry, state.onExit] + state.transitions.map { executableContent(of: $0.element) }
            if let initial = state.initialElement { blocks += executableContent(of: initial).map { executableContent(of: $0) } }
            for (position, block) in blocks.enumerated() {
                for (offset, element) in block.enumerated() {
                    if element.localName == "log", element.attribute("label")?.value == "emit", numbered {
                        let output = block.dropFirst(offset + 1).first
                        if output.map({ isExportedSend($0, event: outputEvent(of: element)) }) != true {
                            diagnostics.error(
                                "the child's emit is not sent to its parent as the export sends it (<send target=\"#_parent\" event=\"\(outputEvent(of: element) ?? "fsmc.output…")\"> with the run number right after it)",
                                at: element.range)
                        }
                        continue
                    }
                    guard element.localName == "send", element.attribute("target")?.value == "#_parent" else { continue }
                    let previous = offset > 0 ? block[offset - 1] : nil
                    if let previous, previous.localName == "log", previous.attribute("label")?.value == "emit", numbered,
                        isExportedSend(element, event: outputEvent(of: previous)) {
                        childMachineElements.insert(element.range)
                    } else if let invokedAs, numbered, isTopLevelFinal, position == 0, offset == block.count - 1,
                        isExportedSend(element, event: "fsmc.done." + invokedAs) {
                        childMachineElements.insert(element.range)
                        completions += 1
                    } else {
                        // Refused here, with the reason, rather than again as an action.
                        childMachineElements.insert(element.range)
                        diagnostics.error(
                            "a child's <send> to its parent is read only as fsmc's export writes it: SCXML delivers what a cancelled child sent, fsmc drops it, and only the export's run number (docs/SCXML.md, \"Child machines\") makes the two agree",
                            at: element.range)
                    }
                }
            }
            if numbered, isTopLevelFinal, completions == 0, let invokedAs {
                diagnostics.error(
                    "the child's final state '\(state.id)' does not send its parent 'fsmc.done.\(invokedAs)': fsmc's parent hears a child finish in every top-level final state",
                    at: state.element.range)
            }
        }
    }

    /// The event the export sends the parent for the output of `<log label="emit">`.
    private func outputEvent(of log: XMLElement) -> String? {
        guard let invokedAs, let expression = log.attribute("expr")?.value.trimmingWhiteSpace, expression.count >= 2 else { return nil }
        return "fsmc.output." + invokedAs + "." + SCXMLNames.mapped(String(expression.dropFirst().dropLast()), as: .output)
    }

    /// `<send target="#_parent" event="…"><param name="fsmc_run" expr="fsmc_run"/></send>`.
    private func isExportedSend(_ element: XMLElement, event: String?) -> Bool {
        guard let event, element.localName == "send", element.attribute("target")?.value == "#_parent",
            element.attribute("event")?.value == event, element.attributes.count == 2
        else { return false }
        let parameters = executableContent(of: element)
        return parameters.count == 1 && parameters[0].localName == "param"
            && parameters[0].attribute("name")?.value == SCXMLEmitter.childRunVariable
            && parameters[0].attribute("expr")?.value == SCXMLEmitter.childRunVariable
    }

    // MARK: - The parent's transitions

    /// `_event.data.fsmc_run == fsmc_run_<id>` (then ` && rest`): the export's test that a child's
    /// event comes from its current run; the run variable and the rest of the condition.
    static func splitRunCondition(_ condition: String) -> (run: String?, rest: String?) {
        let prefix = "_event.data.\(SCXMLEmitter.childRunVariable) == "
        let text = condition.trimmingWhiteSpace
        guard text.hasPrefix(prefix) else { return (nil, condition) }
        let afterPrefix = text.dropFirst(prefix.count)
        let variable = afterPrefix.prefix { !$0.isWhitespace && $0 != "&" }
        var rest = afterPrefix.dropFirst(variable.count).drop(while: \.isWhitespace)
        guard !rest.isEmpty else { return (String(variable), nil) }
        guard rest.hasPrefix("&&") else { return (nil, condition) }
        rest = rest.dropFirst(2)
        return (String(variable), String(rest))
    }

    /// What a descriptor of a child's event means: `fsmc.output.<id>.<output>` is `on
    /// id.output`, `fsmc.done.<id>` is `done id`, both only with the run number's test; `nil`
    /// when the descriptor is no child's event and the condition tests no run number.
    func childEventMeaning(_ name: String, run: String?, at range: SourceRange) -> (meaning: Meaning?, problem: String?)? {
        let tokens = Self.tokens(name)
        let isOutput = tokens.count >= 2 && tokens[0] == "fsmc" && tokens[1] == "output"
        let isDone = tokens.count >= 2 && tokens[0] == "fsmc" && tokens[1] == "done"
        if let callResult = callResultMeaning(name, run: run) { return callResult }
        if tokens.count >= 2, tokens[0] == "done", tokens[1] == "invoke" {
            return (nil, "'\(name)' is SCXML's completion of an invocation, which SCXML also delivers from a cancelled run to the next run of the same <invoke>, where fsmc drops it: the import reads a child's completion as the export writes it ('fsmc.done.<id>' with the run number, docs/SCXML.md, \"Child machines\")")
        }
        guard isOutput || isDone || run != nil else { return nil }
        let id = tokens.count >= 3 ? String(tokens[2]) : ""
        guard let index = invocations.firstIndex(where: { $0.id == id && $0.isChildMachine }), isOutput ? tokens.count == 4 : tokens.count == 3 else {
            if isOutput || isDone {
                return (nil, "'\(name)' names no child this chart invokes: the export sends 'fsmc.output.<invoke id>.<output>' and 'fsmc.done.<invoke id>'")
            }
            return (nil, "the condition tests a child's run number, which only a child's event ('fsmc.output.<id>.<output>', 'fsmc.done.<id>') carries")
        }
        let invocation = invocations[index]
        guard invocation.isNumbered, run == SCXMLEmitter.runVariable(of: id) else {
            return (nil, "a child's event is taken only from its current run, as the export tests it ('_event.data.\(SCXMLEmitter.childRunVariable) == \(SCXMLEmitter.runVariable(of: id))' in the condition): SCXML delivers what a cancelled run sent, fsmc drops it")
        }
        let invocationID = InvocationID(index)
        if isDone { return (.trigger(.invocation(invocationID, .done)), nil) }
        let output = String(tokens[3])
        guard invocation.outputs.contains(output) else {
            return (nil, "the child '\(invocation.machine)' has no output '\(output)'")
        }
        return (.trigger(.invocation(invocationID, .output(output))), nil)
    }

    /// The model's invocations, each attached to the state that runs it.
    mutating func invocationModels(into states: inout [StateModel], _ building: Building) -> [InvocationModel] {
        var models: [InvocationModel] = []
        for (index, invocation) in invocations.enumerated() {
            guard let owner = building.stateIDs[invocation.owner] else {
                diagnostics.error(
                    "'\(SCXMLEmitter.machineStateID)' stands for the machine, which invokes nothing: an fsmc invocation belongs to a state",
                    at: invocation.element.range)
                continue
            }
            let id = InvocationID(index)
            models.append(InvocationModel(
                id: id, name: invocation.name, documentation: invocation.documentation, kind: invocation.kind, results: [],
                owner: owner, range: invocation.element.range))
            states[owner.index].invocations.append(id)
        }
        return models
    }
}
