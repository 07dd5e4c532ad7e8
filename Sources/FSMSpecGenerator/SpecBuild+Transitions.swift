/// Transitions, grouped by trigger in each state: every transition of a group but the last has
/// a guard (so none is shadowed), the last may be unguarded or `[else]`.
extension SpecBuild {
    mutating func makeTransitions(of state: Int) {
        var usedTriggers: Set<SpecTrigger> = []
        // A parallel state that can complete is rare: give it its `done` often.
        if profile.completion && nodes[state].isParallel && completes(state) && random.chance(50) {
            usedTriggers.insert(.done)
            makeGroup(in: state, trigger: .done)
        }
        let groups = random.inRange(0...max(0, size.maxTriggersPerState))
        for _ in 0..<groups {
            guard let trigger = pickTrigger(for: state, excluding: usedTriggers) else { continue }
            usedTriggers.insert(trigger)
            makeGroup(in: state, trigger: trigger)
        }
        if usesInvocations || !profile.childMachines.isEmpty { makeInvocationGroups(of: state, excluding: &usedTriggers) }
    }

    mutating func makeMachineLevelTransitions() {
        let candidates = events.map(\.name).filter { !raisedOnlyEvents.contains($0) }
        guard !candidates.isEmpty else { return }
        var used: Set<String> = []
        let groups = shape == .ordinary || shape == .singleState ? random.inRange(1...2) : random.inRange(1...3)
        for _ in 0..<groups {
            let event = random.pick(candidates)
            guard used.insert(event).inserted else { continue }
            makeGroup(in: nil, trigger: .event(event))
        }
    }

    /// The key of a trigger regions may share: an event, `always`, and what an invocation
    /// delivers (taken by walks of the state tree as eventless transitions are).
    func triggerKey(_ trigger: SpecTrigger) -> String? {
        switch trigger {
        case .event(let name): "e:" + name
        case .always: "always"
        case .invocationDone(let name): "done:" + name
        case .invocationError(let name): "error:" + name
        case .invocationElement(let name): "on:" + name
        case .childOutput(let name, let output): "on:" + name + "." + output
        case .after, .done: nil
        }
    }

    /// The trigger of a new group, or nil when none fits.
    private mutating func pickTrigger(for state: Int, excluding used: Set<SpecTrigger>) -> SpecTrigger? {
        for _ in 0..<4 {
            var trigger: SpecTrigger
            let roll = random.below(100)
            let node = nodes[state]
            if roll < 12 && profile.eventless {
                trigger = .always
            } else if roll < 24 && profile.timers {
                trigger = .after(pickDelay(state))
            } else if roll < 34 && profile.completion && completes(state) {
                trigger = .done
            } else if !events.isEmpty && !eventlessOrDelayedOnly {
                trigger = .event(random.pick(events).name)
            } else if profile.eventless && eventlessOrDelayedOnly {
                trigger = random.chance(50) ? .always : .after(pickDelay(state))
            } else {
                continue
            }
            _ = node
            guard !used.contains(where: { sameTrigger($0, trigger) }) else { continue }
            if let key = triggerKey(trigger), !sharingAllows(state, key: key) || qtPreemptionLimits(state, key: key) == nil { continue }
            return trigger
        }
        return nil
    }

    /// `after` transitions with the same delay (`1s` and `1000ms`) are one trigger.
    private func sameTrigger(_ first: SpecTrigger, _ second: SpecTrigger) -> Bool {
        if case .after(let one) = first, case .after(let other) = second {
            return one == other || Self.delay(one).map { $0 == Self.delay(other) } ?? false
        }
        return first == second
    }

    static let durations: [(text: String, delay: Duration)] = [
        ("10ms", .milliseconds(10)), ("100ms", .milliseconds(100)), ("250ms", .milliseconds(250)), ("1s", .seconds(1)),
        ("1000ms", .seconds(1)), ("1.5s", .milliseconds(1500)), ("1500ms", .milliseconds(1500)), ("1_500ms", .milliseconds(1500)),
        ("2s", .seconds(2)), ("2m", .seconds(120)), ("1h", .seconds(3600)),
    ]

