import FSMCore
/// Writes a machine as a W3C SCXML 1.0 document (State Chart XML), which Qt SCXML, Apache
/// Commons SCXML, uSCXML and editors such as Qt Creator read. docs/SCXML.md describes the
/// mapping; in short:
///
/// - States keep their names as ids; a compound state is a `<state>` whose `initial` names its
///   initial child, a parallel state a `<parallel>` whose regions are its `<state>` children, a
///   final state a `<final>`, a region without children an atomic `<state>`. A history is a
///   `<history id="X.history">` whose default transition enters what `history -> …` names,
///   with its actions, or else X's initial child (every region, for a parallel X).
/// - Transitions keep document order; `always` has no event, `done` waits for
///   `done.state.<id>`, and each distinct `after` delay of a state is a `<send>` of the event
///   `fsmc.after.<state>.<n>` in the state's `<onentry>`, cancelled in its `<onexit>`. A
///   target inside the compound state that declares the transition makes it
///   `type="internal"`; every other transition with a target (`reenter` ones too) is
///   `type="external"`. Several targets are one `target="boldOn italicOn"`.
/// - Machine-level transitions are those of a wrapping `<state id="fsmc.machine">` around
///   every top-level state but the final ones, which stay outside so that entering one still
///   ends the machine. It is only there when the machine has machine-level transitions.
/// - Guards are ECMAScript conditions over booleans named after the guards, declared in the
///   `<datamodel>` (false until a harness sets them); `in(x)` is `In('x')`; `[else]` has no
///   condition, since SCXML takes the first enabled transition in document order.
/// - Actions are `<log label="action" expr="'name'"/>`, `emit` is
///   `<log label="emit" expr="'output'"/>` and `raise` is `<raise event="e"/>`: a harness
///   observes them in order. Payloads, arguments and state data are not exported, except a
///   literal an `update(…)` gives a field: an `<assign>` to the field's variable
///   (SCXMLEmitter+DataUpdates.swift); an update to another value is refused.
/// - With `tracingStates`, every state also logs its own entry and exit
///   (`<log label="enter" expr="'name'"/>` last in `<onentry>`, `label="exit"` last in
///   `<onexit>`), so that a harness sees the order in which an interpreter exits and enters
///   states (fsmc's differential testing against Qt SCXML reads it).
/// - The output is deterministic: the model's document order, two-space indentation, doc
///   comments as XML comments.
public struct SCXMLEmitter {
    /// The SCXML namespace.
    public static let namespace = "http://www.w3.org/2005/07/scxml"
    /// The id of the state that wraps the machine when it has machine-level transitions.
    public static let machineStateID = "fsmc.machine"

    let model: MachineModel
    /// The ECMAScript variable of each guard and computed delay, by its name in the spec.
    let variables: [String: String]
    /// The guards' variables, then the computed delays', in order of first use.
    let declaredVariables: [(name: String, variable: String, initialValue: String)]
    /// The variable of each state data field an `update` assigns, declared after
    /// ``declaredVariables`` in the order of ``updatedFields``.
    let dataVariables: [DataField: String]
    /// The fields ``dataVariables`` declares, in ``updatedFields(of:)``'s order.
    let updatedFields: [DataField]
    /// Whether the machine-level transitions need the wrapping state.
    let hasMachineState: Bool
    /// Whether each state logs its entry and exit (`fsmc export --trace`).
    let tracesStates: Bool
    /// The machines this one may invoke, by name: each child's document is written inline.
    let children: [String: MachineModel]
    /// When this document is a child machine's, the name its parent invokes it as: its outputs
    /// are sent to the parent (``SCXMLEmitter/emitChildInvocation(_:of:into:)``).
    let invokedAs: String?

    /// What the export cannot write, each a located error: child machines, whose documents it
    /// is not given here (``refusals(_:children:)``), `defer` (SCXML has no deferred events),
    /// transitions into a history from inside its state whose SCXML meaning differs
    /// (``entersHistoryFromInsideOtherwise(_:in:)``), and updates to a value the chart does not
    /// have (``dataUpdateRefusals(_:)``).
    public static func refusals(_ model: MachineModel) -> [Diagnostic] {
        refusals(model, children: [:])
    }

