/// Sample values for event payloads in generated tests: a Swift literal for the types fsmc
/// knows, `nil` for the others (whose events paths then do not send).
enum SampleValues {
    static func literal(for type: String) -> String? {
        let type = type.trimmingSpaces
        if type.hasSuffix("?") { return "nil" }
        if type.hasPrefix("["), type.hasSuffix("]") {
            return type.contains(":") ? "[:]" : "[]"
        }
        switch type {
        case "String", "Substring": return "\"\""
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": return "0"
        case "Double", "Float", "Float32", "Float64": return "0.0"
        case "Bool": return "false"
        default: return nil
        }
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