    static func delay(_ text: String) -> Duration? {
        durations.first { $0.text == text }?.delay
    }

    private mutating func pickDelay(_ state: Int) -> String {
        if swiftOnly && random.chance(15) {
            let name = functionName(kind: "value", key: "Duration||" + dataChain(of: state).map { ($0.label ?? "_") + ":" + $0.type }.joined(separator: ","), prefix: "delay")
            return name
        }
        let texts = isDifferential ? ["100ms", "250ms", "1s", "2s", "1500ms"] : ["10ms", "250ms", "1s", "1000ms", "1.5s", "2m", "1h", "1_500ms"]
        let text = random.pick(texts)
        let delay = Self.delay(text)!
        if !delays.contains(delay) { delays.append(delay) }
        return text
    }

    /// Whether a state can complete: a compound state with a final child, a parallel state
    /// with regions that all can (a region that is a parallel state itself, when each of its
    /// regions can).
    private func completes(_ state: Int) -> Bool {
        let node = nodes[state]
        if node.isParallel {
            return !node.children.isEmpty && node.children.allSatisfy(completes)
        }
        return node.isCompound && node.children.contains { nodes[$0].isFinal }
    }

    mutating func makeGroup(in state: Int?, trigger: SpecTrigger) {
        var count = usesGuards ? random.pick([1, 1, 1, 2, 2, 3]) : 1
        if isDifferential && trigger == .always { count = min(count, 2) }
        let context = context(of: state, trigger: trigger)
        let staysInside = state.flatMap { state in triggerKey(trigger).flatMap { qtPreemptionLimits(state, key: $0) } } ?? []
        var madeGuarded = 0
        for position in 0..<count {
            var condition: SpecGuard?
            let isLast = position == count - 1
            if !isLast {
                // One that always holds would shadow the rest of the group.
                condition = makeGuard(context)
                for _ in 0..<3 where condition?.constantValue == true { condition = makeGuard(context) }
                if condition?.constantValue == true { condition = guardName(context) }
            } else if usesGuards {
                switch random.below(3) {
                case 0: condition = makeGuard(context)
                case 1: condition = position > 0 ? .otherwise : nil
                default: condition = nil
                }
            }
            let unguardedOrElse = condition == nil || condition == .otherwise || condition?.constantValue == true
            // An unguarded 'always' without a target runs forever; in the differential profile
            // a guard holds forever too, so every 'always' there has a target.
            let needsTarget = trigger == .always && (unguardedOrElse || isDifferential)
            // Eventless transitions, completions and raised-only events move forward, so their
            // chains end (see isForward); unguarded eventless ones so in every profile.
            let forward = trigger == .always && (unguardedOrElse || isDifferential)
                || isDifferential && (trigger == .done || isRaisedOnly(trigger))
            // '[else]' needs a guarded transition before it; one whose guard folds to 'false'
            // is left out by the checker and does not count.
            if condition == .otherwise && madeGuarded == 0 { continue }
            guard let (target, reenters) = pickTarget(from: state, context: context, needsTarget: needsTarget, forward: forward, staysInside: staysInside) else {
                continue
            }
            if condition.map({ $0.constantValue != false }) ?? false { madeGuarded += 1 }
            var transition = SpecTransition(trigger: trigger, guardCondition: condition, target: target)
            transition.reenters = reenters
            let targets = target?.names.compactMap { name in nodes.firstIndex { $0.name == name } } ?? []
            var history = false
            if case .history? = target { history = true }
            // Qt 6.4 runs the actions of transitions taken together by depth, deeper first
            // (docs/SCXML.md, "Known Qt deviations"); the charts that keep out Qt's deviations
            // give no actions to a targetless event or eventless transition, nor to one whose
            // actions Qt would run before those of an earlier region's shallower transition.
            let keepsActionOrderOutOfQtsDeviation = avoidsQtDeviationShape && triggerKey(trigger).map { key in
                target == nil || state.map { qtRunsActionsFirst($0, key: key, targets: targets, history: history, reenters: reenters) } ?? false
            } ?? false
            if random.chance(45), !keepsActionOrderOutOfQtsDeviation { transition.actions = makeActions(context) }
            if let key = triggerKey(trigger) {
                triggerUses.append(TriggerUse(
                    state: state, key: key, targets: targets, history: history, reenters: reenters, hasActions: !transition.actions.isEmpty))
            }
            // A bare 'done' line is not a transition ('done' starts one only before '[', '->' or '/').
            if trigger == .done && condition == nil && target == nil && transition.actions.isEmpty {
                transition.actions = [makeCall(context)]
            }
            transition.documentation = maybeDocumentation()
            if let state { nodes[state].transitions.append(transition) } else { machineTransitions.append(transition) }
        }
    }

