/// What a chart's parallel states mean for dispatching a trigger, worked out once from the
/// ``ExecutableMachine``: which triggers several regions take together (*shared*), which a
/// state's own dispatch leaves to a parallel state around it (*excluded*), which need the
/// general microstep (*apart*), the candidates of a microstep and the conflicts among them.
///
/// A trigger only one region of a parallel state (or the states around it) can take is
/// dispatched as in a compound state: the region that takes it first, then the parallel state,
/// then outward. A trigger several regions take is shared: each region chooses its transition
/// and ``ExecutableMachine/selectTransitions(for:atomicStates:isEnabled:)`` decides among them
/// as SCXML does. Nothing here is about a target language: the Swift back end, the interpreter
/// and a verifier read the same answers.
///
/// A class: the back end keeps it in closures, which would copy a struct's arrays each time.
package final class RegionAnalysis: Sendable {
    package typealias Trigger = ExecutableMachine.Trigger

    package let machine: ExecutableMachine
    /// The triggers of each parallel state that two or more of its regions take (or one region
    /// and a transition around it that SCXML may take in the same step), by ``StateID``, in the
    /// order first declared. A parallel state inside another that takes a trigger apart leaves
    /// it to the outer one.
    package let sharedTriggers: [[Trigger]]
    /// For every state inside a region, the triggers shared at a parallel state around it,
    /// which its own dispatch leaves out, by ``StateID``.
    package let excludedTriggers: [Set<Trigger>]
    /// Of each parallel state's shared triggers, those a region's states choose apart, by
    /// ``StateID``: the region is or holds a parallel state inside which the trigger is taken,
    /// so one region may select several transitions and the step is a general microstep
    /// (which also takes what the parallel states inside would have shared).
    package let apartTriggers: [Set<Trigger>]

    package init(_ machine: ExecutableMachine) {
        self.machine = machine
        (sharedTriggers, excludedTriggers, apartTriggers) = Self.sharing(in: machine)
    }

    private var model: MachineModel { machine.model }

    private static func sharing(in machine: ExecutableMachine) -> (
        shared: [[Trigger]], excluded: [Set<Trigger>], apart: [Set<Trigger>]
    ) {
        let model = machine.model
        var shared = [[Trigger]](repeating: [], count: model.states.count)
        var excluded = [Set<Trigger>](repeating: [], count: model.states.count)
        for parallel in model.states where parallel.isParallel {
            var regionsTaking: [Trigger: Int] = [:]
            var order: [(TransitionID, Trigger)] = []
            for region in parallel.children {
                var triggers: [Trigger: TransitionID] = [:]
                for state in [region] + model.descendants(of: region) {
                    for trigger in machine.triggers(of: .state(state)) where trigger.isSharable {
                        let first = machine.transitions(of: .state(state), for: trigger)[0]
                        triggers[trigger] = min(triggers[trigger] ?? first, first)
                    }
                }
                for (trigger, first) in triggers {
                    regionsTaking[trigger, default: 0] += 1
                    order.append((first, trigger))
                }
            }
            var seen: Set<Trigger> = []
            for (_, trigger) in order.sorted(by: { $0.0 < $1.0 }) where seen.insert(trigger).inserted {
                if regionsTaking[trigger]! > 1 || !outerTransitions(trigger, parallel.id, machine).isEmpty {
                    shared[parallel.id.index].append(trigger)
                }
            }
            let sharedHere = Set(shared[parallel.id.index])
            guard !sharedHere.isEmpty else { continue }
            for region in parallel.children {
                for state in [region] + model.descendants(of: region) { excluded[state.index].formUnion(sharedHere) }
            }
        }
        var apart = [Set<Trigger>](repeating: [], count: model.states.count)
        for parallel in model.states where parallel.isParallel {
            let nested = model.descendants(of: parallel.id).filter { model[$0].isParallel }
            for trigger in shared[parallel.id.index] where nested.contains(where: { inner in
                model.descendants(of: inner).contains { !machine.transitions(of: .state($0), for: trigger).isEmpty }
            }) {
                apart[parallel.id.index].insert(trigger)
                // The microstep takes the trigger for every atomic state inside.
                for inner in nested { shared[inner.index].removeAll { $0 == trigger } }
            }
        }
        return (shared, excluded, apart)
    }

    /// The transitions for `trigger` around `parallel` (its own, its ancestors', the
    /// machine's) that SCXML may take in the same step as a transition of one of its regions:
    /// the states of a region that takes none select the first of them whose guard holds, and
    /// it conflicts with no region's transition when one of the two has no target. Empty when
    /// the region's transition always wins (both have targets), or with a single region.
    package func outerTransitions(_ trigger: Trigger, of parallel: StateID) -> [TransitionID] {
        Self.outerTransitions(trigger, parallel, machine)
    }

    private static func outerTransitions(_ trigger: Trigger, _ parallel: StateID, _ machine: ExecutableMachine) -> [TransitionID] {
        let model = machine.model
        guard model[parallel].children.count > 1 else { return [] }
        // Up to the first that always holds: those after it are never selected, and code for
        // them would read a payload nothing binds.
        let outer = machine.choosable(machine.owners(from: parallel).flatMap { machine.transitions(of: $0, for: trigger) })
        let inside = model.descendants(of: parallel).flatMap { machine.transitions(of: .state($0), for: trigger) }
        let isTargetless = { (id: TransitionID) in machine[id].entry == nil }
        guard !inside.isEmpty, outer.contains(where: isTargetless) || inside.contains(where: isTargetless) else { return [] }
        return outer
    }

    // MARK: - What each state's own dispatch takes

    /// A state's own transitions for `trigger`, unless a parallel state around it shares the
    /// trigger among its regions.
    package func ownTransitions(of state: StateID, for trigger: Trigger) -> [TransitionID] {
        excludedTriggers[state.index].contains(trigger) ? [] : machine.transitions(of: .state(state), for: trigger)
    }

    /// The transitions for `trigger` declared inside the regions of `parallel` that a region
    /// can choose (each state's up to its first without a guard).
    package func sharedTransitions(of parallel: StateID, for trigger: Trigger) -> [TransitionID] {
        if apartTriggers[parallel.index].contains(trigger) { return microstepCandidates(of: parallel, for: trigger).inside }
        return model[parallel].children.flatMap { choosable(inside: $0, for: trigger).transitions }
    }

    /// Whether several regions of `state` (a parallel state) share an event.
    package func sharesEvents(_ state: StateID) -> Bool {
        sharedTriggers[state.index].contains(where: \.isEvent)
    }

    /// The transitions for `trigger` declared in `state` or inside it that the walk choosing a
    /// region's transition can reach, in the order it tries them, and whether every way through
    /// the walk chooses one: the children first, then, unless every child chooses one, the
    /// state's own (up to the first without a guard); a parallel state's regions in order,
    /// until one always chooses.
    package func choosable(inside state: StateID, for trigger: Trigger) -> (transitions: [TransitionID], always: Bool) {
        let own = machine.choosable(machine.transitions(of: .state(state), for: trigger))
        let ownAlways = own.last.map { ExecutableMachine.alwaysHolds(machine[$0].declaration.guardExpression) } ?? false
        let children = model[state].children.filter { child in
            ([child] + model.descendants(of: child)).contains { !machine.transitions(of: .state($0), for: trigger).isEmpty }
        }
        guard !children.isEmpty else { return (own, ownAlways) }
        var inside: [TransitionID] = []
        if model[state].isParallel {
            for region in children {
                let (transitions, always) = choosable(inside: region, for: trigger)
                inside += transitions
                if always { return (inside, true) }
            }
            return (inside + own, ownAlways)
        }
        var everyChildAlways = children.count == model[state].children.count
        for child in children {
            let (transitions, always) = choosable(inside: child, for: trigger)
            inside += transitions
            everyChildAlways = everyChildAlways && always
        }
        return everyChildAlways ? (inside, true) : (inside + own, ownAlways)
    }

    // MARK: - The general microstep

    /// The candidates of a microstep at a parallel state for one trigger.
    package struct MicrostepCandidates: Equatable, Sendable {
        /// Those declared inside the parallel state, in document order.
        package var inside: [TransitionID]
        /// Those around it (its own, its ancestors', the machine's) that the atomic states which
        /// select nothing inside may select, in priority order, cut after the first without a
        /// guard.
        package var around: [TransitionID]
        /// Both, in document order.
        package var all: [TransitionID]
    }

    /// The candidates of a microstep: those inside `parallel`, and those around it, each list
    /// cut after the first without a guard.
    package func microstepCandidates(of parallel: StateID, for trigger: Trigger) -> MicrostepCandidates {
        var inside: [TransitionID] = []
        for atomic in model.descendants(of: parallel) where model[atomic].isAtomic {
            for id in machine.choosable(insideCandidates(of: atomic, in: parallel, for: trigger)) where !inside.contains(id) {
                inside.append(id)
            }
        }
        let around = machine.choosable(machine.owners(from: parallel).flatMap { machine.transitions(of: $0, for: trigger) })
        return MicrostepCandidates(inside: inside.sorted(), around: around, all: (inside + around).sorted())
    }

    /// An atomic state's candidates for `trigger` declared inside `parallel`, innermost first.
    package func insideCandidates(of atomic: StateID, in parallel: StateID, for trigger: Trigger) -> [TransitionID] {
        machine.path(to: atomic).reversed().prefix { $0 != parallel }.flatMap { machine.transitions(of: .state($0), for: trigger) }
    }

    /// Two candidates of a microstep that can be selected together and conflict.
    package struct ConflictPair: Equatable, Sendable {
        package var later: TransitionID
        package var earlier: TransitionID
        /// ``ExecutableMachine/Conflict/preempts`` or ``ExecutableMachine/Conflict/yields``.
        package var conflict: ExecutableMachine.Conflict

        package init(later: TransitionID, earlier: TransitionID, conflict: ExecutableMachine.Conflict) {
            self.later = later
            self.earlier = earlier
            self.conflict = conflict
        }
    }

    /// The conflicts among the microstep candidates of `trigger` at `parallel`, later
    /// candidate first (then earlier), as ``ExecutableMachine/conflict(of:with:)`` decides them.
    /// Two transitions are selected together only by two atomic states active together (their
    /// closest common ancestor is a parallel state): other pairs are left out.
    package func conflictPairs(of parallel: StateID, for trigger: Trigger) -> [ConflictPair] {
        let candidates = microstepCandidates(of: parallel, for: trigger)
        let atomicStates = model.descendants(of: parallel).filter { model[$0].isAtomic }
        var selectors: [TransitionID: [StateID]] = [:]
        for atomic in atomicStates {
            let picks = machine.choosable(insideCandidates(of: atomic, in: parallel, for: trigger))
            let opens = !(picks.last.map { ExecutableMachine.alwaysHolds(machine[$0].declaration.guardExpression) } ?? false)
            for id in picks + (opens ? candidates.around.filter { !picks.contains($0) } : []) {
                selectors[id, default: []].append(atomic)
            }
        }
        let activeTogether = { (first: StateID, second: StateID) -> Bool in
            let shared = zip(self.machine.path(to: first), self.machine.path(to: second)).prefix { $0 == $1 }.last?.0
            return shared.map { self.model[$0].isParallel } ?? false
        }
        let selectedTogether = { (first: TransitionID, second: TransitionID) -> Bool in
            (selectors[first] ?? []).contains { a in (selectors[second] ?? []).contains { b in a != b && activeTogether(a, b) } }
        }
        var pairs: [ConflictPair] = []
        for later in candidates.all {
            for earlier in candidates.all where earlier != later && selectedTogether(later, earlier) {
                let conflict = machine.conflict(of: later, with: earlier)
                if conflict != .none { pairs.append(ConflictPair(later: later, earlier: earlier, conflict: conflict)) }
            }
        }
        return pairs
    }
}

extension ExecutableMachine {
    /// The transitions of `candidates` (in priority order) a choice can take: those up to the
    /// first without a guard or with `[else]`, which always holds when reached.
    package func choosable(_ candidates: [TransitionID]) -> [TransitionID] {
        guard let last = candidates.firstIndex(where: { Self.alwaysHolds(self[$0].declaration.guardExpression) }) else { return candidates }
        return Array(candidates[...last])
    }

    /// Whether a transition with this guard is taken whenever it is reached.
    package static func alwaysHolds(_ guardModel: GuardModel?) -> Bool {
        guardModel == nil || guardModel == .else
    }
}
