/// Declares the machine's states, depth first in document order (so that a parent's
/// ``StateID`` comes before its children's), builds the tree, and checks each state's name and
/// data fields. What the tree must look like is ``StateStructurePass``'s to check.
struct StateDeclarationPass {
    let diagnostics: DiagnosticCollector

    func run(_ members: [MemberSyntax]) -> StateTable {
        var table = StateTable()
        var names = DeclaredNames(.state)
        declareStates(members, parent: nil, in: &table, names: &names)
        return table
    }

    private func declareStates(_ members: [MemberSyntax], parent: StateID?, in table: inout StateTable, names: inout DeclaredNames) {
        for member in members {
            guard case .state(let syntax) = member else {
                if parent != nil, case .event(let signal) = member {
                    diagnostics.error("events are declared at machine level, not inside a state", at: signal.range)
                }
                if parent != nil, case .output(let signal) = member {
                    diagnostics.error("outputs are declared at machine level, not inside a state", at: signal.range)
                }
                continue
            }
            let isNew = names.declare(syntax.name, diagnostics: diagnostics)
            let id = StateID(table.states.count)
            if isNew { table.stateIndex[syntax.name.text] = id }
            table.states.append(
                StateModel(
                    id: id, name: syntax.name.text, documentation: syntax.documentation,
                    isFinal: syntax.has(.final), isParallel: syntax.has(.parallel), parent: parent, children: [],
                    initialChild: nil, entryActions: [], exitActions: [], transitions: [], range: syntax.name.range))
            table.stateSyntax.append(syntax)
            if let parent { table.states[parent.index].children.append(id) }
            if let data = syntax.parameters {
                table.states[id.index].data = checkData(data, of: syntax.name, id: id, parent: parent, in: &table)
                // Unlabeled fields are errors, left out of the data.
                table.states[id.index].dataTypeLocations = data.filter { $0.label != nil }.map(\.typeRange.start)
            }
            declareStates(syntax.members, parent: id, in: &table, names: &names)
        }
    }

    /// A state's data fields, checked: each labeled, once, and not also the label of an
    /// ancestor's data (guards and actions receive them all as labeled parameters).
    ///
    /// A labeled field stays in the model even when its label is reported, so that the
    /// arguments of the transitions entering the state are checked against what is written
    /// rather than reported again; a state with an unlabeled field is left out of those checks.
    private func checkData(
        _ syntax: [ParameterSyntax], of name: Identifier, id: StateID, parent: StateID?, in table: inout StateTable
    ) -> [ParameterModel] {
        var labels: [String: SourceRange] = [:]
        var inherited: [String: (owner: String, range: SourceRange)] = [:]
        var ancestor = parent
        while let ancestorID = ancestor {
            for field in table.stateSyntax[ancestorID.index].parameters ?? [] {
                if let label = field.label, inherited[label.text] == nil {
                    inherited[label.text] = (table.states[ancestorID.index].name, label.range)
                }
            }
            ancestor = table.states[ancestorID.index].parent
        }
        var fields: [ParameterModel] = []
        for field in syntax {
            guard let label = field.label else {
                // Once per state: a long list of unlabeled fields is one mistake, not many.
                if table.statesWithUnlabeledData.insert(id).inserted {
                    diagnostics.error(
                        "state data needs labels: write '\(name.text)(value: \(field.type))', and give the value as '-> \(name.text)(value: …)'",
                        at: field.range)
                }
                continue
            }
            fields.append(ParameterModel(label: label.text, type: field.type))
            if let first = labels[label.text] {
                diagnostics.error(
                    "state '\(name.text)' has two data fields labeled '\(label.text)'", at: label.range,
                    notes: [.init("first declared here", at: first)])
                continue
            }
            labels[label.text] = label.range
            if let clash = inherited[label.text] {
                diagnostics.error(
                    "data label '\(label.text)' of state '\(name.text)' is also a data label of '\(clash.owner)', around it; guards and actions inside receive both, so rename one",
                    at: label.range, notes: [.init("'\(clash.owner)' declares '\(label.text)' here", at: clash.range)])
                continue
            }
            if ["inout", "var", "let"].contains(label.text) || ReservedNames.swiftKeywords.contains(label.text) {
                diagnostics.error("'\(label.text)' cannot be a data label", at: label.range)
                continue
            }
            if ReservedNames.generatedLocals.contains(label.text) {
                diagnostics.error(
                    "'\(label.text)' cannot be a data label: the generated code binds a variable of that name where data is bound",
                    at: label.range)
                continue
            }
        }
        return fields
    }
}
