import FSMCore
/// A name written in a spec that an editor can navigate: where it is declared and used.
public struct SymbolOccurrence: Hashable, Sendable {
    /// What a name stands for. Guards and actions share one namespace: both are requirements
    /// of the generated `Actions` protocol.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case state, event, output, `guard`, action, invocation
        /// A data field of a state (`state downloading(progress: Double)`), named by the
        /// labels of `update(progress: …)` and of a target's data, and by values that read it.
        case field
    }

    public var kind: Kind
    public var name: String
    /// The name's own range, what a rename replaces.
    public var range: SourceRange
    /// Whether this occurrence declares the name (`state idle`, `event play`). Guards and
    /// actions have no declaration in a spec: the user implements them in Swift.
    public var isDeclaration: Bool
    /// The index of the machine in the file the occurrence belongs to: names are scoped per
    /// machine.
    public var machine: Int
    /// The state that declares a data field (``Kind/field``): a label is unique among a state
    /// and the states around it, not in the machine. `nil` for every other kind.
    public var owner: String?

    public init(kind: Kind, name: String, range: SourceRange, isDeclaration: Bool, machine: Int, owner: String? = nil) {
        self.kind = kind
        self.name = name
        self.range = range
        self.isDeclaration = isDeclaration
        self.machine = machine
        self.owner = owner
    }

    /// Whether two occurrences name the same thing.
    public func isSameSymbol(as other: SymbolOccurrence) -> Bool {
        machine == other.machine && name == other.name && kind == other.kind && owner == other.owner
    }
}

extension SymbolOccurrence.Kind {
    /// The namespaces of a machine: two symbols of one namespace cannot share a name.
    enum Namespace: Hashable { case state, event, output, function, field }

    var namespace: Namespace {
        switch self {
        case .state: .state
        // Invocations share the namespace of events (and states, which are apart here only
        // because a state and an event never clash in a rename's reach).
        case .event, .invocation: .event
        case .output: .output
        case .guard, .action: .function
        case .field: .field
        }
    }
}

/// Every navigable name of a spec, read from its syntax tree: it works on a spec with errors,
/// as far as the parser recovered it.
///
/// Resolution follows the language: state names are unique in a machine and a target names
/// any state, so a name and its kind identify a symbol within a machine.
public struct SymbolIndex: Sendable {
    /// The occurrences in document order.
    public let occurrences: [SymbolOccurrence]
    public let syntax: SourceFileSyntax

    public init(_ syntax: SourceFileSyntax) {
        self.syntax = syntax
        var collector = OccurrenceCollector()
        for (index, machine) in syntax.machines.enumerated() {
            collector.machine = index
            collector.fields = FieldScope(machine)
            collector.collect(machine.members)
        }
        collector.resolveStreamElements()
        occurrences = collector.occurrences.sorted { $0.range.start < $1.range.start }
    }

    /// The occurrence whose name covers a byte offset (its end included, where an editor's
    /// cursor stands after typing a name).
    public func occurrence(at offset: Int) -> SymbolOccurrence? {
        occurrences.first { $0.range.start.offset <= offset && offset <= $0.range.end.offset }
    }

    /// Where a symbol is defined: its declaration, or for a guard or an action (declared in
    /// Swift, not in the spec) its first use.
    public func definition(of symbol: SymbolOccurrence) -> SymbolOccurrence? {
        let all = occurrences.filter { $0.isSameSymbol(as: symbol) }
        return all.first(where: \.isDeclaration) ?? all.first
    }

    /// Every occurrence of a symbol in document order, its declaration included or not.
    public func references(to symbol: SymbolOccurrence, includingDeclaration: Bool = true) -> [SymbolOccurrence] {
        occurrences.filter { $0.isSameSymbol(as: symbol) && (includingDeclaration || !$0.isDeclaration) }
    }

    /// The distinct names of a kind in a machine, in the order they first appear: the declared
    /// ones for states, events and outputs (a misspelt use names nothing), every one used for
    /// guards and actions (which the spec does not declare).
    ///
    /// - Parameter excluded: an occurrence not to count, such as the word being typed.
    public func names(of kind: SymbolOccurrence.Kind, inMachine machine: Int, excluding excluded: SourceRange? = nil) -> [String] {
        let declaredOnly = kind != .guard && kind != .action
        var seen = Set<String>()
        return occurrences.filter {
            $0.kind == kind && $0.machine == machine && (!declaredOnly || $0.isDeclaration) && $0.range != excluded
                && seen.insert($0.name).inserted
        }.map(\.name)
    }