    /// What the export cannot write when `children` are the machines it may invoke, by name
    /// (each checked in turn, as its document is written inside this one): a child machine
    /// missing from `children`, and what the export refuses in a child, located in this spec
    /// at the `invoke` (``childMachineRefusals(_:children:)``).
    public static func refusals(_ model: MachineModel, children: [String: MachineModel]) -> [Diagnostic] {
        let invocations = childMachineRefusals(model, children: children)
        let histories = model.allTransitions.filter { entersHistoryFromInsideOtherwise($0, in: model) }.map { transition in
            let owner = model[transition.target!].name
            return Diagnostic(
                .error,
                "SCXML export cannot write this transition into '\(owner).history' from inside '\(owner)': SCXML would enter the states between '\(owner)' and what the history restores again without leaving them, where fsmc leaves and re-enters them; target the restored states, or leave '\(owner)' first",
                at: transition.range)
        }
        // SCXML has no deferred events, and an equivalent written out of its events and data
        // would be a chart of another meaning: each `defer` is refused where it is written.
        let deferrals = model.states.flatMap { state in
            state.deferrals.map { deferral in
                Diagnostic(
                    .error,
                    "SCXML export cannot write 'defer \(model[deferral.event].name)': SCXML has no deferred events",
                    at: deferral.range)
            }
        }
        let updates = dataUpdateRefusals(model)
        return (invocations + histories + deferrals + updates).sorted { $0.range.start < $1.range.start }
    }

    /// Whether SCXML reads a transition into a history from inside its state otherwise than
    /// fsmc. fsmc's `-> X.history` in a state inside `X` exits everything active inside `X` and
    /// enters what the history restores (docs/Language.md, "History"); SCXML computes the
    /// domain of `target="X.history"` from the states the history restores (or its default's
    /// targets): it may lie inside `X`, and `enterStates` then enters the states between `X`
    /// and those again without exiting them. They differ when `X` is a parallel state (no
    /// compound ancestor), or when the source lies below a child of `X` that a deep history or
    /// the history's default enters. The import refuses the SCXML form; the export this one.
    public static func entersHistoryFromInsideOtherwise(_ transition: TransitionModel, in model: MachineModel) -> Bool {
        guard transition.targetsHistory, let owner = transition.target, let source = transition.source,
            source != owner, model.isDescendant(source, of: owner) else { return false }
        // A parallel state is no compound ancestor: SCXML's domain lies around it.
        if model[owner].isParallel { return true }
        // From a child of `owner`, or to a state the history restores outside the child that
        // holds the source, SCXML's domain is `owner` too: the same exits and entries.
        guard let child = model.path(from: source).first(where: { model[$0].parent == owner }), child != source else { return false }
        if case .deep? = model[owner].history { return true }
        return model[owner].historyDefault?.targets.contains { model.isDescendant($0, of: child) } ?? false
    }

    /// The SCXML document of the machine.
    public static func emit(_ model: MachineModel) -> String {
        SCXMLEmitter(model: model).emit()
    }

    /// The SCXML document of the machine; with `tracingStates`, each state logs its own entry
    /// and exit with `<log label="enter"/"exit">`, after its actions.
    public static func emit(_ model: MachineModel, tracingStates: Bool) -> String {
        SCXMLEmitter(model: model, tracingStates: tracingStates).emit()
    }

    /// The SCXML document of the machine, with the child machines it invokes (`invoke SignIn as
    /// signIn`) written inline from `children`, by name, which must hold every one of them
    /// (``refusals(_:children:)`` says which do not).
    public static func emit(_ model: MachineModel, children: [String: MachineModel], tracingStates: Bool = false) -> String {
        SCXMLEmitter(model: model, tracingStates: tracingStates, children: children).emit()
    }

    /// Each guard's name in the spec and the data-model boolean the document declares for it
    /// (`fsmc_`-prefixed where the name cannot be one), in order of first use: what a harness
    /// sets to fix a guard's answer.
    public static func guardVariables(of model: MachineModel) -> [(name: String, variable: String)] {
        let emitter = SCXMLEmitter(model: model)
        return model.guards.map { ($0.name, emitter.variables[$0.name] ?? $0.name) }
    }

