/// Targets: one state (with its data), a history, or several states in different regions of
/// one parallel state; and whether a transition is written `reenter`. Each is checked against
/// the transition's domain, so that no state entered on the way carries data.
extension SpecBuild {
    /// A target that keeps the spec valid: states entered on the way carry no data, a target
    /// with data gets every field, `forward` transitions move forward, every target stays inside
    /// `staysInside` (see ``SpecBuild/qtPreemptionLimits(_:key:)``). A nil target (none
    /// written) when allowed and chosen, or when nothing fits; nil when a target is needed and
    /// none fits.
    mutating func pickTarget(
        from state: Int?, context: Context, needsTarget: Bool, forward: Bool, staysInside: [Int]
    ) -> (target: SpecTarget?, reenters: Bool)? {
        if !needsTarget && random.chance(25) { return (nil, false) }
        for _ in 0..<8 {
            // Several targets enter a parallel state, which a forward transition must not.
            if profile.severalTargets && !forward && random.chance(8), let targets = pickStatesInRegions(inside: nil) {
                guard fits(source: state, targets: targets, history: false, forward: false),
                      !leavesAny(staysInside, source: state, targets: targets, history: false) else { continue }
                let reenters = maybeReenter(state, targets: targets, history: false, forward: false, staysInside: staysInside)
                return (.states(targets.map { nodes[$0].name }), reenters)
            }
            let target = random.below(nodes.count)
            var history = nodes[target].history != nil && profile.history && random.chance(25)
            // SCXML reads some transitions into a history from inside its state otherwise
            // (docs/SCXML.md): the charts that keep out Qt's deviations target the state instead.
            if history, avoidsQtDeviationShape, let state, historyFromInsideReadsOtherwise(source: state, owner: target) { history = false }
            guard fits(source: state, targets: [target], history: history, forward: forward),
                  !leavesAny(staysInside, source: state, targets: [target], history: history) else { continue }
            let reenters = maybeReenter(state, targets: [target], history: history, forward: forward, staysInside: staysInside)
            if history { return (.history(nodes[target].name), reenters) }
            return (.state(nodes[target].name, arguments: arguments(for: nodes[target].data, context)), reenters)
        }
        return needsTarget ? nil : (nil, false)
    }

    /// Whether a transition (without `reenter`) leaves one of `regions`.
    private func leavesAny(_ regions: [Int], source: Int?, targets: [Int], history: Bool) -> Bool {
        guard let source else { return false }
        return regions.contains { leaves(source: source, targets: targets, history: history, reenters: false, region: $0) }
    }

    /// Whether to write `reenter`: mostly where it matters, a target inside the source; never
    /// where the Qt rule keeps the target inside a region (a region's own `reenter` leaves it).
    private mutating func maybeReenter(_ state: Int?, targets: [Int], history: Bool, forward: Bool, staysInside: [Int]) -> Bool {
        guard profile.reenter, let state, staysInside.isEmpty else { return false }
        let inside = targets.allSatisfy { isInside($0, state) || history && $0 == state }
        guard random.chance(inside ? 30 : 4) else { return false }
        return fits(source: state, targets: targets, history: history, forward: forward, reenters: true)
    }

    /// States in two or three different regions of one parallel state (inside `container`, or
    /// `container` itself, when given), none of them, nor any state between the parallel state
    /// and them, with data: what `-> a, b` and `history -> a, b` name. Nil when there is no
    /// such parallel state.
    mutating func pickStatesInRegions(inside container: Int?) -> [Int]? {
        let parallels = nodes.indices.filter { index in
            nodes[index].isParallel && nodes[index].children.count >= 2
                && container.map { index == $0 || isInside(index, $0) } ?? true
        }
        guard !parallels.isEmpty else { return nil }
        let parallel = random.pick(parallels)
        var regions = nodes[parallel].children
        var targets: [Int] = []
        for _ in 0..<min(regions.count, random.inRange(2...3)) {
            let region = regions.remove(at: random.below(regions.count))
            let candidates = (region...nodes[region].end).filter { carriesNoData(from: parallel, to: $0) }
            guard !candidates.isEmpty else { return nil }
            targets.append(random.pick(candidates))
        }
        return targets
    }

    /// Whether `state` and every state between `outer` (excluded) and it carry no data.
    func carriesNoData(from outer: Int, to state: Int) -> Bool {
        ([state] + ancestors(of: state).filter { isInside($0, outer) }).allSatisfy { nodes[$0].data.isEmpty }
    }

    /// The transition's domain (fsmc's and SCXML's): the compound source when every target lies
    /// inside it (unless it `reenters`), otherwise the innermost compound state strictly around
    /// the source that holds them all; nil for the machine. A history target counts as a child
    /// of its state.
    func domain(source: Int?, targets: [Int], history: Bool, reenters: Bool = false) -> Int? {
        guard let source else { return nil }
        let holds = { (state: Int) in targets.allSatisfy { self.isInside($0, state) || history && $0 == state } }
        if !reenters && nodes[source].isCompound && holds(source) { return source }
        return ancestors(of: source).first { nodes[$0].isCompound && holds($0) }
    }

    func fits(source: Int?, targets: [Int], history: Bool, forward: Bool, reenters: Bool = false) -> Bool {
        let domain = domain(source: source, targets: targets, history: history, reenters: reenters)
        for target in targets {
            // The states entered above the target: below the domain, around the target.
            let above = ancestors(of: target).filter { ancestor in domain.map { isInside(ancestor, $0) } ?? true }
            if above.contains(where: { !nodes[$0].data.isEmpty }) { return false }
            if history && domain != target && !nodes[target].data.isEmpty { return false }
            if forward {
                guard let source, target > nodes[source].end else { return false }
                // A parallel state entered on the way would enter its other regions afresh,
                // perhaps before the source: no progress.
                if above.contains(where: { nodes[$0].isParallel }) { return false }
            }
        }
        return true
    }
}
