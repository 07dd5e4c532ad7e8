import FSMCore
/// `<log>`s that are neither an action (`label="action"`) nor an output (`label="emit"`): what
/// charts write for people reading an interpreter's log (`<log expr="'entering A'"/>`,
/// `<log label="TEST" expr="'onentry ' + _sessionid"/>`). Logging changes no state and fsmc has
/// no log to write to, so the import reads such a `<log>` as nothing, with a warning, and keeps
/// its text as a documentation line of the state or transition it was in, so that the spec
/// still shows it. An expression that fails makes SCXML raise `error.execution`, so where a
/// transition of the chart takes that event, a `<log>` whose expression is not a constant is
/// refused.
extension SCXMLImporter {
    /// Whether `element` is a `<log>` that is neither an action nor an output.
    static func isNoOpLog(_ element: XMLElement) -> Bool {
        guard element.localName == "log" else { return false }
        let label = element.attribute("label")?.value
        return label != "action" && label != "emit"
    }

    /// Warns about a no-op `<log>` and keeps its text in ``Building/logNotes``, for the state or
    /// transition being built to take as documentation.
    mutating func skipLog(_ element: XMLElement, _ building: inout Building) {
        // An expression that fails makes SCXML raise `error.execution`, which is no no-op
        // when a transition of the chart takes it.
        if let expression = element.attribute("expr"), !Self.isLiteral(expression.value),
           let taken = building.scxmlEventNames.first(where: { Self.descriptor($0, matches: "error.execution") }) {
            diagnostics.error(
                "this <log>'s expression may fail, and SCXML then raises 'error.execution', which the chart's transitions on '\(taken)' take: fsmc evaluates no expressions and raises no platform events",
                at: expression.range)
            return
        }
        diagnostics.warning(
            "this <log> is neither an action (label=\"action\") nor an output (label=\"emit\"): it only writes to the interpreter's log, which fsmc has not; the spec keeps it as a comment",
            at: element.range)
        building.logNotes.append(Self.markup(of: element))
    }

    /// The documentation of a state or transition with the no-op `<log>`s read since the last
    /// call appended, one line each saying where it was (`not imported from <onentry>: <log …/>`);
    /// the notes are emptied.
    static func documentation(_ documentation: String?, takingLogsOf building: inout Building, in place: String) -> String? {
        guard !building.logNotes.isEmpty else { return documentation }
        let lines = building.logNotes.map { "not imported from \(place): \($0)" }
        building.logNotes = []
        return ([documentation].compactMap { $0 } + lines).joined(separator: "\n")
    }

    /// The element as one line of markup without its prefix, its attributes in the order written and escaped as
    /// XML escapes them (line breaks as character references): `<log expr="&quot;hi&quot;"/>`.
    static func markup(of element: XMLElement) -> String {
        let attributes = element.attributes.map { " \($0.qualifiedName)=\"\(MarkupText.escaped($0.value, lineBreaks: .characterReferences))\"" }
        return "<\(element.localName)\(attributes.joined())/>"
    }
}
