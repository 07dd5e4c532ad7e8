import FSMCompiler
import FSMSpecGenerator

/// A parent chart and the machines it invokes as children (`invoke K as k1`), compiled with
/// the children as its catalog, exported as one SCXML document whose
/// `<invoke>`s hold the children's (docs/SCXML.md, "Child machines"). Qt runs that document;
/// fsmc's interpreter runs the parent with its children (``ChildInterpreterSide``).
struct ChildPair {
    enum Refusal: Error, CustomStringConvertible {
        case invalid(String)
        case unsupported(String)
        /// The SCXML export refuses the pair: its refusal, located (``ExportRefusals``).
        case exportRefused(String)

        var description: String {
            switch self {
            case .invalid(let message): "not a valid spec: \(message)"
            case .unsupported(let message): "not comparable: \(message)"
            case .exportRefused(let refusal): "not comparable: the SCXML export refuses it: \(refusal)"
            }
        }
    }

    /// The parent's machine name: what a report calls the pair.
    var name: String { parent.model.name }
    var origin: String
    var parentText: String
    /// The children's specs, each declaring one machine.
    var childTexts: [String]
    let parent: ExecutableMachine
    let children: [String: ExecutableMachine]
    /// The generator's trees, when the generator made the pair: what the minimizer shrinks.
    var parentDocument: SpecDocument?
    var childDocument: SpecDocument?
    /// The guards' data, by their names in the parent (the children have none a harness sets).
    let guards: [(name: String, variable: String)]
    /// The parent's events a script sends from outside.
    let events: [String]
    /// Each child machine invocation's name and the events a script sends to that child.
    let childEvents: [(invocation: String, events: [String])]
    /// The distinct `after` delays of the parent and its children, in milliseconds.
    let timerDelays: [Int]
    /// The outcomes a script may give the calls and streams of the parent (`complete fetch1`)
    /// and of its children, by the path of child machine invocations that leads to them
    /// (`fail k3/fetch2`: the call `fetch2` of the child invoked as `k3`; the harness submits
    /// the outcome to that session inside the child's, the interpreter
    /// `deliver(_:from:toChild:answers:)`s it).
    let outcomes: [(outcome: SCXMLEmitter.Outcome, invocation: String)]

    init(origin: String, parentText: String, childTexts: [String], externalChildEvents: [String]? = nil) throws {
        let catalog = MachineCatalog(specs: childTexts.map { SourceText($0) })
        var children: [String: ExecutableMachine] = [:]
        for text in childTexts {
            let compilation = Compiler.compile(SourceText(text), machines: catalog)
            guard let machine = compilation.executable else {
                throw Refusal.invalid(compilation.diagnostics.first.map { "\($0.range.start): \($0.message)" } ?? "no machine")
            }
            children[machine.model.name] = machine
        }
        let compilation = Compiler.compile(SourceText(parentText), machines: catalog)
        guard let parent = compilation.executable else {
            throw Refusal.invalid(compilation.diagnostics.first.map { "\($0.range.start): \($0.message)" } ?? "no machine")
        }
        let models = children.mapValues(\.model)
        if let refusal = SCXMLEmitter.refusals(parent.model, children: models).first {
            throw Refusal.exportRefused("\(refusal.range.start): \(refusal.message)")
        }
        var delays: Set<Int> = []
        for model in [parent.model] + models.values {
            if !model.valueFunctions.isEmpty { throw Refusal.unsupported("value functions") }
            for transition in model.allTransitions {
                guard case .after(let duration) = transition.trigger else { continue }
                guard duration.nanoseconds % 1_000_000 == 0, duration.nanoseconds > 0 else {
                    throw Refusal.unsupported("a delay of \(duration.nanoseconds) ns, not whole milliseconds")
                }
                delays.insert(Int(duration.nanoseconds / 1_000_000))
            }
        }
        for model in models.values where !model.guards.isEmpty {
            // The harness sets the parent's guards only; a child's stay false in SCXML.
            throw Refusal.unsupported("machine '\(model.name)' has guards, which a harness cannot set in a child session")
        }
        self.origin = origin
        self.parentText = parentText
        self.childTexts = childTexts
        self.parent = parent
        self.children = children
        guards = SCXMLEmitter.guardVariables(of: parent.model)
        events = parent.model.events.filter(\.parameters.isEmpty).map(\.name)
        childEvents = parent.model.invocations.compactMap { invocation in
            guard case .machine(let machine) = invocation.kind, let child = children[machine] else { return nil }
            let sendable = child.model.events.filter(\.parameters.isEmpty).map(\.name)
            return (invocation.name, externalChildEvents.map { external in sendable.filter(external.contains) } ?? sendable)
        }
        timerDelays = delays.sorted()
        outcomes = Self.outcomes(of: parent.model, children: models, prefix: "", invoking: [parent.model.name])
    }

    /// The outcomes of `model`'s calls and streams, then of those of the children it invokes,
    /// each prefixed by its path; a machine already on the path (`invoking`) is not entered
    /// again.
    private static func outcomes(
        of model: MachineModel, children: [String: MachineModel], prefix: String, invoking: Set<String>
    ) -> [(outcome: SCXMLEmitter.Outcome, invocation: String)] {
        var result = DifferentialChart.outcomes(of: model).map { ($0.outcome, prefix + $0.invocation) }
        for invocation in model.invocations {
            guard case .machine(let name) = invocation.kind, let child = children[name], !invoking.contains(name) else { continue }
            result += outcomes(of: child, children: children, prefix: prefix + invocation.name + "/", invoking: invoking.union([name]))
        }
        return result
    }

    /// Whether the parent invokes calls or streams of its own, and whether a child it invokes
    /// (at any depth) does: what a campaign's summary counts.
    var invokesWork: (parent: Bool, child: Bool) {
        (outcomes.contains { !$0.invocation.contains("/") }, outcomes.contains { $0.invocation.contains("/") })
    }

    /// Why Qt's trace is not the specification's on this pair, when it is not: a known Qt
    /// deviation (``QtDeviations``) in the parent's chart or in a child's, which runs in Qt as a
    /// session of the same document. Qt is the only side the interpreter is compared with, so
    /// such a pair is not compared.
    var qtDeviation: String? {
        if let reason = QtDeviations.reason(toSkip: parent.model) { return reason }
        for (name, child) in children.sorted(by: { $0.key < $1.key }) {
            if let reason = QtDeviations.reason(toSkip: child.model) { return "in child machine \(name), \(reason)" }
        }
        return nil
    }

    /// The pair's SCXML document, every state's entry and exit logged.
    var scxml: String {
        SCXMLEmitter.emit(parent.model, children: children.mapValues(\.model), tracingStates: true)
    }
}