    /// The index of the machine whose text covers a byte offset; the last machine that starts
    /// before it when none covers it (a machine whose `}` is still missing), else the first.
    public func machine(at offset: Int) -> Int? {
        guard !syntax.machines.isEmpty else { return nil }
        if let covering = syntax.machines.firstIndex(where: { $0.range.start.offset <= offset && offset <= $0.range.end.offset }) {
            return covering
        }
        return syntax.machines.lastIndex { $0.range.start.offset <= offset } ?? 0
    }
}

/// Walks a machine's members and records each name with its kind.
struct OccurrenceCollector {
    var machine = 0
    var occurrences: [SymbolOccurrence] = []
    /// What the machine declares that data fields are resolved against.
    var fields = FieldScope()
    /// The states around the member being walked, innermost last.
    var enclosing: [StateSyntax] = []

    mutating func record(_ kind: SymbolOccurrence.Kind, _ name: Identifier, declaration: Bool = false) {
        occurrences.append(SymbolOccurrence(kind: kind, name: name.text, range: name.range, isDeclaration: declaration, machine: machine))
    }

    mutating func collect(_ members: [MemberSyntax]) {
        for member in members {
            switch member {
            case .event(let signal): record(.event, signal.name, declaration: true)
            case .output(let signal): record(.output, signal.name, declaration: true)
            case .state(let state):
                record(.state, state.name, declaration: true)
                recordFields(of: state)
                enclosing.append(state)
                collect(state.members)
                enclosing.removeLast()
            case .transition(let transition):
                collect(transition)
                collectFields(of: transition)
            case .entry(let block), .exit(let block):
                collect(block.actions)
                collectFields(in: block.actions, payload: [])
            case .history(let history):
                for target in history.defaultTargets { record(.state, target) }
                collect(history.defaultActions)
                collectFields(in: history.defaultActions, payload: [])
            case .deferral(let deferral): record(.event, deferral.event)
            case .invoke(let invoke): record(.invocation, invoke.name, declaration: true)
            case .property(let property):
                // `in(x)` in a property names state x, as in a guard.
                for condition in property.conditions { collect(condition) }
            }
        }
    }

    /// `on changes` parses as an event's transition: where `changes` is an invocation of the
    /// machine and no event, it names the stream's elements.
    mutating func resolveStreamElements() {
        let invocations = Set(occurrences.filter { $0.kind == .invocation && $0.isDeclaration }.map { [$0.machine: $0.name] })
        let events = Set(occurrences.filter { $0.kind == .event && $0.isDeclaration }.map { [$0.machine: $0.name] })
        for index in occurrences.indices where occurrences[index].kind == .event && !occurrences[index].isDeclaration {
            let key = [occurrences[index].machine: occurrences[index].name]
            if invocations.contains(key) && !events.contains(key) { occurrences[index].kind = .invocation }
        }
    }

    mutating func collect(_ transition: TransitionSyntax) {
        switch transition.trigger {
        case .event(let event): record(.event, event)
        case .invocationDone(let name, _), .invocationError(let name, _): record(.invocation, name)
        case .childOutput(let child, _): record(.invocation, child)
        case .always, .after, .computedAfter, .done: break
        }
        if let guardExpression = transition.guardExpression { collect(guardExpression) }
        if let target = transition.target { record(.state, target) }
        for target in transition.otherTargets { record(.state, target) }
        collect(transition.actions)
    }

    mutating func collect(_ guardExpression: GuardSyntax) {
        switch guardExpression {
        case .name(let name), .nameWithoutPayload(let name, _), .callWithArguments(let name, _, _): record(.guard, name)
        case .isIn(let state, _): record(.state, state)
        case .not(let operand, _), .parenthesized(let operand, _): collect(operand)
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            collect(lhs)
            collect(rhs)
        case .else, .literal: break
        }
    }

    mutating func collect(_ actions: [ActionSyntax]) {
        for action in actions {
            switch action {
            case .call(let name), .callWithoutPayload(let name, _), .callWithArguments(let name, _, _): record(.action, name)
            case .emit(let output, _, _): record(.output, output)
            case .raise(let event, _, _): record(.event, event)
            // Its labels name data fields (`collectFields(in:payload:)`).
            case .update: break
            }
        }
    }
}
