import FSMCore
/// Calls and streams read back: the `<invoke>` of the tiny session the export writes for
/// `invoke fetchUser(…)` and `invoke stream changes(…)` (``SCXMLEmitter``'s
/// `emitInvocation`, docs/SCXML.md, "Invocations") is that invocation again, and the parent's
/// transitions on `done.invoke.<id>`, `fsmc.error.<id>` and `fsmc.element.<id>` are `done id`,
/// `error id` and `on id`.
///
/// Only the export's session, exactly, is read so (element for element, attribute for
/// attribute, comments and white space aside): it is a stand-in that does nothing until whoever
/// runs the document sends it an outcome, answers each with at most one event to its parent,
/// and answers nothing after it failed or ended. That is what lets the export write SCXML's own
/// `done.invoke.<id>` without a run number, where a child machine's completion needs one
/// (docs/SCXML.md, "Child machines"): the session sends its parent nothing of its own accord (no
/// timer, no eventless step, no second event in one step), so the one event that answers an
/// outcome is the parent's next, and a state left after it was handled cannot receive it in a
/// later run. A chart whose child could do any of those is not that session and stays refused.
/// Results are payloads and are not exported; they do not come back (``exportNotes``).
extension SCXMLImporter {
    /// An element the export's session must be, in SCXML's namespace: its name, its attributes
    /// (no others), and its child elements in order.
    struct ExpectedElement {
        var name: String
        var attributes: [String: String]
        var children: [ExpectedElement] = []
    }

    /// The `<scxml>` the export writes inside the `<content>` of a call's (`isStream` false) or a
    /// stream's `<invoke id="<id>">`.
    static func exportedSession(id: String, isStream: Bool) -> ExpectedElement {
        let running = id + ".running"
        let failed = id + ".failed"
        let ended = id + ".ended"
        let sendToParent = { (event: String) in ExpectedElement(name: "send", attributes: ["target": "#_parent", "event": event]) }
        var transitions: [ExpectedElement] = []
        if isStream {
            transitions.append(ExpectedElement(
                name: "transition", attributes: ["event": SCXMLEmitter.Outcome.yield.event],
                children: [sendToParent(SCXMLEmitter.resultEvent(.element, ofCallOrStream: id))]))
        }
        let ends = isStream ? SCXMLEmitter.Outcome.finish : .complete
        transitions.append(ExpectedElement(name: "transition", attributes: ["event": ends.event, "target": ended]))
        transitions.append(ExpectedElement(
            name: "transition", attributes: ["event": SCXMLEmitter.Outcome.fail.event, "target": failed],
            children: [sendToParent(SCXMLEmitter.resultEvent(.error, ofCallOrStream: id))]))
        return ExpectedElement(
            name: "scxml", attributes: ["version": "1.0", "datamodel": "ecmascript", "initial": running, "name": id],
            children: [
                ExpectedElement(name: "state", attributes: ["id": running], children: transitions),
                ExpectedElement(name: "state", attributes: ["id": failed]),
                ExpectedElement(name: "final", attributes: ["id": ended]),
            ])
    }

    /// Whether `element` is `expected`: same name in SCXML's namespace, the same attributes and
    /// no others, the same child elements in order, no text but white space.
    func matches(_ element: XMLElement, _ expected: ExpectedElement) -> Bool {
        guard element.namespace == SCXMLEmitter.namespace, element.localName == expected.name,
            element.attributes.count == expected.attributes.count,
            element.attributes.allSatisfy({ $0.namespace == nil && expected.attributes[$0.localName] == $0.value })
        else { return false }
        for node in element.children {
            if case .text(let text, _) = node, !text.allSatisfy(\.isWhitespace) { return false }
        }
        let elements = element.elements
        return elements.count == expected.children.count && zip(elements, expected.children).allSatisfy(matches)
    }

    /// Whether the `<invoke>` (its attributes already checked) with child chart `chart` is
    /// the export's call or stream of id `id`: `.call`, `.stream`, or `nil` when it is not.
    /// `<invoke>` itself has exactly the export's attributes and no `<param>`.
    func exportedCallOrStream(_ invoke: XMLElement, chart: XMLElement, id: String, hasParameters: Bool) -> InvocationModel.Kind? {
        guard !hasParameters, invoke.attributes.count == 2, invoke.attribute("type")?.value == SCXMLEmitter.invokeType else { return nil }
        if matches(chart, Self.exportedSession(id: id, isStream: false)) { return .call }
        if matches(chart, Self.exportedSession(id: id, isStream: true)) { return .stream }
        return nil
    }

    /// Whether an `<invoke>`'s child chart looks like the export's session of a call or a
    /// stream (its first state is `<id>.running`), so that one that is not exactly it is refused
    /// as such rather than imported as a child machine.
    static func looksLikeExportedSession(_ chart: XMLElement, id: String) -> Bool {
        chart.elements.first { $0.localName == "state" }?.attribute("id")?.value == id + ".running"
    }

    /// What a descriptor of a call's or a stream's result means: `done.invoke.<id>` is `done
    /// id`, `fsmc.error.<id>` is `error id`, `fsmc.element.<id>` (a stream's) is `on id`, each
    /// without a run number (the export writes none for them); `nil` when the descriptor names
    /// no call or stream of the chart.
    func callResultMeaning(_ name: String, run: String?) -> (meaning: Meaning?, problem: String?)? {
        let tokens = Self.tokens(name)
        guard tokens.count == 3 else { return nil }
        let result: InvocationResult
        switch (tokens[0], tokens[1]) {
        case ("done", "invoke"): result = .done
        case ("fsmc", "error"): result = .error
        case ("fsmc", "element"): result = .element
        default: return nil
        }
        guard let index = invocations.firstIndex(where: { $0.id == tokens[2] && !$0.isChildMachine }) else { return nil }
        let invocation = invocations[index]
        if result == .element, invocation.kind != .stream {
            return (nil, "'\(name)' is an element of a stream, and '\(invocation.id)' is the export's call (its session has no 'fsmc.yield')")
        }
        if run != nil {
            return (nil, "the condition tests a child's run number, which only a child's event ('fsmc.output.<id>.<output>', 'fsmc.done.<id>') carries")
        }
        return (.trigger(.invocation(InvocationID(index), result)), nil)
    }

    /// The call or stream whose result events `descriptor` (a prefix of them: `fsmc`,
    /// `fsmc.error`, …) also matches in SCXML, when it is a proper prefix of one.
    func callResultMatched(byPrefix descriptor: String) -> String? {
        for invocation in invocations where !invocation.isChildMachine {
            let results: [InvocationResult] = invocation.kind == .stream ? [.done, .error, .element] : [.done, .error]
            for result in results {
                let event = SCXMLEmitter.resultEvent(result, ofCallOrStream: invocation.id)
                if descriptor != event, Self.descriptor(descriptor, matches: event) { return event }
            }
        }
        return nil
    }

    /// The call or stream whose result `name` is, when a `<raise>` or `<send>` would send it.
    func callResult(named name: String) -> String? {
        callResultMeaning(name, run: nil).flatMap { $0.meaning == nil ? nil : name }
    }
}
