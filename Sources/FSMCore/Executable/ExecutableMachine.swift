/// A checked machine lowered to what runs: for every atomic state and trigger, the
/// transitions to try in priority order; for every transition, what it exits and enters; which
/// state owns each timer; where history is kept; which final states complete which parent.
///
/// This is the one place the statechart semantics of DESIGN.md lives (UML / SCXML run to
/// completion). The Swift back end, the interpreter and the path planner read it;
/// none of them works out a priority, an exit set or an entry sequence on its own.
///
/// Built by ``Lowering/lower(_:)``, which refuses a model it cannot execute.
public struct ExecutableMachine: Sendable {
    /// The checked model the machine was lowered from.
    public let model: MachineModel
    /// Every transition, numbered: each state's in document order, then the machine-level ones
    /// (the order of ``MachineModel/allTransitions``), those never taken too (without a
    /// ``ExecutableTransition/trigger``).
    public let transitions: [ExecutableTransition]
    /// The atomic states (no children), in document order.
    public let atomicStates: [StateID]
    /// How the machine starts: the initial state and its initial descendants, outermost first.
    public let initialEntry: EntryPlan
    /// Each state's `after` transitions grouped by delay, by ``StateID``; a timer per group
    /// runs while the state is active.
    public let timers: [[TimerGroup]]
    /// Each state's own transitions by trigger, by ``StateID``; the machine level last.
    @usableFromInline let ownTransitions: [[Trigger: [TransitionID]]]
    /// The keys of ``ownTransitions`` in the order first declared, kept in that order by the
    /// lowering: the generators ask for every owner's triggers, and sorting its transitions
    /// each time cost the emitter more than a tenth of its time on flat specs.
    @usableFromInline let ownTriggers: [[Trigger]]
    /// The path of each state from the top level down to it, by ``StateID``.
    @usableFromInline let paths: [[StateID]]

    /// A place transitions are declared: a state, or the machine itself.
    public enum Owner: Hashable, Sendable {
        case state(StateID)
        case machine
    }

    /// What a transition waits for, as the running machine tells its triggers apart.
    public enum Trigger: Hashable, Sendable {
        case event(EventID)
        /// Eventless: tried after every microstep until none is enabled.
        case always
        /// The timer `group` of a state's ``ExecutableMachine/timers`` fired.
        case timer(StateID, group: Int)
        /// The compound state completed: one of its final children was entered.
        case done(StateID)
        /// An invocation delivered a result: offered to the active states as an event is.
        case invocation(InvocationID, InvocationResult)
    }

    init(
        model: MachineModel, transitions: [ExecutableTransition], atomicStates: [StateID], initialEntry: EntryPlan,
        timers: [[TimerGroup]], ownTransitions: [[Trigger: [TransitionID]]], ownTriggers: [[Trigger]], paths: [[StateID]]
    ) {
        self.model = model
        self.transitions = transitions
        self.atomicStates = atomicStates
        self.initialEntry = initialEntry
        self.timers = timers
        self.ownTransitions = ownTransitions
        self.ownTriggers = ownTriggers
        self.paths = paths
    }

    // A getter, not `_read`, as ``MachineModel``'s subscript; inlinable for the same reason.
    @inlinable public subscript(transition: TransitionID) -> ExecutableTransition { transitions[transition.index] }

    /// Whether every state is at the top level (version 1 of the language).
    public var isFlat: Bool { model.isFlat }

    // MARK: - Structure

    /// The state's path from the top level down to it, outermost first.
    public func path(to state: StateID) -> [StateID] { paths[state.index] }

    /// How deep the state lies: 0 at the top level.
    public func depth(of state: StateID) -> Int { paths[state.index].count - 1 }

    /// The states an atomic state's configuration holds active: its path.
    public func activeStates(atLeaf leaf: StateID) -> [StateID] { paths[leaf.index] }

    /// The states entered after `state` when it is entered by default: its initial child,
    /// that child's initial child, and so on, outermost first.
    public func defaultDescent(of state: StateID) -> [StateID] {
        model.defaultDescent(of: state)
    }

    /// The compound state a final state completes when entered; `nil` for a top-level final
    /// state, which finishes the machine, and for a state that is not final.
    public func completedParent(ofFinal state: StateID) -> StateID? {
        model[state].isFinal ? model[state].parent : nil
    }

    // MARK: - Choosing transitions

    /// Where an atomic state looks for transitions, in priority order: itself, its ancestors
    /// outward, then the machine level.
    @inlinable public func owners(from leaf: StateID) -> [Owner] {
        paths[leaf.index].reversed().map(Owner.state) + [.machine]
    }

