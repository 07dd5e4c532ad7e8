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
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "'"
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
