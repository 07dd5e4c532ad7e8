/// Kinds of literals an argument can be.
enum LiteralKind {
    case string, integer, float, boolean

    package var article: String {
        switch self {
        case .string: "a string literal"
        case .integer: "an integer literal"
        case .float: "a floating-point literal"
        case .boolean: "a boolean literal"
        }
    }
}

/// The Swift types whose literals fsmc can check itself; other types are left to the
/// Swift compiler. `T?` checks as `T`.
enum PlainType: Equatable {
    case string, integer, floatingPoint, boolean

    init?(_ type: String) {
        let base = type.hasSuffix("?") ? String(type.dropLast()) : type
        switch base {
        case "String", "Substring": self = .string
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": self = .integer
        case "Double", "Float", "Float32", "Float64": self = .floatingPoint
        case "Bool": self = .boolean
        default: return nil
        }
    }

    func accepts(_ literal: LiteralKind) -> Bool {
        switch (self, literal) {
        case (.string, .string), (.integer, .integer), (.floatingPoint, .integer), (.floatingPoint, .float), (.boolean, .boolean): true
        default: false
        }
    }
}
