/// Checks states entered together (a transition's several targets, a history's default):
/// each pair must lie in different regions of one parallel state, so that entering them all
/// is one configuration (SCXML's legal state configuration).
struct TargetSetCheck {
    let states: StateTable
    let diagnostics: DiagnosticCollector

    /// Whether `targets` (resolved from `names`, in order) can be entered together; reports
    /// the first pair that cannot.
    func check(_ targets: [StateID], named names: [Identifier]) -> Bool {
        for later in targets.indices.dropFirst() {
            for earlier in 0..<later {
                if let problem = problem(targets[earlier], targets[later]) {
                    diagnostics.error(
                        "\(problem); several targets must lie in different regions of one parallel state",
                        at: names[later].range, notes: [.init("'\(names[earlier].text)' is named here", at: names[earlier].range)])
                    return false
                }
            }
        }
        return true
    }

    /// Why `first` and `second` cannot be entered together, if they cannot.
    private func problem(_ first: StateID, _ second: StateID) -> String? {
        let all = states.states
        let (a, b) = (all[first.index].name, all[second.index].name)
        if first == second { return "'\(a)' is named twice" }
        if StateTree.isDescendant(second, of: first, in: all) { return "target '\(a)' contains target '\(b)'" }
        if StateTree.isDescendant(first, of: second, in: all) { return "target '\(b)' contains target '\(a)'" }
        var common = all[first.index].parent
        while let state = common, !StateTree.isDescendant(second, of: state, in: all) { common = all[state.index].parent }
        guard let common else { return notInOneParallelState(a, b) }
        if all[common.index].isParallel { return nil }
        // The innermost parallel state around both, and its region that holds them.
        var region = common
        while let parent = all[region.index].parent {
            if all[parent.index].isParallel {
                return "targets '\(a)' and '\(b)' are in the same region '\(all[region.index].name)' of parallel state '\(all[parent.index].name)'"
            }
            region = parent
        }
        return notInOneParallelState(a, b)
    }

    private func notInOneParallelState(_ a: String, _ b: String) -> String {
        "targets '\(a)' and '\(b)' are not in one parallel state"
    }
}
