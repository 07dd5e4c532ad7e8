import FSMCore

/// Configuration values and patterns with state data, and which data a piece of generated code
/// must bind: a state's case carries its active child first, then its data fields by label
/// (`case main(Main, user: String)`, `case detail(id: Int)`).
extension SwiftSpelling {
    /// The configuration value with `path` (outermost first) active: each state's case with its
    /// active child and its data. `data(state)` gives the expressions of a state's fields, in
    /// order; `inside` stands for the last state's child (a history's restored configuration).
    func configurationValue(_ path: some Collection<StateID>, inside: String? = nil, data: (StateID) -> [String]) -> String {
        guard let first = path.first else { return inside ?? "" }
        let state = model[first]
        var parts: [String] = []
        let rest = path.dropFirst()
        if !rest.isEmpty {
            parts.append(configurationValue(rest, inside: inside, data: data))
        } else if let inside {
            parts.append(inside)
        }
        for (field, value) in zip(state.data, data(first)) {
            parts.append("\(field.label!): \(value)")
        }
        return "." + state.name + (parts.isEmpty ? "" : "(" + parts.joined(separator: ", ") + ")")
    }

    /// The configuration value whose active atomic state is `leaf`, each state's data taken from
    /// the variable its label binds.
    func configurationValue(atLeaf leaf: StateID) -> String {
        configurationValue(machine.path(to: leaf), data: boundData)
    }

    /// The variables holding a state's data where the generated code bound it.
    func boundData(_ state: StateID) -> [String] {
        model[state].data.map { dataVariable($0.label!) }
    }

    /// A pattern matching configurations in which `path` (outermost first) is active, binding
    /// the data labels in `binding` to variables of their names (`_` for the others) and, when
    /// `child` is given, the last state's active child to a variable of that name.
    func configurationPattern(_ path: some Collection<StateID>, binding: Set<String> = [], child: String? = nil) -> String {
        guard let first = path.first else { return "_" }
        let state = model[first]
        let rest = path.dropFirst()
        var parts: [String] = []
        var matchesSomething = false
        if state.isCompound {
            if !rest.isEmpty {
                parts.append(configurationPattern(rest, binding: binding, child: child))
                matchesSomething = true
            } else if let child {
                parts.append("let \(child)")
                matchesSomething = true
            } else {
                parts.append("_")
            }
        }
        for field in state.data {
            if binding.contains(field.label!) {
                parts.append("\(field.label!): let \(SwiftNames.variable(field.label!))")
                matchesSomething = true
            } else {
                parts.append("\(field.label!): _")
            }
        }
        return "." + state.name + (matchesSomething ? "(" + parts.joined(separator: ", ") + ")" : "")
    }

    /// The pattern of the configurations whose active atomic state is `leaf`, binding nothing.
    func configurationPattern(atLeaf leaf: StateID) -> String {
        configurationPattern(machine.path(to: leaf))
    }

    // MARK: - Parallel states

    /// The variable a parallel state's regions are bound to where the generated code walks
    /// the configuration: `editorRegions` (a `State.Editor`).
    func regionsVariable(_ state: StateID) -> String {
        model[state].name + "Regions"
    }

    /// The conditions that hold when `path` (outermost first) is active in `subject`, as
    /// clauses of an `if` or a `guard` (`case .main(.editor(let editorRegions)) = state`,
    /// `case .boldOn = editorRegions.bold`): a parallel state on the way binds its regions
    /// (``regionsVariable(_:)``) and its region's value is matched next. Binds the data labels
    /// in `binding`, and, with `child`, the last state's active child (or regions): its
    /// expression is returned too, a variable or a region's property.
    func configurationClauses(
        _ path: [StateID], binding: Set<String> = [], child: String? = nil, subject: String = "state"
    ) -> (clauses: [String], child: BoundValue?) {
        guard let cut = path.dropLast().firstIndex(where: { model[$0].isParallel }) else {
            return (["case \(configurationPattern(path, binding: binding, child: child)) = \(subject)"], child.map { BoundValue(variable: $0) })
        }
        let parallel = path[cut]
        let regions = regionsVariable(parallel)
        let inRegion = Array(path[(cut + 1)...])
        // The regions are bound only when something below them is matched or wanted.
        let bindsRegions = matchesBelowRegion(inRegion) || child != nil
        let clause = "case \(configurationPattern(path[...cut], binding: binding, child: bindsRegions ? regions : nil)) = \(subject)"
        guard bindsRegions else { return ([clause], nil) }
        let inner = configurationClauses(inRegion, inRegionsOf: regions, binding: binding, child: child)
        return ([clause] + inner.clauses, inner.child)
    }

