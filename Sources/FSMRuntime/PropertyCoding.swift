/// Decodes the stored properties of a generated `struct` (`Snapshot`, `History`, a parallel
/// state's regions) as synthesized `Codable` decodes them: an object with each property under
/// its name, an optional one absent or `null` when it is `nil`.
///
/// The generated types call these instead of having `Codable` synthesized. Synthesis writes a
/// `CodingKeys` enum and keyed coding into the generated file, which every build of its user
/// type-checks again, at several times the cost of these calls (docs/Performance.md, section
/// *4. Compile cost*); the data is the same.
public struct PropertyDecoding {
    private let container: KeyedDecodingContainer<CodingName>

    /// Opens the object `decoder` holds.
    ///
    /// - Throws: a `DecodingError` when `decoder` holds no object.
    public init(from decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: CodingName.self)
    }

    /// The property named `name`; `nil` for an optional one that is absent or `null`.
    public func decode<Value: Decodable>(_ name: String) throws -> Value {
        try container.decodeValue(forKey: CodingName(name))
    }
}

/// Encodes the stored properties of a generated `struct`: see ``PropertyDecoding``.
public struct PropertyEncoding {
    private var container: KeyedEncodingContainer<CodingName>

    /// Starts the object `encoder` writes; each ``encode(_:_:)`` adds a property to it.
    public init(to encoder: any Encoder) {
        container = encoder.container(keyedBy: CodingName.self)
    }

    /// Writes `value` under `name`; nothing for an optional that is `nil`.
    public mutating func encode<Value: Encodable>(_ value: Value, _ name: String) throws {
        try container.encodeValue(value, forKey: CodingName(name))
    }
}

/// A key of the objects that the generated `Codable` conformances write: a property's name, an
/// enum case's name, a payload's label, or `_0`, `_1`, … for an unlabeled payload.
struct CodingName: CodingKey {
    let stringValue: String

    init(_ name: String) {
        stringValue = name
    }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    var intValue: Int? { nil }

    init?(intValue: Int) { nil }
}

/// `Optional`, seen from generic code: what synthesized `Codable` leaves out when `nil`.
private protocol OptionalValue {
    var isNil: Bool { get }
}

extension Optional: OptionalValue {
    fileprivate var isNil: Bool { self == nil }
}

extension KeyedDecodingContainer {
    /// `decode`, or for an optional `decodeIfPresent`, as synthesized `Codable` chooses.
    func decodeValue<Value: Decodable>(forKey key: Key) throws -> Value {
        if let nilType = Value.self as? any ExpressibleByNilLiteral.Type, try !contains(key) || decodeNil(forKey: key) {
            // Only `Optional` is both `Decodable` and `ExpressibleByNilLiteral` here.
            return nilType.init(nilLiteral: ()) as! Value
        }
        return try decode(Value.self, forKey: key)
    }
}

extension KeyedEncodingContainer {
    /// `encode`, or for an optional `encodeIfPresent`, as synthesized `Codable` chooses.
    mutating func encodeValue<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        if let optional = value as? any OptionalValue, optional.isNil { return }
        try encode(value, forKey: key)
    }
}
