import FSMCore
/// Draws a machine as a Graphviz DOT graph (render it with `dot -Tsvg`).
///
/// States are rounded boxes; a final state has a double border; a small filled point
/// marks the initial state. Entry and exit actions and internal transitions are lines
/// inside their state, under a rule. Machine-level transitions leave a dashed "any state"
/// box along dashed arrows. A state with children is a cluster with its own initial point,
/// and a circled `H` or `H*` where arrows to `X.history` end when it keeps a history. Arrows
/// to and from it end at the cluster's border (`done` arrows leave it like any other), except
/// an arrow from inside it, which ends at its initial point unclipped: Graphviz clips only at
/// a cluster the other end lies outside of. Doc comments become tooltips (shown when hovering
/// the SVG): the machine's on the graph, a state's on its box, a transition's on its arrow.
/// A parallel state is a cluster without an initial point whose regions are dashed clusters
/// side by side, in document order, each with its own initial point: the regions' initial
/// points share a rank (the graph sets `newrank`), below an invisible point of the parallel
/// state that arrows to and from it attach to, clipped at its border. An arrow between two
/// regions does not move them apart (`constraint=false`). A region without states is a dashed
/// box among them. A transition with several targets is an arrow to each; a history's default
/// is an arrow from its circled `H` to each of its targets, labeled with its actions.
/// A child machine (`invoke SignIn as signIn`) given in `children` is drawn beside its
/// parent's chart as a dashed cluster titled with its name, holding its own chart (and its own
/// children's), and a dotted arrow labeled with the invocation's name goes from each invoking
/// state to the child's initial point, where it starts. Beside, not inside: inside, the
/// child's chart would turn an atomic state into a cluster and read as its substates. The
/// child's nodes and clusters are named `SignIn/form`, which no state name can be, and
/// labeled with their names.
/// See ``StateDiagram`` for what every notation shows.
public struct DotEmitter {
    let model: MachineModel
    let diagram: StateDiagram
    /// The charts of the child machines, by machine name.
    let children: [String: MachineModel]
    /// What the names of this chart's nodes and clusters start with: empty for the machine
    /// drawn, `SignIn/` for the chart of its child `SignIn`.
    let namespace: String

    /// The DOT source of the machine's diagram; `children` are the target's other machines,
    /// by name, whose charts are drawn beside the states that invoke them.
    public static func emit(_ model: MachineModel, children: [String: MachineModel] = [:]) -> String {
        DotEmitter(model: model, diagram: StateDiagram(model: model), children: children, namespace: "").emit()
    }

    func emit() -> String {
        var writer = CodeWriter()
        writer.block("digraph \(Self.quoted(model.name))") { writer in
            var graphAttributes = ["label=<<b>\(Self.html(model.name))</b>>", "labelloc=t", "fontname=\"Helvetica\""]
            if let documentation = model.documentation { graphAttributes.append("tooltip=\(Self.quoted(documentation))") }
            if model.states.contains(where: { !$0.children.isEmpty }) { graphAttributes.append("compound=true") }
            // Ranks shared by nodes of different clusters: the regions' initial points.
            if model.states.contains(where: { $0.isParallel && !$0.children.isEmpty }) { graphAttributes.append("newrank=true") }
            writer.line("graph [\(graphAttributes.joined(separator: ", "))];")
            writer.line("node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=12];")
            writer.line("edge [fontname=\"Helvetica\", fontsize=10];")
            writer.line()
            emitChart(into: &writer)
        }
        return writer.text
    }

    /// The machine's states, its "any state", its arrows, then its children's charts.
    private func emitChart(into writer: inout CodeWriter) {
        emitContents(of: nil, into: &writer)
        if diagram.hasMachineLevelTransitions {
            let label = Self.label(title: "<i>\(Self.html(StateDiagram.anyStateLabel))</i>", lines: diagram.machineBodyLines)
            writer.line("\(anyState) [label=\(label), style=\"rounded,dashed\"];")
        }
        let arrows = diagram.arrows
        let historyDefaults = diagram.statesWithHistoryDefaults
        if !arrows.isEmpty || !historyDefaults.isEmpty { writer.line() }
        for transition in arrows {
            emitArrow(transition, into: &writer)
        }
        for state in historyDefaults {
            emitHistoryDefault(of: state, into: &writer)
        }
        emitChildCharts(into: &writer)
    }

