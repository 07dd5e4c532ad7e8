/// Actions: calls, `emit`, `raise` and `update`, and their arguments.
extension Parser {
    /// `a, emit out(args), raise ev(args)`; a line break may follow a comma.
    mutating func parseActions() throws(Recovery) -> [ActionSyntax] {
        var actions: [ActionSyntax] = []
        repeat {
            if !actions.isEmpty {
                advance()
                skipNewlines()
            }
            actions.append(try parseAction())
        } while at(.punctuation(.comma))
        return actions
    }

    mutating func parseAction() throws(Recovery) -> ActionSyntax {
        let token = current
        switch token.kind {
        // `update` stays a contextual word: `update(` did not parse before language version 4.
        case .identifier where token.text == "update" && peek(1).kind == .punctuation(.leftParen):
            advance()
            let arguments = try parseArguments()
            return .update(arguments, range: token.range.union(previous.range))
        case .identifier where peek(1).kind == .punctuation(.leftParen):
            advance()
            let name = Identifier(token.text, range: token.range)
            let arguments = try parseCallArguments()
            let range = token.range.union(previous.range)
            return arguments.map { .callWithArguments(name, $0, range: range) } ?? .callWithoutPayload(name, range: range)
        case .identifier:
            advance()
            return .call(Identifier(token.text, range: token.range))
        case .keyword(.emit), .keyword(.raise):
            advance()
            let what = token.kind == .keyword(.emit) ? "an output" : "an event"
            let name = try expectIdentifier("\(what) name after '\(token.text)'")
            var arguments: [ArgumentSyntax] = []
            if at(.punctuation(.leftParen)) {
                arguments = try parseArguments()
            }
            let range = token.range.union(previous.range)
            return token.kind == .keyword(.emit) ? .emit(name, arguments, range: range) : .raise(name, arguments, range: range)
        case .invalid:
            throw Recovery()
        default:
            throw fail("expected an action name, 'emit' or 'raise', found \(describe(token))", at: token.range)
        }
    }

    /// The parentheses after a guard's or an action's name: `nil` for `()`, which calls it
    /// without the event's payload (its meaning before language version 4), else the arguments
    /// it is called with, exactly those (language version 4).
    mutating func parseCallArguments() throws(Recovery) -> [ArgumentSyntax]? {
        let arguments = try parseArguments()
        return arguments.isEmpty ? nil : arguments
    }

    mutating func parseArguments() throws(Recovery) -> [ArgumentSyntax] {
        try parseLabeledList("the arguments") { parser, label, start throws(Recovery) in
            let (value, valueRange) = try parser.parseArgumentValue()
            return ArgumentSyntax(label: label, value: value, valueRange: valueRange, range: start.union(valueRange))
        }
    }

    mutating func parseArgumentValue() throws(Recovery) -> (ArgumentSyntax.Value, SourceRange) {
        var sign = ""
        var start = current.range
        if at(.punctuation(.minus)) {
            start = advance().range
            sign = "-"
            guard at(.integer) || at(.float) else {
                throw fail("expected a number after '-'", at: current.range)
            }
        }
        let token = current
        let value: ArgumentSyntax.Value
        switch token.kind {
        case .string: value = .string(token.text)
        case .integer: value = .integer(sign + token.text)
        case .float: value = .float(sign + token.text)
        case .identifier where token.text == "true": value = .boolean(true)
        case .identifier where token.text == "false": value = .boolean(false)
        case .identifier where token.text == "nil": value = .nil
        case .identifier where peek(1).kind == .punctuation(.leftParen):
            // A function called with exactly these arguments, `elapsed(since: since)`; `f()`
            // takes nothing.
            advance()
            let arguments = try parseArguments()
            return (.call(Identifier(token.text, range: token.range), arguments), start.union(previous.range))
        case .identifier: value = .name(token.text)
        // A payload label may be a keyword (`on:`); one that starts a line starts the next
        // declaration instead, after an argument list left open.
        case .keyword where previous.kind != .newline: value = .name(token.text)
        case .invalid: throw Recovery()
        default:
            throw fail(
                "expected a literal or a name (a payload, the state's data or a function) as argument, found \(describe(token))", at: token.range)
        }
        advance()
        return (value, start.union(token.range))
    }
}