    /// The clauses of ``configurationClauses(_:binding:child:subject:)`` for `path` starting
    /// at a region of a parallel state whose regions are bound to `regions`. A region that is a
    /// parallel state itself binds its own regions (`case let qRegions = pRegions.q`).
    private func configurationClauses(
        _ path: [StateID], inRegionsOf regions: String, binding: Set<String>, child: String?
    ) -> (clauses: [String], child: BoundValue?) {
        let region = path[0]
        let regionValue = BoundValue(property: SwiftNames.variable(model[region].name), of: regions)
        let rest = Array(path.dropFirst())
        guard model[region].isParallel else {
            guard !rest.isEmpty else { return ([], child.map { _ in regionValue }) }
            return configurationClauses(rest, binding: binding, child: child, subject: regionValue.expression)
        }
        guard matchesBelowRegion(rest) || child != nil else { return ([], nil) }
        let nested = regionsVariable(region)
        let clause = "case let \(nested) = \(regionValue.expression)"
        guard !rest.isEmpty else { return ([clause], child.map { _ in BoundValue(variable: nested) }) }
        let inner = configurationClauses(rest, inRegionsOf: nested, binding: binding, child: child)
        return ([clause] + inner.clauses, inner.child)
    }

    /// Whether `path`, starting at a region, matches a state below the region: a region is
    /// active whenever its parallel state is, and so is a region of a region.
    private func matchesBelowRegion(_ path: [StateID]) -> Bool {
        guard path.count > 1 else { return false }
        return model[path[0]].isParallel ? matchesBelowRegion(Array(path.dropFirst())) : true
    }

    /// The configuration value after a transition: the states of `kept` (from the top level
    /// down to the transition's domain) stay active with their data, and those of `entering`
    /// (document order) are entered, `data(state)` giving each state's fields. Inside
    /// `historyOwner`, `historyInside` stands for what its history restores. A parallel
    /// state's regions that the transition does not touch keep their value
    /// (``regionsVariable(_:)``, bound where this value is written).
    func configurationValue(
        keeping kept: [StateID], entering: [StateID], data: (StateID) -> [String], historyOwner: StateID? = nil,
        historyInside: String? = nil
    ) -> String {
        spell(.value((kept.first ?? entering.first)!), active: Set(kept + entering), data: data, historyOwner: historyOwner, historyInside: historyInside)
    }

    /// The regions variables (``regionsVariable(_:)``) that
    /// ``configurationValue(keeping:entering:data:historyOwner:historyInside:)`` reads: those of
    /// the parallel states whose untouched regions keep their value.
    ///
    /// Worked out from the states, not by spelling the value again: the parallel states among
    /// them (but the history's owner, which its restored value stands in for) with a stored
    /// region that is neither kept nor entered. A parallel state that is entered has every
    /// region entered (the entry plan says so), so only kept ones can keep regions.
    func regionsRead(keeping kept: [StateID], entering: [StateID], historyOwner: StateID? = nil) -> CodeReads {
        // Most transitions cross no parallel state: nothing to allocate for them.
        guard kept.contains(where: { model[$0].isParallel }) else { return CodeReads() }
        let active = Set(kept + entering)
        var reads = CodeReads()
        for state in kept where model[state].isParallel && state != historyOwner {
            if model.storedRegions(of: state).contains(where: { !active.contains($0) }) {
                reads.insert(BoundValue(variable: regionsVariable(state)))
            }
        }
        return reads
    }

    /// What is active inside `state` after a transition, as a value of `state`'s type: as
    /// ``configurationValue(keeping:entering:data:historyOwner:historyInside:)``, `kept`
    /// starting at `state`.
    func configurationInside(
        of state: StateID, keeping kept: [StateID], entering: [StateID], data: (StateID) -> [String], historyOwner: StateID? = nil,
        historyInside: String? = nil
    ) -> String {
        spell(.inside(state), active: Set(kept + entering), data: data, historyOwner: historyOwner, historyInside: historyInside)
    }

