import FSMCore
/// Delayed sends that are fsmc timers: `after 1s -> t` is exported as a `<send delay>` in the
/// state's `<onentry>`, cancelled by id in its `<onexit>`, and a transition on the sent event.
///
/// SCXML cancels a delayed send only by `<cancel>`; an fsmc timer stops when its state is left.
/// So a send its state's `<onexit>` does not cancel (one without an `id`, say), or one in the
/// transition that enters the state, is a timer only where nothing can tell the difference:
/// the state is entered at most once (``reentry(of:)``), no other delayed send sends the event,
/// and, for a transition's send, that transition is the only way into the state.
extension SCXMLImporter {
    /// A state's timer: the event its delayed `<send>` sends, and the trigger its transitions get.
    struct Timer {
        var event: String
        var trigger: TransitionModel.Trigger
        var send: XMLElement
        /// The `<cancel>` in the state's `<onexit>`; without one, the state is entered at most
        /// once and the event reaches no other state.
        var cancel: XMLElement?
    }

    /// The timers of every state, and by event name and by each prefix of it, to tell in
    /// constant time which a descriptor names or matches.
    struct Timers {
        /// By the chart index of their state.
        var owned: [Int: [Timer]] = [:]
        /// The first timer (in document order) whose event has these leading tokens, with its
        /// state: `fsmc`, `fsmc.after`, … `fsmc.after.a.1` all name the timer `fsmc.after.a.1`.
        var byPrefix: [String: (owner: Int, timer: Timer)] = [:]
        /// The first timer (in document order) of each event.
        var byEvent: [String: (owner: Int, timer: Timer)] = [:]

        init(_ owned: [Int: [Timer]]) {
            self.owned = owned
            for (owner, timers) in owned.sorted(by: { $0.key < $1.key }) {
                for timer in timers {
                    if byEvent[timer.event] == nil { byEvent[timer.event] = (owner, timer) }
                    for prefix in SCXMLImporter.prefixes(of: timer.event) where byPrefix[prefix] == nil {
                        byPrefix[prefix] = (owner, timer)
                    }
                }
            }
        }

        /// The timer whose event is exactly `name`, if any.
        func timer(named name: String) -> (owner: Int, timer: Timer)? { byEvent[name] }
    }

    /// The type URI of SCXML's own event I/O processor, the one a `<send>` to the chart uses.
    static let scxmlEventProcessor = "http://www.w3.org/TR/scxml/#SCXMLEventProcessor"

    /// Whether `element` is a `<send>` with a delay.
    static func isDelayedSend(_ element: XMLElement) -> Bool {
        element.localName == "send" && (element.attribute("delay") != nil || element.attribute("delayexpr") != nil)
    }

    /// The timers of every state, by chart index; a delayed `<send>` that is not one is
    /// reported here. `handled` gets the delayed sends and their `<cancel>`s, which are not
    /// actions.
    mutating func readTimers(handled: inout Set<SourceRange>) -> Timers {
        var timers: [Int: [Timer]] = [:]
        func add(_ timer: Timer, to index: Int) {
            if let same = timers[index, default: []].first(where: { $0.trigger == timer.trigger || $0.event == timer.event }) {
                diagnostics.error(
                    same.event == timer.event
                        ? "'\(chart[index].id)' has a second timer of the event '\(timer.event)': fsmc's timers of one state fire their own transitions"
                        : "'\(chart[index].id)' has a second timer of the same delay: fsmc's 'after' transitions of one delay share one timer",
                    at: timer.send.range, notes: [.init("the first", at: same.send.range)])
                return
            }
            timers[index, default: []].append(timer)
        }
        for index in chart.indices {
            for send in chart[index].onEntry where Self.isDelayedSend(send) {
                handled.formUnion(cancels(of: send, in: index).map(\.range))
                handled.insert(send.range)
                if let timer = timer(send, of: index, from: nil) { add(timer, to: index) }
            }
            for send in chart[index].onExit where Self.isDelayedSend(send) {
                handled.insert(send.range)
                diagnostics.error(
                    "a delayed <send> in <onexit> starts when '\(chart[index].id)' is left, and SCXML delivers its event to whatever is active then: fsmc's timers ('after') start when their state is entered and stop when it is left",
                    at: send.range)
            }
            for (element, _) in chart[index].transitions {
                for send in executableContent(of: element) where Self.isDelayedSend(send) {
                    handled.insert(send.range)
                    guard let target = transitionTimerState(send, in: element, from: index) else { continue }
                    handled.formUnion(cancels(of: send, in: target).map(\.range))
                    if let timer = timer(send, of: target, from: element) { add(timer, to: target) }
                }
            }
        }
        removeSharedUncancelledEvents(&timers)
        handled.formUnion(cancelsLeaving(timers))
        return Timers(timers)
    }

