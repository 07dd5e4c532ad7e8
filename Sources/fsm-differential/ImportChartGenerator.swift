/// Random charts written as SCXML authors write them, in SCXML's own defaults, for the
/// differential check of `fsmc import`: external transitions (to descendants of their source
/// too, inside parallel states), atomic regions, several targets, histories with default
/// transitions and actions, `initial` naming descendants, conditions over data-model booleans
/// with `In()`, `true` and `false`, nested parallel states, final states and `done.state`
/// events, `<raise>`. A seed always gives the same charts.
struct ImportChartGenerator {
    var random: SplitMix64
    /// The external events scripts send.
    static let events = ["e1", "e2", "e3", "e4"]
    /// The event `<raise>` queues: only transitions on external events raise it, so a chart
    /// never raises forever.
    static let raisedEvent = "r1"
    static let guards = ["g1", "g2"]

    init(seed: UInt64) {
        random = SplitMix64(seed: seed ^ 0x5C1_1A7E)
    }

    private mutating func chance(_ percent: Int) -> Bool { Int(random.next() % 100) < percent }
    private mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    private mutating func number(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }

    mutating func makeChart(name: String) -> ImportChart {
        var chart = ImportChart(name: name, states: [], initial: nil, guards: Self.guards)
        var budget = number(5...14)
        let topLevel = number(1...3)
        for _ in 0..<topLevel where budget > 0 { addState(to: &chart, parent: nil, depth: 0, budget: &budget) }
        if chart.children(of: nil).allSatisfy({ chart.states[$0].kind == .final }) {
            chart.states.append(ImportChart.State(kind: .state, id: "s\(chart.states.count + 1)", parent: nil))
        }
        chooseInitials(&chart)
        addHistories(&chart)
        addTransitions(&chart)
        return chart
    }

    // MARK: - States

    private mutating func addState(to chart: inout ImportChart, parent: Int?, depth: Int, budget: inout Int) {
        budget -= 1
        let parentKind = parent.map { chart.states[$0].kind }
        var kind: ImportChart.State.Kind = .state
        var hasChildren = false
        let roll = number(0...99)
        if parentKind == .parallel {
            // A region: compound mostly, atomic or parallel sometimes.
            hasChildren = roll < 60 && depth < 4 && budget > 1
            if roll >= 85, depth < 3, budget > 2 { kind = .parallel; hasChildren = true }
        } else if roll < 12, parent != nil || chance(30) {
            kind = .final
        } else if roll < 30, depth < 3, budget > 2 {
            kind = .parallel
            hasChildren = true
        } else if roll < 65, depth < 3, budget > 1 {
            hasChildren = true
        }
        let index = chart.states.count
        chart.states.append(ImportChart.State(kind: kind, id: "s\(index + 1)", parent: parent))
        if chance(25) { chart.states[index].onEntry.append(.log("in\(index + 1)")) }
        if chance(20) { chart.states[index].onExit.append(.log("out\(index + 1)")) }
        guard hasChildren else { return }
        let count = number(2...3)
        for _ in 0..<count where budget > 0 || chart.children(of: index).count < 1 {
            addState(to: &chart, parent: index, depth: depth + 1, budget: &budget)
        }
        if kind == .state, chart.children(of: index).allSatisfy({ chart.states[$0].kind == .final }) {
            chart.states.append(ImportChart.State(kind: .state, id: "s\(chart.states.count + 1)", parent: index))
        }
    }

    // MARK: - Initial states

    /// Proper descendants of `state` (or every state, for the document).
    private func descendants(of state: Int?, in chart: ImportChart) -> [Int] {
        chart.states.indices.filter { index in state.map { chart.isDescendant(index, of: $0) } ?? true }
    }

    /// Ids that can start `state`: one descendant, or one descendant in each of two regions of
    /// a parallel state below it.
    private mutating func initialIDs(below state: Int?, in chart: ImportChart) -> [String]? {
        let below = descendants(of: state, in: chart)
        guard !below.isEmpty else { return nil }
        let parallels = below.filter { chart.states[$0].kind == .parallel && chart.children(of: $0).count >= 2 }
        if !parallels.isEmpty, chance(25) {
            let parallel = pick(parallels)
            let regions = chart.children(of: parallel)
            return Array(regions.shuffledPrefix(2, using: &random)).map { region in
                let options = [region] + descendants(of: region, in: chart)
                return chart.states[pick(options)].id
            }
        }
        return [chart.states[pick(below)].id]
    }

    private mutating func chooseInitials(_ chart: inout ImportChart) {
        if chance(40) { chart.initial = initialIDs(below: nil, in: chart) }
        for index in chart.states.indices where chart.states[index].kind == .state && !chart.children(of: index).isEmpty {
            let roll = number(0...99)
            if roll < 20 {
                chart.states[index].initialAttribute = [chart.states[pick(chart.children(of: index))].id]
            } else if roll < 40 {
                chart.states[index].initialAttribute = initialIDs(below: index, in: chart)
            } else if roll < 50 {
                chart.states[index].initialElement = chart.states[pick(chart.children(of: index))].id
            }
        }
    }

    // MARK: - Histories

