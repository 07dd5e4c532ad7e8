/// Invocations (language version 3): calls and streams declared in states that are not final,
/// and the transitions on what they deliver (`done x`, `error x`, `on x` for a stream's
/// elements) in the invoking state, states inside it, states around it and at machine level,
/// where the checker lets a transition receive them. Only when ``SpecBuild/usesInvocations``.
extension SpecBuild {
    /// One or two invocations in about one state of four that is not final, at any depth,
    /// parallel states and regions included.
    mutating func makeInvocations() {
        for index in nodes.indices where !nodes[index].isFinal && random.chance(25) {
            for _ in 0..<random.inRange(1...2) {
                let isStream = random.chance(40)
                let invocation = SpecInvocation(
                    name: invocationName(isStream: isStream), isStream: isStream,
                    results: makeResults(), documentation: maybeDocumentation())
                nodes[index].invocations.append(invocation)
                invocations.append((index, invocation))
            }
        }
    }

    /// A child machine (``SpecProfile/childMachines``) in about one state of four that is not
    /// final, at any depth, named `k1`, `k2`, ….
    mutating func makeChildMachineInvocations() {
        for index in nodes.indices where !nodes[index].isFinal && random.chance(25) {
            let child = random.pick(profile.childMachines)
            var name = "k\(names.next())"
            while !names.claimInvocation(name) { name = "k\(names.next())" }
            let invocation = SpecInvocation(name: name, isStream: false, results: [], machine: child.name)
            nodes[index].invocations.append(invocation)
            invocations.append((index, invocation))
        }
    }

    /// A name free in the namespace of events and states and among the functions of `Actions`:
    /// sometimes one near Swift's or the generated code's names, mostly a numbered one.
    private mutating func invocationName(isStream: Bool) -> String {
        if random.chance(20) {
            for _ in 0..<3 {
                let candidate = random.pick(NamePools.signals)
                if names.claimInvocation(candidate) { return candidate }
            }
        }
        let prefix = random.pick(isStream ? ["watch", "changes", "updates"] : ["fetch", "load", "upload", "ping"])
        while true {
            let candidate = "\(prefix)\(names.next())"
            if names.claimInvocation(candidate) { return candidate }
        }
    }

    /// None to three results, each labeled (as the checker requires), labels from the payload
    /// labels' pool, which no data label takes. None in the differential profile: results are
    /// payloads, which SCXML's export leaves out (and a harness could not make up).
    private mutating func makeResults() -> [SpecParameter] {
        guard swiftOnly else { return [] }
        var results: [SpecParameter] = []
        var used: Set<String> = []
        for _ in 0..<random.pick([0, 0, 1, 1, 1, 2, 2, 3]) {
            let label = random.pick(NamePools.payloadLabels)
            guard used.insert(label).inserted else { continue }
            results.append(SpecParameter(label: label, type: random.pick(NamePools.types)))
        }
        return results
    }

    /// Groups on the invocations a state's transitions may receive: its own (often), those of
    /// states around it and inside it (now and then).
    mutating func makeInvocationGroups(of state: Int, excluding used: inout Set<SpecTrigger>) {
        let candidates = invocations.filter { $0.owner == state || isInside(state, $0.owner) || isInside($0.owner, state) }
        for (owner, invocation) in candidates {
            let own = owner == state
            var triggers: [SpecTrigger] = []
            if let machine = invocation.machine {
                // A child machine only finishes (when it can) and emits its outputs.
                guard let child = profile.childMachines.first(where: { $0.name == machine }) else { continue }
                if child.finishes && random.chance(own ? 55 : 15) { triggers.append(.invocationDone(invocation.name)) }
                for output in child.outputs where random.chance(own ? 55 : 15) {
                    triggers.append(.childOutput(invocation.name, output: output))
                }
            } else {
                if random.chance(own ? 55 : 15) { triggers.append(.invocationDone(invocation.name)) }
                if random.chance(own ? 35 : 10) { triggers.append(.invocationError(invocation.name)) }
                if invocation.isStream && random.chance(own ? 55 : 15) { triggers.append(.invocationElement(invocation.name)) }
            }
            for trigger in triggers where !used.contains(trigger) {
                if let key = triggerKey(trigger), !sharingAllows(state, key: key) || qtPreemptionLimits(state, key: key) == nil { continue }
                used.insert(trigger)
                makeGroup(in: state, trigger: trigger)
            }
        }
    }

    /// Now and then a machine-level group on one invocation: it receives what any invocation
    /// delivers.
    mutating func makeMachineLevelInvocationGroups() {
        let calls = invocations.filter { $0.invocation.machine == nil }
        guard !calls.isEmpty, random.chance(30) else { return }
        let invocation = random.pick(calls).invocation
        var triggers: [SpecTrigger] = [.invocationDone(invocation.name), .invocationError(invocation.name)]
        if invocation.isStream { triggers.append(.invocationElement(invocation.name)) }
        makeGroup(in: nil, trigger: random.pick(triggers))
    }
}
