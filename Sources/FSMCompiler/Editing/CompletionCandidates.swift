import FSMCore
/// A word an editor can offer at the cursor.
public struct CompletionCandidate: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case state, event, output, `guard`, action, invocation, keyword
        /// Another machine of the target, after `invoke`.
        case machine
        /// A data field of the state or a state around it, after `update(` (language version 4).
        case field
    }

    public var label: String
    public var kind: Kind
    /// What the name carries, as declared: an event's or an output's payload, a state's data,
    /// such as `(to: Double)`; empty when it carries nothing.
    public var detail: String

    public init(_ label: String, _ kind: Kind, detail: String = "") {
        self.label = label
        self.kind = kind
        self.detail = detail
    }
}

/// What fits at a cursor, read from the tokens before it: states after `->` and after the `,`
/// of several targets (`-> boldOn, italicOn`, a history's default too), events after `on`,
/// `raise` and `defer`, outputs after `emit`, guards in `[…]` (with `true`, `false`, `else` and `in`),
/// actions after `/`, the data fields of the states around after `update(` and its commas,
/// `reenter` after a transition's trigger or guard, a property's words in an
/// `assert` (`never`, `reachable`, `always reachable`, `only after`, `in`), keywords where a
/// declaration starts; invocations after `done` and `error` (a child machine only after
/// `done`: it does not fail), and, given the target's other machines, their names after
/// `invoke` and a child's outputs after `on child.`. Names come from the spec itself (guards
/// and actions as already used) and the catalog of its siblings.
public enum CompletionCandidates {
    /// The keywords that start a declaration inside a machine or a state.
    public static let declarationKeywords = [
        "event", "output", "state", "initial", "final", "parallel", "on", "always", "after", "done", "entry", "exit", "history",
        "defer", "assert",
    ]
    /// The keywords that start a declaration at the top of a file.
    public static let fileKeywords = ["import", "machine", "public", "package", "internal"]
    /// The words of a guard besides names: `[true]`, `[!false && ok]`, `[in(x)]`.
    public static let guardKeywords = ["true", "false", "in"]
    /// What may follow a transition's trigger or guard besides `->` and `/`: `on t reenter -> a2`.
    public static let transitionKeywords = ["reenter"]

    /// The candidates at a byte offset, in a stable order (names as they first appear in the
    /// spec, the target's machines sorted, a child's outputs as it declares them).
    ///
    /// - Parameter machines: the target's other machines, as the compiler checks the spec
    ///   against them.
    public static func candidates(
        at offset: Int, source: SourceText, index: SymbolIndex, machines: MachineCatalog = MachineCatalog()
    ) -> [CompletionCandidate] {
        var before = tokensOfTheLine(before: offset, in: source)
        // The word being typed is what the candidates complete, not their context.
        var typed: SourceRange?
        if let last = before.last, last.range.end.offset == offset, last.range.start.offset < offset, isWord(last) {
            typed = before.removeLast().range
        }
        let machine = index.machine(at: offset)
        func names(_ kind: SymbolOccurrence.Kind) -> [CompletionCandidate] {
            guard let machine else { return [] }
            let declarations = MemberWalk(index.syntax.machines[machine])
            return index.names(of: kind, inMachine: machine, excluding: typed).map { name in
                CompletionCandidate(name, CompletionCandidate.Kind(kind), detail: declarations.carried(by: name, kind))
            }
        }
        func keywords(_ words: [String]) -> [CompletionCandidate] { words.map { CompletionCandidate($0, .keyword) } }

        guard let previous = before.last, previous.kind != .newline else {
            return keywords(isInsideMachine(offset, index) ? declarationKeywords : fileKeywords)
        }
        let line = before.reversed().prefix { $0.kind != .newline && $0.kind != .punctuation(.semicolon) }.reversed()
        if let words = propertyWords(Array(line)) { return keywords(words) }
        if startsAnUpdatesField(Array(line)), let machine {
            return fields(around: offset, in: index.syntax.machines[machine])
        }
        switch previous.kind {
        case .punctuation(.arrow):
            return names(.state)
        case .keyword(.on), .keyword(.raise):
            return names(.event)
        // `defer` is a contextual word (Swift's keyword, so no name of a spec): a declaration
        // where one starts.
        case .identifier where previous.text == "defer" && startsADeclaration(before.dropLast().last):
            return names(.event)
        case .identifier where previous.text == "invoke" && startsADeclaration(before.dropLast().last):
            return machines.names.map { CompletionCandidate($0, .machine) }
        // `done` alone is the completion of the state that declares it, so `reenter` fits too.
        case .identifier where previous.text == "done" && startsADeclaration(before.dropLast().last):
            return names(.invocation) + keywords(transitionKeywords)
        case .identifier where previous.text == "error" && startsADeclaration(before.dropLast().last):
            guard let machine else { return [] }
            return names(.invocation).filter { index.machineInvoked(as: $0.label, inMachine: machine) == nil }
        case .keyword(.emit):
            return names(.output)
        case .keyword(.initial), .keyword(.final), .keyword(.parallel):
            return keywords(["state", "initial", "final", "parallel"].filter { $0 != previous.text })
        case .punctuation(.leftBrace), .punctuation(.semicolon):
            return keywords(isInsideMachine(offset, index) ? declarationKeywords : fileKeywords)
        case .punctuation(.dot):
            let tokens = Array(line)
            if tokens.count >= 3, tokens[tokens.count - 3].kind == .punctuation(.arrow) { return keywords(["history"]) }
            if tokens.count >= 3, tokens[tokens.count - 3].kind == .keyword(.on), tokens[tokens.count - 2].kind == .identifier, let machine {
                return childOutputs(of: tokens[tokens.count - 2].text, inMachine: machine, index: index, machines: machines)
            }
            return []
        case .punctuation(.leftParen) where before.dropLast().last?.text == "in":
            return names(.state)
        case .punctuation(.leftBracket), .punctuation(.bang), .punctuation(.and), .punctuation(.or), .punctuation(.leftParen):
            guard isInsideGuard(line) else { return [] }
            return names(.guard) + keywords(previous.kind == .punctuation(.leftBracket) ? ["else"] + guardKeywords : guardKeywords)
        case .punctuation(.comma) where isInsideTargets(line):
            return names(.state)
        case .punctuation(.slash), .punctuation(.comma):
            guard isInsideActions(line) else { return [] }
            // `update` belongs in a transition's actions only (language version 4).
            let isTransition = !["entry", "exit", "history"].contains(line.first?.text ?? "")
            return names(.action) + keywords(isTransition ? ["emit", "raise", "update"] : ["emit", "raise"])
        default:
            return endsTrigger(Array(line)) ? keywords(transitionKeywords) : []
        }
    }

