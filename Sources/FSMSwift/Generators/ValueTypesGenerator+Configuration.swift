import FSMCore

/// The configuration types of a nested machine: `State` as a nested value, `StateID`,
/// `History`, `Snapshot`.
extension ValueTypesGenerator {
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
        let atomicRegions = state.children.filter { model[$0].isAtomic }.map { "`\(model[$0].name)`" }
        if !atomicRegions.isEmpty {
            let them = atomicRegions.count == 1 ? "it" : "them"
            writer.line("/// \(atomicRegions.joined(separator: ", ")), without states of \(atomicRegions.count == 1 ? "its" : "their") own, always in \(atomicRegions.count == 1 ? "itself" : "themselves"): no property holds \(them).")
        }
        writer.block("\(access)struct \(type): \(stateConformances)") { writer in
            let regions = model.storedRegions(of: state.id).map { model[$0] }
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
            // Without properties, synthesized coding (an empty keyed container) is all there is.
            if typeConformances.state.isCodable && !regions.isEmpty { emitPropertyCoding(regions.map(\.name), into: &writer) }
        }
    }

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

    /// `History`: what a machine with `history` remembers.
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
    }

    /// `Snapshot`: what restores a machine that keeps more than its state (a history, kept events).
    func emitSnapshotType(into writer: inout CodeWriter) {
        let hasHistory = parts.history != nil
        let defers = parts.deferral != nil
        let kept = defers ? typeConformances.event : Conformances(isHashable: true, isCodable: true)
        let isHashable = typeConformances.state.isHashable && kept.isHashable
        let isCodable = typeConformances.state.isCodable && kept.isCodable
        let conformances = ([isHashable ? "Hashable" : nil, "Sendable", isCodable ? "Codable" : nil] as [String?]).compactMap { $0 }
        let contents = hasHistory ? ", the history and the kept events" : " and the kept events"
        if defers {
            writer.line("/// The state\(contents) of a machine: save it\(isCodable ? " (it is `Codable`)" : "")")
            writer.line("/// and pass it to `init(…restoring:)` to resume where the machine was.")
        } else {
            writer.line("/// The state and the history of a machine: save it (it is `Codable`) and pass it to")
            writer.line("/// `init(…restoring:)` to resume where the machine was.")
        }
        writer.block("\(access)struct Snapshot: \(conformances.joined(separator: ", "))") { writer in
            writer.line("\(access)var state: State")
            if hasHistory { writer.line("\(access)var history: History") }
            if defers {
                writer.line("/// The events kept because an active state defers them, oldest first.")
                writer.line("\(access)var keptEvents: [Event]")
            }
            writer.line()
            let parameters = ["state: State"] + (hasHistory ? ["history: History = History()"] : []) + (defers ? ["keptEvents: [Event] = []"] : [])
            writer.block("\(access)init(\(parameters.joined(separator: ", ")))") { writer in
                writer.line("self.state = state")
                if hasHistory { writer.line("self.history = history") }
                if defers { writer.line("self.keptEvents = keptEvents") }
            }
            if isCodable {
                emitPropertyCoding(["state"] + (hasHistory ? ["history"] : []) + (defers ? ["keptEvents"] : []), into: &writer)
            }
        }
        writer.line()
    }
}
