/// The differential profile keeps the shape of the known Qt deviation rare, so that Qt, not
/// fsmc's own interpreter, judges nearly every chart (docs/SCXML.md, "Known Qt deviations";
/// fsm-differential's `QtDeviations.preemptionByALaterRegion` is the same rule on the model).
///
/// The shape: in a parallel state, a state of an earlier region (the region or one inside it)
/// has a transition T1, a state of a later region a transition T2 on the same event (or both
/// are `always`) declared deeper than T1, and one of the two leaves its region. States are
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

    /// Whether a transition to `target` leaves `region`: a target outside it, or the region
    /// itself (re-entered from outside). No target leaves nothing.
    func leaves(_ target: Int, region: Int) -> Bool {
        target == region || !isInside(target, region)
    }

    /// Whether a transition made so far leaves `region`: one of its targets does, or it is the
    /// region's own `reenter` transition, whose domain lies around the parallel state.
    private func leaves(_ use: TriggerUse, region: Int) -> Bool {
        use.targets.contains { leaves($0, region: region) } || use.reenters && use.state == region && !use.targets.isEmpty
    }
}
