import FSMCore
/// Draws a machine as a PlantUML state diagram.
///
/// `[*] -->` marks the initial state and `--> [*]` the final ones. Entry and exit actions
/// and internal transitions are description lines of their state (`playing : entry / …`),
/// under its name. Machine-level transitions leave a dashed "any state" pseudo-state along
/// dashed arrows. A state with children is a composite state with its own `[*]`; an arrow
/// to `X.history` ends at PlantUML's history pseudo-state `X[H]` (`X[H*]` for a deep one),
/// which PlantUML draws only where an arrow ends (deep history needs a PlantUML newer than
/// 1.2020). A parallel state is a composite state whose regions, composite states each with
/// its own `[*]`, are separated by `--`, PlantUML's concurrent regions; the parallel state has
/// no `[*]`. PlantUML links no state inside a region to one outside it ("cannot be linked out
/// of this concurrent state"), and a history pseudo-state or a note beside the regions ends
/// them, so a transition into or out of a region, or to a parallel state's history, is a line
/// of its source state written as in the spec (`swap -> muted`), as the transitions that stay
/// in their state are, and a region's note is written inside it (a region that is a parallel
/// state has none). A transition with several targets is an arrow to each (a line naming them
/// all when one crosses a region's border); PlantUML draws no arrow from a history
/// pseudo-state, so a history's default is a line of its state (`history -> detail / act`).
/// Doc comments become notes: beside a state, on a transition's arrow, and the
/// machine's is the diagram's caption. See ``StateDiagram``.
///
/// Text is escaped with numeric entities (`&#60;` for `<`), which PlantUML shows as the
/// character and never reads as Creole markup, HTML, a preprocessor call or a command.
///
/// A child machine (`invoke SignIn as signIn`) given in `children` is drawn after the
/// machine's states as a composite state titled with its name (`SignIn_chart`), holding its own
/// chart, its identifiers starting with `SignIn_`, and a dotted arrow labeled with the
/// invocation's name goes from each invoking state to it.
public struct PlantUMLEmitter {
    let model: MachineModel
    let diagram: StateDiagram
    let identifiers: DiagramIdentifiers
    /// The charts of the child machines, by machine name.
    let children: [String: MachineModel]

    /// The PlantUML source of the machine's diagram; `children` are the target's other
    /// machines, by name, whose charts are drawn beside the states that invoke them.
    public static func emit(_ model: MachineModel, children: [String: MachineModel] = [:]) -> String {
        PlantUMLEmitter(
            model: model, diagram: StateDiagram(model: model),
            identifiers: DiagramIdentifiers(model, isPlain: isPlainIdentifier), children: children
        ).emit()
    }

    func emit() -> String {
        var writer = CodeWriter(indentUnit: "  ")
        writer.line("@startuml")
        writer.line("title \(Self.text(model.name))")
        let documentation = StateDiagram.documentationLines(model.documentation)
        if !documentation.isEmpty {
            writer.line("caption " + documentation.map(Self.text).joined(separator: "\\n"))
        }
        writer.line("hide empty description")
        writer.line()
        emitContents(of: nil, into: &writer)
        var taken = identifiers.taken
        emitChildCharts(into: &writer, taken: &taken)
        writer.line("@enduml")
        return writer.text
    }

    /// Each child machine's chart as a composite state, once however often it is invoked
    /// (its own children's inside it), and a dotted arrow from each invoking state to it.
    /// `taken`: the identifiers of every chart so far.
    private func emitChildCharts(into writer: inout CodeWriter, taken: inout Set<String>) {
        var charts: [String: String] = [:]
        for child in diagram.childCharts(in: children) {
            let chart = DiagramIdentifiers.unique(child.name + "_chart", avoiding: &taken)
            charts[child.name] = chart
            let childIdentifiers = DiagramIdentifiers(child, isPlain: Self.isPlainIdentifier, prefix: child.name + "_", taken: taken)
            taken = childIdentifiers.taken
            let emitter = PlantUMLEmitter(model: child, diagram: StateDiagram(model: child), identifiers: childIdentifiers, children: children)
            writer.block("state \"\(Self.text(child.name))\" as \(chart)") { writer in
                emitter.emitContents(of: nil, into: &writer)
                emitter.emitChildCharts(into: &writer, taken: &taken)
            }
        }
        for invocation in diagram.childInvocations(in: children) {
            guard case .machine(let name) = invocation.kind, let chart = charts[name] else { continue }
            writer.line("\(identifiers[invocation.owner]) -[dotted]-> \(chart) : \(Self.text(invocation.name))")
        }
    }

    /// Everything inside `container` (the machine for `nil`): the initial marker, the
    /// states, the arrows between them and the final markers.
    private func emitContents(of container: StateID?, into writer: inout CodeWriter) {
        if let initial = diagram.initialChild(of: container) {
            writer.line("[*] --> \(identifiers[initial])")
        }
        let children = diagram.children(of: container)
        let isParallel = container.map { model[$0].isParallel } ?? false
        for (index, child) in children.enumerated() {
            // The regions of a parallel state, separated as concurrent regions.
            if isParallel, index > 0 { writer.line("--") }
            emitState(model[child], into: &writer)
        }
        if container == nil, diagram.hasMachineLevelTransitions {
            writer.line("state \"\(Self.text(StateDiagram.anyStateLabel))\" as \(identifiers.anyState) ##[dashed]")
            for transition in model.machineTransitions where transition.target == nil || isWrittenAsLine(transition) {
                let line = transition.target == nil ? SpecText.transitionLabel(transition, in: model) : diagram.lineLabel(transition)
                writer.line("\(identifiers.anyState) : \(Self.text(line))")
            }
        }
        for transition in diagram.arrows where diagram.container(of: transition) == container && !isWrittenAsLine(transition) {
            emitArrow(transition, into: &writer)
        }
        for child in children where model[child].isFinal {
            writer.line("\(identifiers[child]) --> [*]")
        }
        // A region's note stays inside it: beside the regions it would end them, and outside
        // the parallel state PlantUML could not link it.
        if let container, diagram.isRegion(model[container]), !isParallel {
            emitNote("note right of \(identifiers[container])", StateDiagram.documentationLines(model[container].documentation), into: &writer)
        }
    }

