/// The declarations: the file (imports, machines), a machine and its block, and the members of
/// a machine or state body (signals, states, entry and exit actions, history, invocations,
/// deferrals); a member that is a transition or a property is read by its own file.
extension Parser {
    // MARK: - File and machine

    mutating func parseFile() -> SourceFileSyntax {
        let start = current.range
        var machines: [MachineSyntax] = []
        var imports: [Identifier] = []
        skipSeparators()
        while !at(.endOfFile) {
            do {
                if at(.keyword(.import)) {
                    imports.append(try parseImport(after: machines))
                    try expectEndOfDeclaration()
                } else {
                    machines.append(try parseMachine())
                }
            } catch {
                // Skip to something that can start a machine.
                while !at(.endOfFile), !at(.keyword(.machine)), !at(.punctuation(.at)), !at(.keyword(.import)) {
                    advance()
                }
            }
            skipSeparators()
        }
        return SourceFileSyntax(imports: imports, machines: machines, range: start.union(current.range))
    }

    /// `import Foundation` or `import Foundation.NSData`, before the machine.
    mutating func parseImport(after machines: [MachineSyntax]) throws(Recovery) -> Identifier {
        let keyword = advance()
        if !machines.isEmpty {
            throw fail("imports come before the machine", at: keyword.range)
        }
        var name = try expectIdentifier("a module name after 'import'")
        while at(.punctuation(.dot)), !current.isPrecededBySpace {
            advance()
            let part = try expectIdentifier("a name after '.'")
            name = Identifier(name.text + "." + part.text, range: name.range.union(part.range))
        }
        return name
    }

    mutating func parseMachine() throws(Recovery) -> MachineSyntax {
        let first = current
        var attributes: [Identifier] = []
        while at(.punctuation(.at)) {
            let at = advance()
            let name = try expectIdentifier("an attribute name after '@'")
            attributes.append(Identifier("@" + name.text, range: at.range.union(name.range)))
            skipNewlines()
        }
        var accessLevel: AccessLevelSyntax?
        if case .keyword(let keyword) = current.kind, [.public, .internal, .package].contains(keyword) {
            accessLevel = AccessLevelSyntax(keyword: keyword, range: advance().range)
        }
        guard at(.keyword(.machine)) else {
            // The lexer has reported an invalid token already.
            if at(.invalid) { throw Recovery() }
            throw fail("expected 'machine'; a file holds machine declarations", at: current.range)
        }
        advance()
        let name = try expectIdentifier("a machine name")
        let (members, end) = try parseBlock(opening: "machine '\(name.text)'")
        return MachineSyntax(
            documentation: first.documentation, attributes: attributes, accessLevel: accessLevel,
            name: name, members: members, range: first.range.union(end))
    }

    /// `{ members }`; returns the members and the range of the closing brace.
    mutating func parseBlock(opening owner: String) throws(Recovery) -> ([MemberSyntax], SourceRange) {
        guard at(.punctuation(.leftBrace)) else {
            throw fail("expected '{' after \(owner)", at: current.range)
        }
        let open = advance().range
        var members: [MemberSyntax] = []
        while true {
            skipSeparators()
            if at(.punctuation(.rightBrace)) {
                return (members, advance().range)
            }
            if at(.endOfFile) {
                // An unterminated comment or string may have swallowed the '}'; the lexer
                // has reported that already.
                if !hasLexicalErrors {
                    diagnostics.error(
                        "expected '}' to close \(owner)", at: current.range,
                        notes: [.init("the block opens here", at: open)])
                }
                throw Recovery()
            }
            do {
                members.append(try parseMember())
                try expectEndOfDeclaration()
            } catch {
                synchronize()
            }
        }
    }

    // MARK: - Members

