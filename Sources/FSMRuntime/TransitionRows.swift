/// Transition tables written as rows of spec text, which is how generated machines store their
/// `transitionTable`: the Swift compiler reads one long string literal in no time, but takes
/// minutes to type-check an array literal of thousands of typed values.
///
/// Format 2 (fsmc's `TransitionRowsWriter` writes it; a test reads back what it writes). A row
/// reads `source: trigger [guard] -> target / action, action`, as the spec does:
///
/// - `source` is a state, or `*` for a machine-level transition;
/// - `trigger` is `on event`, `always`, `done`, or `after` a whole number of `ns`, `us`, `ms`,
///   `s`, `m` or `h`, or `after` the name of the function that computes the delay; `done name`
///   and `error name` for an invocation's result, `on name` for a stream's elements when
///   the table is read with that stream among its `streams`, and `on name.output` for a child
///   machine's output (an event's name has no dot);
/// - ` [guard]`, ` reenter`, ` -> target` (absent for an internal transition; `target.history`
///   for a history; `a, b` for several targets; the target's data is not written) and
///   ` / actions` are optional.
extension TransitionDescriptor where State: RawRepresentable, State.RawValue == String {
    /// The format of the rows this runtime reads.
    public static var rowsFormat: Int { 2 }

    /// The descriptors of the rows of `text`, one a line, in order; `on name` is a stream's
    /// element for the names among `streams`. Rows of another `format`, or a row that does not
    /// parse, are a bug in the generator, and stop the program.
    public static func table(_ text: String, format: Int, streams: Set<String> = []) -> [TransitionDescriptor] {
        precondition(format == rowsFormat, "fsmc: transition rows of format \(format); this FSMRuntime reads format \(rowsFormat)")
        return text.split(separator: "\n").map { row in
            var reader = TransitionRowReader(row, streams: streams)
            guard let descriptor: TransitionDescriptor = reader.descriptor() else {
                preconditionFailure("fsmc: malformed transition row '\(row)'")
            }
            return descriptor
        }
    }
}

/// What a generated machine asks of its transition table.
extension Collection {
    /// The names among `eventNames` (kept in their order) that a transition of the table
    /// takes from an active state or from the machine level, guards aside: what a generated
    /// machine's `acceptedEventNames` returns.
    public func acceptedEventNames<State>(amongst eventNames: [String], isActive: (State) -> Bool) -> [String]
    where Element == TransitionDescriptor<State> {
        var accepted: Set<String> = []
        for transition in self {
            guard case .event(let name) = transition.trigger, transition.source.map(isActive) ?? true else { continue }
            accepted.insert(name)
        }
        return eventNames.filter(accepted.contains)
    }
}

/// Reads one row of a transition table from left to right.
private struct TransitionRowReader {
    private var rest: Substring
    /// The invocations whose elements `on name` takes.
    private let streams: Set<String>

    init(_ row: Substring, streams: Set<String>) {
        rest = row
        self.streams = streams
    }

    mutating func descriptor<State: RawRepresentable>() -> TransitionDescriptor<State>? where State.RawValue == String {
        guard let colon = rest.firstIndex(of: ":") else { return nil }
        let sourceName = rest[..<colon]
        rest = rest[rest.index(after: colon)...]
        let source = sourceName == "*" ? nil : State(rawValue: String(sourceName))
        guard sourceName == "*" || source != nil, skip(" "), let trigger: TransitionDescriptor<State>.Trigger = trigger() else {
            return nil
        }
        var guardExpression: String?
        if skip(" ["), let end = rest.firstIndex(of: "]") {
            guardExpression = String(rest[..<end])
            rest = rest[rest.index(after: end)...]
        }
        let reenters = skip(" reenter")
        var targets: [State] = []
        var targetsHistory = false
        if skip(" -> ") {
            var name = word()
            // Several targets: `a, b, c`, each name but the last ending in a comma.
            while name.hasSuffix(","), skip(" ") {
                guard let target = State(rawValue: String(name.dropLast())) else { return nil }
                targets.append(target)
                name = word()
            }
            if name.hasSuffix(".history") {
                name = name.dropLast(".history".count)
                targetsHistory = true
            }
            guard let last = State(rawValue: String(name)) else { return nil }
            targets.append(last)
        }
        var actions: [String] = []
        if skip(" / ") {
            actions = Self.actions(in: rest)
            rest = rest[rest.endIndex...]
        }
        guard rest.isEmpty else { return nil }
        return TransitionDescriptor(
            source: source, trigger: trigger, guard: guardExpression, target: targets.first, otherTargets: Array(targets.dropFirst()),
            targetsHistory: targetsHistory, reenters: reenters, actions: actions)
    }

    private mutating func trigger<State>() -> TransitionDescriptor<State>.Trigger? {
        if skip("on ") {
            let name = String(word())
            if let dot = name.firstIndex(of: ".") {
                return .childOutput(String(name[..<dot]), output: String(name[name.index(after: dot)...]))
            }
            return streams.contains(name) ? .invocationElement(name) : .event(name)
        }
        if skip("always") { return .always }
        if skip("error ") { return .invocationError(String(word())) }
        if skip("done") {
            // `done` alone is a completion; a name after it, an invocation's (`reenter` is
            // the modifier, as the checker reserves it).
            guard rest.hasPrefix(" "), let first = rest.dropFirst().first, first.isLetter || first == "_", !rest.hasPrefix(" reenter") else {
                return .done
            }
            rest = rest.dropFirst()
            return .invocationDone(String(word()))
        }
        guard skip("after ") else { return nil }
        let text = word()
        if let first = text.first, first.isLetter || first == "_" {
            return .afterComputed(String(text))
        }
        guard let unitStart = text.firstIndex(where: { !$0.isNumber }), let amount = Int64(text[..<unitStart]) else { return nil }
        switch text[unitStart...] {
        case "ns": return .after(.nanoseconds(amount))
        case "us": return .after(.microseconds(amount))
        case "ms": return .after(.milliseconds(amount))
        case "s": return .after(.seconds(amount))
        case "m": return .after(.seconds(amount * 60))
        case "h": return .after(.seconds(amount * 3_600))
        default: return nil
        }
    }

    /// Consumes `prefix` if the rest starts with it.
    private mutating func skip(_ prefix: String) -> Bool {
        guard rest.hasPrefix(prefix) else { return false }
        rest = rest.dropFirst(prefix.count)
        return true
    }

    /// Consumes and returns the text up to the next space.
    private mutating func word() -> Substring {
        let end = rest.firstIndex(of: " ") ?? rest.endIndex
        defer { rest = rest[end...] }
        return rest[..<end]
    }

    /// `a, emit b("x, y"), c` split at the commas outside parentheses and string literals.
    private static func actions(in text: Substring) -> [String] {
        var actions: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        var skipSpace = false
        for character in text {
            if skipSpace {
                skipSpace = false
                if character == " " { continue }
            }
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
            } else if character == ",", depth == 0 {
                actions.append(current)
                current = ""
                skipSpace = true
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { actions.append(current) }
        return actions
    }
}
