/// Encodes and decodes a generated machine's `Snapshot`: its state and its history under the
/// keys `state` and `history`, as synthesized `Codable` would.
///
/// `Snapshot` and `History` call these instead of having `Codable` synthesized: synthesis
/// writes a `CodingKeys` enum and keyed coding into every generated file, which each build of
/// its user type-checks again, and costs that compiler several times what a call costs.
public enum SnapshotCoding {
    /// A key given by its name: what `Snapshot` and `History` are keyed by.
    struct Key: CodingKey {
        let stringValue: String

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        var intValue: Int? { nil }

        init?(intValue: Int) { nil }
    }

    public static func encode<State: Encodable, History: Encodable>(
        state: State, history: History, to encoder: any Encoder
    ) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(state, forKey: Key(stringValue: "state"))
        try container.encode(history, forKey: Key(stringValue: "history"))
    }

    public static func decode<State: Decodable, History: Decodable>(
        _ state: State.Type, _ history: History.Type, from decoder: any Decoder
    ) throws -> (State, History) {
        let container = try decoder.container(keyedBy: Key.self)
        return (
            try container.decode(State.self, forKey: Key(stringValue: "state")),
            try container.decode(History.self, forKey: Key(stringValue: "history"))
        )
    }
}

/// Reads a generated machine's `History`: what each state with `history` remembers, an
/// optional under the state's name (absent before the state was ever left).
public struct HistoryDecoding {
    private let container: KeyedDecodingContainer<SnapshotCoding.Key>

    public init(from decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: SnapshotCoding.Key.self)
    }

    /// What the state named `name` remembers; `nil` when nothing is saved under its name.
    public func decode<Remembered: Decodable>(_ name: String) throws -> Remembered? {
        try container.decodeIfPresent(Remembered.self, forKey: SnapshotCoding.Key(stringValue: name))
    }
}

/// Writes a generated machine's `History`: see ``HistoryDecoding``.
public struct HistoryEncoding {
    private var container: KeyedEncodingContainer<SnapshotCoding.Key>

    public init(to encoder: any Encoder) {
        container = encoder.container(keyedBy: SnapshotCoding.Key.self)
    }

    /// Writes what the state named `name` remembers; nothing when it remembers nothing yet.
    public mutating func encode<Remembered: Encodable>(_ remembered: Remembered?, _ name: String) throws {
        try container.encodeIfPresent(remembered, forKey: SnapshotCoding.Key(stringValue: name))
    }
}
