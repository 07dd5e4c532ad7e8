/// Checks the shape of the tree of states and completes it: a final state holds no states,
/// the children of a parallel state are proper regions (atomic ones included), every compound state has one initial
/// child, and `history` is declared once, in a state with children.
struct StateStructurePass {
    let diagnostics: DiagnosticCollector

    /// Checks every state, children before their parent, and records each compound state's
    /// initial child and each state's history.
    func run(_ table: inout StateTable) {
        for id in table.topLevelStates {
            check(id, in: &table)
        }
    }

    /// The state the machine starts in: the one `initial` top-level state; reports none or several.
    func initialState(of machine: MachineSyntax, topLevelStates: [StateID], in table: StateTable) -> StateID? {
        findInitialState(
            among: topLevelStates, owner: "machine '\(machine.name.text)'", ownerRange: machine.name.range, in: table)
    }

    private func check(_ id: StateID, in table: inout StateTable) {
        for child in table.states[id.index].children {
            check(child, in: &table)
        }
        let syntax = table.stateSyntax[id.index]
        let parent = table.states[id.index].parent
        let isCompound = !table.states[id.index].children.isEmpty
        if syntax.has(.final), isCompound {
            diagnostics.error("final state '\(syntax.name.text)' cannot contain states", at: syntax.name.range)
        }
        // The children of a parallel state are its regions, entered together.
        let parallelParent = parent.flatMap { table.states[$0.index].isParallel ? table.states[$0.index].name : nil }
        if let parallelParent {
            checkRegion(syntax, of: parallelParent, isCompound: isCompound)
        }
        if isCompound, !syntax.has(.parallel) {
            let owner = parallelParent.map { "region '\(syntax.name.text)' of parallel state '\($0)'" } ?? "state '\(syntax.name.text)'"
            let initialChild = findInitialState(
                among: table.states[id.index].children, owner: owner, ownerRange: syntax.name.range, in: table)
            table.states[id.index].initialChild = initialChild
        }
        let history = declaredHistory(in: syntax, isCompound: isCompound)
        table.states[id.index].history = history
    }

    /// Checks a region, a child of the parallel state `parallel`: it is entered with the other
    /// regions whenever the parallel state is, so it is not `initial`, carries no data (nothing
    /// gives it any), and is not `final` (a region completes in a final state of its own).
    private func checkRegion(_ syntax: StateSyntax, of parallel: String, isCompound: Bool) {
        let name = syntax.name.text
        let region = "region '\(name)' of parallel state '\(parallel)'"
        if let initial = syntax.range(of: .initial) {
            diagnostics.error(
                "\(region) cannot be initial: a parallel state enters all its regions together; remove 'initial'",
                at: initial)
        }
        if let data = syntax.parameters, !data.isEmpty {
            diagnostics.error(
                "\(region) carries data, but entering '\(parallel)' enters its regions without any; move the data to '\(parallel)', or into a state inside '\(name)'",
                at: syntax.name.range)
        }
        // A final state with children is reported as such already. A region without children
        // is atomic: always in itself while its parallel state is active.
        if !isCompound, syntax.has(.final) {
            diagnostics.error(
                "\(region) cannot be final: a region completes when it enters a final state of its own; remove 'final', and give '\(name)' child states, one of them 'initial' and one 'final'",
                at: syntax.range(of: .final)!)
        }
    }

    /// The `history` a state declares, checked: once, and only in a state with children.
    private func declaredHistory(in syntax: StateSyntax, isCompound: Bool) -> HistoryKind? {
        var declared: HistorySyntax?
        for case .history(let history) in syntax.members {
            if let first = declared {
                diagnostics.error(
                    "state '\(syntax.name.text)' declares its history twice", at: history.range,
                    notes: [.init("first declared here", at: first.range)])
                continue
            }
            declared = history
            if !isCompound {
                diagnostics.error(
                    "'history' needs child states: state '\(syntax.name.text)' has none to remember", at: history.range)
            }
        }
        guard let declared, isCompound else { return nil }
        return declared.isDeep ? .deep : .shallow
    }

    /// The one `initial` state among siblings; reports none or several.
    private func findInitialState(
        among siblings: [StateID], owner: String, ownerRange: SourceRange, in table: StateTable
    ) -> StateID? {
        let initials = siblings.filter { table.stateSyntax[$0.index].has(.initial) }
        guard let first = initials.first else {
            let example = siblings.first.map { "'initial state \(table.states[$0.index].name)'" } ?? "'initial state name'"
            diagnostics.error("\(owner) has no initial state; mark the one it starts in, as in \(example)", at: ownerRange)
            return nil
        }
        for extra in initials.dropFirst() {
            diagnostics.error(
                "\(owner) has more than one initial state", at: table.stateSyntax[extra.index].range(of: .initial)!,
                notes: [.init("'\(table.states[first.index].name)' is initial already", at: table.stateSyntax[first.index].range(of: .initial)!)])
        }
        return first
    }
}
