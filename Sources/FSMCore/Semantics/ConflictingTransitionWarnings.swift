/// Warns about transitions inside a parallel state that SCXML's conflict resolution always
/// discards.
struct ConflictingTransitionWarnings {
    let model: MachineModel
    let diagnostics: DiagnosticCollector

    typealias Trigger = TransitionModel.Trigger

    /// Warns about transitions inside a parallel state that never fire because a transition
    /// of an earlier region is always selected, and always wins the conflict with them.
    ///
    /// In a parallel state every region's active atomic state is offered the trigger, and of
    /// the transitions selected the conflict rule (``TransitionConflict``, the one the run-time
    /// selection reads) keeps the winners. For a trigger (an event or `always`) and a parallel
    /// state P, let R be the first region (in document order) that declares, anywhere inside
    /// it, a transition for the trigger with a target. When
    /// - R holds no parallel state (one atomic state of R is active at a time, so nothing
    ///   inside R can take its transition's place),
    /// - R takes the trigger first in each of its states (see ``TriggerTakers``) and every
    ///   transition for it declared inside R has a target, so that R always selects one of them,
    /// - no region before R, and no region before the one holding P of a parallel state
    ///   around P, declares a transition with a target for the trigger (so that nothing
    ///   selected earlier beats R's transition; what the states around them select is
    ///   declared around R's transition, which wins over it),
    /// then R's transition is always taken, and these never fire:
    /// - P's own transitions for the trigger with a target that lose to every transition R may
    ///   select, whichever is selected first (a region's transition wins over its parallel
    ///   state's), unless every region takes the trigger first, which
    ///   ``OverriddenTransitionWarnings`` reports;
    /// - the transitions with a target declared in a later region that yield to every
    ///   transition R may select (R's was selected first, and their exit sets meet: one of the
    ///   two leaves P).
    ///
    /// Nothing else is reported, so that every warning is certain.
    func run(takers: TriggerTakers, skipping overridden: Set<DeclaredTransition>) {
        guard model.states.contains(where: { $0.isParallel && $0.children.count > 1 }) else { return }
        var regions = RegionDeclarations(model: model)
        var reported = overridden
        for parallel in model.states where parallel.isParallel && parallel.children.count > 1 {
            let blocked = triggersTakenBefore(parallel.id, in: &regions)
            let declared = parallel.children.map { regions[$0] }
            for trigger in Self.triggers(of: declared) where !blocked.contains(trigger) {
                guard let first = declared.firstIndex(where: { $0.targeted[trigger] != nil }), first < declared.count - 1,
                      !declared[first].holdsParallelState, takers.takes[parallel.children[first].index].contains(trigger),
                      declared[first].counts[trigger] == declared[first].targeted[trigger]!.count
                else { continue }
                warnAbout(
                    trigger, in: parallel, takenFirstBy: first, declared: declared,
                    ownAlsoWarned: !takers.childrenTake[parallel.id.index].contains(trigger), reported: &reported)
            }
        }
    }

    /// What is declared inside a region.
    struct Region {
        /// Transitions with a target, by trigger (events and `always`), in document order.
        var targeted: [Trigger: [DeclaredTransition]] = [:]
        /// The triggers, in the order of their first transition with a target.
        var triggers: [Trigger] = []
        /// How many transitions there are for each trigger, with a target or not.
        var counts: [Trigger: Int] = [:]
        var holdsParallelState = false
    }

    /// What each region declares, worked out once per region.
    struct RegionDeclarations {
        let model: MachineModel
        let ends: [Int]
        private var known: [StateID: Region] = [:]

        init(model: MachineModel) {
            self.model = model
            ends = StateTree.subtreeEnds(of: model.states)
        }

        subscript(_ id: StateID) -> Region {
            mutating get {
                if let region = known[id] { return region }
                var region = Region()
                for index in id.index...ends[id.index] {
                    let state = model.states[index]
                    if state.isParallel { region.holdsParallelState = true }
                    for (position, transition) in state.transitions.enumerated() where transition.trigger.isSharable {
                        region.counts[transition.trigger, default: 0] += 1
                        guard transition.target != nil else { continue }
                        if region.targeted[transition.trigger] == nil { region.triggers.append(transition.trigger) }
                        region.targeted[transition.trigger, default: []].append(DeclaredTransition(owner: state.id, index: position))
                    }
                }
                known[id] = region
                return region
            }
        }
    }

