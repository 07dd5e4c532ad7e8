import FSMCore
/// What a state diagram shows, whatever its notation; shared by the DOT, Mermaid and PlantUML
/// emitters, which only decide how to write it.
///
/// - A transition with a target is an arrow labeled `event [guard] / actions`.
/// - An internal transition (no target) and the entry and exit actions are lines inside
///   their state, which therefore never shows a loop for a transition that leaves nothing.
/// - Machine-level transitions start at one "any state" pseudo-state, drawn dashed: they
///   apply in every state that does not take the event itself, and copying them onto every
///   state would bury the diagram in arrows. Machine-level internal transitions are lines
///   inside it.
/// - A state with children is a box around them (a cluster, a composite state) with its
///   own initial marker; an arrow to it enters its initial child, and an arrow from it
///   applies to all of its children (`done` arrows leave it too: they are its own).
/// - A transition of a compound state to itself, to one of its descendants or to its own
///   history is a line inside it, written as the spec writes it (`reset -> shelf`): an
///   arrow from a box into that box (or onto it) is one no notation draws well, and the
///   line reads as the spec does.
/// - A compound state that declares `history` holds an `H` pseudo-state (`H*` for `history
///   deep`), where arrows to `X.history` end.
/// - A parallel state is a box split into its regions, each a box of its own (dashed where
///   the notation can) with its own initial marker; the parallel state has none, since every
///   region is entered. An arrow to the parallel state enters all its regions; one between
///   states of two regions belongs to no region, and is drawn around the parallel state. A
///   region without states (an atomic region, `parallel state p { state a; … }`) is a state
///   among the regions (dashed where the notation can).
/// - A transition with several targets (`-> boldOn, italicOn`) is an arrow to each, with the
///   same label; written as a line, it names them all.
/// - `reenter` is shown in the label (`sync reenter / resync`, `lock reenter -> page1`): the
///   transition leaves and re-enters its source, which a line inside the source would not say.
/// - A history's default (`history deep -> boldOn, italicOn / restore`) is an arrow from the
///   history pseudo-state to each of its targets, labeled with its actions; where a notation
///   has no history pseudo-state to start it from, it is a line of its state.
struct StateDiagram {
    let model: MachineModel

    /// The label of the pseudo-state the machine-level transitions start from.
    static let anyStateLabel = "any state"

    /// The lines inside a state: `entry / …`, `exit / …`, what it invokes, what it defers (`defer
    /// retry`), then, in document order, its
    /// internal transitions and the transitions that stay inside it (see ``isLine(_:)``), and
    /// those a notation cannot draw as arrows (`alsoWritingAsLines`).
    func bodyLines(of state: StateModel, alsoWritingAsLines writtenAsLine: (TransitionModel) -> Bool = { _ in false }) -> [String] {
        var lines: [String] = []
        if !state.entryActions.isEmpty { lines.append(SpecText.block("entry", state.entryActions, in: model)) }
        if !state.exitActions.isEmpty { lines.append(SpecText.block("exit", state.exitActions, in: model)) }
        lines += state.invocations.map { SpecText.invocation(model[$0]) }
        lines += state.deferrals.map { SpecText.deferral($0, in: model) }
        lines += state.transitions.filter { isLine($0) || writtenAsLine($0) }.map(lineLabel)
        return lines
    }

    /// Whether the machine has a parallel state with regions.
    var hasRegions: Bool { model.states.contains { $0.isParallel && !$0.children.isEmpty } }

    /// Whether a transition is a line inside its state rather than an arrow: it has no
    /// target, or its source is compound and its target is the source, a descendant of it or
    /// its history.
    func isLine(_ transition: TransitionModel) -> Bool {
        guard transition.target != nil else { return true }
        guard let source = transition.source, model[source].isCompound else { return false }
        return transition.targets.allSatisfy { model.isDescendant($0, of: source) }
    }

    /// A line's text: `refresh / reload`, or with its targets as the spec writes them,
    /// `reset [isIdle] -> shelf / log`, `lock reenter -> page1`, `reset -> boldOff, italicOff`.
    func lineLabel(_ transition: TransitionModel) -> String {
        label(of: transition, showingTargets: true)
    }

    /// An arrow's label: `play [canResume] / startPlayback`, and `reenter` where the
    /// transition has it (`sync reenter / resync`).
    func arrowLabel(_ transition: TransitionModel) -> String {
        label(of: transition, showingTargets: false)
    }