    /// The transitions an owner declares for a trigger, in document order, but those never
    /// taken: what its dispatch tries.
    @inlinable public func transitions(of owner: Owner, for trigger: Trigger) -> [TransitionID] {
        switch owner {
        case .state(let state): ownTransitions[state.index][trigger] ?? []
        case .machine: ownTransitions[model.states.count][trigger] ?? []
        }
    }

    /// The transitions tried, in order, when `trigger` happens while `leaf` is the active
    /// atomic state: the first whose guard holds is taken. Timers and completions belong to
    /// one state, so only that state's transitions are candidates, and only while it is active.
    @inlinable public func candidates(atLeaf leaf: StateID, for trigger: Trigger) -> [TransitionID] {
        switch trigger {
        case .event, .always, .invocation:
            // `owners(from:)`'s order, without its arrays: the interpreter asks this at every
            // selection, the property checker millions of times.
            var candidates: [TransitionID] = []
            for state in paths[leaf.index].reversed() {
                if let own = ownTransitions[state.index][trigger] { candidates += own }
            }
            if let own = ownTransitions[model.states.count][trigger] { candidates += own }
            return candidates
        case .timer(let owner, _), .done(let owner):
            guard paths[leaf.index].contains(owner) else { return [] }
            return transitions(of: .state(owner), for: trigger)
        }
    }

    /// The states a transition exits when taken while `leaf` is active, innermost first: the
    /// active states below its domain. Empty for an internal transition.
    public func exitSequence(of transition: TransitionID, atLeaf leaf: StateID) -> [StateID] {
        guard self[transition].entry != nil else { return [] }
        let path = paths[leaf.index]
        let keep = self[transition].domain.map { depth(of: $0) + 1 } ?? 0
        return Array(path[keep...].reversed())
    }

    // MARK: - Configurations (SCXML's algorithm, for any number of active regions)

    /// Whether the machine has a parallel state, so that several atomic states can be active
    /// at once.
    public var hasParallelStates: Bool { model.states.contains { $0.isParallel } }

    /// Whether `state` lies strictly inside `ancestor`; everything lies inside the machine
    /// (`nil`).
    public func isProperDescendant(_ state: StateID, of ancestor: StateID?) -> Bool {
        guard let ancestor else { return true }
        let path = paths[state.index]
        let depth = paths[ancestor.index].count - 1
        return path.count - 1 > depth && path[depth] == ancestor
    }

    /// The state a transition is declared in, `nil` for the machine level (which contains
    /// every state).
    public func source(of transition: TransitionID) -> StateID? {
        if case .state(let state) = self[transition].owner { state } else { nil }
    }

    /// Whether two transitions cannot be taken together
    /// (``TransitionConflict/conflicts(_:_:isInside:)``): both exit states and their exit sets
    /// (the active states below each one's domain) meet.
    public func conflicts(_ first: TransitionID, _ second: TransitionID) -> Bool {
        TransitionConflict.conflicts(conflictParty(first), conflictParty(second)) { isProperDescendant($0, of: $1) }
    }

    /// What the conflict rule reads of a transition: its source, whether it exits states, its
    /// domain.
    private func conflictParty(_ transition: TransitionID) -> TransitionConflict.Party {
        TransitionConflict.Party(source: source(of: transition), exits: self[transition].entry != nil, domain: self[transition].domain)
    }

    /// `transitions` in document order: where the spec declares them (a state's transitions
    /// written after its children come after theirs). The actions of transitions taken
    /// together run in this order (SCXML 3.13: "execute the executable content contained in
    /// the transitions in document order").
    public func inDocumentOrder(_ transitions: [TransitionID]) -> [TransitionID] {
        // One transition, the usual case, needs no sort (which reads each one's declaration).
        guard transitions.count > 1 else { return transitions }
        return transitions.sorted { (self[$0].declaration.range.start, $0) < (self[$1].declaration.range.start, $1) }
    }

    /// How a transition selected later in a step fares against one selected earlier.
    public typealias Conflict = TransitionConflict

    /// How a transition selected for a trigger fares against one selected before it in the
    /// same step (SCXML's `removeConflictingTransitions`, stated in ``TransitionConflict``):
    /// they conflict when ``conflicts(_:_:)``; then the later one preempts the earlier when
    /// declared inside its source, and otherwise yields to it. A static relation: the generated
    /// code of a step that several parallel regions' atomic states select for reads it as a
    /// table.
    public func conflict(of later: TransitionID, with earlier: TransitionID) -> Conflict {
        TransitionConflict(of: conflictParty(later), with: conflictParty(earlier)) { isProperDescendant($0, of: $1) }
    }

