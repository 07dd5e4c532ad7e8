import FSMCore
/// Reads a W3C SCXML chart into a ``MachineModel`` for the part of SCXML fsmc's language can
/// express, the inverse of ``SCXMLEmitter``'s mapping; everything else is refused with an error
/// at the element or attribute that says it. docs/SCXML.md ("Import") lists the mapping and
/// every refusal.
///
/// The model is what ``SpecText/spec(_:)`` writes as a spec; the spec text is then compiled
/// like any other, so the language's own checks apply to it. Locations in the model are the
/// chart's.
public struct SCXMLImporter {
    /// The chart's states as read, in document order (a parent before its children).
    var chart: [ChartState] = []
    /// The top-level states of the document, the wrapper included.
    var topLevel: [Int] = []
    /// The `<state id="fsmc.machine">` the export wraps the machine in, when there is one:
    /// its transitions are machine-level ones.
    var wrapper: Int?
    /// Each state's index in ``chart`` by its SCXML id.
    var stateIndex: [String: Int] = [:]
    /// Each history by its SCXML id.
    var histories: [String: ChartHistory] = [:]
    /// The variables of `<datamodel>`, by their SCXML id.
    var variables: [String: DataVariable] = [:]
    /// The namespace of the root element, SCXML's (or none); elements in others are extensions
    /// (such as Qt Creator's layout) and are skipped.
    var namespace: String?
    var root: XMLElement
    /// Each compound state's initial child once worked out (`nil` inside: it has none).
    var initialChildren: [Int: Int?] = [:]
    /// The initial child of each state an `initial` naming descendants goes through (and of
    /// the state that names them), worked out by ``resolveInitialPaths()``.
    var pathInitialChildren: [Int: Int] = [:]
    /// The top-level state `<scxml initial>` starts in when it names states below one.
    var machinePathInitial: Int?
    var diagnostics = DiagnosticBag()
    /// Each event's fsmc name by its SCXML name, given by ``declareEvents(_:into:)``.
    var eventNames: [String: String] = [:]
    /// The id of the `<invoke>` whose `<content>` this chart is, when it is a child machine's.
    var invokedAs: String?
    /// The child charts the states invoke, in document order.
    var invocations: [ChartInvocation] = []
    /// The data the export numbers a child machine's runs with (`fsmc_run_signIn`, and a
    /// child's own `fsmc_run`), by id: not guards.
    var runVariables: [String: XMLElement] = [:]
    /// The machines of the child charts, grandchildren included, in document order.
    var childMachines: [MachineModel] = []
    /// The variables the export declares for the state data fields `update(…)` assigns, by id
    /// (``SCXMLEmitter/dataUpdateNote`` before each): not guards, and their `<assign>`s are no
    /// actions (``isExportedUpdate(_:)``).
    var dataUpdateVariables: Set<String> = []
    /// The elements of the export's run numbers and of a child's sends to its parent, read
    /// back as what they stand for (``readInvocation(_:of:documentation:)``): not actions.
    var childMachineElements: Set<SourceRange> = []

    /// The model of the chart, or `nil` with the errors that keep it from being one.
    ///
    /// - Parameter fallbackName: the machine's name when `<scxml>` has no `name` (a front end
    ///   passes the file's name).
    /// - Returns: also the names the import gave the chart's state ids and events
    ///   (``SCXMLImport/stateNames``, ``SCXMLImport/eventNames``), empty without a model.
    public static func importChart(_ source: SourceText, fallbackName: String)
        -> (model: MachineModel?, diagnostics: [Diagnostic], stateNames: [String: String], eventNames: [String: String]) {
        let chart = importChartWithChildren(source, fallbackName: fallbackName)
        return (chart.model, chart.diagnostics, chart.stateNames, chart.eventNames)
    }

    /// ``importChart(_:fallbackName:)``, with the machines of the child charts its `<invoke>`s
    /// hold inline (docs/SCXML.md, "Child machines"), grandchildren included, in document order.
    public static func importChartWithChildren(_ source: SourceText, fallbackName: String)
        -> (model: MachineModel?, children: [MachineModel], diagnostics: [Diagnostic], stateNames: [String: String], eventNames: [String: String]) {
        var bag = DiagnosticBag()
        guard let document = XMLReader.read(source, diagnostics: &bag) else { return (nil, [], bag.sorted, [:], [:]) }
        let root = document.root
        guard root.localName == "scxml", root.namespace == nil || root.namespace == SCXMLEmitter.namespace else {
            bag.error("the root element is <\(root.qualifiedName)>, not SCXML's <scxml> (namespace \(SCXMLEmitter.namespace))", at: root.range)
            return (nil, [], bag.sorted, [:], [:])
        }
        var importer = SCXMLImporter(namespace: root.namespace, root: root)
        let model = importer.machine(documentation: Self.documentation(document.leadingComments), fallbackName: fallbackName)
        guard let model, !importer.diagnostics.hasErrors else { return (nil, [], importer.diagnostics.sorted, [:], [:]) }
        return (model, importer.childMachines, importer.diagnostics.sorted, importer.stateNames, importer.eventNames)
    }

