import FSMCore
/// Conditions as guards, and executable content as actions: the parts of a transition and
/// of `<onentry>`/`<onexit>` the user's Swift implements.
extension SCXMLImporter {
    // MARK: - Guards

    /// A condition as a guard: named booleans (their `<data>` names, or the spec names the
    /// export's prefixed variables stand for), `in(…)`, `!`, `&&`, `||`.
    mutating func guardModel(_ condition: SCXMLCondition, at range: SourceRange, _ building: inout Building) -> GuardModel? {
        switch condition {
        case .variable(let variable) where dataUpdateVariables.contains(variable):
            diagnostics.error(
                "'\(variable)' holds state data the export writes as 'update(…)' gives it, which fsmc's guards do not read: a guard is a named boolean",
                at: range)
            return nil
        case .variable(let variable):
            // A reserved name gets its documented `_` (docs/SCXML.md, "Names").
            let name = SCXMLNames.mapped(variables[variable]?.name ?? SCXMLNames.identifier(variable), as: .guard)
            if building.guardNames.insert(name).inserted {
                building.guards.append(CallableModel(name: name, payload: []))
            }
            return .call(name)
        case .isIn(let id):
            guard let index = stateIndex[id], index != wrapper else {
                diagnostics.error(histories[id] != nil ? "In('\(id)') tests a history, which is never active" : "In('\(id)'): no state has the id '\(id)'", at: range)
                return nil
            }
            return .isIn(building.stateIDs[index]!)
        case .eventNameIs:
            diagnostics.error("'_event.name' is read only at the start of a condition, as the export writes it: fsmc's guards do not test the event", at: range)
            return nil
        case .constant(let value):
            return .constant(value)
        case .not(let operand):
            return guardModel(operand, at: range, &building).map { .not($0) }
        case .and(let lhs, let rhs):
            guard let lhs = guardModel(lhs, at: range, &building), let rhs = guardModel(rhs, at: range, &building) else { return nil }
            return .and(lhs, rhs)
        case .or(let lhs, let rhs):
            guard let lhs = guardModel(lhs, at: range, &building), let rhs = guardModel(rhs, at: range, &building) else { return nil }
            return .or(lhs, rhs)
        }
    }

    // MARK: - Actions

    /// Executable content as actions: `<log label="action">`, `<log label="emit">` and
    /// `<raise>` (or a `<send>` to `#_internal`); a state's timers are not actions, nor another
    /// `<log>` (kept as a comment, ``skipLog(_:_:)``), nor the export's `<assign>` of an
    /// updated field (``isExportedUpdate(_:)``); everything else is refused.
    mutating func actions(_ content: [XMLElement], _ building: inout Building) -> [ActionModel] {
        var actions: [ActionModel] = []
        for element in content where !building.timerElements.contains(element.range) && !childMachineElements.contains(element.range) {
            switch isInternalSend(element) ? "raise" : element.localName {
            case "assign" where isExportedUpdate(element):
                // The state data it stands for are not imported (docs/SCXML.md, "Import").
                continue
            case "log" where Self.isNoOpLog(element):
                skipLog(element, &building)
            case "log":
                guard let action = logAction(element, &building) else { continue }
                actions.append(action)
            case "raise":
                guard let event = element.attribute("event"), !event.value.isEmpty else {
                    diagnostics.error("a <raise> names its event", at: element.range)
                    continue
                }
                guard let id = building.eventIDs[event.value] else { continue }  // refused with the events
                actions.append(.raise(id, []))
            default:
                diagnostics.error(Self.refusal(of: element), at: element.range)
            }
        }
        return actions
    }

    /// `<assign location="downloading_progress" expr="0.5"/>` to a variable the export declares
    /// for a state data field (``dataUpdateVariables``), of a literal, as the export writes
    /// `update(progress: 0.5)`. The import writes no state data, so the update has no field to
    /// go to; since no condition may read the variable (``guardModel(_:at:_:)``) and a literal
    /// cannot fail, leaving it out changes nothing the chart does.
    func isExportedUpdate(_ element: XMLElement) -> Bool {
        guard let location = element.attribute("location")?.value, dataUpdateVariables.contains(location),
            let expression = element.attribute("expr")?.value, executableContent(of: element).isEmpty else { return false }
        return ["true", "false"].contains(expression.trimmingWhiteSpace) || Self.isNumberOrNull(expression)
            || Self.isStringLiteral(expression)
    }