    init(model: MachineModel, tracingStates: Bool = false, children: [String: MachineModel] = [:], invokedAs: String? = nil) {
        self.model = model
        tracesStates = tracingStates
        self.children = children
        self.invokedAs = invokedAs
        hasMachineState = !model.machineTransitions.isEmpty
        let delayFunctions = Self.unique(model.states.flatMap { state in
            state.transitions.compactMap(\.trigger.delayFunction)
        })
        let guardNames = model.guards.map(\.name)
        // Variables share the document's id space with the states (`<data id>` is an XML ID)
        // and ECMAScript's names: a name that clashes gets a prefix.
        var taken = Set(model.states.map(\.name)).union(model.invocations.map(\.name)).union(guardNames).union(delayFunctions)
        var variables: [String: String] = [:]
        var declared: [(name: String, variable: String, initialValue: String)] = []
        for (name, initialValue) in guardNames.map({ ($0, "false") }) + delayFunctions.map({ ($0, "'1s'") }) {
            var variable = name
            // An invocation's name is its `<invoke>`'s id, an XML ID too.
            if SCXMLText.reservedVariableNames.contains(name) || name.hasPrefix("_") || model.states.contains(where: { $0.name == name })
                || model.invocations.contains(where: { $0.name == name }) {
                variable = "fsmc_" + name
                while taken.contains(variable) { variable += "_" }
                taken.insert(variable)
            }
            variables[name] = variable
            declared.append((name, variable, initialValue))
        }
        self.variables = variables
        declaredVariables = declared
        // After the guards and delays, whose names stay as they were before updates existed.
        taken.formUnion(declared.map { $0.variable })
        taken.formUnion(Self.runVariables(of: model, invokedAs: invokedAs))
        let updatedFields = Self.updatedFields(of: model)
        var dataVariables: [DataField: String] = [:]
        for field in updatedFields {
            dataVariables[field] = Self.dataVariable(of: field, in: model, taken: &taken)
        }
        self.updatedFields = updatedFields
        self.dataVariables = dataVariables
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    // MARK: - The document

    func emit() -> String {
        var writer = CodeWriter(indentUnit: "  ")
        writer.line(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        writer.line("<!-- Exported by fsmc from machine \(SCXMLText.comment(model.name)); the mapping is described in fsmc's docs/SCXML.md. -->")
        emitDocument(into: &writer)
        return writer.text
    }

    /// The `<scxml>` element, with the machine's doc comment before it.
    func emitDocument(into writer: inout CodeWriter) {
        comment(model.documentation, into: &writer)
        let topLevelFinals = model.topLevelStates.filter { model[$0].isFinal }
        let initial = hasMachineState && !model[model.initialState].isFinal ? Self.machineStateID : model[model.initialState].name
        let attributes = [
            ("xmlns", Self.namespace), ("version", "1.0"), ("datamodel", "ecmascript"),
            ("initial", initial), ("name", model.name),
        ]
        element("scxml", attributes, into: &writer) { writer in
            let runVariables = runVariables
            if !declaredVariables.isEmpty || !runVariables.isEmpty || !updatedFields.isEmpty {
                element("datamodel", [], into: &writer) { writer in
                    for variable in runVariables {
                        writer.line(tag("data", [("id", variable), ("expr", "0")], selfClosing: true))
                    }
                    for declared in declaredVariables {
                        if declared.variable != declared.name {
                            writer.line("<!-- \(SCXMLText.comment(declared.name)) -->")
                        }
                        writer.line(tag("data", [("id", declared.variable), ("expr", declared.initialValue)], selfClosing: true))
                    }
                    // No `expr`: the value a state is entered with is not exported.
                    for field in updatedFields {
                        writer.line("<!-- \(SCXMLText.comment(variableNote(of: field))) -->")
                        writer.line(tag("data", [("id", dataVariables[field])], selfClosing: true))
                    }
                }
            }
            if hasMachineState {
                writer.line("<!-- The machine: its transitions are the spec's machine-level ones, which apply in every state. -->")
                let inside = model.topLevelStates.filter { !model[$0].isFinal }
                let wrapperInitial = model[model.initialState].isFinal ? inside.first : model.initialState
                element("state", [("id", Self.machineStateID), ("initial", wrapperInitial.map { model[$0].name })], into: &writer) { writer in
                    emitInDocumentOrder(model.machineTransitions, inside, into: &writer)
                }
                for state in topLevelFinals {
                    emitState(state, into: &writer)
                }
            } else {
                for state in model.topLevelStates {
                    emitState(state, into: &writer)
                }
            }
            // Properties are not behaviour: a reader sees them, an SCXML interpreter skips them.
            for property in model.properties {
                writer.line("<!-- fsmc: assert \(SCXMLText.comment(property.text)) -->")
            }
        }
    }

    // MARK: - States

    /// Transitions and states where the spec declares them: SCXML runs the executable content
    /// of transitions taken together in document order, which is then the spec's.
    private func emitInDocumentOrder(_ transitions: [TransitionModel], _ states: [StateID], into writer: inout CodeWriter) {
        var transitions = transitions[...]
        for state in states {
            while let transition = transitions.first, transition.range.start < model[state].range.start {
                emitTransition(transition, into: &writer)
                transitions = transitions.dropFirst()
            }
            emitState(state, into: &writer)
        }
        for transition in transitions {
            emitTransition(transition, into: &writer)
        }
    }

    private func emitState(_ id: StateID, into writer: inout CodeWriter) {
        let state = model[id]
        comment(state.documentation, into: &writer)
        let name = state.isFinal ? "final" : state.isParallel ? "parallel" : "state"
        var attributes: [(String, String?)] = [("id", state.name)]
        if !state.isParallel, let initial = state.initialChild {
            attributes.append(("initial", model[initial].name))
        }
        let timers = timers(of: state)
        // A top-level final state is never left in fsmc: the machine has finished. SCXML only
        // leaves it when the interpreter stops, which is no exit fsmc has, so it logs none.
        let logsEntry = tracesStates
        let logsExit = tracesStates && !(state.isFinal && state.parent == nil)
        let endsChild = invokedAs != nil && state.isFinal && state.parent == nil
        let childRuns = childInvocations(of: state)
        let isEmpty = state.entryActions.isEmpty && state.exitActions.isEmpty && timers.isEmpty && !logsEntry && !endsChild
            && state.invocations.isEmpty && state.transitions.isEmpty && state.history == nil && state.children.isEmpty && state.data.isEmpty
        guard !isEmpty else {
            writer.line(tag(name, attributes, selfClosing: true))
            return
        }
        element(name, attributes, into: &writer) { writer in
            if !state.data.isEmpty {
                let fields = state.data.map(\.description).joined(separator: ", ")
                writer.line("<!-- state data, not exported: \(SCXMLText.comment(fields)) -->")
            }
            if !state.entryActions.isEmpty || !timers.isEmpty || logsEntry || endsChild {
                element("onentry", [], into: &writer) { writer in
                    emitActions(state.entryActions, into: &writer)
                    if endsChild, let invokedAs {
                        sendCompletion(invokedAs: invokedAs, into: &writer)
                    }
                    for timer in timers {
                        switch timer.delay {
                        case .fixed(let duration):
                            writer.line(tag("send", [("event", timer.event), ("delay", SCXMLText.delay(nanoseconds: duration.nanoseconds)), ("id", timer.event)], selfClosing: true))
                        case .computed(let function):
                            writer.line(tag("send", [("event", timer.event), ("delayexpr", variables[function] ?? function), ("id", timer.event)], selfClosing: true))
                        }
                    }
                    if logsEntry {
                        writer.line(tag("log", [("label", "enter"), ("expr", SCXMLText.string(state.name))], selfClosing: true))
                    }
                }
            }
            if !state.exitActions.isEmpty || !timers.isEmpty || logsExit || !childRuns.isEmpty {
                element("onexit", [], into: &writer) { writer in
                    emitActions(state.exitActions, into: &writer)
                    for timer in timers {
                        writer.line(tag("cancel", [("sendid", timer.event)], selfClosing: true))
                    }
                    emitRunEnds(childRuns, into: &writer)
                    if logsExit {
                        writer.line(tag("log", [("label", "exit"), ("expr", SCXMLText.string(state.name))], selfClosing: true))
                    }
                }
            }
            for invocation in state.invocations {
                let invocation = model[invocation]
                if case .machine(let machine) = invocation.kind, let child = children[machine] {
                    emitChildInvocation(invocation, of: child, into: &writer)
                } else {
                    emitInvocation(invocation, into: &writer)
                }
            }
            // The transitions declared before the first child, the history, then the children
            // and the transitions declared among or after them, in the spec's order.
            let firstChild = state.children.first.map { model[$0].range.start }
            let leading = state.transitions.filter { transition in firstChild.map { transition.range.start < $0 } ?? true }
            for transition in leading {
                emitTransition(transition, into: &writer)
            }
            if let history = state.history {
                // `history -> detail / act`, or else what the state enters by default.
                let defaults = state.historyDefault?.targets ?? (state.isParallel ? state.children : state.initialChild.map { [$0] } ?? [])
                let actions = state.historyDefault?.actions ?? []
                element("history", [("id", Self.historyID(of: state)), ("type", history.rawValue)], into: &writer) { writer in
                    let attributes = [("target", defaults.map { model[$0].name }.joined(separator: " "))]
                    if actions.isEmpty {
                        writer.line(tag("transition", attributes, selfClosing: true))
                    } else {
                        element("transition", attributes, into: &writer) { writer in emitActions(actions, into: &writer) }
                    }
                }
            }
            emitInDocumentOrder(Array(state.transitions.dropFirst(leading.count)), state.children, into: &writer)
        }
    }

    /// The id of a state's `<history>`: `main.history`, as the spec names it (a state's name has
    /// no dot, so no state has this id).
    static func historyID(of state: StateModel) -> String { state.name + ".history" }

    // MARK: - Timers

    /// One timer of a state: the `after` transitions with the same delay share it, as in fsmc.
    struct Timer {
        var delay: TimerDelay
        /// The event it sends, also the `<send>`'s id: `fsmc.after.waiting.1`.
        var event: String
    }

    /// A state's timers, numbered from 1 in the order their first transition is written.
    func timers(of state: StateModel) -> [Timer] {
        var timers: [Timer] = []
        for transition in state.transitions {
            guard let delay = transition.trigger.timerDelay else { continue }
            if !timers.contains(where: { $0.delay == delay }) {
                timers.append(Timer(delay: delay, event: "fsmc.after.\(state.name).\(timers.count + 1)"))
            }
        }
        return timers
    }

    // MARK: - Transitions

    /// SCXML matches an event descriptor to every event that starts with its tokens: `done`
    /// would take `done.state.main`, `error` SCXML's `error.execution`, `fsmc` the timers'
    /// events. A spec event with such a name is matched exactly, by a condition.
    static let namesThatPrefixPlatformEvents: Set<String> = ["done", "error", "fsmc"]

    private func emitTransition(_ transition: TransitionModel, into writer: inout CodeWriter) {
        comment(transition.documentation, into: &writer)
        var attributes: [(String, String?)] = []
        var conditions: [String] = []
        switch transition.trigger {
        case .event(let event):
            let name = model[event].name
            attributes.append(("event", name))
            if Self.namesThatPrefixPlatformEvents.contains(name) {
                conditions.append("_event.name == \(SCXMLText.string(name))")
            }
        case .always:
            break
        case .done:
            attributes.append(("event", "done.state." + (transition.source.map { model[$0].name } ?? "")))
        case .invocation(let invocation, let result):
            attributes.append(("event", Self.event(of: result, from: model[invocation])))
        case .after, .afterComputed:
            let source = transition.source.map { model[$0] }
            let timer = source.flatMap { source in
                timers(of: source).first { $0.delay == transition.trigger.timerDelay }
            }
            attributes.append(("event", timer?.event))
        }
        if let target = transition.target {
            // Several targets are one space-separated `target`, as SCXML writes them.
            let first = transition.targetsHistory ? Self.historyID(of: model[target]) : model[target].name
            attributes.append(("target", ([first] + transition.otherTargets.map { model[$0].name }).joined(separator: " ")))
        }
        if let delivered = transition.trigger.invocationResult, let condition = runCondition(of: model[delivered.invocation], delivered.result) {
            conditions.append(condition)
        }
        if let guardModel = transition.guardExpression, guardModel != .else {
            let condition = self.condition(guardModel)
            conditions.append(conditions.isEmpty ? condition.text : condition.wrapped(above: .and))
        }
        if !conditions.isEmpty {
            attributes.append(("cond", conditions.joined(separator: " && ")))
        }
        if transition.target != nil {
            attributes.append(("type", isInternal(transition) ? "internal" : "external"))
        }
        if transition.actions.isEmpty {
            writer.line(tag("transition", attributes, selfClosing: true))
        } else {
            element("transition", attributes, into: &writer) { writer in
                emitActions(transition.actions, into: &writer)
            }
        }
    }

    /// Whether the transition leaves nothing around its target: fsmc's rule, a target inside
    /// the compound state that declares it (SCXML's `type="internal"`, whose source must be a
    /// compound `<state>`). A machine-level transition, declared in the wrapping state, is
    /// internal to it unless its target is a top-level final state, which lies outside it.
    func isInternal(_ transition: TransitionModel) -> Bool {
        guard let target = transition.target else { return false }
        guard let source = transition.source else {
            let topLevel = model.path(from: target).last!
            return !model[topLevel].isFinal
        }
        return StateTree.domain(of: transition, in: model.states) == source
    }

    // MARK: - Conditions

    /// A condition and how tightly its operator binds, to parenthesize it inside another.
    struct Condition {
        enum Precedence: Int, Comparable {
            case or, and, unary
            static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
        }

        var text: String
        var precedence: Precedence

        /// The text, in parentheses when its operator binds less tightly than `outer`.
        func wrapped(above outer: Precedence) -> String {
            precedence < outer ? "(\(text))" : text
        }
    }

    /// A guard as an ECMAScript condition: `isSeekable`, `!`, `&&`, `||`, `In('boldOn')`.
    func condition(_ guardModel: GuardModel) -> Condition {
        switch guardModel {
        case .call(let name), .callWithArguments(let name, _):
            return Condition(text: variables[name] ?? name, precedence: .unary)
        case .isIn(let state):
            return Condition(text: "In(\(SCXMLText.string(model[state].name)))", precedence: .unary)
        case .else:
            return Condition(text: "true", precedence: .unary)
        case .constant(let value):
            return Condition(text: value ? "true" : "false", precedence: .unary)
        case .not(let operand):
            return Condition(text: "!" + condition(operand).wrapped(above: .unary), precedence: .unary)
        case .and(let lhs, let rhs):
            return Condition(text: condition(lhs).wrapped(above: .and) + " && " + condition(rhs).wrapped(above: .and), precedence: .and)
        case .or(let lhs, let rhs):
            return Condition(text: condition(lhs).wrapped(above: .or) + " || " + condition(rhs).wrapped(above: .or), precedence: .or)
        }
    }

    // MARK: - Executable content

    func emitActions(_ actions: [ActionModel], into writer: inout CodeWriter) {
        for action in actions {
            switch action {
            // The export names the action an interpreter calls, not what it passes.
            case .call(let name), .callWithArguments(let name, _):
                writer.line(tag("log", [("label", "action"), ("expr", SCXMLText.string(name))], selfClosing: true))
            case .emit(let output, _):
                writer.line(tag("log", [("label", "emit"), ("expr", SCXMLText.string(model[output].name))], selfClosing: true))
                if let invokedAs {
                    sendOutput(model[output].name, invokedAs: invokedAs, into: &writer)
                }
            case .raise(let event, _):
                writer.line(tag("raise", [("event", model[event].name)], selfClosing: true))
            case .update(let updates):
                emitUpdates(updates, into: &writer)
            }
        }
    }

    // MARK: - XML

    /// A start tag (or an empty-element tag); attributes whose value is `nil` are left out.
    func tag(_ name: String, _ attributes: [(String, String?)], selfClosing: Bool = false) -> String {
        var text = "<" + name
        for case let (attribute, value?) in attributes {
            text += " \(attribute)=\"\(SCXMLText.attribute(value))\""
        }
        return text + (selfClosing ? "/>" : ">")
    }

    func element(_ name: String, _ attributes: [(String, String?)], into writer: inout CodeWriter, _ body: (inout CodeWriter) -> Void) {
        writer.line(tag(name, attributes))
        writer.indented(body)
        writer.line("</\(name)>")
    }

    /// A doc comment as an XML comment before what it documents, one per line.
    func comment(_ documentation: String?, into writer: inout CodeWriter) {
        guard let documentation, !documentation.isEmpty else { return }
        for line in documentation.split(separator: "\n", omittingEmptySubsequences: false) {
            writer.line(line.isEmpty ? "<!-- -->" : "<!-- \(SCXMLText.comment(String(line))) -->")
        }
    }
}
