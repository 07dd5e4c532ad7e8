extension SpecBuild {
    /// `defer event` in about one state of four that is not final: one or two events the state
    /// does not take without a guard (such a `defer` would never keep anything, a warning).
    mutating func makeDeferrals() {
        guard !events.isEmpty else { return }
        for index in nodes.indices where !nodes[index].isFinal && random.chance(25) {
            let takenUnguarded = Set(nodes[index].transitions.compactMap { transition -> String? in
                guard case .event(let name) = transition.trigger else { return nil }
                return transition.guardCondition == nil || transition.guardCondition == .otherwise ? name : nil
            })
            let candidates = events.map(\.name).filter { !takenUnguarded.contains($0) }
            guard !candidates.isEmpty else { continue }
            for _ in 0..<random.inRange(1...2) {
                let event = random.pick(candidates)
                if !nodes[index].deferrals.contains(event) { nodes[index].deferrals.append(event) }
            }
        }
    }
}
