import FSMCore
/// Delayed sends that are fsmc timers: `after 1s -> t` is exported as a `<send delay>` in the
/// state's `<onentry>`, cancelled by id in its `<onexit>`, and a transition on the sent event.
extension SCXMLImporter {
    /// A state's timer: the event its delayed `<send>` sends, and the trigger its transitions get.
    struct Timer {
        var event: String
        var trigger: TransitionModel.Trigger
        var send: XMLElement
        var cancel: XMLElement
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

    /// The timers of every state, by chart index; a delayed `<send>` in an `<onentry>` that is
    /// not one is reported here. `handled` gets the delayed sends and their `<cancel>`s, which
    /// are not actions.
    mutating func readTimers(handled: inout Set<SourceRange>) -> Timers {
        var timers: [Int: [Timer]] = [:]
        for index in chart.indices {
            for send in chart[index].onEntry where send.localName == "send" && (send.attribute("delay") != nil || send.attribute("delayexpr") != nil) {
                handled.insert(send.range)
                for cancel in chart[index].onExit where cancel.localName == "cancel" && cancel.attribute("sendid")?.value == send.attribute("id")?.value {
                    handled.insert(cancel.range)
                }
                guard let timer = timer(send, of: index) else { continue }
                if let same = timers[index, default: []].first(where: { $0.trigger == timer.trigger }) {
                    diagnostics.error(
                        "'\(chart[index].id)' has a second timer of the same delay: fsmc's 'after' transitions of one delay share one timer",
                        at: send.range, notes: [.init("the first", at: same.send.range)])
                    continue
                }
                timers[index, default: []].append(timer)
            }
        }
        return Timers(timers)
    }

    private mutating func timer(_ send: XMLElement, of index: Int) -> Timer? {
        let state = chart[index]
        func refuse(_ message: String, at range: SourceRange) -> Timer? {
            diagnostics.error(message, at: range)
            return nil
        }
        let what = "a delayed <send> is an fsmc timer ('after') only as <send event=\"…\" delay=\"…\" id=\"…\"/> to the chart itself"
        if let attribute = send.attribute("target") ?? send.attribute("targetexpr") {
            return refuse("\(what): a <send> to another target is not supported", at: attribute.range)
        }
        if let type = send.attribute("type"), type.value != Self.scxmlEventProcessor, type.value != "scxml" {
            return refuse("\(what): the event processor '\(type.value)' is not supported", at: type.range)
        }
        if let attribute = send.attribute("eventexpr") ?? send.attribute("idlocation") ?? send.attribute("namelist") {
            return refuse("\(what): '\(attribute.qualifiedName)' is not supported", at: attribute.range)
        }
        if let content = executableContent(of: send).first {
            return refuse("\(what): fsmc's timers carry no data (<\(content.localName)>)", at: content.range)
        }
        guard let event = send.attribute("event")?.value, !event.isEmpty else {
            return refuse("\(what): it has no event", at: send.range)
        }
        guard let id = send.attribute("id")?.value, !id.isEmpty else {
            return refuse("\(what): without an id its <onexit> cannot cancel it", at: send.range)
        }
        guard let cancel = state.onExit.first(where: { $0.localName == "cancel" && $0.attribute("sendid")?.value == id }) else {
            return refuse(
                "\(what), cancelled in the state's <onexit> (<cancel sendid=\"\(id)\"/>): fsmc's timers stop when their state is left",
                at: send.range)
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
