import FSMCore
/// Draws a machine as a Mermaid `stateDiagram-v2` (GitHub renders it in a ```` ```mermaid ````
/// block).
///
/// `[*] -->` marks the initial state and `--> [*]` the final ones. Entry and exit actions
/// and internal transitions are description lines of their state (`playing : entry / …`),
/// under its name. Machine-level transitions leave an "any state" pseudo-state with a
/// dashed border. A state with children is a composite state with its own `[*]`; its
/// entry, exit and internal lines go into a note, since a composite state has no
/// description lines. Mermaid has no history pseudo-state, so a state labeled `H` (or `H*`)
/// inside the composite state stands for it. A parallel state is a composite state whose
/// regions, composite states each with its own `[*]`, are separated by `--`, Mermaid's
/// concurrent regions; the parallel state has no `[*]` and no `H` state (an arrow to its history
/// is a line of its source, `wake -> studio.history`), and the notes of its regions follow it
/// rather than stand between them. A transition with several targets is an arrow to each; a
/// history's default is an arrow from the `H` state to each of its targets (a parallel
/// state's, which has no `H` state, is a line of its note). Doc comments become notes beside their state,
/// and the machine's becomes the diagram's accessible description; Mermaid has no notes on
/// transitions, so their doc comments stay in the source as `%%` comments. See
/// ``StateDiagram``.
///
/// Text is escaped with Mermaid's entity codes (`#58;` for `:`), which work everywhere in
/// a diagram, also where a backslash or HTML entity would not.
///
/// A child machine (`invoke SignIn as signIn`) given in `children` is drawn after the
/// machine's states as a composite state titled with its name (`SignIn_chart`), holding its own
/// chart, its identifiers starting with `SignIn_`, and an arrow labeled with the invocation's
/// name goes from each invoking state to it.
public struct MermaidEmitter {
    let model: MachineModel
    let diagram: StateDiagram
    let identifiers: DiagramIdentifiers
    /// The charts of the child machines, by machine name.
    let children: [String: MachineModel]
    /// Whether this is the chart of a child machine, inside the machine's diagram.
    var isChild = false

    /// The Mermaid source of the machine's diagram; `children` are the target's other machines,
    /// by name, whose charts are drawn beside the states that invoke them.
    public static func emit(_ model: MachineModel, children: [String: MachineModel] = [:]) -> String {
        MermaidEmitter(
            model: model, diagram: StateDiagram(model: model),
            identifiers: DiagramIdentifiers(model, isPlain: isPlainIdentifier), children: children
        ).emit()
    }

    func emit() -> String {
        var writer = CodeWriter()
        writer.line("---")
        writer.line("title: \"\(model.name)\"")
        writer.line("---")
        writer.line("stateDiagram-v2")
        writer.indented { writer in
            let documentation = StateDiagram.documentationLines(model.documentation)
            if !documentation.isEmpty {
                writer.line("accDescr: " + Self.text(documentation.joined(separator: " ")))
            }
            var notes: [DeferredNote] = []
            emitContents(of: nil, into: &writer, notes: &notes)
            var taken = identifiers.taken
            emitChildCharts(into: &writer, taken: &taken)
        }
        return writer.text
    }

    /// Each child machine's chart as a composite state, once however often it is invoked
    /// (its own children's inside it), and an arrow from each invoking state to it. `taken`:
    /// the identifiers of every chart so far.
    private func emitChildCharts(into writer: inout CodeWriter, taken: inout Set<String>) {
        var charts: [String: String] = [:]
        for child in diagram.childCharts(in: children) {
            let chart = DiagramIdentifiers.unique(child.name + "_chart", avoiding: &taken)
            charts[child.name] = chart
            let childIdentifiers = DiagramIdentifiers(child, isPlain: Self.isPlainIdentifier, prefix: child.name + "_", taken: taken)
            taken = childIdentifiers.taken
            let emitter = MermaidEmitter(
                model: child, diagram: StateDiagram(model: child), identifiers: childIdentifiers, children: children, isChild: true)
            writer.block("state \"\(Self.text(child.name))\" as \(chart)") { writer in
                var notes: [DeferredNote] = []
                emitter.emitContents(of: nil, into: &writer, notes: &notes)
                emitter.emitChildCharts(into: &writer, taken: &taken)
            }
        }
        for invocation in diagram.childInvocations(in: children) {
            guard case .machine(let name) = invocation.kind, let chart = charts[name] else { continue }
            writer.line("\(identifiers[invocation.owner]) --> \(chart) : \(Self.text(invocation.name))")
        }
    }

