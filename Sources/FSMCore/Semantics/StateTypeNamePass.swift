/// Checks the names of the Swift types the states make the generated `State` declare.
///
/// A compound state generates a type inside `State` (`main` → `State.Main`): its name must
/// not clash with another such type, with `State`'s cases (a top-level state's name), with the
/// coding keys Swift synthesizes for those cases, or with a name Swift or the generated code
/// needs inside `State`.
struct StateTypeNamePass {
    let diagnostics: DiagnosticCollector

    func run(_ table: StateTable, signals: SignalTable, topLevelStates: [StateID]) {
        let states = table.states
        let firstDeclarations = Set(table.stateIndex.values)
        checkSynthesizedCodingKeys(of: states, isFirstDeclaration: firstDeclarations.contains)
        guard states.contains(where: \.isCompound) else { return }
        let payloadTypes = (signals.events + signals.outputs).flatMap(\.parameters) + states.flatMap(\.data)
        let typeNamesInPayloads = Set(payloadTypes.flatMap { ReservedNames.identifiers(inType: $0.type) })
        enum Occupant {
            case topLevelCase(StateID)
            case codingKeys(StateID)
            case compound(StateID)
        }
        var occupants: [String: Occupant] = [:]
        // A state declared twice is reported already; only its first declaration counts.
        func isFirstDeclaration(_ id: StateID) -> Bool { table.stateIndex[states[id.index].name] == id }
        for id in topLevelStates where isFirstDeclaration(id) {
            occupants[states[id.index].name] = .topLevelCase(id)
            occupants[ReservedNames.stateTypeName(states[id.index].name) + "CodingKeys"] = .codingKeys(id)
        }
        for state in states where state.isCompound && isFirstDeclaration(state.id) {
            let typeName = ReservedNames.stateTypeName(state.name)
            let generates = "state '\(state.name)' has child states, so it generates the type 'State.\(typeName)'"
            if let reason = ReservedNames.stateTypeProblem(typeName) {
                diagnostics.error("\(generates), \(reason); rename the state", at: state.range)
                continue
            }
            if typeNamesInPayloads.contains(typeName) {
                // Inside `State`, the nested type would hide the one a payload or data names.
                diagnostics.error(
                    "\(generates), which would hide the type '\(typeName)' that a payload or state data of this machine names; rename the state",
                    at: state.range)
                continue
            }
            switch occupants[typeName] {
            case nil:
                occupants[typeName] = .compound(state.id)
            case .topLevelCase(let other) where other == state.id:
                diagnostics.error(
                    "\(generates), the name of its own case too; start the state's name with a lowercase letter",
                    at: state.range)
            case .topLevelCase(let other):
                diagnostics.error(
                    "\(generates), which clashes with the case of state '\(states[other.index].name)'; rename one of them",
                    at: state.range, notes: [.init("'\(states[other.index].name)' is declared here", at: states[other.index].range)])
            case .codingKeys(let other):
                diagnostics.error(
                    "\(generates), which Swift synthesizes for the case '\(states[other.index].name)' to make 'State' Codable; rename the state",
                    at: state.range, notes: [.init("'\(states[other.index].name)' is declared here", at: states[other.index].range)])
            case .compound(let other):
                diagnostics.error(
                    "\(generates), which state '\(states[other.index].name)' generates too; rename one of them",
                    at: state.range, notes: [.init("'\(states[other.index].name)' is declared here", at: states[other.index].range)])
            }
        }
    }

    /// Swift makes an enum with associated values `Codable` through a `…CodingKeys` type per
    /// case, named after the case with its first letter in upper case: two states of one enum
    /// (siblings, or top-level states) whose names differ only in that letter's case
    /// (`history` and `History`) would need the same one.
    private func checkSynthesizedCodingKeys(of states: [StateModel], isFirstDeclaration: (StateID) -> Bool) {
        var seen: [String: StateID] = [:]
        for state in states where isFirstDeclaration(state.id) {
            let key = "\(state.parent?.index ?? -1)/" + ReservedNames.stateTypeName(state.name)
            // Two compound states are reported once, for the types they generate.
            if let other = seen[key], !(state.isCompound && states[other.index].isCompound) {
                diagnostics.error(
                    "states '\(states[other.index].name)' and '\(state.name)' would both make Swift synthesize '\(ReservedNames.stateTypeName(state.name))CodingKeys' to make 'State' Codable; rename one of them",
                    at: state.range, notes: [.init("'\(states[other.index].name)' is declared here", at: states[other.index].range)])
            } else if seen[key] == nil {
                seen[key] = state.id
            }
        }
    }
}
