import FSMCore

/// The queries on the configuration the running class answers: `isIn(_:)`, `canHandle(_:)`,
/// `acceptedEventNames`, and for a nested machine the static functions they stand on.
struct ConfigurationQueriesGenerator: PlanReader {
    let plan: SwiftPlan
    let spelling: SwiftSpelling
}

extension ConfigurationQueriesGenerator {
    /// `isIn(_:)`, `canHandle(_:)`, `acceptedEventNames`, and for a nested machine the static
    /// functions they stand on.
    func emitConfigurationQueries(into writer: inout CodeWriter) {
        writer.line("// MARK: - Configuration")
        writer.line()
        let stateType = shape.stateIDType
        writer.line("/// Whether `state` is active\(shape.isStatechart ? ": the active atomic state or a state around it" : "").")
        writer.block("\(access)func isIn(_ state: \(stateType)) -> Bool") { writer in
            writer.line(shape.isStatechart ? "Self.configuration(self.state, contains: state)" : "self.state == state")
        }
        writer.line()
        let guards = model.guards.isEmpty && model.valueFunctions.isEmpty ? "" : ", guards: actions"
        let history = parts.history != nil ? ", history: history" : ""
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
        guard shape.isStatechart else { return }
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
                    let parts = state.children.map { region in
                        // An atomic region is always in itself: its name alone.
                        guard !model[region].isAtomic else { return model[region].name }
                        let name = model[region].name
                        return "\(name)\\(describe(inside\(SwiftNames.stateTypeName(name)): configuration.\(SwiftNames.variable(name))))"
                    }
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
                        guard !model[region].isAtomic else { return "matches(state, .\(model[region].name))" }
                        return "matches(state, .\(model[region].name)) || contains(state, inside\(SwiftNames.stateTypeName(model[region].name)): configuration.\(SwiftNames.variable(model[region].name)))"
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

    /// `encodeConfiguration(_:to:)` and `decodeConfiguration(from:)`: the name of the active
    /// atomic state, and the configuration of each atomic state by its name.
    func emitConfigurationCoding(into writer: inout CodeWriter) {
        writer.line("/// Encodes the name of the active atomic state of `configuration`: how `State` and the types")
        writer.line("/// inside it encode.")
        writer.block("private \(nonisolatedForPureFunctions)static func encodeConfiguration(_ configuration: State, to encoder: any Encoder) throws") { writer in
            writer.line("try activeLeaf(of: configuration).encode(to: encoder)")
        }
        writer.line()
        writer.line("/// The configuration whose active atomic state `decoder` names: how `State` and the types")
        writer.line("/// inside it decode.")
        writer.block("private \(nonisolatedForPureFunctions)static func decodeConfiguration(from decoder: any Decoder) throws -> State") { writer in
            writer.line("let leaf = try StateID(from: decoder)")
            writer.line("switch leaf {")
            for leaf in machine.atomicStates {
                writer.line("case .\(model[leaf].name): return \(SwiftNames.configuration(atLeaf: leaf, in: model))")
            }
            if machine.atomicStates.count < model.states.count {
                writer.line("default: throw StatePath.notAnAtomicState(leaf.rawValue, at: decoder)")
            }
            writer.line("}")
        }
        writer.line()
    }
}
