/// How the configuration types of a nested machine, `History` and `Snapshot` are `Codable`:
/// written out as a few calls rather than synthesized.
///
/// Synthesized `Codable` writes a `CodingKeys` enum and keyed coding (one more enum per case,
/// for an enum with payloads) into the generated file, and every build of its user
/// type-checks all of it: about three times what a conformance that calls FSMRuntime costs
/// (measured with `fsm-bench --only compile`; see docs/Performance.md).
extension SwiftEmitter {
    /// Whether `State` and the types of its compound states are coded as the name of the
    /// active atomic state: a nested machine whose states carry no data and that has no
    /// parallel state, where that name alone determines the configuration (names are unique
    /// across the machine). The others keep synthesized `Codable`.
    var codesStateByLeaf: Bool {
        isStatechart && stateTraits.isCodable && !hasStateData && !machine.hasParallelStates
    }

    /// `init(from:)` and `encode(to:)` of `State`.
    func emitStateCoding(into writer: inout CodeWriter) {
        writer.line()
        writer.line("/// Decodes the name of the active atomic state, which `encode(to:)` writes.")
        writer.block("\(access)init(from decoder: any Decoder) throws") { writer in
            writer.line("self = try decodeConfiguration(from: decoder)")
        }
        writer.line()
        writer.line("/// Encodes the name of the active atomic state (state names are unique across the")
        writer.line("/// machine, so it names the configuration): `\"\(model[machine.initialEntry.states.last!].name)\"`.")
        writer.block("\(access)func encode(to encoder: any Encoder) throws") { writer in
            writer.line("try encodeConfiguration(self, to: encoder)")
        }
    }

    /// `init(from:)` and `encode(to:)` of the type of `state`'s children, one of them compound:
    /// coded as the configuration it is part of.
    func emitChildrenCoding(of state: StateModel, into writer: inout CodeWriter) {
        let path = machine.path(to: state.id)
        writer.line()
        writer.line("/// Decodes the name of the active atomic state, which `encode(to:)` writes.")
        writer.block("\(access)init(from decoder: any Decoder) throws") { writer in
            writer.block("guard case \(configurationPattern(path, child: "inside")) = try decodeConfiguration(from: decoder) else") { writer in
                writer.line("throw StatePath.notInside(\"\(state.name)\", at: decoder)")
            }
            writer.line("self = inside")
        }
        writer.line()
        writer.line("/// Encodes the name of the active atomic state, as `State` does.")
        writer.block("\(access)func encode(to encoder: any Encoder) throws") { writer in
            // Through the machine's function: in here, a state named `State` would hide the type.
            let wrapped = path.reversed().reduce("self") { inner, id in ".\(model[id].name)(\(inner))" }
            writer.line("try encodeConfiguration(\(wrapped), to: encoder)")
        }
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

    /// `init(from:)` and `encode(to:)` of `History`: each property under its state's name.
    func emitHistoryCoding(into writer: inout CodeWriter) {
        writer.line()
        writer.line("/// Decodes what `encode(to:)` writes: what each state remembers, under its name.")
        writer.block("\(access)init(from decoder: any Decoder) throws") { writer in
            writer.line("let remembered = try HistoryDecoding(from: decoder)")
            for owner in historyOwners {
                writer.line("self.\(model[owner].name) = try remembered.decode(\"\(model[owner].name)\")")
            }
        }
        writer.line()
        writer.line("/// Encodes what each state remembers under its name, as synthesized `Codable` would.")
        writer.block("\(access)func encode(to encoder: any Encoder) throws") { writer in
            writer.line("var remembered = HistoryEncoding(to: encoder)")
            for owner in historyOwners {
                writer.line("try remembered.encode(self.\(model[owner].name), \"\(model[owner].name)\")")
            }
        }
    }

    /// `init(from:)` and `encode(to:)` of `Snapshot`.
    func emitSnapshotCoding(into writer: inout CodeWriter) {
        writer.line()
        writer.line("/// Decodes what `encode(to:)` writes.")
        writer.block("\(access)init(from decoder: any Decoder) throws") { writer in
            writer.line("(state, history) = try SnapshotCoding.decode(State.self, History.self, from: decoder)")
        }
        writer.line()
        writer.line("/// Encodes `state` and `history` under those keys, as synthesized `Codable` would.")
        writer.block("\(access)func encode(to encoder: any Encoder) throws") { writer in
            writer.line("try SnapshotCoding.encode(state: state, history: history, to: encoder)")
        }
    }
}