    /// The machine of a child chart, the `<scxml>` inside an `<invoke>`'s `<content>`, with its
    /// own children; its diagnostics go to `diagnostics`.
    static func importChild(
        _ root: XMLElement, documentation: String?, fallbackName: String, invokedAs: String, diagnostics: inout DiagnosticBag
    ) -> (model: MachineModel, children: [MachineModel])? {
        var importer = SCXMLImporter(namespace: root.namespace, root: root)
        importer.invokedAs = invokedAs
        let model = importer.machine(documentation: documentation, fallbackName: fallbackName)
        diagnostics.append(contentsOf: importer.diagnostics.diagnostics)
        guard let model, !importer.diagnostics.hasErrors else { return nil }
        return (model, importer.childMachines)
    }

    /// Each state's fsmc name by its SCXML id (the export's machine wrapper is no state).
    var stateNames: [String: String] {
        var names: [String: String] = [:]
        for index in chart.indices where index != wrapper && !chart[index].id.isEmpty { names[chart[index].id] = chart[index].name }
        return names
    }

    // MARK: - The chart as read

    /// A `<state>`, `<parallel>` or `<final>` and its parts, before names are mapped.
    struct ChartState {
        enum Kind: String {
            case state, parallel, final
        }

        var element: XMLElement
        var kind: Kind
        var id: String
        /// The fsmc name of the state (its id made an identifier).
        var name: String
        var parent: Int?
        var children: [Int] = []
        var transitions: [(element: XMLElement, documentation: String?)] = []
        /// The executable content of every `<onentry>`, in order.
        var onEntry: [XMLElement] = []
        var onExit: [XMLElement] = []
        var history: ChartHistory?
        /// `initial="…"` or `<initial>`; neither means the first child.
        var initialAttribute: XMLAttribute?
        var initialElement: XMLElement?
        var documentation: String?
    }

    /// A `<history>` of a state.
    struct ChartHistory {
        var element: XMLElement
        var owner: Int
        var kind: HistoryKind
    }

    /// A `<data>` of the data model: a guard's boolean, or the string of a computed delay.
    struct DataVariable {
        /// The fsmc name: the id made an identifier, or the spec's name the export wrote in a
        /// comment before an id it had to prefix (`fsmc_function`).
        var name: String
        var element: XMLElement
    }

    // MARK: - Reading the document

    private init(namespace: String?, root: XMLElement) {
        self.namespace = namespace
        self.root = root
    }

    func isSCXML(_ element: XMLElement) -> Bool { element.namespace == namespace }

    mutating func machine(documentation: String?, fallbackName: String) -> MachineModel? {
        if let datamodel = root.attribute("datamodel"), !["ecmascript", "null"].contains(datamodel.value) {
            diagnostics.error(
                "the data model '\(datamodel.value)' is not supported: fsmc reads conditions as ECMAScript's or the null data model's",
                at: datamodel.range)
        }
        readChildren(of: root, into: nil)
        checkRunVariables()
        unwrapMachineState()
        if invokedAs != nil { readParentSends() }
        nameStates()
        resolveInitialPaths()
        let name = machineName(fallbackName: fallbackName)
        return buildModel(name: name, documentation: documentation)
    }

