/// Transitions: `on`, `always`, `after`, `done` and `error` triggers, guards, targets and
/// actions, the guard and the actions read by their own files.
extension Parser {
    mutating func parseTransition() throws(Recovery) -> TransitionSyntax {
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
    mutating func parseTargetNames(what: String) throws(Recovery) -> [Identifier] {
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

    /// Whether the token after `done` continues a completion transition (`done -> s`,
    /// `done [g]`, `done / a`) rather than, say, a misplaced name.
    func startsCompletion(_ next: Token) -> Bool {
        switch next.kind {
        case .punctuation(.leftBracket), .punctuation(.arrow), .punctuation(.slash): true
        case .identifier: next.text == "reenter"
        default: false
        }
    }
}
