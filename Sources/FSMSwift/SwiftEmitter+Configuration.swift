import FSMCore

/// The configuration types of a nested machine (`State` as a nested value, `StateID`,
/// `History`, `Snapshot`) and the queries on them (`isIn(_:)`, `canHandle(_:)`).
extension SwiftEmitter {
    /// `State` of a nested machine: an enum of the top-level states where a compound state's
    /// case carries its active child, so that it cannot hold an impossible configuration.
    func emitConfigurationType(into writer: inout CodeWriter) {
        writer.line("/// The active configuration of ``\(name)``: the active top-level state, where a compound")
        writer.line("/// state's case carries its active child.")
        writer.block("\(access)enum State: \(stateConformances), CustomStringConvertible") { writer in
            emitCases(model.topLevelStates, into: &writer)
            writer.line()
            writer.line("/// The active states' names from the top level down, as a spec names them: `main.list`.")
            // Unqualified: a compound state named like the machine would hide it in here.
            writer.line("\(access)var description: String { configurationDescription(self) }")
            if codesStateByLeaf {
                emitStateCoding(into: &writer)
            } else if typeConformances.state.isCodable {
                emitCaseCoding(codedCases(ofStates: model.topLevelStates), into: &writer)
            }

            for state in model.states where state.isCompound {
                writer.line()
                if state.isParallel {
                    emitRegionsType(of: state, into: &writer)
                    continue
                }
                writer.line("/// The states inside `\(state.name)`; one of them is active while `\(state.name)` is.")
                let children = state.children.map { model[$0] }
                let conformances = children.allSatisfy({ $0.isAtomic && $0.data.isEmpty })
                    ? "String, Hashable, Sendable, Codable, CaseIterable" : stateConformances
                writer.block("\(access)enum \(SwiftNames.stateTypeName(state.name)): \(conformances)") { writer in
                    emitCases(state.children, into: &writer)
                    if conformances == stateConformances && codesStateByLeaf {
                        emitChildrenCoding(of: state, into: &writer)
                    } else if conformances == stateConformances && typeConformances.state.isCodable {
                        emitCaseCoding(codedCases(ofStates: state.children), into: &writer)
                    }
                }
            }
        }
        writer.line()
        writer.line("/// Every state of ``\(name)`` at any depth, by its name in \(sourceFileName): how observers,")
        writer.line("/// `isIn(_:)` and the transition table name states.")
        writer.block("\(access)enum StateID: String, Hashable, Sendable, Codable, CaseIterable") { writer in
            for state in model.states {
                writer.line("case \(state.name)")
            }
        }
        writer.line()
    }

    /// `struct Editor`: the regions of a parallel state, one stored property each, holding
    /// what is active inside it.
    private func emitRegionsType(of state: StateModel, into writer: inout CodeWriter) {
        let type = SwiftNames.stateTypeName(state.name)
        writer.line("/// The regions of `\(state.name)`, all active while `\(state.name)` is: what is active in each.")
        writer.block("\(access)struct \(type): \(stateConformances)") { writer in
            let regions = state.children.map { model[$0] }
            for region in regions {
                writer.documentation(region.documentation)
                writer.line("\(access)var \(SwiftNames.variable(region.name)): \(SwiftNames.stateTypeName(region.name))")
            }
            writer.line()
            let parameters = regions.map { "\($0.name): \(SwiftNames.stateTypeName($0.name))" }
            writer.function("\(access)init", parameters: parameters) { writer in
                for region in regions {
                    writer.line("self.\(SwiftNames.variable(region.name)) = \(SwiftNames.variable(region.name))")
                }
            }
            if typeConformances.state.isCodable { emitPropertyCoding(regions.map(\.name), into: &writer) }
        }
    }

    /// `nonisolated ` for the pure functions of a `@MainActor` machine, which its `Sendable`
    /// values (`State.description`) call from anywhere.
    var nonisolatedForPureFunctions: String { model.isMainActor ? "nonisolated " : "" }

    private func emitCases(_ states: [StateID], into writer: inout CodeWriter) {
        for id in states {
            let state = model[id]
            writer.documentation(state.documentation)
            let child = state.isCompound ? [SwiftNames.stateTypeName(state.name)] : []
            write(locatedCase(state.name, state.data, typeLocations: state.dataTypeLocations, leadingValues: child), into: &writer)
        }
    }

    /// `Hashable, Sendable, Codable` as far as the states' data types allow: what `State`, its
    /// nested types, `History` and `Snapshot` conform to.
    var stateConformances: String {
        ([typeConformances.state.isHashable ? "Hashable" : nil, "Sendable", typeConformances.state.isCodable ? "Codable" : nil] as [String?])
            .compactMap { $0 }.joined(separator: ", ")
    }

