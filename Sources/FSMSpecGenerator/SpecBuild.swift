/// The making of one spec: the state tree first (flat, in document order), then transitions,
/// entry and exit actions that respect the language's rules given the whole tree.
struct SpecBuild {
    let profile: SpecProfile
    let size: SpecSize
    var random: SplitMix64

    /// A state while the spec is made; its index in ``nodes`` is its document order.
    struct Node {
        var name: String
        var parent: Int?
        var children: [Int] = []
        var isInitial = false
        var isFinal = false
        var isParallel = false
        var data: [SpecParameter] = []
        var history: SpecHistory?
        var historyDefault: SpecHistoryDefault?
        var documentation: String?
        var entries: [[SpecAction]] = []
        var exits: [[SpecAction]] = []
        var transitions: [SpecTransition] = []
        var invocations: [SpecInvocation] = []
        var deferrals: [String] = []
        /// The index of the last state inside it (itself when it has no children).
        var end = 0
        var isCompound: Bool { !children.isEmpty && !isParallel }
    }

    var nodes: [Node] = []
    var events: [SpecSignal] = []
    var outputs: [SpecSignal] = []
    /// Differential profile: events only `raise` writes, handled only by transitions that move
    /// forward (see ``SpecBuild/isForward(source:target:history:)``).
    var raisedOnlyEvents: [String] = []
    var guardNamesInOrder: [String] = []
    var delays: [Duration] = []
    var machineTransitions: [SpecTransition] = []
    var names = NameRegistry()
    /// Every invocation made, with the state that declares it, in document order.
    var invocations: [(owner: Int, invocation: SpecInvocation)] = []
    /// Every transition made so far for a trigger regions may share (`e:name` or `always`):
    /// what the Swift back end's rules on parallel states look at.
    var triggerUses: [TriggerUse] = []

    struct TriggerUse {
        /// The declaring state; nil at machine level.
        var state: Int?
        var key: String
        /// None, one, or several entered together (the first first).
        var targets: [Int]
        var history: Bool
        var reenters: Bool
        /// Whether the transition has actions.
        var hasActions = false
    }

    /// Per spec: edge shapes of the soundness profile.
    var usesGuards = true
    var eventlessOrDelayedOnly = false
    var shape = SpecShape.ordinary
    /// Soundness: every region gets a final state, so that parallel states (and those whose
    /// regions are parallel states) complete and their `done` is written.
    var everyRegionCompletes = false
    /// Differential profile: whether this spec keeps out the shape of the known Qt deviation
    /// (see ``SpecBuild/qtPreemptionLimits(_:key:)``).
    var avoidsQtDeviationShape = false

    var isDifferential: Bool { profile.kind == .differential }
    /// Whether this build writes invocations (``SpecProfile/invocations``).
    var usesInvocations: Bool { profile.invocations }
    var swiftOnly: Bool { profile.swiftOnlyConstructs }

    init(profile: SpecProfile, size: SpecSize, random: SplitMix64) {
        self.profile = profile
        self.size = size
        self.random = random
    }

    mutating func makeDocument(machineName: String) -> SpecDocument {
        var document = SpecDocument(name: machineName)
        if swiftOnly {
            usesGuards = profile.guards && !random.chance(10)
            shape = pickShape()
            everyRegionCompletes = random.chance(30)
            // Machine-level transitions need events (only `on` is written there).
            eventlessOrDelayedOnly = shape != .onlyMachineLevelTransitions && random.chance(8)
            document.isMainActor = random.chance(30)
            if profile.observable { document.isObservable = random.chance(40) }
            document.access = random.pick([nil, nil, "internal", "public", "package"])
            if random.chance(20) { document.documentation = random.pick(NamePools.documentation) }
            if random.chance(15) { document.imports = random.pick([["Foundation"], ["Dispatch"], ["Foundation", "Dispatch"]]) }
        } else {
            usesGuards = profile.guards
            avoidsQtDeviationShape = !random.chance(profile.qtDeviationShapePercent)
        }
        makeSignals()
        makeTree()
        if usesInvocations { makeInvocations() }
        if !profile.childMachines.isEmpty { makeChildMachineInvocations() }
        for index in nodes.indices where !nodes[index].isFinal && writesStateTransitions {
            makeTransitions(of: index)
        }
        if profile.machineLevelTransitions && writesMachineLevelTransitions() { makeMachineLevelTransitions() }
        if usesInvocations && profile.machineLevelTransitions && shape != .noTransitions { makeMachineLevelInvocationGroups() }
        if profile.entryExitActions {
            for index in nodes.indices { makeEntryAndExit(of: index) }
        }
        if profile.historyDefaults {
            for index in nodes.indices where nodes[index].history != nil { makeHistoryDefault(of: index) }
        }
        if profile.deferral { makeDeferrals() }
        // After the chart: a spec draws every number before them as it did without them (and
        // before the properties, which leave the chart as it was).
        if profile.dataUpdates { makeDataUpdates() }
        if profile.explicitArguments { makeExplicitArguments() }
        if profile.properties > 0 { document.properties = makeProperties(profile.properties) }
        document.events = events
        document.outputs = outputs
        document.states = nodes.indices.filter { nodes[$0].parent == nil }.map(specState)
        document.transitions = machineTransitions
        return document
    }

