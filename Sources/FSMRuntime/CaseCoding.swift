/// Decodes a generated enum with payloads (`Event`, `Output`, a `State` with data or parallel
/// states) as synthesized `Codable` decodes it: an object with one key, the case's name, whose
/// value is an object of the payload's values under their labels (`_0`, `_1`, … by position for
/// unlabeled ones): `{"open": {"id": 5}}`, `{"back": {}}`. See ``PropertyDecoding`` for why.
public struct CaseDecoding {
    /// The name of the encoded case.
    public let name: String
    private let codingPath: [any CodingKey]
    private let payload: KeyedDecodingContainer<CodingName>

    /// Reads the one key of the object `decoder` holds, the case's name, and opens its payload.
    ///
    /// - Throws: a `DecodingError` unless `decoder` holds an object of exactly one key whose
    ///   value is an object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingName.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.typeMismatch(CaseDecoding.self, DecodingError.Context(
                codingPath: container.codingPath, debugDescription: "Invalid number of keys found, expected one."))
        }
        name = key.stringValue
        codingPath = container.codingPath
        payload = try container.nestedContainer(keyedBy: CodingName.self, forKey: key)
    }

    /// The payload's value under `label` (`_0` for the first unlabeled one).
    public func decode<Value: Decodable>(_ label: String) throws -> Value {
        try payload.decodeValue(forKey: CodingName(label))
    }

    /// What to throw when ``name`` names no case of the enum.
    public func unknownCase() -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: codingPath, debugDescription: "'\(name)' is not a case of this type"))
    }
}

/// Encodes a generated enum with payloads: see ``CaseDecoding``.
public struct CaseEncoding {
    private var payload: KeyedEncodingContainer<CodingName>

    /// Encodes the case named `name`, so far without payload: `{"back": {}}`.
    public init(_ name: String, to encoder: any Encoder) {
        var container = encoder.container(keyedBy: CodingName.self)
        payload = container.nestedContainer(keyedBy: CodingName.self, forKey: CodingName(name))
    }

    /// Adds the payload's `value` under `label` (`_0` for the first unlabeled one).
    public mutating func encode<Value: Encodable>(_ value: Value, _ label: String) throws {
        try payload.encodeValue(value, forKey: CodingName(label))
    }
}
