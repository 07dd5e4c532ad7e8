/// A hand-written recursive-descent parser for `.fsm` files.
///
/// It reports every syntax error of a file in one run: after an error it skips to the end of
/// the declaration (a line break, `;` or the closing `}`) and goes on, so one mistake gives
/// one message, not a cascade.
public struct Parser {
    /// How deeply states and guard expressions may nest; deeper input is an error, not a
    /// stack overflow.
    public static let maximumNestingDepth = 64
    /// How many conditions one guard may combine with `&&` and `||`. A chain of them is a
    /// tree as deep as it is long, and later passes walk trees recursively, so a huge guard
    /// is an error, not a stack overflow.
    public static let maximumGuardConditions = 256

    private let source: SourceText
    private var tokens: [Token]
    private var position = 0
    private var diagnostics = DiagnosticBag()
    private var depth = 0
    /// Whether the lexer reported errors, which the parser must not repeat.
    private let hasLexicalErrors: Bool
    /// The `&&` and `||` read so far in the current guard.
    private var guardOperators = 0
    /// Whether the guard expression being read is a property's condition (for messages).
    private var isReadingCondition = false

    /// Thrown out of a declaration once its error is reported, to resume at the next one.
    private struct Recovery: Error {}

    private init(source: SourceText, tokens: [Token], diagnostics: [Diagnostic]) {
        self.source = source
        self.tokens = tokens
        self.diagnostics.append(contentsOf: diagnostics)
        hasLexicalErrors = !diagnostics.isEmpty
    }

    /// Parses a whole file; the diagnostics include the lexer's.
    public static func parse(_ source: SourceText) -> (syntax: SourceFileSyntax, diagnostics: [Diagnostic]) {
        let (tokens, lexical) = Lexer.tokenize(source)
        var parser = Parser(source: source, tokens: tokens, diagnostics: lexical)
        let syntax = parser.parseFile()
        return (syntax, parser.diagnostics.diagnostics)
    }

    // MARK: - File and machine