    /// Refuses a timer nothing cancels whose event another timer sends too: SCXML could deliver
    /// either's event to the other's state, fsmc's timers fire their own state's transitions.
    /// Checked among the timers only: a delayed `<send>` that is none is refused already.
    private mutating func removeSharedUncancelledEvents(_ timers: inout [Int: [Timer]]) {
        let all = timers.values.flatMap { $0 }
        for (owner, list) in timers {
            timers[owner] = list.filter { timer in
                guard timer.cancel == nil, let other = all.first(where: { $0.event == timer.event && $0.send.range != timer.send.range }) else {
                    return true
                }
                diagnostics.error(
                    "another delayed <send> sends '\(timer.event)' too, and this one is not cancelled when '\(chart[owner].id)' is left: SCXML could deliver either's event to the other's state, fsmc's timers fire their own state's transitions",
                    at: timer.send.range, notes: [.init("the other <send>", at: other.send.range)])
                return false
            }
        }
    }

    /// The `<cancel>`s of a timer's id in a transition from its state (or inside it) that leaves
    /// the state: SCXML runs the transition's content after the exits, so the send is cancelled
    /// as its state is left, when fsmc's timer stops: they change nothing fsmc would not.
    private func cancelsLeaving(_ timers: [Int: [Timer]]) -> [SourceRange] {
        var ranges: [SourceRange] = []
        for (owner, list) in timers {
            let ids = Set(list.compactMap { $0.send.attribute("id")?.value }.filter { !$0.isEmpty })
            guard !ids.isEmpty else { continue }
            for index in chart.indices where index == owner || isBelow(index, owner) {
                for (element, _) in chart[index].transitions where leaves(owner, by: element, from: index) {
                    for cancel in executableContent(of: element) where cancel.localName == "cancel" {
                        if let id = cancel.attribute("sendid")?.value, ids.contains(id) { ranges.append(cancel.range) }
                    }
                }
            }
        }
        return ranges
    }

    /// The `<cancel>`s in `state`'s `<onexit>` of the send's id.
    private func cancels(of send: XMLElement, in state: Int) -> [XMLElement] {
        guard let id = send.attribute("id")?.value, !id.isEmpty else { return [] }
        return chart[state].onExit.filter { $0.localName == "cancel" && $0.attribute("sendid")?.value == id }
    }

    /// The state whose timer a delayed `<send>` in a transition is: the transition's one target,
    /// when the transition is the only way into it. SCXML starts the send only when that
    /// transition is taken, fsmc a timer whenever its state is entered.
    private mutating func transitionTimerState(_ send: XMLElement, in transition: XMLElement, from source: Int) -> Int? {
        let what = "a delayed <send> in a transition is an fsmc timer ('after') of the one state the transition enters"
        let ids = transition.attribute("target")?.value.split(whereSeparator: \.isWhitespace).map(String.init) ?? []
        guard ids.count == 1, let target = stateIndex[ids[0]], target != wrapper else {
            // An unknown target or the wrapper is reported with the transition's targets.
            guard ids.count != 1 || histories[ids[0]] != nil else { return nil }
            let why = ids.isEmpty ? "this transition enters none" : ids.count > 1 ? "this one enters several" : "this one enters a history"
            diagnostics.error("\(what): \(why)", at: send.range)
            return nil
        }
        let entries = entries(of: target)
        if entries.atStart {
            diagnostics.error(
                "\(what), when it is the only way into it: SCXML starts this <send> when the transition is taken, fsmc's timer whenever '\(ids[0])' is entered, and the machine starts in it",
                at: send.range)
            return nil
        }
        if let other = entries.transitions.first(where: { $0.range != transition.range }) {
            diagnostics.error(
                "\(what), when it is the only way into it: SCXML starts this <send> when the transition is taken, fsmc's timer whenever '\(ids[0])' is entered, which another transition does too",
                at: send.range, notes: [.init("the other transition", at: other.range)])
            return nil
        }
        return target
    }

