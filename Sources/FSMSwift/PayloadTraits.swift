import FSMCore

/// What fsmc can tell about a payload type from its text, to decide which protocols the
/// generated enums can adopt. The Swift compiler has the last word; fsmc only avoids
/// declaring a conformance that would obviously fail.
package struct PayloadTraits {
    /// Types known to be `Codable` (and `Hashable`) in the standard library and Foundation.
    private static let codableNames: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Bool", "Data", "Date", "URL", "UUID", "Decimal", "Array", "Dictionary", "Set",
        "Optional", "Foundation", "Duration",
    ]

    /// Names that make a type neither `Hashable` nor `Codable`.
    private static let opaqueNames: Set<String> = ["any", "some", "Any", "AnyObject", "Error", "Never"]

    /// Foundation types a payload may name without the spec importing Foundation.
    private static let foundationNames: Set<String> = [
        "Data", "Date", "URL", "UUID", "Decimal", "TimeInterval", "IndexPath", "Locale", "TimeZone",
        "Calendar", "DateComponents", "CharacterSet", "URLRequest", "Measurement", "NSNumber", "Foundation",
    ]

    /// Whether the type names a Foundation type, so the generated file imports Foundation.
    package let needsFoundation: Bool

    /// Whether the type can be `Hashable` (assumed for named types fsmc does not know).
    let isHashable: Bool
    /// Whether the type is known to be `Codable`.
    let isCodable: Bool

    package init(_ type: String) {
        let words = ReservedNames.identifiers(inType: type)
        needsFoundation = words.contains { Self.foundationNames.contains($0) }
        let isStructural = type.hasPrefix("(") || type.contains("->") || words.contains { Self.opaqueNames.contains($0) }
        isHashable = !isStructural
        isCodable = !isStructural && words.allSatisfy { Self.codableNames.contains($0) }
    }

    /// Traits of a whole payload list.
    static func all(_ parameters: [ParameterModel]) -> (isHashable: Bool, isCodable: Bool) {
        let traits = parameters.map { PayloadTraits($0.type) }
        return (traits.allSatisfy(\.isHashable), traits.allSatisfy(\.isCodable))
    }

    /// Whether `type` is a function type (`@Sendable (Int) -> Void`): an arrow outside any
    /// brackets.
    static func isFunctionType(_ type: String) -> Bool {
        var depth = 0
        var previous: Character = " "
        for character in type {
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where previous == "-": if depth == 0 { return true }
            case ">": depth -= 1
            default: break
            }
            previous = character
        }
        return false
    }

    /// `type` as a parameter of a function the generated code declares: `@escaping` for a
    /// function type, which the function keeps.
    static func parameterType(_ type: String) -> String {
        isFunctionType(type) ? "@escaping " + type : type
    }
}