    /// The words of the language that fit next in an `assert` declaration (`line` ends with
    /// it), or `nil` when the line is not one, or where it names a state (`in(`, answered
    /// with the states as in guards). Conditions read only `in(state)`, so no guard is offered.
    private static func propertyWords(_ line: [Token]) -> [String]? {
        guard let first = line.first, first.kind == .identifier, first.text == "assert", let last = line.last else { return nil }
        let conditionWords = ["in", "true", "false"]
        let second = line.count > 1 ? line[1] : nil
        let hasForm = second.map { ($0.kind == .identifier && ($0.text == "never" || $0.text == "reachable")) || $0.kind == .keyword(.always) } ?? false
        switch last.kind {
        case .identifier where line.count == 1:
            return ["never", "reachable", "always reachable"] + conditionWords
        case .keyword(.always) where line.count == 2:
            return ["reachable"]
        case .identifier where (last.text == "never" || last.text == "reachable") && line.count <= 3:
            return conditionWords
        case .keyword(.after) where line.count >= 2 && line[line.count - 2].text == "only":
            return conditionWords
        case .identifier where last.text == "only":
            return ["after"]
        case .punctuation(.leftParen) where line.count >= 2 && line[line.count - 2].text == "in":
            return nil
        case .punctuation(.bang), .punctuation(.and), .punctuation(.or), .punctuation(.leftParen):
            return conditionWords
        default:
            // After a whole condition (`in(a)`, `true`), `A only after B` is the form without a
            // word first.
            let endsCondition = last.kind == .punctuation(.rightParen) || last.text == "true" || last.text == "false"
            return endsCondition && !hasForm && !line.contains(where: { $0.text == "only" }) ? ["only after"] : []
        }
    }

    /// The outputs of the machine invoked as `invocation`, as its spec declares them: what
    /// `on invocation.` may name.
    private static func childOutputs(
        of invocation: String, inMachine machine: Int, index: SymbolIndex, machines: MachineCatalog
    ) -> [CompletionCandidate] {
        guard let child = index.machineInvoked(as: invocation, inMachine: machine),
            case .machine(let interface) = machines.lookUp(child)
        else { return [] }
        return interface.outputs.map { output in
            let payload = output.parameters.isEmpty ? "" : "(" + output.parameters.map(\.description).joined(separator: ", ") + ")"
            return CompletionCandidate(output.name, .output, detail: payload)
        }
    }

    /// Whether the line ends where `update(` expects a field's label: right after `update(` or
    /// after a `,` between its arguments (not inside a call among them).
    private static func startsAnUpdatesField(_ line: [Token]) -> Bool {
        guard let last = line.last, last.kind == .punctuation(.leftParen) || last.kind == .punctuation(.comma) else { return false }
        var depth = 0
        for index in line.indices.reversed() {
            switch line[index].kind {
            case .punctuation(.rightParen): depth += 1
            case .punctuation(.leftParen) where depth > 0: depth -= 1
            case .punctuation(.leftParen):
                return index > 0 && line[index - 1].kind == .identifier && line[index - 1].text == "update"
            default: break
            }
        }
        return false
    }

