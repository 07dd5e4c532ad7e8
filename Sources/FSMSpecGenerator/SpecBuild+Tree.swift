/// The state tree: top-level states, compound states with one initial child, parallel states
/// with two or more regions, final states, data, history.
extension SpecBuild {
    enum Role { case topLevel, child, region }

    mutating func makeTree() {
        let count = switch shape {
        case .singleState: 1
        case .onlyFinalStates: random.inRange(1...3)
        default: random.inRange(1...max(1, min(size.maxChildren + 1, size.maxStates)))
        }
        let initial = random.below(count)
        for position in 0..<count {
            makeState(parent: nil, depth: 0, role: .topLevel, isInitial: position == initial)
        }
    }

    private var budgetLeft: Int { size.maxStates - nodes.count }

    @discardableResult
    private mutating func makeState(parent: Int?, depth: Int, role: Role, isInitial: Bool) -> Int {
        enum Kind { case atomic, final, compound, parallel }
        var kind = Kind.atomic
        let canNest = depth < size.maxDepth && budgetLeft >= 3
        if role == .region && profile.atomicRegions && !everyRegionCompletes && random.chance(15) {
            // An atomic region: always in itself while its parallel state is active.
            kind = .atomic
        } else if role == .region {
            kind = profile.parallelRegions && profile.parallelStates && depth + 1 < size.maxDepth && budgetLeft >= 5 && random.chance(swiftOnly ? 20 : 10) ? .parallel : .compound
        } else if shape == .onlyFinalStates && parent == nil {
            kind = .final
        } else if profile.finalStates && !isInitial && random.chance(parent == nil ? 10 : 22) {
            kind = .final
        } else if profile.finalStates && isInitial && swiftOnly && random.chance(3) {
            // An initial final state: a compound state that completes as it is entered, or
            // (top level) a machine that finishes as it starts.
            kind = .final
        } else if canNest && random.chance(30) {
            kind = .compound
        } else if canNest && profile.parallelStates && depth + 1 < size.maxDepth && random.chance(15) {
            kind = .parallel
        }
        let index = nodes.count
        let compound = kind == .compound || kind == .parallel
        nodes.append(Node(name: stateName(kind: kind == .final ? "end" : kind == .parallel ? "par" : role == .region ? "region" : compound ? "group" : "s", compound: compound, topLevel: parent == nil), parent: parent))
        nodes[index].isInitial = isInitial
        nodes[index].isFinal = kind == .final
        nodes[index].isParallel = kind == .parallel
        nodes[index].documentation = maybeDocumentation()
        if let parent { nodes[parent].children.append(index) }
        switch kind {
        case .compound:
            let count = max(1, min(random.inRange(1...size.maxChildren), budgetLeft))
            let initial = random.below(count)
            for position in 0..<count {
                makeState(parent: index, depth: depth + 1, role: .child, isInitial: position == initial)
            }
            // A region wants a final state more often: its parallel state's 'done' needs one in each.
            if role == .region && profile.finalStates && profile.completion && (everyRegionCompletes || random.chance(40))
                && !nodes[index].children.contains(where: { nodes[$0].isFinal }) {
                let final = nodes.count
                nodes.append(Node(name: stateName(kind: "end", compound: false, topLevel: false), parent: index))
                nodes[final].isFinal = true
                nodes[final].end = final
                nodes[index].children.append(final)
            }
        case .parallel:
            // Soundness: now and then one region or none, which fsmc accepts with a warning
            // (a compound state, an atomic state); not as a region, which needs children.
            let count = swiftOnly && role != .region && random.chance(8) ? random.below(2) : random.inRange(2...max(2, size.maxRegions))
            for _ in 0..<count {
                makeState(parent: index, depth: depth + 1, role: .region, isInitial: false)
            }
        case .atomic, .final:
            break
        }
        nodes[index].end = nodes.count - 1
        if compound && !nodes[index].children.isEmpty && profile.history && random.chance(30) {
            nodes[index].history = random.chance(50) ? .deep : .shallow
        }
        // Final states too: entered only by transitions that name them, they may carry data.
        if swiftOnly && !isInitial && role != .region && random.chance(20) {
            nodes[index].data = makeData()
        }
        return index
    }

    private mutating func stateName(kind prefix: String, compound: Bool, topLevel: Bool) -> String {
        if swiftOnly && random.chance(25) {
            for _ in 0..<3 {
                let candidate = random.pick(compound ? NamePools.compounds : NamePools.signals)
                if names.claimState(candidate, compound: compound, topLevel: topLevel) { return candidate }
            }
        }
        while true {
            let candidate = "\(prefix)\(names.next())"
            if names.claimState(candidate, compound: compound, topLevel: topLevel) { return candidate }
        }
    }

    /// Whether a region holds states with data when the profile leaves out triggers shared
    /// with such regions.
    func isComplexRegion(_ region: Int) -> Bool {
        !profile.sharedTriggersWithData && (region...nodes[region].end).contains { !nodes[$0].data.isEmpty }
    }
}