    private mutating func addHistories(_ chart: inout ImportChart) {
        for index in chart.states.indices where chart.states[index].kind != .final && !chart.children(of: index).isEmpty && chance(25) {
            let isDeep = chance(50)
            var targets: [String] = []
            var actions: [ImportChart.Action] = []
            // SCXML requires the default transition (Qt 6.4 crashes entering a history without one).
            do {
                if chart.states[index].kind == .parallel {
                    targets = chart.children(of: index).map { chart.states[$0].id }
                } else if isDeep, let ids = initialIDs(below: index, in: chart) {
                    targets = ids
                } else {
                    targets = [chart.states[pick(chart.children(of: index))].id]
                }
                if chance(40) { actions = [.log("h\(index + 1)")] }
            }
            chart.states[index].history = ImportChart.History(
                id: "s\(index + 1)h", isDeep: isDeep, defaultTargets: targets, defaultActions: actions)
        }
    }

    // MARK: - Transitions

    private mutating func condition(_ chart: ImportChart) -> String? {
        let roll = number(0...99)
        switch roll {
        case 0..<50: return nil
        case 50..<62: return pick(Self.guards)
        case 62..<70: return "!" + pick(Self.guards)
        case 70..<76: return "\(pick(Self.guards)) && \(pick(Self.guards))"
        case 76..<84: return "In('\(chart.states[pick(Array(chart.states.indices))].id)')"
        case 84..<88: return "true"
        case 88..<92: return "false"
        case 92..<96: return "\(pick(Self.guards)) || false"
        default: return "!\(pick(Self.guards)) && true"
        }
    }

    /// A transition's targets from `source`: mostly one state anywhere (a descendant of the
    /// source often, the external transition SCXML writes by default), sometimes a history,
    /// several states in regions of one parallel state, or none.
    private mutating func targets(from source: Int, _ chart: ImportChart) -> [String] {
        let roll = number(0...99)
        let below = descendants(of: source, in: chart)
        if roll < 10 { return [] }
        if roll < 40, !below.isEmpty { return [chart.states[pick(below)].id] }
        if roll < 50, let ids = initialIDs(below: nil, in: chart), ids.count > 1 { return ids }
        // Into a history from inside its state too: the import refuses it (SCXML restores what
        // the history held before, fsmc what it records on the way out), so it is counted.
        let histories = chart.states.indices.filter { chart.states[$0].history != nil && (!chart.isDescendant(source, of: $0) || chance(15)) }
            .compactMap { chart.states[$0].history?.id }
        if roll < 58, !histories.isEmpty { return [pick(histories)] }
        return [chart.states[pick(Array(chart.states.indices))].id]
    }

    private mutating func addTransitions(_ chart: inout ImportChart) {
        let count = number(2...(chart.states.count + 3))
        let sources = chart.states.indices.filter { chart.states[$0].kind != .final }
        guard !sources.isEmpty else { return }
        for _ in 0..<count {
            let source = pick(sources)
            let event = chance(12) ? Self.raisedEvent : pick(Self.events)
            var transition = ImportChart.Transition(
                event: event, condition: condition(chart), targets: targets(from: source, chart), actions: [])
            if chance(30) { transition.actions.append(.log("t\(chart.states[source].transitions.count + 1)s\(source + 1)")) }
            if event != Self.raisedEvent, chance(12) { transition.actions.append(.raise(Self.raisedEvent)) }
            let below = Set(descendants(of: source, in: chart).map { chart.states[$0].id })
            if chart.states[source].kind == .state, !transition.targets.isEmpty, transition.targets.allSatisfy(below.contains), chance(35) {
                transition.isInternal = true
            }
            chart.states[source].transitions.append(transition)
        }
        // Completion: a compound state with a final child, or a parallel state, hears its own done event.
        func canComplete(_ state: Int) -> Bool {
            let children = chart.children(of: state)
            switch chart.states[state].kind {
            case .state: return children.contains { chart.states[$0].kind == .final }
            case .parallel: return !children.isEmpty && children.allSatisfy(canComplete)
            case .final: return false
            }
        }
        for index in chart.states.indices where canComplete(index) && chance(50) {
            // Only to a state after everything below this one (and not around it): a state a
            // completion enters completes only states whose completion goes further on, so a
            // chain of completions ends.
            let last = chart.states.indices.filter { chart.isDescendant($0, of: index) }.max() ?? index
            // Nor across a parallel state around it: leaving and re-entering that would enter
            // this state again, and complete it again.
            func acrossNoParallel(_ target: Int) -> Bool {
                var current = chart.states[index].parent
                while let ancestor = current {
                    if chart.states[ancestor].kind == .parallel { return false }
                    if chart.isDescendant(target, of: ancestor) { return true }
                    current = chart.states[ancestor].parent
                }
                return true
            }
            let outside = chart.states.indices.filter { $0 > last && !chart.isDescendant(index, of: $0) && acrossNoParallel($0) }
            let target = outside.isEmpty ? [] : [chart.states[pick(outside)].id]
            chart.states[index].transitions.append(ImportChart.Transition(
                event: "done.state.\(chart.states[index].id)", condition: nil, targets: target, actions: [.log("done\(index + 1)")]))
        }
    }
}

extension Array {
    /// The first `count` elements of a random permutation.
    func shuffledPrefix(_ count: Int, using random: inout SplitMix64) -> ArraySlice<Element> {
        var copy = self
        for index in copy.indices.reversed() where index > 0 {
            copy.swapAt(index, Int(random.next() % UInt64(index + 1)))
        }
        return copy.prefix(count)
    }
}