    /// The triggers that a region before `parallel`'s, in a parallel state around it, takes
    /// with a target.
    private func triggersTakenBefore(_ parallel: StateID, in regions: inout RegionDeclarations) -> Set<Trigger> {
        var blocked: Set<Trigger> = []
        var inside = parallel
        while let around = model[inside].parent {
            if model[around].isParallel {
                for earlier in model[around].children.prefix(while: { $0 != inside }) {
                    blocked.formUnion(regions[earlier].targeted.keys)
                }
            }
            inside = around
        }
        return blocked
    }

    /// The triggers the regions take with a target, in the order of the regions and of their
    /// first such transition, each once.
    private static func triggers(of regions: [Region]) -> [Trigger] {
        var triggers: [Trigger] = []
        var seen: Set<Trigger> = []
        for region in regions {
            for trigger in region.triggers where seen.insert(trigger).inserted { triggers.append(trigger) }
        }
        return triggers
    }

    /// Warns about the transitions for `trigger` that lose to every one region `first` of
    /// `parallel` may select (``run(takers:skipping:)``): `parallel`'s own when
    /// `ownAlsoWarned`, and those of the regions after it, each at most once.
    private func warnAbout(
        _ trigger: Trigger, in parallel: StateModel, takenFirstBy first: Int, declared: [Region], ownAlsoWarned: Bool,
        reported: inout Set<DeclaredTransition>
    ) {
        let winners = declared[first].targeted[trigger]!
        let regionName = model[parallel.children[first]].name
        let described = trigger.described(events: model.events, invocations: model.invocations)
        let fix = "guard the transition\(winners.count == 1 ? "" : "s") in '\(regionName)', or remove one of them"
        let allLeave = winners.allSatisfy { StateTree.leaves(transition($0), parallel.id, in: model.states) }
        var warnings: [(range: SourceRange, message: String)] = []
        func warn(_ declared: DeclaredTransition, _ message: String) {
            guard reported.insert(declared).inserted else { return }
            warnings.append((transition(declared).range, message))
        }
        if ownAlsoWarned {
            for (index, own) in parallel.transitions.enumerated() where own.trigger == trigger && own.target != nil {
                let ownDeclared = DeclaredTransition(owner: parallel.id, index: index)
                guard winners.allSatisfy({ loses(ownDeclared, to: $0) && conflict(of: $0, with: ownDeclared) == .preempts }) else { continue }
                warn(
                    ownDeclared,
                    "this transition of '\(parallel.name)' never fires: its region '\(regionName)' takes \(described) first, and a region's transition wins over its parallel state's; \(fix)")
            }
        }
        for later in declared[(first + 1)...] {
            for candidate in later.targeted[trigger] ?? [] where winners.allSatisfy({ loses(candidate, to: $0) }) {
                warn(
                    candidate,
                    allLeave
                        ? "this transition never fires: region '\(regionName)' of '\(parallel.name)' takes \(described) first, and leaves '\(parallel.name)'; \(fix)"
                        : "this transition never fires: it leaves '\(parallel.name)', but region '\(regionName)' of '\(parallel.name)' takes \(described) first; \(fix)")
            }
        }
        // The notes list the region's transitions at the first warning only.
        var notes = winners.map { winner in
            Diagnostic.Note("'\(model[winner.owner!].name)' takes \(described) here", at: transition(winner).range)
        }
        for warning in warnings.sorted(by: { $0.range.start < $1.range.start }) {
            diagnostics.warning(warning.message, at: warning.range, notes: notes)
            notes = []
        }
    }

    private func transition(_ declared: DeclaredTransition) -> TransitionModel {
        model[declared.owner!].transitions[declared.index]
    }

    private func conflict(of later: DeclaredTransition, with earlier: DeclaredTransition) -> TransitionConflict {
        StateTree.conflict(of: transition(later), with: transition(earlier), in: model.states)
    }

    /// Whether `candidate`, selected after `winner` in a step, is dropped for it.
    private func loses(_ candidate: DeclaredTransition, to winner: DeclaredTransition) -> Bool {
        conflict(of: candidate, with: winner) == .yields
    }
}