    private mutating func parseFile() -> SourceFileSyntax {
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
    private mutating func parseImport(after machines: [MachineSyntax]) throws(Recovery) -> Identifier {
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

    private mutating func parseMachine() throws(Recovery) -> MachineSyntax {
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
    private mutating func parseBlock(opening owner: String) throws(Recovery) -> ([MemberSyntax], SourceRange) {
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

    private mutating func parseMember() throws(Recovery) -> MemberSyntax {
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

    private mutating func parseSignal() throws(Recovery) -> SignalSyntax {
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

    private mutating func parseState() throws(Recovery) -> StateSyntax {
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

    private mutating func parseTransition() throws(Recovery) -> TransitionSyntax {
        let keyword = advance()
        let trigger: TransitionSyntax.Trigger
        switch keyword.kind {
        case .keyword(.on):
            let name = try expectIdentifier("an event name after 'on'")
            if at(.punctuation(.dot)), isName(peek(1)), !current.isPrecededBySpace {
                advance()
                trigger = .childOutput(name, output: try expectIdentifier("an output of the child machine after '\(name.text).'"))
            } else {
                trigger = .event(name)
            }
        case .identifier where keyword.text == "error":
            trigger = .invocationError(try expectIdentifier("an invocation after 'error'"), range: keyword.range)
        case .identifier where isName(current) && current.text != "reenter":
            trigger = .invocationDone(try expectIdentifier("an invocation after 'done'"), range: keyword.range)
        case .identifier:
            trigger = .done(keyword.range)
        case .keyword(.after) where at(.identifier):
            trigger = .computedAfter(try expectIdentifier("a delay"))
        case .keyword(.after):
            guard at(.duration) || at(.integer) || at(.float) else {
                throw fail("expected a duration after 'after', such as 250ms, 1s, 2m or 1h, or a function that computes it", at: current.range)
            }
            let duration = advance()
            if duration.kind != .duration, at(.identifier), let unit = DurationLiteral.unit(spelled: current.text) {
                // `after 5 min`: a unit apart from its number, or spelled out.
                let range = duration.range.union(current.range)
                diagnostics.error(
                    "write a duration as a number and its unit without a space, the unit one of ms, s, m or h; did you mean '\(duration.text)\(unit)'?",
                    at: range, suggestion: .init(replacing: range, with: duration.text + unit))
                throw Recovery()
            }
            trigger = .after(DurationSyntax(text: duration.text, range: duration.range))
        default:
            trigger = .always(keyword.range)
        }
        var guardExpression: GuardSyntax?
        if at(.punctuation(.leftBracket)) {
            guardExpression = try parseGuard()
        }
        var reenterRange: SourceRange?
        if at(.identifier), current.text == "reenter" {
            reenterRange = advance().range
            if at(.punctuation(.leftBracket)) {
                throw fail("write the guard before 'reenter': 'on event [guard] reenter -> target'", at: current.range)
            }
        }
        var target: Identifier?
        var historyRange: SourceRange?
        var targetArguments: [ArgumentSyntax]?
        var otherTargets: [Identifier] = []
        if current.kind == .other, current.text == "=", peek(1).kind == .punctuation(.rightAngle), !peek(1).isPrecededBySpace {
            let range = current.range.union(peek(1).range)
            diagnostics.error("'=>' is not an arrow of the language; did you mean '->'?", at: range, suggestion: .init(replacing: range, with: "->"))
            throw Recovery()
        }
        if at(.punctuation(.arrow)) {
            advance()
            target = try expectIdentifier("a target state after '->'")
            if at(.punctuation(.dot)) {
                let dot = advance()
                guard current.text == "history", at(.keyword(.history)) else {
                    throw fail("expected 'history' after '\(target!.text).'; a target names a state, or its history as '\(target!.text).history'", at: current.range)
                }
                historyRange = dot.range.union(advance().range)
            } else if at(.punctuation(.leftParen)) {
                targetArguments = try parseArguments()
            }
            if at(.punctuation(.comma)) {
                if historyRange != nil || targetArguments != nil {
                    throw fail(
                        "'\(target!.text)' is one of several states entered together, named alone; a history target or a state's data needs a transition of its own",
                        at: historyRange ?? target!.range)
                }
                advance()
                skipNewlines()
                otherTargets = try parseTargetNames(what: "a target state after ','")
            }
        }
        var actions: [ActionSyntax] = []
        if at(.punctuation(.slash)) {
            advance()
            actions = try parseActions()
        } else if target == nil, at(.identifier) {
            // `on go idle` or `on go start`: a forgotten '->' or '/'.
            throw fail("expected '->' before a target state or '/' before actions, found \(describe(current))", at: current.range)
        }
        return TransitionSyntax(
            documentation: keyword.documentation, trigger: trigger, guardExpression: guardExpression,
            target: target, historyRange: historyRange, targetArguments: targetArguments, otherTargets: otherTargets,
            reenterRange: reenterRange, actions: actions, range: keyword.range.union(previous.range))
    }

    /// `a, b, c`: states entered together (several targets, or a history's default). A state
    /// among several is named alone: its history and data belong to a single target.
    private mutating func parseTargetNames(what: String) throws(Recovery) -> [Identifier] {
        var names: [Identifier] = []
        while true {
            let name = try expectIdentifier(what)
            names.append(name)
            if at(.punctuation(.dot)) || at(.punctuation(.leftParen)) {
                throw fail(
                    "'\(name.text)' is one of several states entered together, named alone; a history target or a state's data needs a transition of its own",
                    at: current.range)
            }
            guard at(.punctuation(.comma)) else { return names }
            advance()
            skipNewlines()
        }
    }

    /// `invoke name(label: Type, …)`, `invoke stream name(…)` or `invoke Machine as name`.
    private mutating func parseInvoke() throws(Recovery) -> InvokeSyntax {
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

    /// Whether the token after `done` continues a completion transition (`done -> s`,
    /// `done [g]`, `done / a`) rather than, say, a misplaced name.
    private func startsCompletion(_ next: Token) -> Bool {
        switch next.kind {
        case .punctuation(.leftBracket), .punctuation(.arrow), .punctuation(.slash): true
        case .identifier: next.text == "reenter"
        default: false
        }
    }

    // MARK: - Properties

    /// `assert never C`, `assert reachable C`, `assert always reachable C` or
    /// `assert A only after B`. `never`, `reachable` and `only` are contextual words: each
    /// means the form only where a condition follows it (`reachable` may still name a state).
    private mutating func parseProperty() throws(Recovery) -> PropertySyntax {
        let keyword = advance()
        let claim: PropertySyntax.Claim
        if at(.keyword(.always)) {
            let always = advance()
            guard at(.identifier), current.text == "reachable" else {
                throw fail("expected 'reachable' after 'assert always', found \(describe(current))", at: current.range)
            }
            let reachable = advance()
            let condition = try parseCondition(after: "'assert always reachable'")
            claim = .alwaysReachable(condition, range: always.range.union(reachable.range))
        } else if at(.identifier), current.text == "never" || current.text == "reachable", !continuesCondition(peek(1)) {
            let word = advance()
            let condition = try parseCondition(after: "'assert \(word.text)'")
            claim = word.text == "never" ? .never(condition, range: word.range) : .reachable(condition, range: word.range)
        } else if startsCondition(current) {
            let condition = try parseCondition(after: "'assert'")
            guard at(.identifier), current.text == "only" else {
                throw fail(
                    "expected 'only after' and a condition, found \(describe(current)); a property is 'assert never C', 'assert reachable C', 'assert always reachable C' or 'assert A only after B'",
                    at: current.range)
            }
            let only = advance()
            guard at(.keyword(.after)) else {
                throw fail("expected 'after' after 'only', found \(describe(current))", at: current.range)
            }
            let after = advance()
            let earlier = try parseCondition(after: "'only after'")
            claim = .onlyAfter(condition, after: earlier, range: only.range.union(after.range))
        } else {
            throw fail(
                "expected 'never', 'reachable', 'always reachable' or a condition after 'assert', found \(describe(current))",
                at: current.range)
        }
        return PropertySyntax(claim: claim, range: keyword.range.union(previous.range))
    }

    /// A property's condition: a guard expression without its brackets, up to the end of the
    /// line (a line break may follow `&&` or `||`, as in guards).
    private mutating func parseCondition(after what: String) throws(Recovery) -> GuardSyntax {
        guard startsCondition(current) else {
            throw fail("expected a condition such as 'in(state)' after \(what), found \(describe(current))", at: current.range)
        }
        guardOperators = 0
        isReadingCondition = true
        defer { isReadingCondition = false }
        return try parseOr()
    }

    /// Whether a token goes on with a condition that began with a name (`never && …`,
    /// `reachable only after …`): then `never` or `reachable` is that name, not the form.
    private func continuesCondition(_ token: Token) -> Bool {
        switch token.kind {
        case .punctuation(.and), .punctuation(.or): true
        case .identifier: token.text == "only"
        default: false
        }
    }

    /// Whether a token can start a guard expression.
    private func startsCondition(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .punctuation(.bang), .punctuation(.leftParen), .keyword(.else): true
        default: false
        }
    }

    // MARK: - Payloads

    /// `(label: Type, Type, …)`; types are balanced token runs taken as text.
    private mutating func parseParameters() throws(Recovery) -> [ParameterSyntax] {
        let open = current.range
        return try parseLabeledList("the payload list") { parser, label, start throws(Recovery) in
            parser.skipNewlines()
            let (type, typeRange) = try parser.parseTypeText(openedAt: open)
            return ParameterSyntax(label: label, type: type, typeRange: typeRange, range: start.union(typeRange))
        }
    }

    /// `( [label:] element, … )`, line breaks allowed around elements; `element` parses one
    /// element after its optional label, given the label and where the element starts.
    private mutating func parseLabeledList<Element>(
        _ list: String, element: (inout Parser, Identifier?, SourceRange) throws(Recovery) -> Element
    ) throws(Recovery) -> [Element] {
        advance()
        var elements: [Element] = []
        skipNewlines()
        while !at(.punctuation(.rightParen)) {
            let start = current.range
            var label: Identifier?
            if atLabel() {
                label = Identifier(current.text, range: current.range)
                advance()
                advance()
            }
            elements.append(try element(&self, label, start))
            skipNewlines()
            if at(.punctuation(.comma)) {
                advance()
                skipNewlines()
            } else if !at(.punctuation(.rightParen)) {
                throw fail("expected ',' or ')' in \(list), found \(describe(current))", at: current.range)
            }
        }
        advance()
        return elements
    }

    /// A Swift type: tokens up to a `,` or `)` outside any brackets.
    ///
    /// A keyword at the start of a line ends the list with an error: the `)` is missing and
    /// the next declaration begins there, so recovery resumes at it.
    private mutating func parseTypeText(openedAt open: SourceRange) throws(Recovery) -> (String, SourceRange) {
        var closers: [Punctuation] = []
        let first = current
        var parts: [String] = []
        var last = current.range
        while true {
            let token = current
            switch token.kind {
            case .punctuation(.comma) where closers.isEmpty, .punctuation(.rightParen) where closers.isEmpty:
                guard !parts.isEmpty else {
                    throw fail("expected a type", at: token.range)
                }
                return (parts.joined(), first.range.union(last))
            case .punctuation(.colon) where closers.isEmpty:
                throw fail("unexpected ':' in a payload type; a label is one name, as in 'to: Double'", at: token.range)
            case .punctuation(.leftParen): closers.append(.rightParen)
            case .punctuation(.leftBracket): closers.append(.rightBracket)
            case .punctuation(.leftAngle): closers.append(.rightAngle)
            case .punctuation(let closer) where [.rightParen, .rightBracket, .rightAngle].contains(closer):
                guard closers.last == closer else {
                    throw fail("unbalanced '\(closer.rawValue)' in a payload type", at: token.range)
                }
                closers.removeLast()
            case .endOfFile, .punctuation(.leftBrace), .punctuation(.rightBrace):
                throw unclosedPayloadList(at: token, openedAt: open)
            case .punctuation(.semicolon):
                // Likely typed for ','; the rest of the list up to its ')' is no declaration,
                // so recovery resumes after it.
                let recovery = unclosedPayloadList(at: token, openedAt: open)
                while !at(.newline), !at(.endOfFile), !at(.punctuation(.rightBrace)) {
                    if advance().kind == .punctuation(.rightParen) { break }
                }
                throw recovery
            case .keyword where previous.kind == .newline:
                throw unclosedPayloadList(at: token, openedAt: open)
            case .invalid:
                throw Recovery()
            case .newline:
                advance()
                continue
            default:
                break
            }
            if closers.count > Self.maximumNestingDepth {
                throw fail("payload type nests too deeply (more than \(Self.maximumNestingDepth) levels)", at: token.range)
            }
            if !parts.isEmpty, token.isPrecededBySpace { parts.append(" ") }
            parts.append(token.kind == .string ? source.text(token.range) : token.text)
            last = token.range
            advance()
        }
    }

    private mutating func unclosedPayloadList(at token: Token, openedAt open: SourceRange) -> Recovery {
        diagnostics.error(
            "expected ')' to close the payload list, found \(describe(token))", at: token.range,
            notes: [.init("to match this '('", at: open)])
        return Recovery()
    }

    // MARK: - Guards

    private mutating func parseGuard() throws(Recovery) -> GuardSyntax {
        let open = advance()
        guardOperators = 0
        skipNewlines()
        if at(.punctuation(.rightBracket)) {
            throw fail("expected a guard between '[' and ']'", at: current.range)
        }
        let expression = try parseOr()
        skipNewlines()
        guard at(.punctuation(.rightBracket)) else {
            diagnostics.error(
                "expected ']' to close the guard, found \(describe(current))", at: current.range,
                notes: [.init("the guard opens here", at: open.range)])
            throw Recovery()
        }
        advance()
        return expression
    }

    private mutating func parseOr() throws(Recovery) -> GuardSyntax {
        var expression = try parseAnd()
        while at(.punctuation(.or)) {
            try countGuardOperator()
            skipNewlines()
            expression = .or(expression, try parseAnd())
        }
        return expression
    }

    private mutating func parseAnd() throws(Recovery) -> GuardSyntax {
        var expression = try parseUnary()
        while at(.punctuation(.and)) {
            try countGuardOperator()
            skipNewlines()
            expression = .and(expression, try parseUnary())
        }
        return expression
    }

    /// Takes a `&&` or `||`, reporting one too many.
    private mutating func countGuardOperator() throws(Recovery) {
        guardOperators += 1
        if guardOperators >= Self.maximumGuardConditions {
            throw fail(
                "a guard may combine at most \(Self.maximumGuardConditions) conditions; move some of them into a guard of their own",
                at: current.range)
        }
        advance()
    }

    private mutating func parseUnary() throws(Recovery) -> GuardSyntax {
        try nest(at: current.range)
        defer { depth -= 1 }
        let token = current
        switch token.kind {
        case .punctuation(.bang):
            advance()
            let operand = try parseUnary()
            return .not(operand, range: token.range.union(operand.range))
        case .punctuation(.leftParen):
            advance()
            skipNewlines()
            let inner = try parseOr()
            skipNewlines()
            guard at(.punctuation(.rightParen)) else {
                diagnostics.error(
                    "expected ')' in the guard, found \(describe(current))", at: current.range,
                    notes: [.init("to match this '('", at: token.range)])
                throw Recovery()
            }
            let close = advance()
            return .parenthesized(inner, range: token.range.union(close.range))
        case .keyword(.else):
            advance()
            return .else(token.range)
        case .identifier where token.text == "true" || token.text == "false":
            advance()
            return .literal(token.text == "true", range: token.range)
        case .identifier where token.text == "in" && peek(1).kind == .punctuation(.leftParen):
            advance()
            let open = advance()
            let state = try expectIdentifier("a state name in 'in(…)'")
            guard at(.punctuation(.rightParen)) else {
                diagnostics.error(
                    "expected ')' after the state in 'in(…)', found \(describe(current))", at: current.range,
                    notes: [.init("to match this '('", at: open.range)])
                throw Recovery()
            }
            let close = advance()
            return .isIn(state, range: token.range.union(close.range))
        case .identifier where peek(1).kind == .punctuation(.leftParen):
            advance()
            let name = Identifier(token.text, range: token.range)
            return .nameWithoutPayload(name, range: token.range.union(try expectEmptyParentheses(after: name)))
        case .identifier:
            advance()
            return .name(Identifier(token.text, range: token.range))
        case .invalid:
            throw Recovery()
        default:
            let expected = isReadingCondition ? "'in(state)'" : "a guard name"
            throw fail("expected \(expected), '!' or '(', found \(describe(token))", at: token.range)
        }
    }

    // MARK: - Actions

    /// `a, emit out(args), raise ev(args)`; a line break may follow a comma.
    private mutating func parseActions() throws(Recovery) -> [ActionSyntax] {
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

    private mutating func parseAction() throws(Recovery) -> ActionSyntax {
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
    private mutating func expectEmptyParentheses(after name: Identifier) throws(Recovery) -> SourceRange {
        let open = advance()
        guard at(.punctuation(.rightParen)) else {
            diagnostics.error(
                "'\(name.text)()' takes no arguments: the parentheses only say to call it without the event's payload",
                at: current.range, notes: [.init("the parentheses open here", at: open.range)])
            throw Recovery()
        }
        return advance().range
    }

    private mutating func parseArguments() throws(Recovery) -> [ArgumentSyntax] {
        try parseLabeledList("the arguments") { parser, label, start throws(Recovery) in
            let (value, valueRange) = try parser.parseArgumentValue()
            return ArgumentSyntax(label: label, value: value, valueRange: valueRange, range: start.union(valueRange))
        }
    }

    private mutating func parseArgumentValue() throws(Recovery) -> (ArgumentSyntax.Value, SourceRange) {
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

    // MARK: - Tokens

    private var current: Token { tokens[position] }
    private var previous: Token { tokens[max(0, position - 1)] }

    private func peek(_ distance: Int) -> Token {
        tokens[min(position + distance, tokens.count - 1)]
    }

    private func at(_ kind: Token.Kind) -> Bool { current.kind == kind }

    /// Whether a token can be a name: an identifier, or a word of the language used as one.
    private func isName(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .keyword: true
        default: false
        }
    }

    /// Whether a label and its `:` come next. Like Swift, a label may be a keyword (`on:`).
    private func atLabel() -> Bool {
        switch current.kind {
        case .identifier, .keyword: peek(1).kind == .punctuation(.colon)
        default: false
        }
    }

    @discardableResult
    private mutating func advance() -> Token {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private mutating func skipNewlines() {
        while at(.newline) { advance() }
    }

    private mutating func skipSeparators() {
        while at(.newline) || at(.punctuation(.semicolon)) { advance() }
    }

    private mutating func expectIdentifier(_ what: String) throws(Recovery) -> Identifier {
        let token = current
        switch token.kind {
        case .identifier, .keyword:
            // Where a name is expected, a word of the language is a name: `state on`,
            // `event exit`. Swift's own keywords are rejected later, with a better message.
            advance()
            return Identifier(token.text, range: token.range)
        case .invalid:
            throw Recovery()
        default:
            throw fail("expected \(what), found \(describe(token))", at: token.range)
        }
    }

    /// A declaration ends at a line break, `;`, or the `}` of its block.
    private mutating func expectEndOfDeclaration() throws(Recovery) {
        // As in Swift, a declaration may follow a block's `}` on the same line.
        if previous.kind == .punctuation(.rightBrace) { return }
        switch current.kind {
        case .newline, .punctuation(.semicolon), .punctuation(.rightBrace), .endOfFile:
            return
        case .invalid:
            throw Recovery()
        default:
            throw fail("expected a line break or ';' after the declaration, found \(describe(current))", at: current.range)
        }
    }

    /// Skips the rest of a broken declaration: up to a line break or `;` outside brackets,
    /// or the `}` that closes the enclosing block (left for the block to take).
    private mutating func synchronize() {
        // A declaration keyword that starts a line begins the next declaration: the broken
        // one ran on past its line looking for a ')', ']' or another action.
        if previous.kind == .newline, startsDeclaration(current) { return }
        var braces = 0
        while !at(.endOfFile) {
            switch current.kind {
            case .newline where braces == 0, .punctuation(.semicolon) where braces == 0:
                return
            case .punctuation(.leftBrace):
                braces += 1
            case .punctuation(.rightBrace):
                if braces == 0 { return }
                braces -= 1
            default:
                break
            }
            advance()
        }
    }

    /// Whether a token begins a member of a machine or state body (`machine` does not:
    /// a nested machine is skipped whole).
    private func startsDeclaration(_ token: Token) -> Bool {
        switch token.kind {
        case .keyword(.event), .keyword(.output), .keyword(.initial), .keyword(.final), .keyword(.parallel),
             .keyword(.state), .keyword(.on), .keyword(.always), .keyword(.after), .keyword(.entry),
             .keyword(.exit), .keyword(.history):
            true
        default:
            false
        }
    }

    private mutating func nest(at range: SourceRange) throws(Recovery) {
        depth += 1
        if depth > Self.maximumNestingDepth {
            depth -= 1
            throw fail("nesting is too deep (more than \(Self.maximumNestingDepth) levels)", at: range)
        }
    }

    private mutating func fail(_ message: String, at range: SourceRange) -> Recovery {
        diagnostics.error(message, at: range)
        return Recovery()
    }

    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .identifier: "'\(token.text)'"
        case .other: "'\(token.text)'"
        case .integer, .float, .duration: "'\(token.text)'"
        case .string: "a string"
        default: token.kind.description
        }
    }
}