    private func label(of transition: TransitionModel, showingTargets: Bool) -> String {
        var label = SpecText.trigger(transition.trigger, in: model)
        if let guardModel = transition.guardExpression {
            label += " [\(SpecText.guardExpression(guardModel, in: model))]"
        }
        if transition.reenters { label += " reenter" }
        if showingTargets, let targets = SpecText.target(of: transition, in: model) {
            label += " -> " + targets
        }
        if !transition.actions.isEmpty {
            label += " / " + SpecText.actionList(transition.actions, in: model)
        }
        return label
    }

    /// The label of the arrows of a history's default: its actions, `/ restoreStyle`; empty
    /// without actions.
    func historyDefaultLabel(_ historyDefault: HistoryDefaultModel) -> String {
        historyDefault.actions.isEmpty ? "" : "/ " + SpecText.actionList(historyDefault.actions, in: model)
    }

    /// A history's default as the spec writes it, `history deep -> boldOn, italicOn / restore`,
    /// for notations that show it as a line of its state; `nil` without a default.
    func historyDefaultLine(of state: StateModel) -> String? {
        guard let historyDefault = state.historyDefault else { return nil }
        var line = (state.history == .deep ? "history deep" : "history") + " -> "
        line += historyDefault.targets.map { model[$0].name }.joined(separator: ", ")
        if !historyDefault.actions.isEmpty { line += " " + historyDefaultLabel(historyDefault) }
        return line
    }

    /// The states whose history has a default, in document order.
    var statesWithHistoryDefaults: [StateModel] {
        model.states.filter { $0.historyDefault != nil }
    }

    /// The machine-level internal transitions, shown inside the "any state" pseudo-state.
    var machineBodyLines: [String] {
        model.machineTransitions.filter { $0.target == nil }.map { SpecText.transitionLabel($0, in: model) }
    }

    /// Whether the diagram needs the "any state" pseudo-state.
    var hasMachineLevelTransitions: Bool { !model.machineTransitions.isEmpty }

    /// The transitions drawn as arrows, in document order: each state's, then the
    /// machine-level ones (whose ``TransitionModel/source`` is `nil`).
    var arrows: [TransitionModel] {
        model.allTransitions.filter { !isLine($0) }
    }

    /// `H` or `H*`: the history pseudo-state of a compound state, `nil` when it keeps none.
    func historyLabel(of state: StateModel) -> String? {
        switch state.history {
        case .shallow?: "H"
        case .deep?: "H*"
        case nil: nil
        }
    }

    /// The states directly inside `container`, or the top-level states for `nil`.
    func children(of container: StateID?) -> [StateID] {
        container.map { model[$0].children } ?? model.topLevelStates
    }

    /// The state `container` starts in, or the machine's initial state for `nil`.
    func initialChild(of container: StateID?) -> StateID? {
        container.map { model[$0].initialChild } ?? model.initialState
    }

    /// The innermost composite state (or `nil`, the top level) whose block declares both
    /// ends of a transition: notations that nest composite states want the arrow there. The
    /// history pseudo-state of `X` lies in `X`'s block. Never a parallel state: its block
    /// holds its regions, side by side, and an arrow between two of them belongs to neither,
    /// so it goes around the parallel state.
    ///
    /// For several targets, the block that holds the arrows to all of them: each target's block
    /// lies on the source's chain of ancestors, and the outermost holds the others.
    func container(of transition: TransitionModel) -> StateID? {
        guard let source = transition.source, transition.target != nil else { return nil }
        let blocks = transition.targets.map { container(from: source, to: $0, targetsHistory: transition.targetsHistory) }
        func depth(_ block: StateID?) -> Int { block.map { model.path(from: $0).count } ?? 0 }
        return blocks.min { depth($0) < depth($1) } ?? nil
    }

    private func container(from source: StateID, to target: StateID, targetsHistory: Bool) -> StateID? {
        var sourceBlocks: Set<StateID> = []
        var block = model[source].parent
        while let current = block {
            sourceBlocks.insert(current)
            block = model[current].parent
        }
        block = targetsHistory ? target : model[target].parent
        while let current = block, !sourceBlocks.contains(current) || model[current].isParallel {
            block = model[current].parent
        }
        return block
    }

