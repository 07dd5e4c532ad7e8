import FSMCore
/// A transition's `cond` in the part of ECMAScript fsmc's guards can say: named booleans,
/// `In('state')`, `!`, `&&`, `||` and parentheses; `true` and `false`; and
/// `_event.name == 'done'`, with which the export matches an event exactly.
indirect enum SCXMLCondition: Hashable {
    case variable(String)
    case isIn(String)
    /// `_event.name == 'x'` (or `===`).
    case eventNameIs(String)
    case constant(Bool)
    case not(SCXMLCondition)
    case and(SCXMLCondition, SCXMLCondition)
    case or(SCXMLCondition, SCXMLCondition)

    /// The condition, or why it is outside the part fsmc reads.
    static func parse(_ text: String) -> Result<SCXMLCondition, ConditionProblem> {
        var parser = ConditionParser(text: text)
        do throws(ConditionProblem) {
            let condition = try parser.disjunction()
            guard parser.atEnd else { throw parser.problem("unexpected '\(parser.rest)'") }
            return .success(condition)
        } catch {
            return .failure(error)
        }
    }
}

/// Why a condition cannot be read as a guard.
struct ConditionProblem: Error, Equatable {
    var message: String
}

/// A recursive descent over the condition's characters: `||` binds loosest, then `&&`, then `!`.
private struct ConditionParser {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(text: String) {
        scalars = Array(text.unicodeScalars)
    }

    var atEnd: Bool {
        mutating get {
            skipSpaces()
            return index == scalars.count
        }
    }

    var rest: String { String(String.UnicodeScalarView(scalars[index...])) }

    func problem(_ message: String) -> ConditionProblem { ConditionProblem(message: message) }

    mutating func disjunction() throws(ConditionProblem) -> SCXMLCondition {
        var condition = try conjunction()
        while consume("||") { condition = .or(condition, try conjunction()) }
        return condition
    }

    mutating func conjunction() throws(ConditionProblem) -> SCXMLCondition {
        var condition = try unary()
        while consume("&&") { condition = .and(condition, try unary()) }
        return condition
    }

    mutating func unary() throws(ConditionProblem) -> SCXMLCondition {
        if peek("!=") { throw problem("'!=' compares values; fsmc's guards are named booleans") }
        if consume("!") { return .not(try unary()) }
        return try primary()
    }

    mutating func primary() throws(ConditionProblem) -> SCXMLCondition {
        if consume("(") {
            let condition = try disjunction()
            guard consume(")") else { throw problem("a '(' without its ')'") }
            return condition
        }
        guard let name = identifier() else {
            if atEnd { throw problem("the condition ends where a name was expected") }
            throw problem("unexpected '\(rest)'")
        }
        switch name {
        case "true": return .constant(true)
        case "false": return .constant(false)
        case "In":
            guard consume("(") else { throw problem("'In' without '(' and a state id") }
            guard let state = string() else { throw problem("In(…) takes a quoted state id, as In('red')") }
            guard consume(")") else { throw problem("In(…) takes one quoted state id") }
            return .isIn(state)
        case "_event":
            guard consume("."), identifier() == "name" else {
                throw problem("only '_event.name' is read of '_event', compared with '==' to a quoted name: fsmc's events carry no data a condition could test")
            }
            guard consume("===") || consume("==") else { throw problem("'_event.name' is read only when compared with '==' to a quoted name") }
            guard let event = string() else { throw problem("'_event.name' is read only when compared with '==' to a quoted name") }
            return .eventNameIs(event)
        default:
            skipSpaces()
            if index < scalars.count {
                switch scalars[index] {
                case "(": throw problem("'\(name)(…)' calls a function; fsmc's guards are named booleans, or In('state')")
                case ".", "[": throw problem("'\(name)' is read as a named boolean, not as an object")
                case "=", "<", ">", "+", "-", "*", "/", "%", "?":
                    throw problem("'\(rest)' computes a value; fsmc's guards are named booleans combined with !, && and ||")
                default: break
                }
            }
            return .variable(name)
        }
    }

    // MARK: - Characters

    mutating func skipSpaces() {
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    }

    mutating func peek(_ text: String) -> Bool {
        skipSpaces()
        let expected = Array(text.unicodeScalars)
        guard index + expected.count <= scalars.count else { return false }
        return Array(scalars[index..<(index + expected.count)]) == expected
    }

    mutating func consume(_ text: String) -> Bool {
        guard peek(text) else { return false }
        index += text.unicodeScalars.count
        return true
    }

    /// An ECMAScript identifier (letters, digits, `_`, `$`).
    mutating func identifier() -> String? {
        skipSpaces()
        let start = index
        while index < scalars.count {
            let scalar = scalars[index]
            let isPart = scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
                || index > start && (scalar.properties.numericType != nil || scalar.properties.isXIDContinue)
            guard isPart else { break }
            index += 1
        }
        return index > start ? String(String.UnicodeScalarView(scalars[start..<index])) : nil
    }

    /// A string literal in single or double quotes, with `\` escapes.
    mutating func string() -> String? {
        skipSpaces()
        guard index < scalars.count, scalars[index] == "'" || scalars[index] == "\"" else { return nil }
        let quote = scalars[index]
        var value = ""
        var position = index + 1
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == quote {
                index = position + 1
                return value
            }
            if scalar == "\\", position + 1 < scalars.count {
                position += 1
                switch scalars[position] {
                case "n": value += "\n"
                case "r": value += "\r"
                case "t": value += "\t"
                default: value.unicodeScalars.append(scalars[position])
                }
            } else {
                value.unicodeScalars.append(scalar)
            }
            position += 1
        }
        return nil
    }
}
