/// Resolves the names of a parsed file, checks it, and builds the ``MachineModel``.
///
/// Every check is linear in the size of the spec (hash lookups, one pass per concern), so
/// that specs with a hundred thousand transitions check in well under a second.
public struct SemanticAnalyzer {
    package var diagnostics = DiagnosticBag()

    // Declarations, filled by the first pass.
    var machineName = ""
    var events: [SignalModel] = []
    var eventIndex: [String: EventID] = [:]
    var outputs: [SignalModel] = []
    var outputIndex: [String: OutputID] = [:]
    var states: [StateModel] = []
    var stateIndex: [String: StateID] = [:]
    /// Where each name is first declared, by kind; state names are unique in the whole
    /// machine, not just among siblings, because a target or `in(…)` names any state and
    /// `StateID` has a case per state.
    var firstDeclarations: [ReservedNames.NameKind: [String: SourceRange]] = [:]
    /// The syntax of each state, by ``StateID``.
    var stateSyntax: [StateSyntax] = []

    // Guards and actions, filled while resolving transitions.
    var callables: [String: CallableUse] = [:]
    var guards: [CallableModel] = []
    var actions: [CallableModel] = []
    var valueFunctions: [ValueFunctionModel] = []
    /// Where each value function is first used, by name.
    var valueFunctionUses: [String: (index: Int, range: SourceRange)] = [:]
    /// States with an unlabeled data field (reported): the arguments of transitions entering
    /// them are not checked, since the fields cannot be matched.
    var statesWithUnlabeledData: Set<StateID> = []

    /// The triggers, per owner, of transitions that did not resolve (an unknown target, a
    /// guard with an error). The checks between transitions skip them: the missing
    /// transition would make them report shadowing or loops that are not there.
    var brokenTriggers: Set<OwnedTrigger> = []

    /// A trigger of a state's transitions, or of the machine's when `owner` is `nil`.
    struct OwnedTrigger: Hashable {
        var owner: StateID?
        var trigger: TransitionModel.Trigger
    }

    /// Why `done` cannot fire in a state, by state, once asked (`.some(nil)`: it can).
    var completionProblems: [StateID: String?] = [:]

    /// How many "did you mean" searches are left; each costs a pass over the declared names,
    /// so a file with thousands of typos stays linear.
    var suggestionBudget = 100

    /// Where a guard or an action is first used, and with which payload.
    struct CallableUse {
        var isGuard: Bool
        /// The payload (unless called as `name()`), then the state data.
        var parameters: [ParameterModel]
        var data: [ParameterModel]
        var context: String
        var range: SourceRange
    }

    init() {}

    /// Checks a parsed file; the model is `nil` when there are errors.
    public static func analyze(_ file: SourceFileSyntax) -> (model: MachineModel?, diagnostics: [Diagnostic]) {
        guard let machine = file.machines.first else {
            let start = SourceLocation(line: 1, column: 1, offset: 0)
            return (nil, [Diagnostic(.error, "the file declares no machine; write 'machine Name { … }'", at: SourceRange(start, start))])
        }
        var analyzer = SemanticAnalyzer()
        for extra in file.machines.dropFirst() {
            analyzer.diagnostics.error(
                "a file declares one machine; move '\(extra.name.text)' to a file of its own", at: extra.name.range,
                notes: [.init("'\(machine.name.text)' is declared here", at: machine.name.range)])
        }
        var model = analyzer.analyze(machine)
        model?.imports = analyzer.checkImports(file.imports)
        for module in file.imports where model?.importLocations[module.text] == nil {
            model?.importLocations[module.text] = module.range.start
        }
        let diagnostics = analyzer.diagnostics
        return (diagnostics.hasErrors ? nil : model, diagnostics.diagnostics)
    }

    // MARK: - Machine