    /// Reads the children of `<scxml>` (`parent == nil`) or of a state.
    private mutating func readChildren(of element: XMLElement, into parent: Int?) {
        let kind = parent.map { chart[$0].kind }
        let owner = parent.map { "<\(chart[$0].kind.rawValue)>" } ?? "<scxml>"
        var comments: [XMLNode] = []
        for node in element.children {
            let child: XMLElement
            switch node {
            case .comment:
                comments.append(node)
                continue
            case .text(let text, let range):
                if !text.allSatisfy(\.isWhitespace) {
                    diagnostics.error("text inside \(owner) is not SCXML", at: range)
                }
                continue
            case .element(let element):
                child = element
            }
            let documentation = Self.documentation(comments)
            comments = []
            guard isSCXML(child) else { continue }
            switch child.localName {
            case "state", "parallel", "final":
                if kind == .final {
                    diagnostics.error("a <final> state has no child states", at: child.range)
                    continue
                }
                let index = readState(child, kind: ChartState.Kind(rawValue: child.localName)!, parent: parent, documentation: documentation)
                if let parent {
                    chart[parent].children.append(index)
                } else {
                    topLevel.append(index)
                }
            case "transition" where parent != nil && kind != .final:
                chart[parent!].transitions.append((child, documentation))
            case "onentry" where parent != nil:
                chart[parent!].onEntry += executableContent(of: child)
            case "onexit" where parent != nil:
                chart[parent!].onExit += executableContent(of: child)
            case "initial" where kind == .state:
                if chart[parent!].initialElement != nil {
                    diagnostics.error("a state has one <initial>", at: child.range)
                }
                chart[parent!].initialElement = child
            case "history" where kind == .state || kind == .parallel:
                readHistory(child, of: parent!)
            case "datamodel":
                readDataModel(child)
            case "invoke" where parent != nil && kind != .final:
                readInvocation(child, of: parent!, documentation: documentation)
            case "script":
                diagnostics.error("<script> is not supported: fsmc's machines run no scripts; actions are the user's Swift", at: child.range)
            case "donedata" where kind == .final:
                diagnostics.error("<donedata> is not supported: fsmc's completion ('done') carries no data", at: child.range)
            default:
                diagnostics.error("<\(child.qualifiedName)> is not expected inside \(owner)", at: child.range)
            }
        }
    }

    private mutating func readState(_ element: XMLElement, kind: ChartState.Kind, parent: Int?, documentation: String?) -> Int {
        let id = element.attribute("id")?.value ?? ""
        if id.isEmpty {
            diagnostics.error("a <\(kind.rawValue)> without an id: fsmc names every state; give it one", at: element.range)
        } else if stateIndex[id] != nil || histories[id] != nil {
            diagnostics.error("the id '\(id)' is given twice", at: element.attribute("id")!.range)
        }
        let index = chart.count
        chart.append(ChartState(element: element, kind: kind, id: id, name: id, parent: parent, documentation: documentation))
        if !id.isEmpty, stateIndex[id] == nil { stateIndex[id] = index }
        if kind == .state {
            chart[index].initialAttribute = element.attribute("initial")
        }
        readChildren(of: element, into: index)
        return index
    }

    private mutating func readHistory(_ element: XMLElement, of owner: Int) {
        guard let id = element.attribute("id")?.value, !id.isEmpty else {
            diagnostics.error("a <history> without an id: a transition names it to enter it", at: element.range)
            return
        }
        if stateIndex[id] != nil || histories[id] != nil {
            diagnostics.error("the id '\(id)' is given twice", at: element.attribute("id")!.range)
            return
        }
        let type = element.attribute("type")
        let kind: HistoryKind
        switch type?.value ?? "shallow" {
        case "shallow": kind = .shallow
        case "deep": kind = .deep
        default:
            diagnostics.error("a history's type is 'shallow' or 'deep', not '\(type!.value)'", at: type!.range)
            return
        }
        if chart[owner].history != nil {
            diagnostics.error("'\(chart[owner].id)' has a second <history>: an fsmc state has one history, shallow or deep", at: element.range)
            return
        }
        let history = ChartHistory(element: element, owner: owner, kind: kind)
        chart[owner].history = history
        histories[id] = history
    }

    /// The SCXML elements of an `<onentry>`, `<onexit>` or `<transition>`, others skipped.
    func executableContent(of element: XMLElement) -> [XMLElement] {
        element.elements.filter(isSCXML)
    }

    private mutating func readDataModel(_ element: XMLElement) {
        var comments: [String] = []
        for node in element.children {
            guard case .element(let data) = node else {
                if case .comment(let text, _) = node { comments.append(text.trimmingWhiteSpace) }
                continue
            }
            let note = comments.last
            comments = []
            guard isSCXML(data) else { continue }
            guard data.localName == "data", let id = data.attribute("id")?.value, !id.isEmpty else {
                diagnostics.error("a <datamodel> holds <data id=\"…\"> elements", at: data.range)
                continue
            }
            if let source = data.attribute("src") {
                diagnostics.error("<data src> is not supported: fsmc's data model holds named booleans", at: source.range)
                continue
            }
            if data.children.contains(where: { if case .element = $0 { true } else if case .text(let text, _) = $0 { !text.allSatisfy(\.isWhitespace) } else { false } }) {
                diagnostics.error("<data> with content is not supported: fsmc's data model holds named booleans", at: data.range)
                continue
            }
            if id.hasPrefix(SCXMLEmitter.childRunVariable), data.attribute("expr")?.value == "0" {
                runVariables[id] = data
                continue
            }
            if let note, note.hasPrefix(SCXMLEmitter.dataUpdateNote), data.attribute("expr") == nil, variables[id] == nil {
                dataUpdateVariables.insert(id)
                continue
            }
            if let expression = data.attribute("expr"), !Self.isLiteral(expression.value) {
                diagnostics.error(
                    "the data '\(id)' is '\(expression.value)': fsmc reads data as named booleans (true or false) and delays (a quoted time such as '1s')",
                    at: expression.range)
                continue
            }
            if variables[id] != nil {
                diagnostics.error("the data '\(id)' is declared twice", at: data.range)
                continue
            }
            // The export prefixes a name that cannot be an ECMAScript variable and writes the
            // spec's name in a comment before it.
            var name = SCXMLNames.identifier(id)
            if id.hasPrefix("fsmc_"), let note, SCXMLNames.identifier(note) == note {
                name = note
            }
            variables[id] = DataVariable(name: name, element: data)
        }
    }

