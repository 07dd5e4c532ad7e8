import FSMCore

/// `always reachable C` on the graph of situations, once the search stopped: backward
/// reachability from the situations that satisfy `C` or take a step passing through a
/// configuration that does; a situation outside that set is a trap. On a graph a bound cut,
/// an open situation (some of its steps not followed) may lead anywhere: it counts as reaching
/// `C`, so that a trap found is one for certain.
///
/// Nodes are numbered in breadth-first order, so the first trap by number is one of the
/// fewest stimuli from the start: its counterexample is shortest.
struct AlwaysReachableJudgment {
    /// How many `always reachable` conditions are judged.
    var conditionCount = 0
    private var edgeSources: [Int32] = []
    private var edgeTargets: [Int32] = []
    /// For each condition, for each node: whether it satisfies the condition or one of its
    /// steps passes through a configuration that does.
    private var satisfying: [[Bool]] = []

    /// Adds the next node; `satisfies(slot)`: whether its configuration satisfies condition
    /// `slot`.
    mutating func addNode(satisfying satisfies: (Int) -> Bool) {
        if satisfying.isEmpty { satisfying = Array(repeating: [], count: conditionCount) }
        for slot in 0..<conditionCount { satisfying[slot].append(satisfies(slot)) }
    }

    mutating func addEdge(from source: Int32, to target: Int32) {
        edgeSources.append(source)
        edgeTargets.append(target)
    }

    mutating func markSatisfying(_ node: Int32, _ slot: Int) {
        satisfying[slot][Int(node)] = true
    }

    /// The first node (by number) from which no run reaches condition `slot`, counting the
    /// nodes `open` marks as reaching it; `nil` when there is none.
    func firstTrap(_ slot: Int, open: [Bool]? = nil) -> Int32? {
        let nodeCount = satisfying.isEmpty ? 0 : satisfying[slot].count
        // The edges by target, as offsets into one array (compressed rows).
        var offsets = Array(repeating: 0, count: nodeCount + 1)
        for target in edgeTargets { offsets[Int(target) + 1] += 1 }
        for node in 0..<nodeCount { offsets[node + 1] += offsets[node] }
        var fill = offsets
        var predecessors = Array(repeating: Int32(0), count: edgeTargets.count)
        for (source, target) in zip(edgeSources, edgeTargets) {
            predecessors[fill[Int(target)]] = source
            fill[Int(target)] += 1
        }
        var reaches = satisfying[slot]
        if let open {
            for node in reaches.indices where open[node] { reaches[node] = true }
        }
        var work = (0..<nodeCount).filter { reaches[$0] }
        while let node = work.popLast() {
            for edge in offsets[node]..<offsets[node + 1] {
                let predecessor = Int(predecessors[edge])
                if !reaches[predecessor] {
                    reaches[predecessor] = true
                    work.append(predecessor)
                }
            }
        }
        return reaches.firstIndex(of: false).map(Int32.init)
    }
}
