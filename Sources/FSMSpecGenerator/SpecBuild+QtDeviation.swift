/// The differential profile keeps the shape of the known Qt deviation rare, so that Qt, not
/// fsmc's own interpreter, judges nearly every chart (docs/SCXML.md, "Known Qt deviations";
/// fsm-differential's `QtDeviations.preemptionByALaterRegion` is the same rule on the model).
///
/// The shape: in a parallel state, a state of an earlier region (the region or one inside it)
/// has a transition T1, a state of a later region a transition T2 on the same event (or both
/// are `always`) declared deeper than T1, and one of the two leaves its region (its domain lies
/// outside it, however deep the region that it leaves directly). States are
/// made in document order, so every T1 exists when a T2 is written: a trigger is refused for a
/// deeper state of a later region when an earlier region's shallower transition for it leaves
/// its region, and otherwise such a T2 keeps its target inside its own region. Everything
/// around the shape stays: regions sharing events, conflicts between transitions at equal
/// depths or with the later one the shallower, nesting, transitions leaving regions.
extension SpecBuild {
    /// What the rule leaves a new transition of `state` for the trigger `key` (`e:name` or
    /// `always`): nil when the trigger is refused there, otherwise the regions its target must
    /// stay strictly inside (none: any target).
    func qtPreemptionLimits(_ state: Int, key: String) -> [Int]? {
        guard avoidsQtDeviationShape else { return [] }
        let depth = ancestors(of: state).count
        var staysInside: [Int] = []
        for (parallel, region) in regionsAround(state) {
            for earlier in nodes[parallel].children where earlier < region {
                let shallower = uses(key, inside: earlier).filter { use in
                    use.state.map { ancestors(of: $0).count < depth } ?? false
                }
                if shallower.contains(where: { leaves($0, region: earlier) }) { return nil }
                if !shallower.isEmpty { staysInside.append(region) }
            }
        }
        return staysInside
    }

    /// Whether a transition of `source` to `targets` leaves `region`: its domain is not the
    /// region or a state inside it. That covers a target outside the region, the region itself
    /// as a target, a region's own `reenter`, and a transition that leaves a region of a
    /// parallel state inside the region's own (no compound state lies between two parallel
    /// states, so its domain lies around both). No target leaves nothing.
    func leaves(source: Int, targets: [Int], history: Bool, reenters: Bool, region: Int) -> Bool {
        guard !targets.isEmpty else { return false }
        guard let domain = domain(source: source, targets: targets, history: history, reenters: reenters) else { return true }
        return domain != region && !isInside(domain, region)
    }

    /// Whether a transition made so far leaves `region`.
    private func leaves(_ use: TriggerUse, region: Int) -> Bool {
        guard let source = use.state else { return false }
        return leaves(source: source, targets: use.targets, history: use.history, reenters: use.reenters, region: region)
    }

    /// Whether Qt would run the actions of a new transition of `state` for `key` (with these
    /// targets) before those of a transition it can be taken with (fsm-differential's
    /// `QtDeviations.actionsByDepth`): an earlier region's shallower transition for the same
    /// trigger with actions, neither of the two leaving its region (they conflict otherwise).
    /// States are made in document order, so every such earlier transition exists already.
    func qtRunsActionsFirst(_ state: Int, key: String, targets: [Int], history: Bool, reenters: Bool) -> Bool {
        let depth = ancestors(of: state).count
        for (parallel, region) in regionsAround(state) {
            if leaves(source: state, targets: targets, history: history, reenters: reenters, region: region) { continue }
            for earlier in nodes[parallel].children where earlier < region {
                let shallower = uses(key, inside: earlier).contains { use in
                    use.hasActions && use.state.map { ancestors(of: $0).count < depth } ?? false && !leaves(use, region: earlier)
                }
                if shallower { return true }
            }
        }
        return false
    }

    /// Whether `-> owner.history` from `source` is a transition into a history from inside its
    /// state that SCXML reads otherwise than fsmc (fsm-differential's
    /// `QtDeviations.historyFromInside`, docs/SCXML.md): `owner` a parallel state, or the source
    /// below one of its children.
    func historyFromInsideReadsOtherwise(source: Int, owner: Int) -> Bool {
        guard isInside(source, owner) else { return false }
        return nodes[owner].isParallel || nodes[source].parent != owner
    }
}
