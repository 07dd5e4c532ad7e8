/// Walks up a nested machine's states from its active atomic state: what a generated
/// machine's `configurationDescription(_:)` and `configuration(_:contains:)` call, given its
/// `parent(of:)`, rather than each writing out the same loops (the generated file is
/// type-checked by every build of its user; inlinable, the loops still run specialized).
public enum StatePath {
    /// The names of `leaf` and the states around it, from the top level down: `main.list`.
    @inlinable
    public static func description<StateID: RawRepresentable<String>>(
        endingIn leaf: StateID,
        parent: (StateID) -> StateID?
    ) -> String {
        var names: [String] = []
        var current: StateID? = leaf
        while let state = current {
            names.append(state.rawValue)
            current = parent(state)
        }
        return names.reversed().joined(separator: ".")
    }

    /// Whether `state` is `leaf` or a state around it.
    @inlinable
    public static func contains<StateID: Equatable>(
        _ state: StateID,
        endingIn leaf: StateID,
        parent: (StateID) -> StateID?
    ) -> Bool {
        var current: StateID? = leaf
        while let id = current {
            if id == state { return true }
            current = parent(id)
        }
        return false
    }
}

extension StatePath {
    /// What a nested machine's `State` throws when saved data names a state that is not one of
    /// its atomic states (a compound state, or one the spec no longer has).
    public static func notAnAtomicState(_ name: String, at decoder: any Decoder) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: "'\(name)' is not an atomic state of the machine"))
    }

    /// What the type of a compound state's children throws when saved data names an atomic
    /// state outside `compoundState`.
    public static func notInside(_ compoundState: String, at decoder: any Decoder) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: "the state is not inside '\(compoundState)'"))
    }
}