    mutating func parseMember() throws(Recovery) -> MemberSyntax {
        switch current.kind {
        case .keyword(.event):
            return .event(try parseSignal())
        case .keyword(.output):
            return .output(try parseSignal())
        case .keyword(.initial), .keyword(.final), .keyword(.parallel), .keyword(.state):
            return .state(try parseState())
        case .keyword(.on), .keyword(.always), .keyword(.after):
            return .transition(try parseTransition())
        case .keyword(.entry), .keyword(.exit):
            let keyword = advance()
            guard at(.punctuation(.slash)) else {
                throw fail("expected '/' and actions after '\(keyword.text)', found \(describe(current))", at: current.range)
            }
            advance()
            let actions = try parseActions()
            let block = ActionBlockSyntax(actions: actions, range: keyword.range.union(previous.range))
            return keyword.kind == .keyword(.entry) ? .entry(block) : .exit(block)
        case .keyword(.history):
            let keyword = advance()
            var isDeep = false
            if at(.identifier) {
                guard current.text == "deep" else {
                    throw fail("expected 'deep', '->' or the end of the line after 'history', found '\(current.text)'", at: current.range)
                }
                advance()
                isDeep = true
            }
            var targets: [Identifier] = []
            var actions: [ActionSyntax] = []
            if at(.punctuation(.arrow)) {
                advance()
                targets = try parseTargetNames(what: "a state after '->' for the history's default")
                if at(.punctuation(.slash)) {
                    advance()
                    actions = try parseActions()
                }
            } else if at(.punctuation(.slash)) {
                throw fail("a history's default transition needs a target: write 'history -> state / actions'", at: current.range)
            }
            return .history(
                HistorySyntax(isDeep: isDeep, defaultTargets: targets, defaultActions: actions, range: keyword.range.union(previous.range)))
        case .identifier where current.text == "done" && startsCompletion(peek(1)):
            return .transition(try parseTransition())
        case .identifier where (current.text == "done" || current.text == "error") && isName(peek(1)):
            return .transition(try parseTransition())
        case .identifier where current.text == "invoke" && isName(peek(1)):
            return .invoke(try parseInvoke())
        case .identifier where current.text == "defer" && isName(peek(1)):
            let keyword = advance()
            let event = try expectIdentifier("an event after 'defer'")
            return .deferral(DeferSyntax(event: event, range: keyword.range.union(event.range)))
        case .identifier where current.text == "assert":
            // A contextual word: a name at the start of a member is an error without it.
            return .property(try parseProperty())
        case .keyword(.machine):
            throw fail("machines cannot be nested; close the machine with '}' first", at: current.range)
        case .invalid:
            throw Recovery()
        default:
            throw fail(
                "expected a declaration (event, output, state, on, always, after, done, error, entry, exit, history, invoke or defer), found \(describe(current))",
                at: current.range)
        }
    }

    mutating func parseSignal() throws(Recovery) -> SignalSyntax {
        let keyword = advance()
        let kind = keyword.text
        let name = try expectIdentifier("\(kind == "event" ? "an event" : "an output") name")
        var parameters: [ParameterSyntax] = []
        if at(.punctuation(.leftParen)) {
            parameters = try parseParameters()
        }
        if at(.punctuation(.comma)), isName(peek(1)) {
            // `event pause, resume`: Swift's `case pause, resume` habit.
            throw fail("one \(kind) per declaration: write '\(kind) \(peek(1).text)' on a line of its own", at: current.range)
        }
        return SignalSyntax(
            documentation: keyword.documentation, name: name, parameters: parameters,
            range: keyword.range.union(previous.range))
    }

    mutating func parseState() throws(Recovery) -> StateSyntax {
        let first = current
        var modifiers: [StateSyntax.ModifierSyntax] = []
        while true {
            let modifier: StateSyntax.Modifier? = switch current.kind {
            case .keyword(.initial): .initial
            case .keyword(.final): .final
            case .keyword(.parallel): .parallel
            default: nil
            }
            guard let modifier else { break }
            let token = advance()
            if modifiers.contains(where: { $0.kind == modifier }) {
                throw fail("'\(modifier.rawValue)' is written twice", at: token.range)
            }
            modifiers.append(.init(kind: modifier, range: token.range))
        }
        guard at(.keyword(.state)) else {
            throw fail("expected 'state' after '\(previous.text)'", at: current.range)
        }
        advance()
        let name = try expectIdentifier("a state name")
        var parameters: [ParameterSyntax]?
        if at(.punctuation(.leftParen)) {
            parameters = try parseParameters()
        }
        var members: [MemberSyntax] = []
        if at(.punctuation(.leftBrace)) {
            try nest(at: current.range)
            defer { depth -= 1 }
            members = try parseBlock(opening: "state '\(name.text)'").0
        }
        return StateSyntax(
            documentation: first.documentation, modifiers: modifiers, name: name, parameters: parameters,
            members: members, range: first.range.union(previous.range))
    }

    // MARK: - Invocations

    /// `invoke name(label: Type, …)`, `invoke stream name(…)` or `invoke Machine as name`.
    mutating func parseInvoke() throws(Recovery) -> InvokeSyntax {
        let keyword = advance()
        var kind = InvokeSyntax.Kind.call
        if current.text == "stream", at(.identifier), isName(peek(1)) {
            kind = .stream(advance().range)
        }
        var name = try expectIdentifier("a name after 'invoke'")
        if case .call = kind, at(.identifier), current.text == "as" {
            advance()
            kind = .machine(name)
            name = try expectIdentifier("a name for the child machine after 'as'")
        }
        var results: [ParameterSyntax] = []
        if at(.punctuation(.leftParen)) {
            if case .machine = kind {
                throw fail("a child machine gives its outputs as events: 'on \(name.text).output'; remove the parameters", at: current.range)
            }
            results = try parseParameters()
        }
        return InvokeSyntax(documentation: keyword.documentation, kind: kind, name: name, results: results, range: keyword.range.union(previous.range))
    }
}