    /// Everything inside `container` (the machine for `nil`): the initial marker, the
    /// states, the arrows between them and the final markers. The notes of regions go to
    /// `notes`, to be written after their parallel state.
    private func emitContents(of container: StateID?, into writer: inout CodeWriter, notes: inout [DeferredNote]) {
        if let initial = diagram.initialChild(of: container) {
            writer.line("[*] --> \(identifiers[initial])")
        }
        // A parallel state's history would stand beside its regions; arrows to it are lines.
        if let container, !model[container].isParallel, let history = diagram.historyLabel(of: model[container]) {
            writer.line("state \"\(Self.text(history))\" as \(identifiers.history(of: container))")
        }
        let children = diagram.children(of: container)
        let isParallel = container.map { model[$0].isParallel } ?? false
        for (index, child) in children.enumerated() {
            // The regions of a parallel state, separated as concurrent regions.
            if isParallel, index > 0 { writer.line("--") }
            emitState(model[child], into: &writer, notes: &notes)
        }
        if container == nil, diagram.hasMachineLevelTransitions {
            writer.line("state \"\(Self.text(StateDiagram.anyStateLabel))\" as \(identifiers.anyState)")
            for transition in model.machineTransitions where transition.target == nil || isWrittenAsLine(transition) {
                let line = transition.target == nil ? SpecText.transitionLabel(transition, in: model) : diagram.lineLabel(transition)
                writer.line("\(identifiers.anyState) : \(Self.text(line))")
            }
        }
        for transition in diagram.arrows where diagram.container(of: transition) == container && !isWrittenAsLine(transition) {
            emitArrow(transition, into: &writer)
        }
        if let container, !model[container].isParallel, let historyDefault = model[container].historyDefault {
            let label = diagram.historyDefaultLabel(historyDefault)
            for target in historyDefault.targets {
                writer.line("\(identifiers.history(of: container)) --> \(identifiers[target])" + (label.isEmpty ? "" : " : \(Self.text(label))"))
            }
        }
        for child in children where model[child].isFinal {
            writer.line("\(identifiers[child]) --> [*]")
        }
        // A child's chart is a composite state, where Mermaid takes no class definition.
        if container == nil, diagram.hasMachineLevelTransitions, !isChild {
            writer.line("classDef machineLevel stroke-dasharray:5 5,font-style:italic")
            writer.line("class \(identifiers.anyState) machineLevel")
        }
    }

    /// A state's note, held back until its parallel state's block is closed.
    private struct DeferredNote {
        var identifier: String
        var lines: [String]
    }

    /// A transition with a target that is a line of its source rather than an arrow: one to
    /// the history of a parallel state, which has no `H` state (see ``emitContents(of:into:notes:)``).
    private func isWrittenAsLine(_ transition: TransitionModel) -> Bool {
        diagram.targetsHistoryOfParallelState(transition)
    }

    /// A state, its lines and its note. A note between the regions of a parallel state would
    /// stand in one of the concurrent regions, so the notes of regions (and what they hold
    /// back) go after the parallel state, into `notes` when the parallel state is a region itself.
    private func emitState(_ state: StateModel, into writer: inout CodeWriter, notes: inout [DeferredNote]) {
        let identifier = identifiers[state.id]
        let declaration = "state \"\(Self.text(state.name))\" as \(identifier)"
        var lines = diagram.bodyLines(of: state, alsoWritingAsLines: isWrittenAsLine)
        // A parallel state has no `H` state for its history's default to start from.
        if state.isParallel, let historyDefault = diagram.historyDefaultLine(of: state) { lines.append(historyDefault) }
        let documentation = StateDiagram.documentationLines(state.documentation)
        var pending: [DeferredNote] = []
        if state.children.isEmpty {
            // A description line would take the place of the name, unless the name comes first.
            writer.line(identifiers.isGenerated(state) || !lines.isEmpty ? declaration : identifier)
            for line in lines {
                writer.line("\(identifier) : \(Self.text(line))")
            }
            if !documentation.isEmpty { pending.append(DeferredNote(identifier: identifier, lines: documentation)) }
        } else {
            var regionNotes: [DeferredNote] = []
            writer.block(identifiers.isGenerated(state) ? declaration : "state \(identifier)") { writer in
                emitContents(of: state.id, into: &writer, notes: &regionNotes)
            }
            if !(documentation + lines).isEmpty { pending.append(DeferredNote(identifier: identifier, lines: documentation + lines)) }
            pending += regionNotes
        }
        if diagram.isRegion(state) {
            notes += pending
        } else {
            for note in pending {
                emitNote(note.lines, on: note.identifier, into: &writer)
            }
        }
    }