    private func specState(_ index: Int) -> SpecState {
        let node = nodes[index]
        var state = SpecState(name: node.name)
        state.isInitial = node.isInitial
        state.isFinal = node.isFinal
        state.isParallel = node.isParallel
        state.data = node.data
        state.history = node.history
        state.historyDefault = node.historyDefault
        state.documentation = node.documentation
        state.entries = node.entries
        state.exits = node.exits
        state.transitions = node.transitions
        state.invocations = node.invocations
        state.deferrals = node.deferrals
        state.children = node.children.map(specState)
        return state
    }

    // MARK: - Events and outputs

    private mutating func makeSignals() {
        if isDifferential {
            let count = random.inRange(1...max(1, size.maxEvents))
            for number in 1...count {
                // SCXML matches 'done', 'error' and 'fsmc' as prefixes: the export special-cases them.
                let special = random.chance(5) ? random.pick(["done", "error", "fsmc"]) : nil
                let name = special.flatMap { names.claimEvent($0) ? $0 : nil } ?? "e\(number)"
                _ = names.claimEvent(name)
                events.append(SpecSignal(name: name, parameters: []))
            }
            if profile.raise && random.chance(50) {
                for number in 1...random.inRange(1...2) where names.claimEvent("r\(number)") {
                    events.append(SpecSignal(name: "r\(number)", parameters: []))
                    raisedOnlyEvents.append("r\(number)")
                }
            }
            if random.chance(60) {
                for number in 1...random.inRange(1...2) where names.claimOutput("o\(number)") {
                    outputs.append(SpecSignal(name: "o\(number)", parameters: []))
                }
            }
            return
        }
        let noEvents = eventlessOrDelayedOnly || shape != .onlyMachineLevelTransitions && random.chance(8)
        let eventCount = noEvents ? 0 : random.inRange(1...max(1, size.maxEvents))
        for number in 0..<eventCount {
            let name = signalName(number: number, prefix: "ev", namespace: .event)
            events.append(SpecSignal(name: name, parameters: makePayload(), documentation: maybeDocumentation()))
        }
        let outputCount = random.chance(30) ? 0 : random.inRange(1...3)
        for number in 0..<outputCount {
            let name = signalName(number: number, prefix: "out", namespace: .output)
            outputs.append(SpecSignal(name: name, parameters: makePayload(), documentation: maybeDocumentation()))
        }
    }

    private enum SignalNamespace { case event, output }

    private mutating func signalName(number: Int, prefix: String, namespace: SignalNamespace) -> String {
        func claim(_ name: String) -> Bool {
            namespace == .event ? names.claimEvent(name) : names.claimOutput(name)
        }
        if random.chance(30) {
            for _ in 0..<3 {
                let candidate = random.pick(NamePools.signals)
                if claim(candidate) { return candidate }
            }
        }
        var suffix = number
        while !claim("\(prefix)\(suffix)") { suffix += 1 }
        return "\(prefix)\(suffix)"
    }

    mutating func maybeDocumentation() -> String? {
        swiftOnly && random.chance(10) ? random.pick(NamePools.documentation) : nil
    }

    // MARK: - Tree queries

    func ancestors(of index: Int) -> [Int] {
        var result: [Int] = []
        var current = nodes[index].parent
        while let ancestor = current {
            result.append(ancestor)
            current = nodes[ancestor].parent
        }
        return result
    }

    /// Whether `index` lies strictly inside `ancestor`.
    func isInside(_ index: Int, _ ancestor: Int) -> Bool {
        index > ancestor && index <= nodes[ancestor].end
    }

    /// The data a state's transitions, entry and exit actions receive: its own, then that of
    /// the states around it, innermost first.
    func dataChain(of index: Int?) -> [SpecParameter] {
        guard let index else { return [] }
        return ([index] + ancestors(of: index)).flatMap { nodes[$0].data }
    }
}