    /// `true`, `false`, or a quoted string.
    static func isLiteral(_ expression: String) -> Bool {
        let text = expression.trimmingWhiteSpace
        if text == "true" || text == "false" { return true }
        guard let first = text.first, first == "'" || first == "\"", text.count >= 2, text.last == first else { return false }
        return !text.dropFirst().dropLast().contains(first)
    }

    // MARK: - The machine-level wrapper

    /// Takes the export's `<state id="fsmc.machine">` apart: its children are the top-level
    /// states, its transitions the machine-level ones; the top-level final states stay beside it.
    private mutating func unwrapMachineState() {
        guard let index = topLevel.first(where: { chart[$0].id == SCXMLEmitter.machineStateID && chart[$0].kind == .state }) else { return }
        let state = chart[index]
        if !state.onEntry.isEmpty || !state.onExit.isEmpty || state.history != nil {
            diagnostics.error(
                "'\(SCXMLEmitter.machineStateID)' stands for the machine, whose transitions apply everywhere: it has no entry or exit actions or history",
                at: state.element.range)
        }
        for other in topLevel where other != index && chart[other].kind != .final {
            diagnostics.error(
                "'\(chart[other].id)' lies outside '\(SCXMLEmitter.machineStateID)', whose transitions apply in every state but the final ones",
                at: chart[other].element.range)
        }
        wrapper = index
        for child in state.children { chart[child].parent = nil }
        topLevel = topLevel.flatMap { $0 == index ? state.children : [$0] }
    }

    // MARK: - Names

    /// Gives each state its fsmc name (a reserved one with its `_`, a top-level one with children
    /// starting in lower case), refusing two ids that map to one name.
    private mutating func nameStates() {
        var taken: [String: Int] = [:]
        for index in chart.indices where index != wrapper && !chart[index].id.isEmpty {
            let state = chart[index]
            let name = state.parent == nil && !state.children.isEmpty
                ? SCXMLNames.mappedTopLevelCompoundState(state.id) : SCXMLNames.mapped(state.id, as: .state)
            let range = state.element.attribute("id")?.range ?? state.element.range
            if let other = taken[name], other != index {
                diagnostics.error(
                    "the ids '\(chart[other].id)' and '\(state.id)' both become '\(name)' in fsmc; rename one",
                    at: range, notes: [.init("'\(chart[other].id)' is here", at: chart[other].element.range)])
            }
            taken[name] = taken[name] ?? index
            chart[index].name = name
        }
    }

    /// `<scxml name>` as it is, or else the file's name as a type's: `traffic-light.scxml`
    /// names the machine `TrafficLight`.
    private mutating func machineName(fallbackName: String) -> String {
        let attribute = root.attribute("name")
        var name = SCXMLNames.identifier(attribute?.value ?? fallbackName)
        if attribute == nil { name = name.prefix(1).uppercased() + name.dropFirst() }
        return SCXMLNames.mapped(name, as: .machine)
    }

    // MARK: - Documentation

    /// Comments right before an element as its documentation, a line per comment line;
    /// the notes the export writes for itself are not documentation.
    static func documentation(_ comments: [XMLNode]) -> String? {
        let lines = comments.flatMap { node -> [String] in
            guard case .comment(let text, _) = node else { return [] }
            let trimmed = text.trimmingWhiteSpace
            if exportNotes.contains(where: trimmed.hasPrefix) { return [] }
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).trimmingWhiteSpace }
        }
        var trimmed = lines[...]
        while trimmed.first?.isEmpty == true { trimmed = trimmed.dropFirst() }
        while trimmed.last?.isEmpty == true { trimmed = trimmed.dropLast() }
        return trimmed.isEmpty ? nil : trimmed.joined(separator: "\n")
    }

    /// How the comments the export writes about the document itself begin.
    static let exportNotes = [
        "Exported by fsmc from machine", "The machine: its transitions are the spec's machine-level ones",
        "state data, not exported:", "results, not exported:", SCXMLEmitter.dataUpdateNote,
    ]
}