    private enum Spelled {
        /// A state's case: `.detail(id: id)`, `.main(<inside>)`.
        case value(StateID)
        /// What is active inside a state: its active child's case, or its regions'.
        case inside(StateID)
    }

    /// Spells part of the configuration made of the `active` states.
    private func spell(
        _ part: Spelled, active: Set<StateID>, data: (StateID) -> [String], historyOwner: StateID?, historyInside: String?
    ) -> String {
        func value(_ state: StateID) -> String {
            var parts: [String] = []
            if !model[state].isAtomic { parts.append(inside(state)) }
            for (field, value) in zip(model[state].data, data(state)) {
                parts.append("\(field.label!): \(value)")
            }
            return "." + model[state].name + (parts.isEmpty ? "" : "(" + parts.joined(separator: ", ") + ")")
        }
        func inside(_ state: StateID) -> String {
            if state == historyOwner, let historyInside { return historyInside }
            let children = model[state].children
            guard model[state].isParallel else {
                return value(children.first(where: active.contains) ?? model[state].initialChild!)
            }
            let regions = model.storedRegions(of: state).map { region in
                let name = model[region].name
                return "\(name): " + (active.contains(region) ? inside(region) : "\(regionsVariable(state)).\(SwiftNames.variable(name))")
            }
            return ".init(" + regions.joined(separator: ", ") + ")"
        }
        switch part {
        case .value(let state): return value(state)
        case .inside(let state): return inside(state)
        }
    }

    /// What entering `state` by default puts inside it, as a value of its type: its initial
    /// child's value (`.list`), or every region's (`.init(bold: .boldOff, italic: .italicOff)`).
    func defaultInside(of state: StateID) -> String {
        if model[state].isParallel {
            return ".init(" + model.storedRegions(of: state).map { "\(model[$0].name): \(defaultInside(of: $0))" }.joined(separator: ", ") + ")"
        }
        return defaultValue(of: model[state].initialChild!, data: { _ in [] })
    }

    /// What `owner`'s history enters inside it before `owner` was ever left, as a value of its
    /// type: its default's targets with the states between them and `owner`, and the default
    /// entries of the rest, as the executable machine says
    /// (``ExecutableMachine/restoredEntry(of:remembered:)``). A history's default enters no
    /// state with data.
    func historyDefaultInside(of owner: StateID) -> String {
        configurationInside(of: owner, keeping: [owner], entering: machine.restoredEntry(of: owner, remembered: nil), data: { _ in [] })
    }

    /// `state` entered by default, as a case of its parent's type, with `data(state)` as its
    /// fields: `.main(.list, user: user)`.
    func defaultValue(of state: StateID, data: (StateID) -> [String]) -> String {
        var parts = model[state].isAtomic ? [] : [defaultInside(of: state)]
        for (field, value) in zip(model[state].data, data(state)) {
            parts.append("\(field.label!): \(value)")
        }
        return "." + model[state].name + (parts.isEmpty ? "" : "(" + parts.joined(separator: ", ") + ")")
    }

    // MARK: - What must be bound

    /// The data labels a transition's guard reads: its guards' functions receive their data,
    /// or the arguments written.
    func dataNeeded(byGuardOf id: TransitionID) -> Set<String> {
        guard shape.hasStateData, let guardModel = machine[id].declaration.guardExpression else { return [] }
        var labels = Set(guardModel.names.flatMap { guardsByName[$0]!.data.map { $0.label! } })
        for argument in guardModel.callArguments { labels.formUnion(dataNeeded(by: argument.value)) }
        return labels
    }

    /// The data labels a transition's new configuration reads: its target's arguments, the
    /// values of its updates (a pure function computes them in the configuration), and the
    /// data of the states that stay active around it, but those its updates changed.
    func dataNeeded(byTargetOf id: TransitionID) -> Set<String> {
        guard shape.hasStateData else { return [] }
        let transition = machine[id]
        let actions = transition.declaration.actions
        var labels = transition.declaration.targetArguments.reduce(into: Set<String>()) { $0.formUnion(dataNeeded(by: $1.value)) }
        if transition.entry != nil, let domain = transition.domain {
            for state in machine.path(to: domain) { labels.formUnion(model[state].data.map { $0.label! }) }
        }
        guard transition.declaration.changesData else { return labels }
        let updated = Set(transition.declaration.dataUpdates.map(\.field))
        return labels.subtracting(updated).union(dataNeeded(by: actions.filter { !$0.dataUpdates.isEmpty }))
    }

