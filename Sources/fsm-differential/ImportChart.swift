import Foundation

/// A chart written in SCXML's own terms, for the differential check of `fsmc import`: Qt runs
/// it as it is, fsmc through the spec the import writes. The states are kept flat, in document
/// order (a parent before its children), so that a generator and a shrinker can add and
/// remove parts by index.
struct ImportChart: Sendable {
    struct State: Sendable {
        enum Kind: String, Sendable {
            case state, parallel, final
        }

        var kind: Kind
        var id: String
        var parent: Int?
        /// `initial="…"`: ids of descendants (several in different regions of one parallel state).
        var initialAttribute: [String]?
        /// `<initial><transition target="…"/></initial>`: a child's id.
        var initialElement: String?
        var history: History?
        var transitions: [Transition] = []
        var onEntry: [Action] = []
        var onExit: [Action] = []
    }

    /// A `<history>` and its default transition.
    struct History: Sendable {
        var id: String
        var isDeep: Bool
        /// The default transition's targets (none: no default transition is written).
        var defaultTargets: [String]
        var defaultActions: [Action]
    }

    struct Transition: Sendable {
        /// The `event` attribute; `nil` for none (eventless).
        var event: String?
        var condition: String?
        /// State or history ids; none for a targetless transition.
        var targets: [String]
        /// `type="internal"` (the default, external, is not written).
        var isInternal = false
        var actions: [Action]
    }

    /// Executable content: what a harness observes.
    enum Action: Sendable, Hashable {
        /// `<log label="action" expr="'name'"/>`, an fsmc action.
        case log(String)
        /// `<raise event="name"/>`.
        case raise(String)
    }

    var name: String
    var states: [State]
    /// `<scxml initial="…">`, when written.
    var initial: [String]?
    /// The data model's booleans a condition may read.
    var guards: [String]

    func children(of parent: Int?) -> [Int] {
        states.indices.filter { states[$0].parent == parent }
    }

    /// Whether `state` lies below `ancestor` (not itself).
    func isDescendant(_ state: Int, of ancestor: Int) -> Bool {
        var current = states[state].parent
        while let index = current {
            if index == ancestor { return true }
            current = states[index].parent
        }
        return false
    }

    /// Every id a state or history has.
    var ids: Set<String> {
        Set(states.map(\.id) + states.compactMap(\.history?.id))
    }

    /// Whether every id the chart names is one it declares: what a shrinker keeps true.
    var isConsistent: Bool {
        let known = ids
        var named: [String] = (initial ?? [])
        for state in states {
            named += state.initialAttribute ?? []
            named += state.initialElement.map { [$0] } ?? []
            named += state.history?.defaultTargets ?? []
            for transition in state.transitions {
                named += transition.targets
                if let condition = transition.condition { named += Self.inArguments(condition) }
            }
            // A compound state's `<initial>` must name a child, and a parallel state has regions.
            if let child = state.initialElement, !states.contains(where: { $0.id == child && $0.parent.map { states[$0].id } == state.id }) {
                return false
            }
        }
        for index in states.indices where states[index].kind == .parallel && children(of: index).isEmpty { return false }
        for index in states.indices where states[index].kind == .final && !children(of: index).isEmpty { return false }
        return !states.isEmpty && named.allSatisfy(known.contains)
    }

    /// The ids `In('…')` names in a condition.
    static func inArguments(_ condition: String) -> [String] {
        condition.components(separatedBy: "In('").dropFirst().compactMap { $0.split(separator: "'").first.map(String.init) }
    }
}

extension ImportChart {
    /// The document. With `trace`, every state logs its entry and exit last in its `<onentry>`
    /// and `<onexit>` (as `fsmc export --trace` does: the Qt harness reads them), a top-level
    /// final state no exit (fsmc never leaves it); without, it is the chart the import reads.
    func document(trace: Bool) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" datamodel=\"ecmascript\" name=\"\(name)\""
                + (initial.map { " initial=\"\($0.joined(separator: " "))\"" } ?? "") + ">",
        ]
        if !guards.isEmpty {
            lines.append("  <datamodel>")
            lines += guards.map { "    <data id=\"\($0)\" expr=\"false\"/>" }
            lines.append("  </datamodel>")
        }
        for child in children(of: nil) { write(child, depth: 1, trace: trace, into: &lines) }
        lines.append("</scxml>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func write(_ index: Int, depth: Int, trace: Bool, into lines: inout [String]) {
        let state = states[index]
        let indent = String(repeating: "  ", count: depth)
        let initialText = state.initialAttribute.map { " initial=\"\($0.joined(separator: " "))\"" } ?? ""
        lines.append("\(indent)<\(state.kind.rawValue) id=\"\(state.id)\"\(initialText)>")
        let inner = indent + "  "
        if let child = state.initialElement {
            lines.append("\(inner)<initial><transition target=\"\(child)\"/></initial>")
        }
        let logsExit = !(state.kind == .final && state.parent == nil)
        let entry = state.onEntry.map(Self.text) + (trace ? ["<log label=\"enter\" expr=\"'\(state.id)'\"/>"] : [])
        let exit = state.onExit.map(Self.text) + (trace && logsExit ? ["<log label=\"exit\" expr=\"'\(state.id)'\"/>"] : [])
        if !entry.isEmpty { lines += ["\(inner)<onentry>"] + entry.map { "\(inner)  " + $0 } + ["\(inner)</onentry>"] }
        if !exit.isEmpty { lines += ["\(inner)<onexit>"] + exit.map { "\(inner)  " + $0 } + ["\(inner)</onexit>"] }
        for transition in state.transitions {
            var attributes = ""
            if let event = transition.event { attributes += " event=\"\(event)\"" }
            if let condition = transition.condition { attributes += " cond=\"\(Self.escaped(condition))\"" }
            if !transition.targets.isEmpty { attributes += " target=\"\(transition.targets.joined(separator: " "))\"" }
            if transition.isInternal { attributes += " type=\"internal\"" }
            if transition.actions.isEmpty {
                lines.append("\(inner)<transition\(attributes)/>")
            } else {
                lines.append("\(inner)<transition\(attributes)>")
                lines += transition.actions.map { "\(inner)  " + Self.text(of: $0) }
                lines.append("\(inner)</transition>")
            }
        }
        for child in children(of: index) { write(child, depth: depth + 1, trace: trace, into: &lines) }
        // After the child states: Qt 6.4 starts a state without `initial` in its first child
        // element when that is a `<history>`, where SCXML starts it in its first child state.
        if let history = state.history {
            lines.append("\(inner)<history id=\"\(history.id)\" type=\"\(history.isDeep ? "deep" : "shallow")\">")
            if !history.defaultTargets.isEmpty {
                lines.append("\(inner)  <transition target=\"\(history.defaultTargets.joined(separator: " "))\">")
                lines += history.defaultActions.map { "\(inner)    " + Self.text(of: $0) }
                lines.append("\(inner)  </transition>")
            }
            lines.append("\(inner)</history>")
        }
        lines.append("\(indent)</\(state.kind.rawValue)>")
    }

    private static func text(of action: Action) -> String {
        switch action {
        case .log(let name): "<log label=\"action\" expr=\"'\(name)'\"/>"
        case .raise(let event): "<raise event=\"\(event)\"/>"
        }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