    // MARK: - Child machines

    /// Each child machine's chart in a dashed cluster, once however often it is invoked, and a
    /// dotted arrow from each invoking state to it.
    private func emitChildCharts(into writer: inout CodeWriter) {
        let drawn = diagram.childCharts(in: children)
        guard !drawn.isEmpty else { return }
        for child in drawn {
            let emitter = DotEmitter(
                model: child, diagram: StateDiagram(model: child), children: children, namespace: namespace + child.name + "/")
            writer.line()
            writer.block("subgraph \(Self.quoted("cluster " + emitter.namespace))") { writer in
                writer.line("graph [label=<<b>\(Self.html(child.name))</b>>, style=\"rounded,dashed\"];")
                emitter.emitChart(into: &writer)
            }
        }
        writer.line()
        for invocation in diagram.childInvocations(in: children) {
            guard case .machine(let name) = invocation.kind else { continue }
            let owner = model[invocation.owner]
            let childStart = Self.quoted("*initial " + namespace + name + "/")
            // Into the child's initial point, unclipped: the child starts there.
            var attributes = ["label=\(Self.quoted(invocation.name))", "style=dotted"]
            if !owner.children.isEmpty { attributes.append("ltail=\(cluster(of: owner))") }
            writer.line("\(node(owner.id)) -> \(childStart)\(Self.attributes(attributes));")
        }
    }

    // MARK: - States

    /// The initial point of `container` (the machine for `nil`) and its states.
    private func emitContents(of container: StateID?, into writer: inout CodeWriter) {
        let parallel = container.flatMap { model[$0].isParallel ? model[$0] : nil }
        if let parallel {
            // Every region is entered: no initial point, but one for arrows to attach to.
            writer.line("\(parallelPoint(of: parallel)) [shape=point, style=invis, width=0.01];")
        } else {
            let point = initialPoint(of: container.map { model[$0] })
            writer.line("\(point) [shape=point, width=0.15];")
            if let initial = diagram.initialChild(of: container) {
                writer.line("\(point) -> \(node(initial))\(Self.attributes(headAttributes(initial, from: container)));")
            }
        }
        if let container, let history = diagram.historyLabel(of: model[container]) {
            writer.line("\(historyPoint(of: model[container])) [shape=circle, label=\(Self.quoted(history)), width=0.3, fixedsize=true, fontsize=10];")
        }
        for child in diagram.children(of: container) {
            emitState(model[child], into: &writer)
        }
        if let parallel {
            // The regions side by side, in document order: their initial points on one rank,
            // below the parallel state's point, whose edges to them order them.
            let starts = parallel.children.map(node)
            writer.line("{ rank=same; \(starts.map { "\($0);" }.joined(separator: " ")) }")
            for start in starts {
                writer.line("\(parallelPoint(of: parallel)) -> \(start) [style=invis];")
            }
        }
    }

    private func emitState(_ state: StateModel, into writer: inout CodeWriter) {
        var attributes: [String] = []
        let lines = diagram.bodyLines(of: state)
        guard !state.children.isEmpty else {
            if !lines.isEmpty { attributes.append("label=\(Self.label(title: Self.html(state.name), lines: lines))") }
            if state.isFinal { attributes.append("peripheries=2") }
            // A region without states, beside the regions' dashed clusters.
            if diagram.isRegion(state) { attributes.append("style=\"rounded,dashed\"") }
            if let documentation = state.documentation { attributes.append("tooltip=\(Self.quoted(documentation))") }
            // A child's node is named `SignIn/form` and labeled `form`.
            if lines.isEmpty, !namespace.isEmpty { attributes.insert("label=<\(Self.html(state.name))>", at: 0) }
            writer.line("\(node(state.id))\(Self.attributes(attributes));")
            return
        }
        writer.block("subgraph \(cluster(of: state))") { writer in
            attributes.append("label=\(Self.label(title: Self.html(state.name), lines: lines))")
            attributes.append(diagram.isRegion(state) ? "style=\"rounded,dashed\"" : "style=rounded")
            if let documentation = state.documentation { attributes.append("tooltip=\(Self.quoted(documentation))") }
            writer.line("graph [\(attributes.joined(separator: ", "))];")
            emitContents(of: state.id, into: &writer)
        }
    }

