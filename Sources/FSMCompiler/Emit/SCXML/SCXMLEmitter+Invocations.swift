import FSMCore

/// Invocations as SCXML `<invoke>`s (docs/SCXML.md, "Invocations"). SCXML invokes another
/// session where fsmc runs a function of `Actions`: the export stands for the work by a tiny
/// child session that does nothing until whoever runs the document (a harness, a test, a
/// user) tells it what the work did, by an event sent to the child:
///
/// - `fsmc.complete` (a call returned) and `fsmc.finish` (a stream finished) take the child to
///   its top-level final state: SCXML then sends the parent `done.invoke.<name>` (6.4.3), the
///   event a `done name` transition waits for;
/// - `fsmc.fail` sends the parent `fsmc.error.<name>` (`error name`) and takes the child to a
///   state that answers nothing more, as fsmc delivers at most one `done` or `error`;
/// - `fsmc.yield`, in a stream's child, sends the parent `fsmc.element.<name>` (`on name`).
///
/// The child is invoked at the end of the macrostep that entered the state and cancelled when
/// the state is exited, after its `<onexit>`, as fsmc starts and cancels the work (SCXML 6.4,
/// appendix D's `invoke` and `exitStates`); what a cancelled child would still send is never
/// delivered. Results and state data are not exported, as payloads are not.
extension SCXMLEmitter {
    /// The event `fsmc.complete`, `fsmc.fail`, `fsmc.yield` or `fsmc.finish` that tells an
    /// invocation's child session what its work did.
    public enum Outcome: String, CaseIterable, Sendable {
        /// A call returned.
        case complete
        /// A call or a stream threw.
        case fail
        /// A stream yielded an element.
        case yield
        /// A stream finished.
        case finish

        /// The event the child session takes it as.
        public var event: String { "fsmc." + rawValue }
    }

    /// The SCXML event an invocation's result arrives as: `done.invoke.fetchUser` (SCXML
    /// 6.4.3's, sent when the child session reaches its final state; `fsmc.done.signIn` for a
    /// child machine, which sends it itself), `fsmc.error.fetchUser`,
    /// `fsmc.element.changes`, `fsmc.output.signIn.signedIn` (a child machine's output, sent by
    /// the child's session to its parent: ``emitChildInvocation(_:of:into:)``).
    /// `error.*` is left to SCXML's platform errors.
    public static func event(of result: InvocationResult, from invocation: InvocationModel) -> String {
        switch result {
        case .done where invocation.isChildMachine: "fsmc.done." + invocation.name
        case .output(let output): "fsmc.output." + invocation.name + "." + output
        default: resultEvent(result, ofCallOrStream: invocation.name)
        }
    }

    /// The SCXML event a call's or a stream's result arrives as, by the invocation's name (the
    /// `<invoke>`'s id): `done.invoke.<name>`, `fsmc.error.<name>`, `fsmc.element.<name>`. The
    /// import reads them back (SCXMLImporter+Calls).
    static func resultEvent(_ result: InvocationResult, ofCallOrStream name: String) -> String {
        switch result {
        case .done: "done.invoke." + name
        case .error: "fsmc.error." + name
        case .element: "fsmc.element." + name
        case .output(let output): "fsmc.output." + name + "." + output
        }
    }

    /// The SCXML `type` of an invoked SCXML session (6.4.1).
    static let invokeType = "http://www.w3.org/TR/scxml/"

    /// `<invoke id="fetchUser">` with its child session inline.
    func emitInvocation(_ invocation: InvocationModel, into writer: inout CodeWriter) {
        comment(invocation.documentation, into: &writer)
        if !invocation.results.isEmpty {
            let results = invocation.results.map(\.description).joined(separator: ", ")
            writer.line("<!-- results, not exported: \(SCXMLText.comment(results)) -->")
        }
        let isStream = invocation.kind == .stream
        // The child's ids carry the invocation's name (unique, and free of dots) so that the
        // document's XML ids stay unique; they never meet a state's, which have no dots.
        let running = invocation.name + ".running"
        let failed = invocation.name + ".failed"
        let ended = invocation.name + ".ended"
        element("invoke", [("id", invocation.name), ("type", Self.invokeType)], into: &writer) { writer in
            element("content", [], into: &writer) { writer in
                let attributes = [
                    ("xmlns", Self.namespace), ("version", "1.0"), ("datamodel", "ecmascript"),
                    ("initial", running), ("name", invocation.name),
                ]
                element("scxml", attributes, into: &writer) { writer in
                    element("state", [("id", running)], into: &writer) { writer in
                        if isStream {
                            element("transition", [("event", Outcome.yield.event)], into: &writer) { writer in
                                sendToParent(Self.event(of: .element, from: invocation), into: &writer)
                            }
                        }
                        let endsWith = isStream ? Outcome.finish : Outcome.complete
                        writer.line(tag("transition", [("event", endsWith.event), ("target", ended)], selfClosing: true))
                        element("transition", [("event", Outcome.fail.event), ("target", failed)], into: &writer) { writer in
                            sendToParent(Self.event(of: .error, from: invocation), into: &writer)
                        }
                    }
                    // Not final: a failed work sends no `done.invoke`, and answers nothing more.
                    writer.line(tag("state", [("id", failed)], selfClosing: true))
                    writer.line(tag("final", [("id", ended)], selfClosing: true))
                }
            }
        }
    }

    private func sendToParent(_ event: String, into writer: inout CodeWriter) {
        writer.line(tag("send", [("target", "#_parent"), ("event", event)], selfClosing: true))
    }
}