    /// A state, its lines and its note (a region's is written inside it, see
    /// ``emitContents(of:into:)``; a region that is a parallel state has nowhere to put one).
    private func emitState(_ state: StateModel, into writer: inout CodeWriter) {
        let identifier = identifiers[state.id]
        let declaration = identifiers.isGenerated(state)
            ? "state \"\(Self.text(state.name))\" as \(identifier)" : "state \(identifier)"
        if state.children.isEmpty {
            writer.line(declaration)
        } else {
            writer.block(declaration) { writer in
                emitContents(of: state.id, into: &writer)
            }
        }
        for line in diagram.bodyLines(of: state, alsoWritingAsLines: isWrittenAsLine) + [diagram.historyDefaultLine(of: state)].compactMap({ $0 }) {
            writer.line("\(identifier) : \(Self.text(line))")
        }
        if !diagram.isRegion(state) {
            emitNote("note right of \(identifier)", StateDiagram.documentationLines(state.documentation), into: &writer)
        }
    }

    /// The arrow of a transition, one to each of its targets.
    private func emitArrow(_ transition: TransitionModel, into writer: inout CodeWriter) {
        let label = Self.text(diagram.arrowLabel(transition))
        for target in transition.targets {
            var head = identifiers[target]
            if transition.targetsHistory {
                head += model[target].history == .deep ? "[H*]" : "[H]"
            }
            if let source = transition.source {
                writer.line("\(identifiers[source]) --> \(head) : \(label)")
            } else {
                writer.line("\(identifiers.anyState) -[dashed]-> \(head) : \(label)")
            }
            emitNote("note on link", StateDiagram.documentationLines(transition.documentation), into: &writer)
        }
    }

    /// Whether a transition with a target is a line of its source rather than an arrow,
    /// because PlantUML cannot draw the arrow: it would cross the border of a region (one end
    /// lies inside the region, or is the region, and the other does not), or end at the
    /// history of a parallel state, whose `[H]` PlantUML would put beside the regions, ending
    /// them.
    private func isWrittenAsLine(_ transition: TransitionModel) -> Bool {
        guard transition.target != nil, diagram.hasRegions else { return false }
        if diagram.targetsHistoryOfParallelState(transition) { return true }
        func regions(around state: StateID?) -> [StateID] {
            state.map { model.path(from: $0).filter { diagram.isRegion(model[$0]) } } ?? []
        }
        return transition.targets.contains { regions(around: transition.source) != regions(around: $0) }
    }

    private func emitNote(_ opening: String, _ lines: [String], into writer: inout CodeWriter) {
        guard !lines.isEmpty else { return }
        writer.line(opening)
        writer.indented { writer in
            for line in lines {
                writer.line(Self.text(line))
            }
        }
        writer.line("end note")
    }

    // MARK: - Identifiers and escaping

    /// Whether PlantUML reads `name` as a state identifier: ASCII and none of its keywords.
    static func isPlainIdentifier(_ name: String) -> Bool {
        DiagramIdentifiers.isASCIIIdentifier(name) && !keywords.contains(name.lowercased())
    }

    private static let keywords: Set<String> = [
        "state", "note", "end", "endnote", "title", "caption", "legend", "endlegend", "header", "footer",
        "hide", "show", "remove", "skinparam", "skin", "scale", "left", "right", "up", "down", "top",
        "bottom", "as", "of", "on", "link", "together", "newpage", "sprite", "frame", "package",
        "rectangle", "class", "object", "usecase", "actor", "component", "interface", "enum", "abstract",
        "json", "start", "stop", "mainframe", "namespace", "set", "allowmixing", "allow_mixing",
    ]

    /// Text for a label, a description line or a note (and a quoted name, which has no `"`).
    /// `\` is doubled (PlantUML reads `\n` as a line break); `<`, `>`, `&`, `%` and `~` always
    /// become entities, and so does a Creole markup character written twice in a row (`**`,
    /// `//`, `--`, `__`, `^^`, `,,`, `==`, `[[`, `]]`, `''`, `""`) and a first character that
    /// would start a comment, a preprocessor line, a list, a table, `@enduml` or `end note`.
    static func text(_ text: String) -> String {
        let characters = Array(text)
        let doubledMarkup: Set<Character> = ["*", "/", "-", "_", "^", ",", "=", "[", "]", "'", "\""]
        let lineStarts: Set<Character> = ["'", "!", "#", "*", "|", "=", "-", "+", "@", ".", "e", "E"]
        var result = ""
        for (index, character) in characters.enumerated() {
            let needsEntity = switch character {
            case "<", ">", "&", "%", "~": true
            case _ where index == 0 && lineStarts.contains(character):
                !"eE".contains(character) || text.lowercased().hasPrefix("end note") || text.lowercased().hasPrefix("endnote")
            case _ where doubledMarkup.contains(character):
                (index > 0 && characters[index - 1] == character)
                    || (index + 1 < characters.count && characters[index + 1] == character)
            default: false
            }
            if character == "\\" {
                result += "\\\\"
            } else if needsEntity, let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 {
                result += "&#\(scalar.value);"
            } else {
                result.append(character)
            }
        }
        return result
    }
}