    /// A plain label for a bare name; for a state with lines inside, a table with the lines
    /// in the edge labels' size under a rule.
    private static func label(title: String, lines: [String]) -> String {
        guard !lines.isEmpty else { return "<\(title)>" }
        let rows = lines.map { "<tr><td align=\"left\"><font point-size=\"10\">\(html($0))</font></td></tr>" }.joined()
        return "<<table border=\"0\" cellborder=\"0\" cellspacing=\"0\"><tr><td>\(title)</td></tr><hr/>\(rows)</table>>"
    }

    // MARK: - Arrows

    /// The arrow of a transition, one to each of its targets.
    private func emitArrow(_ transition: TransitionModel, into writer: inout CodeWriter) {
        var common = ["label=\(Self.quoted(diagram.arrowLabel(transition)))"]
        let tail: String
        if let source = transition.source {
            tail = node(source)
            // Arrows from a compound state never end inside it: those are lines in its box.
            if !model[source].children.isEmpty { common.append("ltail=\(cluster(of: model[source]))") }
        } else {
            tail = anyState
            common.append("style=dashed")
        }
        for target in transition.targets {
            var attributes = common
            let head: String
            if transition.targetsHistory {
                head = historyPoint(of: model[target])
            } else {
                head = node(target)
                attributes += headAttributes(target, from: transition.source)
            }
            if let source = transition.source, diagram.crossesRegions(from: source, to: target) {
                attributes.append("constraint=false")
            }
            if let documentation = transition.documentation { attributes.append("tooltip=\(Self.quoted(documentation))") }
            writer.line("\(tail) -> \(head)\(Self.attributes(attributes));")
        }
    }

    /// The arrows of a history's default, from the state's circled `H` to each target.
    private func emitHistoryDefault(of state: StateModel, into writer: inout CodeWriter) {
        guard let historyDefault = state.historyDefault else { return }
        let label = diagram.historyDefaultLabel(historyDefault)
        for target in historyDefault.targets {
            var attributes = label.isEmpty ? [] : ["label=\(Self.quoted(label))"]
            attributes += headAttributes(target, from: state.id)
            writer.line("\(historyPoint(of: state)) -> \(node(target))\(Self.attributes(attributes));")
        }
    }

    /// The node an arrow to or from `state` attaches to: the state's own, the initial point
    /// inside a composite state's cluster, or the invisible point inside a parallel state's.
    private func node(_ state: StateID) -> String {
        let state = model[state]
        if state.children.isEmpty { return Self.quoted(namespace + state.name) }
        return state.isParallel ? parallelPoint(of: state) : initialPoint(of: state)
    }

    /// Clips an arrow into a composite state at its cluster's border, unless it comes from
    /// inside the cluster (`source`: a state, or `nil` for the machine level).
    private func headAttributes(_ target: StateID, from source: StateID?) -> [String] {
        guard !model[target].children.isEmpty, !(source.map { model.isDescendant($0, of: target) } ?? false) else { return [] }
        return ["lhead=\(cluster(of: model[target]))"]
    }

    // MARK: - Names and escaping

    /// Pseudo-nodes have a `*` in their names, which no state name has.
    private var anyState: String { Self.quoted(namespace.isEmpty ? "*any" : "*any " + namespace) }

    private func initialPoint(of state: StateModel?) -> String {
        Self.quoted(state.map { "*initial \(namespace)\($0.name)" } ?? (namespace.isEmpty ? "*initial" : "*initial " + namespace))
    }

    private func parallelPoint(of state: StateModel) -> String {
        Self.quoted("*parallel \(namespace)\(state.name)")
    }

    private func historyPoint(of state: StateModel) -> String {
        Self.quoted("*history \(namespace)\(state.name)")
    }

    private func cluster(of state: StateModel) -> String {
        Self.quoted("cluster \(namespace)\(state.name)")
    }

    private static func attributes(_ attributes: [String]) -> String {
        attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
    }

    /// A DOT string: quotes and backslashes escaped (so Graphviz's `\N`, `\G`, … stay
    /// text), line breaks as `\n`.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r\n": result += "\\n"
            case "\r": break
            default: result.append(character)
            }
        }
        return result + "\""
    }

    /// Text inside an HTML-like label.
    static func html(_ text: String) -> String {
        MarkupText.escaped(text, lineBreaks: .breakElements)
    }
}
