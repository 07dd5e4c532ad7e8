/// A minimal JSON value with a deterministic, pretty printer; ``JSONLineReader`` reads one
/// from a line of a recorded trace.
enum JSON {
    case null
    case string(String)
    case number(Int)
    case bool(Bool)
    case array([JSON])
    case object([(String, JSON)])

    func rendered(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .null:
            return "null"
        case .string(let text):
            return Self.quoted(text)
        case .number(let value):
            return String(value)
        case .bool(let value):
            return String(value)
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            if items.allSatisfy({ if case .number = $0 { true } else { false } }) {
                return "[" + items.map { $0.rendered(indent: inner) }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let fields):
            guard !fields.isEmpty else { return "{}" }
            return "{\n" + fields.map { inner + Self.quoted($0.0) + ": " + $0.1.rendered(indent: inner) }.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// The value on one line, without spaces: what the live inspector sends its page.
    var compact: String {
        switch self {
        case .null: "null"
        case .string(let text): Self.quoted(text)
        case .number(let value): String(value)
        case .bool(let value): String(value)
        case .array(let items): "[" + items.map(\.compact).joined(separator: ",") + "]"
        case .object(let fields): "{" + fields.map { Self.quoted($0.0) + ":" + $0.1.compact }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
