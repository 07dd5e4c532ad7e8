import FSMCore
/// Event descriptors: what a transition's `event` attribute matches, as fsmc triggers.
///
/// SCXML matches a descriptor to every event whose name starts with its dot-separated tokens
/// (`error` takes `error.execution`). fsmc's events are plain names, and a machine's events are
/// the ones its spec declares: the chart's events are the names its transitions and `<raise>`s
/// use, and a descriptor becomes one transition for each of those it matches. An event name
/// with dots is mapped as any name (`a.b` is `a_b`).
extension SCXMLImporter {
    /// What one descriptor of a transition stands for.
    enum Meaning {
        /// `after` (the state's timer event) or `done` (`done.state.<its id>`).
        case trigger(TransitionModel.Trigger)
        /// Every event of the chart the descriptor (its `.*` removed) matches; written with the
        /// wildcard, it names no event of its own unless it matches none.
        case events(String, wildcard: Bool)
        /// Exactly this event: the export's `_event.name == 'done'`.
        case exactly(String)
    }

    /// A `<transition>` as read, before its events are known.
    struct ReadTransition {
        var element: XMLElement
        /// The chart index of the state that declares it (the wrapper for machine-level ones).
        var source: Int
        var documentation: String?
        /// No meaning: an eventless transition.
        var meanings: [Meaning]
        /// The condition without the export's exact event match.
        var condition: SCXMLCondition?
        /// The run number the condition tests a child's event against (`fsmc_run_signIn`).
        var run: String?
        var conditionRange: SourceRange?
    }

    /// The dot-separated tokens of an event name or descriptor.
    static func tokens(_ name: String) -> [Substring] {
        name.split(separator: ".", omittingEmptySubsequences: false)
    }

    /// The leading tokens of a name, shortest first: `a`, `a.b`, `a.b.c` for `a.b.c`. A
    /// descriptor matches exactly the events of which it is one.
    static func prefixes(of name: String) -> [String] {
        var prefixes: [String] = []
        var current = ""
        for token in tokens(name) {
            current = prefixes.isEmpty ? String(token) : current + "." + token
            prefixes.append(current)
        }
        return prefixes
    }

    /// Whether the descriptor matches the event: its tokens begin the event's.
    static func descriptor(_ descriptor: String, matches event: String) -> Bool {
        let descriptorTokens = tokens(descriptor)
        let eventTokens = tokens(event)
        return descriptorTokens.count <= eventTokens.count && zip(descriptorTokens, eventTokens).allSatisfy { $0 == $1 }
    }