    /// `History` and `Snapshot`: what a machine with `history` remembers, and what restores it.
    func emitHistoryTypes(into writer: inout CodeWriter) {
        writer.line("/// What the states with `history` remember: the configuration inside each when it was")
        writer.line("/// last left, `nil` before it ever was.")
        writer.block("\(access)struct History: \(stateConformances)") { writer in
            for owner in historyOwners {
                let state = model[owner]
                let kind = state.history == .deep ? "deep: everything inside it" : "shallow: its child"
                writer.line("/// Inside `\(state.name)` (\(kind) is restored).")
                writer.line("\(access)var \(state.name): State.\(SwiftNames.stateTypeName(state.name))?")
            }
            writer.line()
            let parameters = historyOwners.map { "\(model[$0].name): State.\(SwiftNames.stateTypeName(model[$0].name))? = nil" }
            writer.function("\(access)init", parameters: parameters) { writer in
                for owner in historyOwners {
                    writer.line("self.\(model[owner].name) = \(model[owner].name)")
                }
            }
            if typeConformances.state.isCodable { emitPropertyCoding(historyOwners.map { model[$0].name }, into: &writer) }
        }
        writer.line()
        writer.line("/// The state and the history of a machine: save it (it is `Codable`) and pass it to")
        writer.line("/// `init(…restoring:)` to resume where the machine was.")
        writer.block("\(access)struct Snapshot: \(stateConformances)") { writer in
            writer.line("\(access)var state: State")
            writer.line("\(access)var history: History")
            writer.line()
            writer.block("\(access)init(state: State, history: History = History())") { writer in
                writer.line("self.state = state")
                writer.line("self.history = history")
            }
            if typeConformances.state.isCodable { emitPropertyCoding(["state", "history"], into: &writer) }
        }
        writer.line()
    }

    /// `isIn(_:)`, `canHandle(_:)`, `acceptedEventNames`, and for a nested machine the static
    /// functions they stand on.
    func emitConfigurationQueries(into writer: inout CodeWriter) {
        writer.line("// MARK: - Configuration")
        writer.line()
        let stateType = features.contains(.statechart) ? "StateID" : "State"
        writer.line("/// Whether `state` is active\(features.contains(.statechart) ? ": the active atomic state or a state around it" : "").")
        writer.block("\(access)func isIn(_ state: \(stateType)) -> Bool") { writer in
            writer.line(features.contains(.statechart) ? "Self.configuration(self.state, contains: state)" : "self.state == state")
        }
        writer.line()
        let guards = model.guards.isEmpty && model.valueFunctions.isEmpty ? "" : ", guards: actions"
        let history = features.contains(.history) ? ", history: history" : ""
        writer.line("/// Whether `event` would be taken now: a transition of the active states or the machine")
        writer.line("/// level accepts it and its guard holds. Guards are asked; no action runs.")
        eventFunction("\(access)func canHandle(_ event: Event) -> Bool", into: &writer) { writer in
            writer.line("Self.nextState(from: state, on: event\(guards)\(history)) != nil")
        }
        writer.line()
        writer.line("/// The names of the events that a transition of the active states or the machine level")
        writer.line("/// takes, guards aside, in declaration order; none once the machine has finished.")
        writer.block("\(access)var acceptedEventNames: [String]") { writer in
            if !finalStates.isEmpty {
                writer.line("guard !isFinished else { return [] }")
            }
            writer.line("return Self.transitionTable.acceptedEventNames(amongst: Self.eventNames, isActive: isIn)")
        }
        writer.line()
        guard features.contains(.statechart) else { return }
        if machine.hasParallelStates {
            emitParallelConfigurationQueries(into: &writer)
            return
        }
        writer.line("/// The active states' names from the top level down: `main.list`.")
        writer.block("\(nonisolatedForPureFunctions)\(access)static func configurationDescription(_ configuration: State) -> String") { writer in
            writer.line("StatePath.description(endingIn: activeLeaf(of: configuration), parent: parent(of:))")
        }
        writer.line()
        writer.line("/// Whether `state` is active in `configuration`.")
        writer.block("\(nonisolatedForPureFunctions)\(access)static func configuration(_ configuration: State, contains state: StateID) -> Bool") { writer in
            writer.line("StatePath.contains(state, endingIn: activeLeaf(of: configuration), parent: parent(of:))")
        }
        writer.line()
        if codesStateByLeaf { emitConfigurationCoding(into: &writer) }
        writer.line("/// The active atomic state of `configuration`.")
        writer.block("\(nonisolatedForPureFunctions)\(access)static func activeLeaf(of configuration: State) -> StateID") { writer in
            writer.line("switch configuration {")
            for leaf in machine.atomicStates {
                writer.line("case \(spelling.configurationPattern(atLeaf: leaf)): .\(model[leaf].name)")
            }
            writer.line("}")
        }
        writer.line()
        writer.line("/// The compound state `state` lies in; `nil` for a top-level state.")
        writer.block("\(nonisolatedForPureFunctions)\(access)static func parent(of state: StateID) -> StateID?") { writer in
            let nested = model.states.filter { $0.parent != nil }
            writer.line("switch state {")
            for parent in model.states where parent.isCompound {
                writer.line("case \(parent.children.map { "." + model[$0].name }.joined(separator: ", ")): .\(parent.name)")
            }
            if nested.count < model.states.count { writer.line("default: nil") }
            writer.line("}")
        }
        writer.line()
    }

