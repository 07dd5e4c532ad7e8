import FSMCore
/// The text of an SCXML document: XML escaping, comments, ECMAScript literals and delays.
enum SCXMLText {
    /// Text for a double-quoted attribute value: `&`, `<`, `>` and `"` as entities, line
    /// breaks and tabs as character references (an attribute value normalizes them to spaces
    /// otherwise), and characters XML 1.0 does not allow as U+FFFD.
    static func attribute(_ text: String) -> String {
        let allowed = text.unicodeScalars.map { isXMLCharacter($0) ? $0 : "\u{FFFD}" }
        return MarkupText.escaped(String(String.UnicodeScalarView(allowed)), lineBreaks: .characterReferences)
    }

    /// Text for the inside of a comment: XML forbids `--` there and a `-` right before the
    /// closing `-->`, so a space separates such hyphens; characters XML does not allow become
    /// U+FFFD, and line breaks spaces.
    static func comment(_ text: String) -> String {
        var result = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            var scalar = isXMLCharacter(scalar) ? scalar : "\u{FFFD}"
            if scalar == "\n" || scalar == "\r" { scalar = " " }
            if scalar == "-", previous == "-" { result += " " }
            result.unicodeScalars.append(scalar)
            previous = scalar
        }
        if previous == "-" { result += " " }
        return result
    }

    /// Whether XML 1.0 allows the character in a document (its production `Char`).
    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// An ECMAScript string literal in single quotes: `'startPlayback'`.
    static func string(_ text: String) -> String {
        var result = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "'": result += "\\'"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            // XML has no form for most control characters: ECMAScript's escape keeps them.
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "'"
    }

    /// A literal as the ECMAScript expression of the same value (`'text'`, `1000`, `2.5`,
    /// `true`, `null`); `nil` for a value that is no literal.
    static func literal(_ value: ArgumentModel.Value) -> String? {
        switch value {
        case .string(let text): string(text)
        case .integer(let text), .float(let text): number(text)
        case .boolean(let value): value ? "true" : "false"
        case .nil: "null"
        case .payload, .data, .computed, .computedWithArguments: nil
        }
    }

    /// A spec's number as ECMAScript writes it: without `_` separators, and without leading
    /// zeros, which would make `010` an octal 8 in ECMAScript's sloppy mode.
    static func number(_ text: String) -> String {
        var digits = Substring(text.filter { $0 != "_" })
        var sign = ""
        if let first = digits.first, first == "-" || first == "+" {
            sign = first == "-" ? "-" : ""
            digits = digits.dropFirst()
        }
        while digits.count > 1, digits.first == "0", let next = digits.dropFirst().first, next.isNumber {
            digits = digits.dropFirst()
        }
        return sign + digits
    }

    /// A delay as an SCXML (CSS2) time in milliseconds: `1000ms`, `0.5ms` for 500 µs; exact,
    /// since a duration is a whole number of nanoseconds.
    static func delay(nanoseconds: Int64) -> String {
        let whole = nanoseconds / 1_000_000
        let fraction = nanoseconds % 1_000_000
        guard fraction != 0 else { return "\(whole)ms" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)ms"
    }

    /// Words an ECMAScript variable cannot be, or should not shadow: reserved words, literals,
    /// the globals a condition may read, and SCXML's `In`.
    static let reservedVariableNames: Set<String> = [
        "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
        "else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "implements", "import",
        "in", "instanceof", "interface", "let", "new", "null", "package", "private", "protected", "public",
        "return", "static", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while",
        "with", "yield", "arguments", "eval", "undefined", "NaN", "Infinity", "In", "Math", "Object", "String",
        "Number", "Boolean", "Array", "Date", "JSON",
    ]
}