    /// Reads the transitions of every state: their descriptors and conditions.
    mutating func readTransitions(timers: Timers) -> [ReadTransition] {
        var read: [ReadTransition] = []
        for index in chart.indices {
            for (element, documentation) in chart[index].transitions {
                var transition = ReadTransition(element: element, source: index, documentation: documentation, meanings: [])
                var exactly: String?
                if let cond = element.attribute("cond") {
                    transition.conditionRange = cond.range
                    // A child's run number (`_event.data.fsmc_run == fsmc_run_signIn && …`) is
                    // no guard: it says which run's events the transition takes.
                    let (run, rest) = Self.splitRunCondition(cond.value)
                    transition.run = run
                    if let rest {
                        switch SCXMLCondition.parse(rest) {
                        case .success(let condition):
                            (exactly, transition.condition) = Self.splitExactEvent(condition)
                        case .failure(let problem):
                            diagnostics.error("the condition '\(cond.value)' is not supported: \(problem.message)", at: cond.range)
                            continue
                        }
                    }
                }
                let descriptors = (element.attribute("event")?.value ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
                if transition.run != nil, descriptors.isEmpty {
                    diagnostics.error(
                        "the condition tests a child's run number, which only a child's event ('fsmc.output.<id>.<output>', 'fsmc.done.<id>') carries",
                        at: transition.conditionRange!)
                    continue
                }
                if let exactly {
                    guard descriptors.contains(where: { Self.descriptor(Self.normalized($0) ?? $0, matches: exactly) }) else {
                        diagnostics.error("the condition asks for the event '\(exactly)', which the transition's event does not match", at: transition.conditionRange!)
                        continue
                    }
                    guard checkRaisable(exactly, at: element.attribute("event")!.range, timers: timers) else { continue }
                    transition.meanings = [.exactly(exactly)]
                } else {
                    transition.meanings = descriptors.compactMap {
                        meaning(of: $0, in: index, run: transition.run, at: element.attribute("event")!.range, timers: timers)
                    }
                    if transition.meanings.count < descriptors.count { continue }
                }
                read.append(transition)
            }
        }
        return read
    }

    /// `_event.name == 'x' && rest` (how the export matches a spec event named `done`, `error`
    /// or `fsmc` exactly): `x` and the rest.
    static func splitExactEvent(_ condition: SCXMLCondition) -> (String?, SCXMLCondition?) {
        var conjuncts: [SCXMLCondition] = []
        func flatten(_ condition: SCXMLCondition) {
            if case .and(let lhs, let rhs) = condition {
                flatten(lhs)
                conjuncts.append(rhs)
            } else {
                conjuncts.append(condition)
            }
        }
        flatten(condition)
        guard case .eventNameIs(let event) = conjuncts[0] else { return (nil, condition) }
        let rest = conjuncts.dropFirst().reduce(nil as SCXMLCondition?) { partial, next in partial.map { .and($0, next) } ?? next }
        return (event, rest)
    }

    /// The descriptor without SCXML's optional `.*` or trailing `.`; `nil` when nothing is left.
    static func normalized(_ descriptor: String) -> String? {
        var name = descriptor
        if name.hasSuffix(".*") { name.removeLast(2) } else if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty, !tokens(name).contains(where: \.isEmpty), !name.contains("*") else { return nil }
        return name
    }

    private mutating func meaning(of descriptor: String, in index: Int, run: String?, at range: SourceRange, timers: Timers) -> Meaning? {
        if descriptor == "*" {
            diagnostics.error(
                "the event descriptor '*' matches every event, SCXML's own included: fsmc has no transition on any event",
                at: range)
            return nil
        }
        guard let name = Self.normalized(descriptor) else {
            diagnostics.error("'\(descriptor)' is not an event descriptor", at: range)
            return nil
        }
        if let child = childEventMeaning(name, run: run, at: range) {
            if let problem = child.problem { diagnostics.error(problem, at: range) }
            return child.meaning
        }
        if let result = callResultMatched(byPrefix: name) {
            diagnostics.error(
                "'\(descriptor)' also matches '\(result)', the result of an invocation, which fsmc takes only by 'done', 'error' or 'on' that invocation",
                at: range)
            return nil
        }
        if let timer = timers.owned[index]?.first(where: { $0.event == name }) {
            return .trigger(timer.trigger)
        }
        if let (owner, timer) = timers.timer(named: name) ?? timers.byPrefix[name] {
            let message = timer.event == name
                ? "'\(name)' is the event of a timer of '\(chart[owner].id)' (its delayed <send>): fsmc's 'after' is declared in the state whose timer it is"
                : "'\(descriptor)' also matches the event '\(timer.event)' of a timer of '\(chart[owner].id)', which fsmc cannot express"
            diagnostics.error(message, at: range, notes: [.init("the timer", at: timer.send.range)])
            return nil
        }
        if Self.tokens(name)[0] == "done" {
            if index != wrapper, name == "done.state." + chart[index].id {
                return .trigger(.done)
            }
            diagnostics.error(
                "'\(descriptor)' matches SCXML's completion events: fsmc's 'done' is taken only in the state that completes, as 'done.state.<its id>'",
                at: range)
            return nil
        }
        return .events(name, wildcard: name != descriptor)
    }

    /// Whether a name can be an fsmc event: not a timer's or a completion's.
    mutating func checkRaisable(_ name: String, at range: SourceRange, timers: Timers) -> Bool {
        if name.hasPrefix("done.state.") {
            diagnostics.error("'\(name)' is SCXML's completion event: fsmc's machines complete by entering a final state", at: range)
            return false
        }
        if let result = callResult(named: name) {
            diagnostics.error("'\(result)' is the result of an invocation: fsmc's invocations deliver their results themselves", at: range)
            return false
        }
        if let (_, timer) = timers.timer(named: name) {
            diagnostics.error("'\(name)' is the event of a timer: fsmc's timers fire by themselves", at: range, notes: [.init("the timer", at: timer.send.range)])
            return false
        }
        return true
    }

    /// The chart's events, in the order the document first names them: the transitions'
    /// descriptors and the `<raise>`d names. A descriptor written with a wildcard (`display.*`)
    /// names an event only when it matches no other.
    func eventNames(of transitions: [ReadTransition], raised: [(String, SourceRange)]) -> [(name: String, range: SourceRange)] {
        var named: [(name: String, range: SourceRange)] = []
        var wildcards: [(name: String, range: SourceRange)] = []
        for transition in transitions {
            let range = transition.element.attribute("event")?.range ?? transition.element.range
            for meaning in transition.meanings {
                switch meaning {
                case .events(let name, wildcard: false), .exactly(let name): named.append((name, range))
                case .events(let name, wildcard: true): wildcards.append((name, range))
                case .trigger: break
                }
            }
        }
        named += raised
        let matched = Set(named.flatMap { Self.prefixes(of: $0.name) })
        named += wildcards.filter { !matched.contains($0.name) }
        var seen: Set<String> = []
        // By position, then in the order found: one attribute may name several events.
        return named.enumerated()
            .sorted { ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset) }
            .map(\.element)
            .filter { seen.insert($0.name).inserted }
    }
}