    private func isRaisedOnly(_ trigger: SpecTrigger) -> Bool {
        if case .event(let name) = trigger { raisedOnlyEvents.contains(name) } else { false }
    }

    // MARK: - Regions that share a trigger

    /// The parallel states around `state`, each with the region `state` lies in.
    func regionsAround(_ state: Int) -> [(parallel: Int, region: Int)] {
        var result: [(Int, Int)] = []
        var child = state
        for ancestor in ancestors(of: state) {
            if nodes[ancestor].isParallel { result.append((ancestor, child)) }
            child = ancestor
        }
        return result
    }

    func uses(_ key: String, inside region: Int) -> [TriggerUse] {
        triggerUses.filter { $0.key == key && $0.state.map { $0 == region || isInside($0, region) } ?? false }
    }

    /// Whether `state` may take the trigger at all, whatever its target: when the profile
    /// leaves out triggers several regions take where a region holds states with data, not in
    /// such a region. Every other shape the language has is written, since the Swift back end
    /// generates them all (nested parallel states whose regions choose apart included).
    func sharingAllows(_ state: Int, key: String) -> Bool {
        for (parallel, region) in regionsAround(state) {
            let others = nodes[parallel].children.filter { $0 != region && !uses(key, inside: $0).isEmpty }
            if !others.isEmpty && (isComplexRegion(region) || others.contains(where: isComplexRegion)) { return false }
        }
        return true
    }

    // MARK: - Entry and exit

    /// `history -> a / actions`: one state inside, or states in different regions of one
    /// parallel state inside (or the state itself when parallel), none entered with data; the
    /// actions receive what the state's entry actions receive.
    mutating func makeHistoryDefault(of state: Int) {
        guard random.chance(40) else { return }
        var targets: [Int] = []
        if profile.severalTargets && random.chance(30), let several = pickStatesInRegions(inside: state) {
            targets = several
        } else {
            let inside = (state + 1..<nodes[state].end + 1).filter { carriesNoData(from: state, to: $0) }
            guard !inside.isEmpty else { return }
            targets = [random.pick(inside)]
        }
        guard targets.allSatisfy({ carriesNoData(from: state, to: $0) }) else { return }
        var historyDefault = SpecHistoryDefault(targets: targets.map { nodes[$0].name })
        if random.chance(50) { historyDefault.actions = makeActions(context(of: state, trigger: nil)) }
        nodes[state].historyDefault = historyDefault
    }

    mutating func makeEntryAndExit(of state: Int) {
        let context = context(of: state, trigger: nil)
        // A machine of final states does nothing but its entry actions: write them more often.
        if random.chance(shape == .onlyFinalStates ? 70 : 30) {
            for _ in 0..<random.inRange(1...2) {
                let actions = makeActions(context)
                if !actions.isEmpty { nodes[state].entries.append(actions) }
            }
        }
        let isTopLevelFinal = nodes[state].isFinal && nodes[state].parent == nil
        if !isTopLevelFinal && random.chance(25) {
            for _ in 0..<random.inRange(1...2) {
                let actions = makeActions(context)
                if !actions.isEmpty { nodes[state].exits.append(actions) }
            }
        }
    }
}