    mutating func analyze(_ machine: MachineSyntax) -> MachineModel? {
        machineName = machine.name.text
        checkName(machine.name, as: .machine)
        let isMainActor = checkAttributes(machine.attributes)
        declareSignals(in: machine.members)
        declareStates(machine.members, parent: nil, depth: 0)
        let topLevelStates = states.filter { $0.parent == nil }.map(\.id)
        checkStateTypeNames(topLevelStates: topLevelStates)
        let initialState = findInitialState(
            among: topLevelStates, owner: "machine '\(machine.name.text)'", ownerRange: machine.name.range)

        var machineTransitions: [TransitionModel] = []
        for member in machine.members {
            switch member {
            case .transition(let transition):
                if let resolved = resolve(transition, in: nil) { machineTransitions.append(resolved) }
            case .entry(let block), .exit(let block):
                let keyword = if case .entry = member { "entry" } else { "exit" }
                diagnostics.error("'\(keyword)' actions belong in a state, not at machine level", at: block.range)
            case .history(let history):
                diagnostics.error(
                    "'history' belongs in a state with child states; the machine itself is never left", at: history.range)
            case .event, .output, .state:
                break
            }
        }
        for id in states.indices {
            resolveMembers(of: StateID(id))
        }
        checkShadowedTransitions(machineTransitions, owner: nil)
        for id in states.indices {
            checkShadowedTransitions(states[id].transitions, owner: StateID(id))
        }
        checkEventlessCycles()

        guard let initialState else { return nil }
        var model = MachineModel(
            name: machine.name.text, documentation: machine.documentation,
            accessLevel: accessLevel(machine.accessLevel), isMainActor: isMainActor,
            events: events, outputs: outputs, states: states, topLevelStates: topLevelStates,
            initialState: initialState, machineTransitions: machineTransitions,
            guards: guards, actions: actions)
        model.valueFunctions = valueFunctions
        if !diagnostics.hasErrors {
            warnAboutUnusedParts(of: &model)
        }
        return model
    }

    /// The imported module names, each once; `FSMRuntime` is always imported already.
    mutating func checkImports(_ imports: [Identifier]) -> [String] {
        var seen: [String: SourceRange] = [:]
        var modules: [String] = []
        for module in imports {
            if let first = seen[module.text] {
                diagnostics.warning(
                    "module '\(module.text)' is imported twice", at: module.range,
                    notes: [.init("first imported here", at: first)])
                continue
            }
            seen[module.text] = module.range
            if module.text != "FSMRuntime" { modules.append(module.text) }
        }
        return modules
    }

    private mutating func checkAttributes(_ attributes: [Identifier]) -> Bool {
        var isMainActor = false
        for attribute in attributes {
            if attribute.text == "@MainActor" {
                if isMainActor {
                    diagnostics.error("'@MainActor' is written twice", at: attribute.range)
                }
                isMainActor = true
            } else {
                diagnostics.error(
                    "unknown attribute '\(attribute.text)'; a machine takes '@MainActor' to isolate it to the main actor",
                    at: attribute.range)
            }
        }
        return isMainActor
    }

    private func accessLevel(_ syntax: AccessLevelSyntax?) -> AccessLevel {
        switch syntax?.keyword {
        case .public: .public
        case .package: .package
        default: .internal
        }
    }

    // MARK: - Declarations

    private mutating func declareSignals(in members: [MemberSyntax]) {
        for member in members {
            switch member {
            case .event(let signal):
                guard declare(signal.name, as: .event) else { continue }
                eventIndex[signal.name.text] = EventID(events.count)
                events.append(model(of: signal))
            case .output(let signal):
                guard declare(signal.name, as: .output) else { continue }
                outputIndex[signal.name.text] = OutputID(outputs.count)
                outputs.append(model(of: signal))
            default:
                break
            }
        }
    }