    /// The transitions a trigger takes together in a configuration whose active atomic states
    /// are `atomicStates` (document order): SCXML's `selectTransitions` and
    /// `removeConflictingTransitions`. Each atomic state selects the first candidate whose
    /// guard holds (`isEnabled`); of two that conflict, one declared inside the other's
    /// source wins, otherwise the one selected first. Timers and completions belong to one
    /// state and select at most one transition.
    public func selectTransitions(
        for trigger: Trigger, atomicStates: [StateID], isEnabled: (TransitionID) -> Bool
    ) -> [TransitionID] {
        switch trigger {
        case .timer(let owner, _), .done(let owner):
            guard atomicStates.contains(where: { paths[$0.index].contains(owner) }) else { return [] }
            return transitions(of: .state(owner), for: trigger).first(where: isEnabled).map { [$0] } ?? []
        case .event, .always, .invocation:
            var enabled: [TransitionID] = []
            for atomic in atomicStates {
                if let chosen = candidates(atLeaf: atomic, for: trigger).first(where: isEnabled), !enabled.contains(chosen) {
                    enabled.append(chosen)
                }
            }
            guard enabled.count > 1 else { return enabled }
            var filtered: [TransitionID] = []
            for candidate in enabled {
                var preempted = false
                var beaten: [TransitionID] = []
                for other in filtered {
                    switch conflict(of: candidate, with: other) {
                    case .none: continue
                    case .preempts: beaten.append(other)
                    case .yields: preempted = true
                    }
                    if preempted { break }
                }
                if !preempted {
                    filtered.removeAll { beaten.contains($0) }
                    filtered.append(candidate)
                }
            }
            return filtered
        }
    }

    /// The states that taking `transitions` together exits from `configuration` (the active
    /// states), in reverse document order: the active states below each one's domain.
    public func exitSet(of transitions: [TransitionID], in configuration: [StateID]) -> [StateID] {
        // Loops rather than closures: a closure here captures the machine, and copying it (a
        // retain per array of the machine and its model) cost the property checker more than
        // the test itself (callgrind, debug).
        var domains: [StateID?] = []
        for transition in transitions where self[transition].entry != nil { domains.append(self[transition].domain) }
        guard !domains.isEmpty else { return [] }
        var exits: [StateID] = []
        for state in configuration {
            for domain in domains where isProperDescendant(state, of: domain) {
                exits.append(state)
                break
            }
        }
        return exits.sorted(by: >)
    }

    /// What a history of `owner` remembers when `owner` is exited from `configuration`: its
    /// active atomic descendants (deep), or its active children (shallow).
    public func remembered(by owner: StateID, in configuration: [StateID]) -> [StateID] {
        let depth = depth(of: owner)
        switch model[owner].history {
        case .deep?:
            return configuration.filter { model[$0].isAtomic && isProperDescendant($0, of: owner) }
        case .shallow?, nil:
            return configuration.filter { paths[$0.index].count == depth + 2 && paths[$0.index][depth] == owner }
        }
    }

    /// The states `-> owner.history` enters below `owner`, in document order: what its history
    /// remembers (`nil` before `owner` was ever left: its history's default, or else its
    /// default entry), each remembered
    /// state with the states between it and `owner`, the default entry of a remembered child
    /// (shallow history), and the default entry of any region with nothing remembered.
    public func restoredEntry(of owner: StateID, remembered: [StateID]?) -> [StateID] {
        guard let remembered, !remembered.isEmpty else {
            guard let historyDefault = model[owner].historyDefault else { return defaultDescent(of: owner) }
            var entered = model.entrySet(of: historyDefault.targets, below: owner)
            // The regions of a parallel state that no target lies in are entered by default.
            if model[owner].isParallel {
                for region in model[owner].children where !entered.contains(region) {
                    entered += [region] + defaultDescent(of: region)
                }
            }
            return entered.sorted()
        }
        var entered = Set<StateID>()
        for state in remembered {
            for ancestor in paths[state.index] where isProperDescendant(ancestor, of: owner) { entered.insert(ancestor) }
            if model[owner].history != .deep { entered.formUnion(defaultDescent(of: state)) }
        }
        // A parallel state entered on the way enters its other regions by default.
        for state in entered.sorted() where model[state].isParallel {
            for region in model[state].children where !entered.contains(region) {
                entered.insert(region)
                entered.formUnion(defaultDescent(of: region))
            }
        }
        return entered.sorted()
    }

    /// Whether `state` is in a final state in `configuration` (SCXML's `isInFinalState`): a
    /// compound state whose active child is final, a parallel state all of whose regions are.
    public func isInFinalState(_ state: StateID, in configuration: [StateID]) -> Bool {
        let children = model[state].children
        if model[state].isParallel {
            return children.allSatisfy { isInFinalState($0, in: configuration) }
        }
        return children.contains { model[$0].isFinal && configuration.contains($0) }
    }