    /// The data fields of the states around `offset`, innermost first, each with its type.
    private static func fields(around offset: Int, in machine: MachineSyntax) -> [CompletionCandidate] {
        let around = MemberWalk(machine).states.filter { $0.state.range.start.offset <= offset && offset <= $0.state.range.end.offset }
        return around.reversed().flatMap { state in
            (state.state.parameters ?? []).compactMap { field in
                field.label.map { CompletionCandidate($0.text, .field, detail: field.type) }
            }
        }
    }

    /// Whether a declaration starts after `token`: at the start of the file or a line, or
    /// after `{` or `;`.
    private static func startsADeclaration(_ token: Token?) -> Bool {
        guard let token else { return true }
        return [.newline, .punctuation(.leftBrace), .punctuation(.semicolon)].contains(token.kind)
    }

    /// Whether the line's last token follows the `->` of a transition or a history's default,
    /// in its list of targets (no `/`, `.` or `(` after the arrow).
    private static func isInsideTargets<Tokens: BidirectionalCollection<Token>>(_ line: Tokens) -> Bool {
        guard let arrow = line.lastIndex(where: { $0.kind == .punctuation(.arrow) }) else { return false }
        return line[line.index(after: arrow)...].allSatisfy { $0.kind == .identifier || $0.kind == .punctuation(.comma) }
    }

    /// Whether the line is a transition's trigger, with its guard if it has one, and nothing
    /// after: where `reenter` may come (`on t`, `on t [ok]`, `after 1s`, `always`, `done`).
    private static func endsTrigger(_ line: [Token]) -> Bool {
        guard let first = line.first, let last = line.last else { return false }
        let triggerLength: Int
        switch first.kind {
        case .keyword(.on), .keyword(.after): triggerLength = 2
        case .keyword(.always): triggerLength = 1
        case .identifier where first.text == "done": triggerLength = 1
        default: return false
        }
        guard line.count >= triggerLength else { return false }
        if line.count == triggerLength { return triggerLength == 1 || last.kind == .identifier || last.kind == .duration }
        // A guard, closed, and nothing after it.
        guard line[triggerLength].kind == .punctuation(.leftBracket), last.kind == .punctuation(.rightBracket) else { return false }
        return !isInsideGuard(line) && !line.contains { $0.kind == .punctuation(.arrow) || $0.kind == .punctuation(.slash) }
    }

    /// The tokens that end at or before `offset` on its line, after the line break that
    /// starts the line (which comes first, when there is one). Lexes from the start of the
    /// file, as a comment or a string may span lines, and keeps only the line.
    private static func tokensOfTheLine(before offset: Int, in source: SourceText) -> [Token] {
        var lexer = Lexer(source: source)
        var tokens: [Token] = []
        while true {
            let token = lexer.next()
            guard token.kind != .endOfFile, token.range.end.offset <= offset else { return tokens }
            if token.kind == .newline { tokens.removeAll(keepingCapacity: true) }
            tokens.append(token)
        }
    }

    private static func isWord(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .keyword: true
        default: false
        }
    }

    private static func isInsideMachine(_ offset: Int, _ index: SymbolIndex) -> Bool {
        index.syntax.machines.contains { $0.range.start.offset < offset && offset < $0.range.end.offset }
    }

    /// Whether the line's last token is inside an unclosed `[`.
    private static func isInsideGuard<Tokens: Collection<Token>>(_ line: Tokens) -> Bool {
        var depth = 0
        for token in line {
            if token.kind == .punctuation(.leftBracket) { depth += 1 }
            if token.kind == .punctuation(.rightBracket) { depth -= 1 }
        }
        return depth > 0
    }

    /// Whether the line's last token follows the `/` of an actions list, outside any argument
    /// list.
    private static func isInsideActions<Tokens: Collection<Token>>(_ line: Tokens) -> Bool {
        var afterSlash = false
        var parentheses = 0
        for token in line {
            switch token.kind {
            case .punctuation(.slash): afterSlash = true
            case .punctuation(.leftParen): parentheses += 1
            case .punctuation(.rightParen): parentheses -= 1
            default: break
            }
        }
        return afterSlash && parentheses == 0
    }
}

extension CompletionCandidate.Kind {
    init(_ kind: SymbolOccurrence.Kind) {
        switch kind {
        case .state: self = .state
        case .event: self = .event
        case .output: self = .output
        case .guard: self = .guard
        case .action: self = .action
        case .invocation: self = .invocation
        case .field: self = .field
        }
    }
}