    /// Checks a new name against the reserved ones and earlier declarations of its kind;
    /// `false` when it is a duplicate.
    private mutating func declare(_ name: Identifier, as kind: ReservedNames.NameKind) -> Bool {
        if let first = firstDeclarations[kind]?[name.text] {
            diagnostics.error(
                "\(kind.noun) '\(name.text)' is declared twice", at: name.range,
                notes: [.init("'\(name.text)' is first declared here", at: first)])
            return false
        }
        firstDeclarations[kind, default: [:]][name.text] = name.range
        checkName(name, as: kind)
        return true
    }

    private mutating func checkName(_ name: Identifier, as kind: ReservedNames.NameKind) {
        if let problem = ReservedNames.problem(with: name.text, as: kind) {
            diagnostics.error(problem, at: name.range)
        }
    }

    private mutating func model(of signal: SignalSyntax) -> SignalModel {
        SignalModel(
            name: signal.name.text, documentation: signal.documentation,
            parameters: parameters(signal.parameters), range: signal.name.range,
            parameterTypeLocations: signal.parameters.map(\.typeRange.start))
    }

    private mutating func parameters(_ syntax: [ParameterSyntax]) -> [ParameterModel] {
        var labels: [String: SourceRange] = [:]
        for parameter in syntax {
            guard let label = parameter.label else { continue }
            if let first = labels[label.text] {
                diagnostics.error(
                    "payload label '\(label.text)' is used twice", at: label.range,
                    notes: [.init("first used here", at: first)])
            }
            labels[label.text] = label.range
            if ["inout", "var", "let"].contains(label.text) {
                diagnostics.error("'\(label.text)' cannot be a payload label", at: label.range)
            } else if ReservedNames.generatedLocals.contains(label.text) || ["self", "Self"].contains(label.text) {
                // The generated code binds each payload to a variable named after its label.
                diagnostics.error(
                    "'\(label.text)' cannot be a payload label: the generated code binds a variable of that name where the payload is bound",
                    at: label.range)
            }
        }
        return syntax.map { ParameterModel(label: $0.label?.text, type: $0.type) }
    }

    /// Declares the states of a block, depth first in document order, so that a parent's
    /// ``StateID`` comes before its children's.
    private mutating func declareStates(_ members: [MemberSyntax], parent: StateID?, depth: Int) {
        for member in members {
            guard case .state(let syntax) = member else {
                if parent != nil, case .event(let signal) = member {
                    diagnostics.error("events are declared at machine level, not inside a state", at: signal.range)
                }
                if parent != nil, case .output(let signal) = member {
                    diagnostics.error("outputs are declared at machine level, not inside a state", at: signal.range)
                }
                continue
            }
            let isNew = declare(syntax.name, as: .state)
            let id = StateID(states.count)
            if isNew { stateIndex[syntax.name.text] = id }
            states.append(
                StateModel(
                    id: id, name: syntax.name.text, documentation: syntax.documentation,
                    isFinal: syntax.has(.final), isParallel: syntax.has(.parallel), parent: parent, children: [],
                    initialChild: nil, entryActions: [], exitActions: [], transitions: [], range: syntax.name.range))
            stateSyntax.append(syntax)
            if let parent { states[parent.index].children.append(id) }
            if let data = syntax.parameters {
                states[id.index].data = checkData(data, of: syntax.name, id: id, parent: parent)
                // Unlabeled fields are errors, left out of the data.
                states[id.index].dataTypeLocations = data.filter { $0.label != nil }.map(\.typeRange.start)
            }
            declareStates(syntax.members, parent: id, depth: depth + 1)
            let isCompound = !states[id.index].children.isEmpty
            if syntax.has(.final), isCompound {
                diagnostics.error("final state '\(syntax.name.text)' cannot contain states", at: syntax.name.range)
            }
            // The children of a parallel state are its regions, entered together.
            let parallelParent = parent.flatMap { states[$0.index].isParallel ? states[$0.index].name : nil }
            if let parallelParent {
                checkRegion(syntax, of: parallelParent, isCompound: isCompound)
            }
            if isCompound, !syntax.has(.parallel) {
                let owner = parallelParent.map { "region '\(syntax.name.text)' of parallel state '\($0)'" } ?? "state '\(syntax.name.text)'"
                states[id.index].initialChild = findInitialState(
                    among: states[id.index].children, owner: owner, ownerRange: syntax.name.range)
            }
            states[id.index].history = declaredHistory(in: syntax, isCompound: isCompound)
        }
    }

