/// Actions: calls, `emit` and `raise`, and their arguments.
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
        case .identifier where peek(1).kind == .punctuation(.leftParen):
            advance()
            let name = Identifier(token.text, range: token.range)
            return .callWithoutPayload(name, range: token.range.union(try expectEmptyParentheses(after: name)))
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

    /// `()` after a guard or an action called without the event's payload; returns the range of
    /// the `)`.
    mutating func expectEmptyParentheses(after name: Identifier) throws(Recovery) -> SourceRange {
        let open = advance()
        guard at(.punctuation(.rightParen)) else {
            diagnostics.error(
                "'\(name.text)()' takes no arguments: the parentheses only say to call it without the event's payload",
                at: current.range, notes: [.init("the parentheses open here", at: open.range)])
            throw Recovery()
        }
        return advance().range
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