    /// An ECMAScript string literal in single or double quotes whose escapes are the ones the
    /// export writes (`\\`, `\'`, `\"`, `\n`, `\r`, `\t`, `\uXXXX`, …): one that cannot fail.
    static func isStringLiteral(_ expression: String) -> Bool {
        let text = Array(expression.trimmingWhiteSpace.unicodeScalars)
        guard text.count >= 2, let quote = text.first, quote == "'" || quote == "\"", text.last == quote else { return false }
        var index = 1
        while index < text.count - 1 {
            switch text[index] {
            case quote, "\n", "\r", "\u{2028}", "\u{2029}": return false
            case "\\":
                guard index + 1 < text.count - 1 else { return false }
                let escaped = text[index + 1]
                if escaped == "u" {
                    guard index + 5 < text.count - 1, text[(index + 2)...(index + 5)].allSatisfy(\.properties.isASCIIHexDigit) else { return false }
                    index += 6
                } else {
                    guard "\\'\"nrtbfv0".unicodeScalars.contains(escaped) else { return false }
                    index += 2
                }
            default:
                index += 1
            }
        }
        return true
    }

    /// An ECMAScript decimal number as the export writes one (`-12`, `2.5`, `1e-3`), or `null`.
    static func isNumberOrNull(_ expression: String) -> Bool {
        let text = expression.trimmingWhiteSpace
        if text == "null" { return true }
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard let first = unsigned.first, first.isASCII, first.isNumber else { return false }
        return unsigned.allSatisfy { $0.isASCII && ($0.isNumber || ".eE+-".contains($0)) } && Double(String(unsigned)) != nil
    }

    /// `<send event="e" target="#_internal"/>`: SCXML's other way to put an event on the internal
    /// queue, fsmc's `raise e`; with a delay or data it is refused as any `<send>`.
    func isInternalSend(_ element: XMLElement) -> Bool {
        element.localName == "send" && element.attribute("target")?.value == "#_internal"
            && !["delay", "delayexpr", "eventexpr", "idlocation", "namelist", "targetexpr"].contains { element.attribute($0) != nil }
            && executableContent(of: element).isEmpty
    }

    /// `<log label="action" expr="'name'"/>`, or `label="emit"` for an output.
    private mutating func logAction(_ element: XMLElement, _ building: inout Building) -> ActionModel? {
        let label = element.attribute("label")?.value
        let form = "a <log> is an action as <log label=\"action\" expr=\"'name'\"/> or an output as <log label=\"emit\" expr=\"'name'\"/>"
        guard label == "action" || label == "emit", let expression = element.attribute("expr") else {
            diagnostics.error(form, at: element.attribute("label")?.range ?? element.range)
            return nil
        }
        let text = expression.value.trimmingWhiteSpace
        guard text.count >= 2, let quote = text.first, quote == "'" || quote == "\"", text.last == quote else {
            diagnostics.error(form, at: expression.range)
            return nil
        }
        let written = String(text.dropFirst().dropLast())
        guard SCXMLNames.identifier(written) == written else {
            diagnostics.error("'\(written)' cannot name an \(label == "emit" ? "output" : "action") in fsmc: it is not an identifier", at: expression.range)
            return nil
        }
        // A reserved name gets its documented `_` (docs/SCXML.md, "Names").
        let name = SCXMLNames.mapped(written, as: label == "emit" ? .output : .action)
        if label == "emit" {
            if let id = building.outputIDs[name] { return .emit(id, []) }
            let id = OutputID(building.outputs.count)
            building.outputIDs[name] = id
            building.outputs.append(SignalModel(name: name, documentation: nil, parameters: [], range: expression.range))
            return .emit(id, [])
        }
        if building.actionNames.insert(name).inserted {
            building.actions.append(CallableModel(name: name, payload: []))
        }
        return .call(name)
    }

    /// Why executable content other than an action is refused.
    static func refusal(of element: XMLElement) -> String {
        switch element.localName {
        case "send" where isDelayedSend(element):
            "a delayed <send> is an fsmc timer ('after') only in a state's <onentry> or in the transition into it, which starts it as the state is entered"
        case "send":
            "<send> is not supported: fsmc's machines send no events; a delayed <send> of an event to the chart as its state is entered is a timer ('after')"
        case "cancel":
            "<cancel> is not supported here: fsmc's timers stop only when their state is left, which is a <cancel> of the timer's id in that state's <onexit> or in a transition from inside it that leaves it"
        case "assign":
            "<assign> is not supported: fsmc's machines have no data model to assign to"
        case "script":
            "<script> is not supported: fsmc's machines run no scripts; actions are the user's Swift"
        case "if", "elseif", "else":
            "<\(element.localName)> is not supported: write the choice as guarded transitions"
        case "foreach":
            "<foreach> is not supported: fsmc's actions are plain calls"
        default:
            "<\(element.qualifiedName)> is not supported as executable content"
        }
    }
}