    /// The completions entering the final state `state` raises into `configuration` (which
    /// holds it), in order: its parent's, then, when the parent is a region, the parallel
    /// state's if every region is in a final state (SCXML's `done.state.ID` events).
    public func completions(afterEntering state: StateID, in configuration: [StateID]) -> [StateID] {
        guard model[state].isFinal, let parent = model[state].parent else { return [] }
        var completed = [parent]
        if let grandparent = model[parent].parent, model[grandparent].isParallel,
            isInFinalState(grandparent, in: configuration) {
            completed.append(grandparent)
        }
        return completed
    }

    /// The event transitions an owner offers, grouped by event in order of first declaration,
    /// each group in document order: what a `switch event` of its dispatch tries.
    public func eventGroups(of owner: Owner) -> [(event: EventID, transitions: [TransitionID])] {
        triggers(of: owner).compactMap { trigger in
            guard let event = trigger.event else { return nil }
            return (event, transitions(of: owner, for: trigger))
        }
    }

    /// Every trigger an owner declares transitions for, in the order first declared.
    public func triggers(of owner: Owner) -> [Trigger] {
        switch owner {
        case .state(let state): ownTriggers[state.index]
        case .machine: ownTriggers[model.states.count]
        }
    }
}

/// The number of a transition in ``ExecutableMachine/transitions``.
public struct TransitionID: Hashable, Comparable, Sendable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (lhs: TransitionID, rhs: TransitionID) -> Bool { lhs.index < rhs.index }
}

/// A transition with its run-time meaning worked out.
public struct ExecutableTransition: Hashable, Sendable {
    public var id: TransitionID
    /// The transition as declared: guard, actions, documentation, source range.
    public var declaration: TransitionModel
    /// Where it is declared.
    public var owner: ExecutableMachine.Owner
    /// What takes it; `nil` for a transition that is never taken (its guard is the constant
    /// `false`), which no trigger offers: it is in no ``ExecutableMachine/transitions(of:for:)``
    /// and no ``TimerGroup``, so no dispatch tries it.
    public var trigger: ExecutableMachine.Trigger?
    /// The state that stays active while the transition runs: everything active below it is
    /// exited, everything entered lies below it. `nil` is the machine itself (every state
    /// is exited). SCXML's transition domain: the source when the target lies inside the
    /// compound state that declares it, otherwise the least common compound ancestor of
    /// source and target.
    public var domain: StateID?
    /// What the transition enters; `nil` for an internal transition (no target), which exits
    /// and enters nothing.
    public var entry: EntryPlan?

    /// The event that triggers it, if an event does.
    public var eventID: EventID? {
        trigger?.event
    }
}

/// The states a transition (or the start) enters, in document order (outermost first).
public struct EntryPlan: Hashable, Sendable {
    /// The states entered whatever the history: the target's ancestors below the domain, the
    /// target, the other regions of the parallel states among them with their default
    /// entries, and (unless it restores a history) the target's default entry.
    public var states: [StateID]
    /// The state whose history is restored (a `-> X.history` target: X); what it remembers
    /// is entered right after it, before the states of ``states`` that follow it.
    public var restoresHistoryOf: StateID?

    public init(states: [StateID], restoresHistoryOf: StateID? = nil) {
        self.states = states
        self.restoresHistoryOf = restoresHistoryOf
    }

    /// Every state entered, in document order, with `restored` (what the history of
    /// ``restoresHistoryOf`` restores, in document order) in its place: right after the
    /// state whose history it is, or first when that state stays active (a history target
    /// inside its own state enters nothing else).
    public func states(restoring restored: [StateID]) -> [StateID] {
        guard let owner = restoresHistoryOf else { return states }
        var all = states
        all.insert(contentsOf: restored, at: states.firstIndex(of: owner).map { $0 + 1 } ?? 0)
        return all
    }
}

/// The `after` transitions of one state that share a delay. One timer serves them all, so
/// that their guards are tried in document order whatever order a clock fires simultaneous
/// timers in.
public struct TimerGroup: Hashable, Sendable {
    public var delay: TimerDelay
    public var transitions: [TransitionID]
}

/// How long a timer waits.
public enum TimerDelay: Hashable, Sendable {
    /// `after 1s`
    case fixed(DurationModel)
    /// `after backoff`: what the user's function returns when the state is entered.
    case computed(String)

    /// The delay as written: `250ms`, or the function's name.
    public var text: String {
        switch self {
        case .fixed(let duration): duration.text
        case .computed(let function): function
        }
    }
}
