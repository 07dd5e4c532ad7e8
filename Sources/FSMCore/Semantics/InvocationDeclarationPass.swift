/// The machine's invocations, by name: what ``InvocationDeclarationPass`` declares and the
/// transitions that name one (`done`, `error`, `on`) look up.
struct InvocationTable {
    var invocations: [InvocationModel] = []
    var index: [String: InvocationID] = [:]

    subscript(id: InvocationID) -> InvocationModel { invocations[id.index] }

    /// The invocation `name` names, or `nil`.
    func lookUp(_ name: String) -> InvocationModel? {
        index[name].map { invocations[$0.index] }
    }

    /// Whether a transition of `source` (`nil`: the machine level) can receive what
    /// `invocation` delivers: while it runs, the active states that look for a transition are
    /// its owner's ancestors, the owner and states inside it (bubbling, as for any event).
    func canReceive(_ invocation: InvocationModel, from source: StateID?, in states: StateTable) -> Bool {
        guard let source else { return true }
        return StateTree.isDescendant(source, of: invocation.owner, in: states.states)
            || StateTree.isDescendant(invocation.owner, of: source, in: states.states)
    }
}

/// Declares the invocations of every state and checks them: in a state that is not final,
/// named uniquely in the machine's one namespace of events, states and invocations, with
/// labeled results that do not clash with the data their transitions receive.
struct InvocationDeclarationPass {
    let diagnostics: DiagnosticCollector
    /// What `invoke Machine as name` is resolved against.
    var childMachines: ChildMachineCheck

    func run(_ machine: MachineSyntax, states: StateTable, signals: SignalTable) -> InvocationTable {
        var table = InvocationTable()
        for member in machine.members {
            if case .invoke(let invoke) = member {
                diagnostics.error(
                    "'invoke' belongs in a state: the work runs while its state is active", at: invoke.range)
            }
        }
        for state in states.states {
            for case .invoke(let invoke) in states.stateSyntax[state.id.index].members {
                // An invocation with other problems is still declared: the transitions naming it
                // are checked against it, not reported as naming nothing.
                guard isNew(invoke, in: state, states: states, signals: signals, table: table) else { continue }
                let id = InvocationID(table.invocations.count)
                table.index[invoke.name.text] = id
                var invocation = InvocationModel(
                    id: id, name: invoke.name.text, documentation: invoke.documentation, kind: kind(of: invoke),
                    results: invoke.results.map { ParameterModel(label: $0.label?.text, type: $0.type) },
                    owner: state.id, range: invoke.range)
                if case .machine(let machine) = invoke.kind {
                    invocation.child = childMachines.resolve(machine, invokedAt: invoke.range)
                }
                table.invocations.append(invocation)
            }
        }
        return table
    }

    /// Checks `invoke` in `state` (reporting its problems); `false` for a second declaration of
    /// a name.
    private func isNew(
        _ invoke: InvokeSyntax, in state: StateModel, states: StateTable, signals: SignalTable, table: InvocationTable
    ) -> Bool {
        let name = invoke.name
        if state.isFinal {
            let effect = state.parent.map { "completes '\(states[$0].name)'" } ?? "finishes the machine"
            diagnostics.error(
                "final state '\(state.name)' cannot invoke '\(name.text)': entering it \(effect), so the work would never be waited for",
                at: invoke.range)
        }
        if let first = table.lookUp(name.text) {
            diagnostics.error(
                "invocation '\(name.text)' is declared twice", at: name.range,
                notes: [.init("'\(name.text)' is first declared here", at: first.range)])
            return false
        }
        if let event = signals.eventIndex[name.text] {
            diagnostics.error(
                "'\(name.text)' names an event and an invocation; invocations share one namespace with events and states",
                at: name.range, notes: [.init("the event is declared here", at: signals.events[event.index].range)])
        }
        if let other = states.lookUp(name) {
            diagnostics.error(
                "'\(name.text)' names a state and an invocation; invocations share one namespace with events and states",
                at: name.range, notes: [.init("the state is declared here", at: states[other].range)])
        }
        DeclaredNames.checkReserved(name, as: .invocation, diagnostics: diagnostics)
        let dataLabels = Set(states.chainData(of: state.id).compactMap(\.label))
        for result in invoke.results {
            guard let label = result.label else {
                diagnostics.error(
                    "the results of '\(name.text)' need labels, as its 'done' transition receives them: write '\(name.text)(value: \(result.type))'",
                    at: result.range)
                continue
            }
            if dataLabels.contains(label.text) {
                diagnostics.error(
                    "result label '\(label.text)' of '\(name.text)' is also a data label of '\(state.name)' or a state around it; its transitions receive both, so rename one",
                    at: label.range)
            }
        }
        return true
    }

    private func kind(of invoke: InvokeSyntax) -> InvocationModel.Kind {
        switch invoke.kind {
        case .call: .call
        case .stream: .stream
        case .machine(let machine): .machine(machine.text)
        }
    }

    /// Checks that no invocation shares its name with a guard, an action or a value function:
    /// each is a requirement of the generated `Actions`.
    func checkAgainstCallables(_ table: InvocationTable, _ callables: CallableRegistry) {
        guard !table.invocations.isEmpty else { return }
        let kinds = [("a guard", callables.guards.map(\.name)), ("an action", callables.actions.map(\.name)),
                     ("a function that computes a value", callables.valueFunctions.map(\.name))]
        for invocation in table.invocations {
            for (kind, names) in kinds where names.contains(invocation.name) {
                diagnostics.error(
                    "'\(invocation.name)' names an invocation and \(kind); both are requirements of the generated 'Actions', so rename one",
                    at: invocation.range)
            }
        }
    }
}
