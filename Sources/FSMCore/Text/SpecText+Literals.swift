/// Literals as the spec writes them, which is how Swift writes them too: the spec's string
/// literals are Swift's, so the Swift back end and every writer of spec text share these.
extension SpecText {
    /// An argument's literal as Swift (and `.fsm`) text; a payload, data or function name as
    /// written.
    package static func literal(_ value: ArgumentModel.Value) -> String {
        switch value {
        case .string(let text): stringLiteral(text)
        case .integer(let text), .float(let text): text
        case .boolean(let value): value ? "true" : "false"
        case .nil: "nil"
        case .payload(let name), .data(let name), .computed(let name): name
        case .computedWithArguments(let name, let arguments): name + SpecText.callArguments(arguments)
        }
    }

    /// A Swift string literal with the value escaped.
    package static func stringLiteral(_ value: String) -> String {
        "\"" + escaped(value) + "\""
    }

    /// The value as the inside of a Swift string literal: backslashes, quotes and control
    /// characters escaped. Also valid inside a multi-line literal, which it can never end.
    package static func escaped(_ value: String) -> String {
        let needsEscapes = value.utf8.contains { byte in
            byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"")
        }
        guard needsEscapes else { return value }
        var literal = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\0": literal += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal
    }
}
