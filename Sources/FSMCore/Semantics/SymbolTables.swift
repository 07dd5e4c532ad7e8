/// The machine's events and outputs: what ``SignalDeclarationPass`` declares and every later
/// pass looks names up in.
struct SignalTable {
    /// Events in declaration order; ``EventID`` indexes this array.
    var events: [SignalModel] = []
    var eventIndex: [String: EventID] = [:]
    /// Outputs in declaration order; ``OutputID`` indexes this array.
    var outputs: [SignalModel] = []
    var outputIndex: [String: OutputID] = [:]
}

/// The machine's states: what ``StateDeclarationPass`` declares (names, the tree, data),
/// ``StateStructurePass`` completes (initial children, histories), and the passes after them
/// read.
struct StateTable {
    /// Every state in document order, a parent before its children; ``StateID`` indexes it.
    var states: [StateModel] = []
    /// The first declaration of each state name: state names are unique in the whole machine,
    /// not just among siblings, because a target or `in(…)` names any state and `StateID` has
    /// a case per state.
    var stateIndex: [String: StateID] = [:]
    /// The syntax of each state, by ``StateID``.
    var stateSyntax: [StateSyntax] = []
    /// States with an unlabeled data field (reported): the arguments of transitions entering
    /// them are not checked, since the fields cannot be matched.
    var statesWithUnlabeledData: Set<StateID> = []

    subscript(id: StateID) -> StateModel { states[id.index] }

    /// The states at the top of the tree, in document order.
    var topLevelStates: [StateID] { states.filter { $0.parent == nil }.map(\.id) }

    func lookUp(_ name: Identifier) -> StateID? { stateIndex[name.text] }

    /// The data of `state` and of its ancestors, innermost first: what its guards and actions
    /// receive after the event's payload.
    func chainData(of state: StateID?) -> [ParameterModel] {
        var data: [ParameterModel] = []
        var current = state
        while let id = current {
            data += states[id.index].data
            current = states[id.index].parent
        }
        return data
    }
}

/// The names of one kind declared so far (events, outputs or states), each where it is first
/// declared.
struct DeclaredNames {
    let kind: ReservedNames.NameKind
    private var firstDeclarations: [String: SourceRange] = [:]

    init(_ kind: ReservedNames.NameKind) {
        self.kind = kind
    }

    /// Checks a new name against the reserved ones and earlier declarations of its kind;
    /// `false` when it is a duplicate.
    mutating func declare(_ name: Identifier, diagnostics: DiagnosticCollector) -> Bool {
        if let first = firstDeclarations[name.text] {
            diagnostics.error(
                "\(kind.noun) '\(name.text)' is declared twice", at: name.range,
                notes: [.init("'\(name.text)' is first declared here", at: first)])
            return false
        }
        firstDeclarations[name.text] = name.range
        Self.checkReserved(name, as: kind, diagnostics: diagnostics)
        return true
    }

    /// Reports a name that the generated code cannot use (see ``ReservedNames``).
    static func checkReserved(_ name: Identifier, as kind: ReservedNames.NameKind, diagnostics: DiagnosticCollector) {
        if let problem = ReservedNames.problem(with: name.text, as: kind) {
            diagnostics.error(problem, at: name.range)
        }
    }
}