    /// Checks a region, a child of the parallel state `parallel`: it is entered with the other
    /// regions whenever the parallel state is, so it is not `initial`, carries no data (nothing
    /// gives it any), and holds states of its own to start in (one of them `initial`, which
    /// ``findInitialState(among:owner:ownerRange:)`` checks).
    private mutating func checkRegion(_ syntax: StateSyntax, of parallel: String, isCompound: Bool) {
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
        // A final state with children is reported as such already.
        if !isCompound {
            if syntax.has(.final) {
                diagnostics.error(
                    "\(region) cannot be final: a region completes when it enters a final state of its own; remove 'final', and give '\(name)' child states, one of them 'initial' and one 'final'",
                    at: syntax.range(of: .final)!)
            } else {
                diagnostics.error(
                    "\(region) has no child states; give it states to be in, one of them 'initial' (each child of a parallel state is a region, active with the others)",
                    at: syntax.name.range)
            }
        }
    }

    /// The `history` a state declares, checked: once, and only in a state with children.
    private mutating func declaredHistory(in syntax: StateSyntax, isCompound: Bool) -> HistoryKind? {
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

    /// Checks the names of the types that compound states generate inside `State` (`main` →
    /// `State.Main`): they must not clash with each other, with `State`'s cases (a top-level
    /// state's name), with the coding keys Swift synthesizes for those cases, or with a name
    /// Swift or the generated code needs inside `State`.
    private mutating func checkStateTypeNames(topLevelStates: [StateID]) {
        let firstDeclarations = Set(stateIndex.values)
        checkSynthesizedCodingKeys(isFirstDeclaration: firstDeclarations.contains)
        guard states.contains(where: \.isCompound) else { return }
        let payloadTypes = (events + outputs).flatMap(\.parameters) + states.flatMap(\.data)
        let typeNamesInPayloads = Set(payloadTypes.flatMap { ReservedNames.identifiers(inType: $0.type) })
        enum Occupant {
            case topLevelCase(StateID)
            case codingKeys(StateID)
            case compound(StateID)
        }
        var occupants: [String: Occupant] = [:]
        // A state declared twice is reported already; only its first declaration counts.
        func isFirstDeclaration(_ id: StateID) -> Bool { stateIndex[states[id.index].name] == id }
        for id in topLevelStates where isFirstDeclaration(id) {
            occupants[states[id.index].name] = .topLevelCase(id)
            occupants[ReservedNames.stateTypeName(states[id.index].name) + "CodingKeys"] = .codingKeys(id)
        }
        for state in states where state.isCompound && isFirstDeclaration(state.id) {
            let typeName = ReservedNames.stateTypeName(state.name)
            let generates = "state '\(state.name)' has child states, so it generates the type 'State.\(typeName)'"
            if let reason = ReservedNames.stateTypeProblem(typeName) {
                diagnostics.error("\(generates), \(reason); rename the state", at: state.range)
                continue
            }
            if typeNamesInPayloads.contains(typeName) {
                // Inside `State`, the nested type would hide the one a payload or data names.
                diagnostics.error(
                    "\(generates), which would hide the type '\(typeName)' that a payload or state data of this machine names; rename the state",
                    at: state.range)
                continue
            }
            switch occupants[typeName] {
            case nil:
                occupants[typeName] = .compound(state.id)
            case .topLevelCase(let other) where other == state.id:
                diagnostics.error(
                    "\(generates), the name of its own case too; start the state's name with a lowercase letter",
                    at: state.range)
            case .topLevelCase(let other):
                diagnostics.error(
                    "\(generates), which clashes with the case of state '\(states[other.index].name)'; rename one of them",
                    at: state.range, notes: [.init("'\(states[other.index].name)' is declared here", at: states[other.index].range)])
            case .codingKeys(let other):
                diagnostics.error(
                    "\(generates), which Swift synthesizes for the case '\(states[other.index].name)' to make 'State' Codable; rename the state",
                    at: state.range, notes: [.init("'\(states[other.index].name)' is declared here", at: states[other.index].range)])
            case .compound(let other):
                diagnostics.error(
                    "\(generates), which state '\(states[other.index].name)' generates too; rename one of them",
                    at: state.range, notes: [.init("'\(states[other.index].name)' is declared here", at: states[other.index].range)])
            }
        }
    }

    /// Swift makes an enum with associated values `Codable` through a `…CodingKeys` type per
    /// case, named after the case with its first letter in upper case: two states of one enum
    /// (siblings, or top-level states) whose names differ only in that letter's case
    /// (`history` and `History`) would need the same one.
    private mutating func checkSynthesizedCodingKeys(isFirstDeclaration: (StateID) -> Bool) {
        var seen: [String: StateID] = [:]
        for state in states where isFirstDeclaration(state.id) {
            let key = "\(state.parent?.index ?? -1)/" + ReservedNames.stateTypeName(state.name)
            // Two compound states are reported once, for the types they generate.
            if let other = seen[key], !(state.isCompound && states[other.index].isCompound) {
                diagnostics.error(
                    "states '\(states[other.index].name)' and '\(state.name)' would both make Swift synthesize '\(ReservedNames.stateTypeName(state.name))CodingKeys' to make 'State' Codable; rename one of them",
                    at: state.range, notes: [.init("'\(states[other.index].name)' is declared here", at: states[other.index].range)])
            } else if seen[key] == nil {
                seen[key] = state.id
            }
        }
    }

    /// A state's data fields, checked: each labeled, once, and not also the label of an
    /// ancestor's data (guards and actions receive them all as labeled parameters).
    ///
    /// A labeled field stays in the model even when its label is reported, so that the
    /// arguments of the transitions entering the state are checked against what is written
    /// rather than reported again; a state with an unlabeled field is left out of those checks.
    private mutating func checkData(_ syntax: [ParameterSyntax], of name: Identifier, id: StateID, parent: StateID?) -> [ParameterModel] {
        var labels: [String: SourceRange] = [:]
        var inherited: [String: (owner: String, range: SourceRange)] = [:]
        var ancestor = parent
        while let ancestorID = ancestor {
            for field in stateSyntax[ancestorID.index].parameters ?? [] {
                if let label = field.label, inherited[label.text] == nil {
                    inherited[label.text] = (states[ancestorID.index].name, label.range)
                }
            }
            ancestor = states[ancestorID.index].parent
        }
        var fields: [ParameterModel] = []
        for field in syntax {
            guard let label = field.label else {
                // Once per state: a long list of unlabeled fields is one mistake, not many.
                if statesWithUnlabeledData.insert(id).inserted {
                    diagnostics.error(
                        "state data needs labels: write '\(name.text)(value: \(field.type))', and give the value as '-> \(name.text)(value: …)'",
                        at: field.range)
                }
                continue
            }
            fields.append(ParameterModel(label: label.text, type: field.type))
            if let first = labels[label.text] {
                diagnostics.error(
                    "state '\(name.text)' has two data fields labeled '\(label.text)'", at: label.range,
                    notes: [.init("first declared here", at: first)])
                continue
            }
            labels[label.text] = label.range
            if let clash = inherited[label.text] {
                diagnostics.error(
                    "data label '\(label.text)' of state '\(name.text)' is also a data label of '\(clash.owner)', around it; guards and actions inside receive both, so rename one",
                    at: label.range, notes: [.init("'\(clash.owner)' declares '\(label.text)' here", at: clash.range)])
                continue
            }
            if ["inout", "var", "let"].contains(label.text) || ReservedNames.swiftKeywords.contains(label.text) {
                diagnostics.error("'\(label.text)' cannot be a data label", at: label.range)
                continue
            }
            if ReservedNames.generatedLocals.contains(label.text) {
                diagnostics.error(
                    "'\(label.text)' cannot be a data label: the generated code binds a variable of that name where data is bound",
                    at: label.range)
                continue
            }
        }
        return fields
    }

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

    /// The one `initial` state among siblings; reports none or several.
    private mutating func findInitialState(among siblings: [StateID], owner: String, ownerRange: SourceRange) -> StateID? {
        let initials = siblings.filter { stateSyntax[$0.index].has(.initial) }
        guard let first = initials.first else {
            let example = siblings.first.map { "'initial state \(states[$0.index].name)'" } ?? "'initial state name'"
            diagnostics.error("\(owner) has no initial state; mark the one it starts in, as in \(example)", at: ownerRange)
            return nil
        }
        for extra in initials.dropFirst() {
            diagnostics.error(
                "\(owner) has more than one initial state", at: stateSyntax[extra.index].range(of: .initial)!,
                notes: [.init("'\(states[first.index].name)' is initial already", at: stateSyntax[first.index].range(of: .initial)!)])
        }
        return first
    }

    // MARK: - State bodies

    private mutating func resolveMembers(of id: StateID) {
        let syntax = stateSyntax[id.index]
        let isFinal = syntax.has(.final)
        let isTopLevelFinal = isFinal && states[id.index].parent == nil
        // Most members of a state are transitions; growing the list one by one would copy it.
        states[id.index].transitions.reserveCapacity(syntax.members.count)
        for member in syntax.members {
            switch member {
            case .entry(let block):
                let resolved = resolve(block.actions, context: CallContext(payload: .noPayload("entry actions"), data: chainData(of: id)))
                states[id.index].entryActions.append(contentsOf: resolved)
            case .exit(let block):
                if isTopLevelFinal {
                    diagnostics.error("a final state is never left, so its 'exit' actions would never run", at: block.range)
                }
                let resolved = resolve(block.actions, context: CallContext(payload: .noPayload("exit actions"), data: chainData(of: id)))
                states[id.index].exitActions.append(contentsOf: resolved)
            case .transition(let transition):
                if isFinal {
                    let effect = isTopLevelFinal ? "entering it finishes the machine" : "entering it completes '\(states[states[id.index].parent!.index].name)'"
                    diagnostics.error(
                        "final state '\(syntax.name.text)' cannot have transitions: \(effect)",
                        at: transition.range)
                }
                if let resolved = resolve(transition, in: id) {
                    states[id.index].transitions.append(resolved)
                }
            case .history, .event, .output, .state:
                break
            }
        }
    }

    // MARK: - Names

    /// Reports an unknown name, suggesting the closest declared one.
    mutating func reportUnknown(_ name: Identifier, kind: ReservedNames.NameKind) {
        var suggestion: String?
        if suggestionBudget > 0 {
            suggestionBudget -= 1
            let candidates = switch kind {
            case .state: states.map(\.name)
            case .event: events.map(\.name)
            case .output: outputs.map(\.name)
            case .machine, .guard, .action: [String]()
            }
            suggestion = NameSuggester(candidates: candidates).suggestion(for: name.text)
        }
        let kind = kind.noun
        if let suggestion {
            diagnostics.error(
                "unknown \(kind) '\(name.text)'; did you mean '\(suggestion)'?", at: name.range,
                suggestion: .init(replacing: name.range, with: suggestion))
        } else {
            diagnostics.error("unknown \(kind) '\(name.text)'", at: name.range)
        }
    }

    func lookUpState(_ name: Identifier) -> StateID? { stateIndex[name.text] }
}