    private func emitNote(_ lines: [String], on identifier: String, into writer: inout CodeWriter) {
        guard !lines.isEmpty else { return }
        writer.line("note right of \(identifier)")
        writer.indented { writer in
            for line in lines {
                writer.line(Self.text(line))
            }
        }
        writer.line("end note")
    }

    /// The arrow of a transition, one to each of its targets.
    private func emitArrow(_ transition: TransitionModel, into writer: inout CodeWriter) {
        for line in StateDiagram.documentationLines(transition.documentation) {
            writer.line("%% " + line)
        }
        let source = transition.source.map { identifiers[$0] } ?? identifiers.anyState
        let label = Self.text(diagram.arrowLabel(transition))
        for target in transition.targets {
            let head = transition.targetsHistory ? identifiers.history(of: target) : identifiers[target]
            writer.line("\(source) --> \(head) : \(label)")
        }
    }

    // MARK: - Identifiers and escaping

    /// Whether Mermaid reads `name` as a state identifier: ASCII, and neither one of its
    /// keywords nor starting with `default`, which its lexer splits off any identifier.
    static func isPlainIdentifier(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return DiagramIdentifiers.isASCIIIdentifier(name)
            && !lowercased.hasPrefix("default") && !lowercased.hasPrefix("statediagram")
            && !keywords.contains(lowercased)
    }

    private static let keywords: Set<String> = [
        "state", "note", "class", "classdef", "scale", "direction", "end", "hide", "as", "root",
        "style", "click", "href", "acctitle", "accdescr",
    ]

    /// Text for a label, a description line or a note (and a quoted name, which has no `"`).
    /// Characters that end or start something in Mermaid (`:`, `;`, `#`, `%`), in HTML (`<`,
    /// `>`, `&`) or in Markdown (`*`, `` ` ``, `\`, `~`, a `_` beside a non-letter, a list's
    /// start) become entity codes, and so does the first letter of `end note` and of
    /// `direction` followed by a space, which Mermaid takes for a command anywhere in a line.
    /// Mermaid replaces entity codes before it parses, so their own `;` ends nothing.
    static func text(_ text: String) -> String {
        let characters = Array(text)
        func isWordCharacter(_ index: Int) -> Bool {
            characters.indices.contains(index) && (characters[index].isLetter || characters[index].isNumber)
        }
        func startsCommand(at index: Int) -> Bool {
            guard "eEdD".contains(characters[index]) else { return false }
            let next = String(characters[index..<min(index + 10, characters.count)]).lowercased()
            return next.hasPrefix("end note") || next.hasPrefix("direction") && next.count == 10 && next.last!.isWhitespace
        }
        // Markdown reads a line that starts with `-`, `+` or `=`, or digits and `.` or `)`, as a list.
        let leadingDigits = characters.prefix { $0.isASCII && $0.isNumber }.count
        var result = ""
        for (index, character) in characters.enumerated() {
            let needsCode = switch character {
            case ":", ";", "#", "%", "<", ">", "&", "*", "`", "\\", "~": true
            case "_": !isWordCharacter(index - 1) || !isWordCharacter(index + 1)
            case "-", "+", "=": index == 0
            case ".", ")": index == leadingDigits && leadingDigits > 0
            default: startsCommand(at: index)
            }
            if needsCode, let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 {
                result += "#\(scalar.value);"
            } else {
                result.append(character)
            }
        }
        return result
    }
}