    /// The timer of `index` a delayed `<send>` in its `<onentry>`, or (`transition`) in the
    /// transition that is the only way into it, starts; `nil` after reporting why it is none.
    private mutating func timer(_ send: XMLElement, of index: Int, from transition: XMLElement?) -> Timer? {
        let state = chart[index]
        func refuse(_ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) -> Timer? {
            diagnostics.error(message, at: range, notes: notes)
            return nil
        }
        let what = "a delayed <send> is an fsmc timer ('after') only as <send event=\"…\" delay=\"…\"/> to the chart itself"
        if let attribute = send.attribute("target") ?? send.attribute("targetexpr") {
            return refuse("\(what): a <send> to another target is not supported", at: attribute.range)
        }
        if let type = send.attribute("type"), type.value != Self.scxmlEventProcessor, type.value != "scxml" {
            return refuse("\(what): the event processor '\(type.value)' is not supported", at: type.range)
        }
        if let attribute = send.attribute("idlocation") {
            return refuse(
                "\(what): 'idlocation' stores the send's id in the data model, which fsmc's machines do not have",
                at: attribute.range)
        }
        if let attribute = send.attribute("eventexpr") ?? send.attribute("namelist") {
            return refuse("\(what): '\(attribute.qualifiedName)' is not supported", at: attribute.range)
        }
        if let content = executableContent(of: send).first {
            return refuse("\(what): fsmc's timers carry no data (<\(content.localName)>)", at: content.range)
        }
        guard let event = send.attribute("event")?.value, !event.isEmpty else {
            return refuse("\(what): it has no event", at: send.range)
        }
        let cancel = cancels(of: send, in: index).first
        if cancel == nil, let reentry = reentry(of: index) {
            let start = transition == nil ? "in its <onentry>" : "in the transition into it"
            return refuse(
                "this delayed <send> \(start) is not cancelled when '\(state.id)' is left (by a <cancel sendid> of its id in its <onexit>), so SCXML delivers its event even after '\(state.id)' was left and entered again, where fsmc's timer ('after') starts over: the import maps it only for a state entered at most once, and '\(state.id)' can be entered again",
                at: send.range, notes: [.init("a transition that enters it again", at: reentry.range)])
        }
        let trigger: TransitionModel.Trigger
        if let delay = send.attribute("delay") {
            guard let duration = Self.duration(delay.value) else {
                return refuse("the delay '\(delay.value)' is not a time fsmc reads, such as '500ms' or '1.5s'", at: delay.range)
            }
            trigger = .after(duration)
        } else {
            let expression = send.attribute("delayexpr")!
            guard let variable = variables[expression.value.trimmingWhiteSpace] else {
                return refuse(
                    "the delay '\(expression.value)' is not a variable of the data model: fsmc computes a delay by a function of that name ('after name')",
                    at: expression.range)
            }
            trigger = .afterComputed(variable.name)
        }
        return Timer(event: event, trigger: trigger, send: send, cancel: cancel)
    }

    /// An SCXML (CSS2) time, `500ms` or `1.5s`, as fsmc's duration, written as a spec would:
    /// in the largest unit that keeps it whole (`2m` for `120000ms`), else as written.
    static func duration(_ text: String) -> DurationModel? {
        var text = text.trimmingWhiteSpace
        guard text.hasSuffix("ms") || text.hasSuffix("s") else { return nil }
        if text.hasPrefix(".") { text = "0" + text }
        guard case .success(let nanoseconds) = DurationLiteral.nanoseconds(text) else { return nil }
        let written = if nanoseconds % 3_600_000_000_000 == 0 {
            "\(nanoseconds / 3_600_000_000_000)h"
        } else if nanoseconds % 60_000_000_000 == 0 {
            "\(nanoseconds / 60_000_000_000)m"
        } else if nanoseconds % 1_000_000_000 == 0 {
            "\(nanoseconds / 1_000_000_000)s"
        } else if nanoseconds % 1_000_000 == 0 {
            "\(nanoseconds / 1_000_000)ms"
        } else {
            text
        }
        return DurationModel(nanoseconds: nanoseconds, text: written)
    }
}
