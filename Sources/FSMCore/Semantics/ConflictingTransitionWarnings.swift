/// Warns about transitions inside a parallel state that SCXML's conflict resolution always
/// discards.
struct ConflictingTransitionWarnings {
    let model: MachineModel
    let diagnostics: DiagnosticCollector

    /// Warns about transitions inside a parallel state that never fire because a transition
    /// of an earlier region always conflicts with them and wins.
    ///
    /// In a parallel state every region's active atomic state is offered the trigger; of the
    /// transitions selected, two with targets conflict when their exit sets meet, and then
    /// the one declared inside the other's state wins, otherwise the one selected first, from
    /// the atomic state earlier in document order (SCXML's `removeConflictingTransitions`).
    /// Transitions without a target never conflict.
    ///
    /// For a trigger (an event or `always`) and a parallel state P, let R be the first region
    /// (in document order) that declares, anywhere inside it, a transition for the trigger
    /// with a target. When
    /// - R holds no parallel state (one atomic state of R is active at a time, so nothing
    ///   inside R can take its transition's place),
    /// - R takes the trigger first in each of its states (see ``TriggerTakers``) and every
    ///   transition for it declared inside R has a target, so whatever R selects is one of
    ///   them and conflicts with every transition with a target that leaves P,
    /// - no region before R, and no region before the one holding P of a parallel state
    ///   around P, declares a transition with a target for the trigger (so that nothing
    ///   selected earlier beats R's transition; what the states around them select is
    ///   declared around R's transition, which wins over it),
    /// then R's transition is always taken, and these never fire:
    /// - P's own transitions for the trigger with a target (exit sets take in all of P: a
    ///   region's transition wins over its parallel state's), unless every region takes the
    ///   trigger first, which ``OverriddenTransitionWarnings`` reports;
    /// - the transitions with a target declared in a later region, when they leave P or when
    ///   every transition for the trigger declared inside R leaves P (then the exit sets meet,
    ///   and R's was selected first).
    ///
    /// Nothing else is reported, so that every warning is certain.
    func run(takers: TriggerTakers, skipping overridden: Set<DeclaredTransition>) {
        guard model.states.contains(where: { $0.isParallel && $0.children.count > 1 }) else { return }
        let ends = StateTree.subtreeEnds(of: model.states)
        typealias Trigger = TransitionModel.Trigger
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
        var regions: [StateID: Region] = [:]
        func region(_ id: StateID) -> Region {
            if let known = regions[id] { return known }
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
            regions[id] = region
            return region
        }
        func transition(_ declared: DeclaredTransition) -> TransitionModel {
            model[declared.owner!].transitions[declared.index]
        }
        var reported = overridden
        for parallel in model.states where parallel.isParallel && parallel.children.count > 1 {
            // The triggers that a region before this one's, in a parallel state around it,
            // takes with a target.
            var blocked: Set<Trigger> = []
            var inside = parallel.id
            while let around = model[inside].parent {
                if model[around].isParallel {
                    for earlier in model[around].children.prefix(while: { $0 != inside }) {
                        blocked.formUnion(region(earlier).targeted.keys)
                    }
                }
                inside = around
            }
            let infos = parallel.children.map(region)
            var triggers: [Trigger] = []
            var seen: Set<Trigger> = []
            for info in infos {
                for trigger in info.triggers where seen.insert(trigger).inserted { triggers.append(trigger) }
            }
            for trigger in triggers where !blocked.contains(trigger) {
                guard let first = infos.firstIndex(where: { $0.targeted[trigger] != nil }), first < infos.count - 1 else { continue }
                let winnerRegion = parallel.children[first]
                let winners = infos[first].targeted[trigger]!
                guard !infos[first].holdsParallelState, takers.takes[winnerRegion.index].contains(trigger),
                      infos[first].counts[trigger] == winners.count
                else { continue }
                let allLeave = winners.allSatisfy { StateTree.leaves(transition($0), parallel.id, in: model.states) }
                let regionName = model[winnerRegion].name
                let described = trigger.described(events: model.events, invocations: model.invocations)
                let fix = "guard the transition\(winners.count == 1 ? "" : "s") in '\(regionName)', or remove one of them"
                var warnings: [(range: SourceRange, message: String)] = []
                func warn(_ declared: DeclaredTransition, _ message: String) {
                    guard reported.insert(declared).inserted else { return }
                    warnings.append((transition(declared).range, message))
                }
                if !takers.childrenTake[parallel.id.index].contains(trigger) {
                    for (index, own) in parallel.transitions.enumerated() where own.trigger == trigger && own.target != nil {
                        warn(
                            DeclaredTransition(owner: parallel.id, index: index),
                            "this transition of '\(parallel.name)' never fires: its region '\(regionName)' takes \(described) first, and a region's transition wins over its parallel state's; \(fix)")
                    }
                }
                for later in infos[(first + 1)...] {
                    for declared in later.targeted[trigger] ?? [] {
                        if allLeave {
                            warn(
                                declared,
                                "this transition never fires: region '\(regionName)' of '\(parallel.name)' takes \(described) first, and leaves '\(parallel.name)'; \(fix)")
                        } else if StateTree.leaves(transition(declared), parallel.id, in: model.states) {
                            warn(
                                declared,
                                "this transition never fires: it leaves '\(parallel.name)', but region '\(regionName)' of '\(parallel.name)' takes \(described) first; \(fix)")
                        }
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
        }
    }
}
