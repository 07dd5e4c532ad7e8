import FSMCore
/// `update(field: value)` (language version 4) as SCXML's `<assign>`.
///
/// The export writes no state data (docs/SCXML.md): a state's data come from its target's
/// arguments, payloads and functions the chart does not carry. A field an `update` changes is
/// the exception: the document declares a variable for it in the `<datamodel>`
/// (`<data id="downloading_progress"/>`, after a note that names the field) and the update
/// becomes `<assign location="downloading_progress" expr="0.5"/>` in the transition, in order
/// with its other actions. Like `update`, an `<assign>` in a transition exits and enters
/// nothing: a targetless transition stays where it is, and fsmc refuses an update in a
/// transition that leaves the field's state. The variable holds the value the last update
/// gave; the value the state was entered with is not exported.
///
/// Only a literal has the same value in the chart: an update to the triggering event's
/// payload, to other state data or to a value function's result is refused at its transition
/// (``dataUpdateRefusals(_:)``), never written as something else.
extension SCXMLEmitter {
    /// A data field some `update` assigns: the state that declares it and its label.
    struct DataField: Hashable {
        var owner: StateID
        var label: String
    }

    /// How the note before each field's `<data>` begins; the import knows it by this
    /// (`SCXMLImporter.exportNotes`).
    static let dataUpdateNote = "state data, as update(…) gives it:"

    /// The note before a field's `<data>`: `state data, as update(…) gives it: downloading.progress`.
    func variableNote(of field: DataField) -> String {
        "\(Self.dataUpdateNote) \(model[field.owner].name).\(field.label)"
    }

    /// The fields the machine's updates assign, state by state (``MachineModel/allTransitions``'s
    /// order), each where it is first assigned.
    static func updatedFields(of model: MachineModel) -> [DataField] {
        var seen: Set<DataField> = []
        return model.allTransitions.flatMap { transition in
            transition.dataUpdates.map { DataField(owner: $0.owner, label: $0.field) }
        }.filter { seen.insert($0).inserted }
    }

    /// The variable of a field: `downloading_progress`, with `fsmc_` before a name SCXML
    /// reserves (`_…`) and `_` added until it is free of `taken`, which it joins.
    static func dataVariable(of field: DataField, in model: MachineModel, taken: inout Set<String>) -> String {
        var variable = model[field.owner].name + "_" + field.label
        if variable.hasPrefix("_") { variable = "fsmc" + variable }
        while taken.contains(variable) || SCXMLText.reservedVariableNames.contains(variable) { variable += "_" }
        taken.insert(variable)
        return variable
    }

    /// Each update that the chart could not give the same value, refused at its transition
    /// (the first such field of each transition): a payload, state data or a function's result.
    static func dataUpdateRefusals(_ model: MachineModel) -> [Diagnostic] {
        model.allTransitions.compactMap { transition in
            let updates = transition.dataUpdates
            guard let update = updates.first(where: { SCXMLText.literal($0.argument.value) == nil }) else { return nil }
            let written = "update(\(update.field): \(SpecText.literal(update.argument.value)))"
            return Diagnostic(
                .error,
                "SCXML export cannot write '\(written)': the chart assigns a field only a literal, and \(unexportedValue(update.argument.value))",
                at: transition.range)
        }
    }

    /// Why a value that is not a literal has no value in the chart.
    private static func unexportedValue(_ value: ArgumentModel.Value) -> String {
        switch value {
        case .payload(let label): "'\(label)' is the trigger's payload, which the chart's events do not carry"
        case .data(let label): "'\(label)' is state data, which the chart does not hold"
        case .computed(let name), .computedWithArguments(let name, _): "'\(name)' is a function of yours, which the chart cannot call"
        case .string, .integer, .float, .boolean, .nil: "it is a literal"
        }
    }

    /// Each field's `<assign>`, in the order written.
    func emitUpdates(_ updates: [DataUpdate], into writer: inout CodeWriter) {
        for update in updates {
            guard let variable = dataVariables[DataField(owner: update.owner, label: update.field)],
                let value = SCXMLText.literal(update.argument.value) else {
                preconditionFailure("fsmc: an update SCXMLEmitter.refusals refuses")
            }
            writer.line(tag("assign", [("location", variable), ("expr", value)], selfClosing: true))
        }
    }
}