    /// `configurationDescription(_:)` and `configuration(_:contains:)` of a machine with
    /// parallel states, whose configuration has several active atomic states: each a walk of
    /// the configuration, one function per compound or parallel state.
    private func emitParallelConfigurationQueries(into writer: inout CodeWriter) {
        let modifiers = "\(nonisolatedForPureFunctions)"
        writer.line("/// The active states' names from the top level down, each region's in parentheses:")
        writer.line("/// `main.editor(bold.boldOn, italic.italicOff)`.")
        writer.block("\(modifiers)\(access)static func configurationDescription(_ configuration: State) -> String") { writer in
            emitDescriptionSwitch(over: "configuration", among: model.topLevelStates, separator: "", into: &writer)
        }
        writer.line()
        writer.line("/// Whether `state` is active in `configuration`.")
        writer.block("\(modifiers)\(access)static func configuration(_ configuration: State, contains state: StateID) -> Bool") { writer in
            emitContainsSwitch(over: "configuration", among: model.topLevelStates, into: &writer)
        }
        writer.line()
        writer.line("/// `state == other`: written `matches(state, .name)` where a `==` would make the type checker")
        writer.line("/// of every build that compiles this file try each `Equatable` overload against `.name`.")
        writer.block("private \(modifiers)static func matches(_ state: StateID, _ other: StateID) -> Bool") { writer in
            writer.line("state == other")
        }
        writer.line()
        for state in model.states where state.isCompound {
            let type = SwiftNames.stateTypeName(state.name)
            writer.block("private \(modifiers)static func describe(inside\(type) configuration: State.\(type)) -> String") { writer in
                if state.isParallel {
                    // Interpolation, not a chain of `+`: the type checker tries every `+` of
                    // the standard library at each, which made this line the file's slowest.
                    let parts = state.children.map { "\(model[$0].name)\\(describe(inside\(SwiftNames.stateTypeName(model[$0].name)): configuration.\(SwiftNames.variable(model[$0].name))))" }
                    writer.line("\"(" + parts.joined(separator: ", ") + ")\"")
                } else {
                    emitDescriptionSwitch(over: "configuration", among: state.children, separator: ".", into: &writer)
                }
            }
            writer.line()
            writer.block("private \(modifiers)static func contains(_ state: StateID, inside\(type) configuration: State.\(type)) -> Bool") { writer in
                if state.isParallel {
                    // One region a line: a single chain of `||` costs the type checker more.
                    let parts = state.children.map { region in
                        "matches(state, .\(model[region].name)) || contains(state, inside\(SwiftNames.stateTypeName(model[region].name)): configuration.\(SwiftNames.variable(model[region].name)))"
                    }
                    for part in parts.dropLast() {
                        writer.line("if \(part) { return true }")
                    }
                    writer.line("return \(parts.last!)")
                } else {
                    emitContainsSwitch(over: "configuration", among: state.children, into: &writer)
                }
            }
            writer.line()
        }
    }

    private func emitDescriptionSwitch(over subject: String, among states: [StateID], separator: String, into writer: inout CodeWriter) {
        writer.line("switch \(subject) {")
        for id in states {
            let name = model[id].name
            if model[id].isAtomic {
                writer.line("case \(spelling.configurationPattern([id])): \"\(separator)\(name)\"")
            } else {
                writer.line("case \(spelling.configurationPattern([id], child: "inside")): \"\(separator)\(name)\\(describe(inside\(SwiftNames.stateTypeName(name)): inside))\"")
            }
        }
        writer.line("}")
    }

    private func emitContainsSwitch(over subject: String, among states: [StateID], into writer: inout CodeWriter) {
        writer.line("switch \(subject) {")
        for id in states {
            let name = model[id].name
            if model[id].isAtomic {
                writer.line("case \(spelling.configurationPattern([id])): matches(state, .\(name))")
            } else {
                writer.line("case \(spelling.configurationPattern([id], child: "inside")): matches(state, .\(name)) || contains(state, inside\(SwiftNames.stateTypeName(name)): inside)")
            }
        }
        writer.line("}")
    }
}