    /// Whether an arrow from `source` to `target` goes from one region of a parallel state to
    /// another: the innermost state around both (or either one) is a parallel state, and
    /// neither end is that state.
    func crossesRegions(from source: StateID, to target: StateID) -> Bool {
        let around = Set(model.path(from: source))
        guard let common = model.path(from: target).first(where: around.contains) else { return false }
        return model[common].isParallel && common != source && common != target
    }

    /// Whether a transition ends at the history of a parallel state.
    func targetsHistoryOfParallelState(_ transition: TransitionModel) -> Bool {
        guard transition.targetsHistory, let target = transition.target else { return false }
        return model[target].isParallel
    }

    /// Whether `state` is a region: a child of a parallel state.
    func isRegion(_ state: StateModel) -> Bool {
        state.parent.map { model[$0].isParallel } ?? false
    }

    /// The child machines (`invoke SignIn as signIn`) whose machine `children` holds, in
    /// document order.
    func childInvocations(in children: [String: MachineModel]) -> [InvocationModel] {
        model.invocations.filter { invocation in
            if case .machine(let name) = invocation.kind { children[name] != nil } else { false }
        }
    }

    /// The charts drawn beside the machine's: each machine it invokes that `children` holds,
    /// once, in the order first invoked.
    func childCharts(in children: [String: MachineModel]) -> [MachineModel] {
        var charts: [MachineModel] = []
        for invocation in childInvocations(in: children) {
            guard case .machine(let name) = invocation.kind, let child = children[name],
                !charts.contains(where: { $0.name == name })
            else { continue }
            charts.append(child)
        }
        return charts
    }

    /// A doc comment as lines; none when there is none.
    static func documentationLines(_ documentation: String?) -> [String] {
        guard let documentation, !documentation.isEmpty else { return [] }
        return documentation.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

/// The identifiers a notation gives the states of a diagram: the state's name where the
/// notation reads it as a plain identifier, otherwise a generated `s<index>` that the
/// diagram labels with the name. Identifiers never collide, with each other or with the
/// names of the pseudo-states.
struct DiagramIdentifiers {
    private var identifiers: [String]
    /// The identifier of the "any state" pseudo-state.
    private(set) var anyState: String
    /// The identifiers of the history pseudo-states, by the ``StateID`` of their state.
    private var histories: [StateID: String] = [:]

    /// Every identifier given out, the pseudo-states' included.
    let taken: Set<String>

    /// - Parameters:
    ///   - isPlain: whether the notation reads a name as an identifier as it is.
    ///   - prefix: what every identifier starts with: empty for the machine drawn, `SignIn_`
    ///     for the chart of its child `SignIn`, whose identifiers also avoid `taken`, those of
    ///     the charts drawn before it.
    init(_ model: MachineModel, isPlain: (String) -> Bool, prefix: String = "", taken alreadyTaken: Set<String> = []) {
        var taken = prefix.isEmpty ? Set(model.states.map(\.name).filter(isPlain)) : alreadyTaken
        func unique(_ candidate: String) -> String { Self.unique(candidate, avoiding: &taken) }
        identifiers = model.states.map { state in
            let name = isPlain(state.name) ? state.name : "s\(state.id.index)"
            return prefix.isEmpty && isPlain(state.name) ? name : unique(prefix + name)
        }
        anyState = unique(prefix + "anyState")
        for state in model.states where state.history != nil {
            histories[state.id] = unique(identifiers[state.id.index] + "History")
        }
        self.taken = taken
    }

    /// `candidate`, or with `_` added until `taken` does not hold it; then taken.
    static func unique(_ candidate: String, avoiding taken: inout Set<String>) -> String {
        var identifier = candidate
        while taken.contains(identifier) { identifier += "_" }
        taken.insert(identifier)
        return identifier
    }

    subscript(state: StateID) -> String { identifiers[state.index] }

    /// The identifier of the history pseudo-state inside `state`: `appHistory`.
    func history(of state: StateID) -> String { histories[state] ?? identifiers[state.index] + "History" }

    /// Whether `state` goes by a generated identifier and so needs a label with its name.
    func isGenerated(_ state: StateModel) -> Bool { identifiers[state.id.index] != state.name }

    /// Whether `name` is an ASCII identifier (`[A-Za-z_][A-Za-z0-9_]*`), which every
    /// notation reads as it is unless it is one of its keywords.
    static func isASCIIIdentifier(_ name: String) -> Bool {
        func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        }
        guard let first = name.unicodeScalars.first, isLetter(first) else { return false }
        return name.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
    }
}