    /// The data labels a list of actions reads from where the walk bound them: its calls'
    /// data, and its arguments, but a datum an update before changed, which the actions after
    /// it read from where the update put it.
    func dataNeeded(by actions: [ActionModel]) -> Set<String> {
        guard shape.hasStateData else { return [] }
        var labels: Set<String> = []
        var updated: Set<String> = []
        for action in actions {
            var reads: Set<String> = []
            switch action {
            case .call(let name):
                reads.formUnion(actionsByName[name]!.data.map { $0.label! })
            case .emit(_, let arguments), .raise(_, let arguments), .callWithArguments(_, let arguments):
                for argument in arguments { reads.formUnion(dataNeeded(by: argument.value)) }
            case .update(let updates):
                for update in updates { reads.formUnion(dataNeeded(by: update.argument.value)) }
            }
            labels.formUnion(reads.subtracting(updated))
            updated.formUnion(action.dataUpdates.map(\.field))
        }
        return labels
    }

    /// The data labels an argument's value reads: the datum it names, or its value function's.
    private func dataNeeded(by value: ArgumentModel.Value) -> Set<String> {
        switch value {
        case .data(let label): [label]
        case .computed(let name): Set(valueFunctionsByName[name]!.data.map { $0.label! })
        case .computedWithArguments(_, let arguments): arguments.reduce(into: []) { $0.formUnion(dataNeeded(by: $1.value)) }
        case .string, .integer, .float, .boolean, .nil, .payload: []
        }
    }

    /// For each state, the labels of its own data that `needed` asks for at it or inside it.
    func dataBindings(needing needed: (StateID) -> Set<String>) -> [Set<String>] {
        guard shape.hasStateData else { return Array(repeating: [], count: model.states.count) }
        var needed = model.states.map { needed($0.id) }
        // Children after their parent: a backward pass hands each child's needs to its parent.
        for state in model.states.reversed() {
            if let parent = state.parent { needed[parent.index].formUnion(needed[state.id.index]) }
        }
        return model.states.map { state in needed[state.id.index].intersection(state.data.map { $0.label! }) }
    }

    /// The data labels of `state` and its ancestors that `labels` names.
    func chainLabels(of state: StateID, among labels: Set<String>) -> Set<String> {
        Set(machine.path(to: state).flatMap { model[$0].data.map { $0.label! } }).intersection(labels)
    }

    // MARK: - Parallel states, history, timers

    /// What the history a transition targets restores, as an expression
    /// (`Self.restoredMain(history.main)`); empty when it targets none.
    func restoredHistory(of id: TransitionID) -> String {
        guard let owner = machine[id].entry?.restoresHistoryOf else { return "" }
        return "Self.restored\(SwiftNames.stateTypeName(model[owner].name))(history.\(model[owner].name))"
    }

    /// Whether a parallel state lies on `path` before its end: reaching the end then reads a
    /// region of its regions' struct.
    func crossesParallelState(_ path: [StateID]) -> Bool {
        path.dropLast().contains { model[$0].isParallel }
    }

    /// The slot of a state's timers in the generated `timers` (a `MachineTimers`), if it has `after`
    /// transitions.
    func timerSlot(of state: StateID) -> Int? {
        timerSlots[state]
    }

    /// `guard case <the state's path, binding labels> = self.state else { break }`, inside the
    /// `switch` over a `StateID`: the data an entry or exit action (or a delay) reads, taken from
    /// the configuration while the state is active. Nothing when nothing is read.
    func emitDataBinding(of state: StateID, for labels: Set<String>, into writer: inout CodeWriter) {
        let bound = chainLabels(of: state, among: labels)
        guard !bound.isEmpty else { return }
        let (clauses, _) = configurationClauses(machine.path(to: state), binding: bound, subject: "self.state")
        writer.line("guard \(clauses.joined(separator: ", ")) else { break }")
    }
}
