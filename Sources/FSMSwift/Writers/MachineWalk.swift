import FSMCore

/// The walk of the whole machine that looks for a transition on some triggers: the state tree
/// from the top-level states (``StateTreeWalk/emitStateTree(_:subject:relevant:bindings:bindsChild:emitShared:into:emitOwn:)``),
/// then the machine level's transitions. Every dispatch function that walks the tree (events,
/// eventless transitions, an invocation's results, the pure transition function) sets it up here.
extension TreeWalkingGenerator {
    /// Writes the walk for the triggers `answers` holds, set up once for all of them: the
    /// subtrees that declare such a transition or share one among regions, the data each case
    /// binds (what the transitions it answers read, in `mode`), and, where the running machine
    /// exits through what is active inside a compound state, that state's active child bound.
    /// `emitShared` writes a parallel state's shared triggers among them, `emitOwn` a state's
    /// own transitions, `emitMachineLevel` the machine level's, written unless every path
    /// through the tree leaves. Returns whether every path leaves.
    func emitMachineWalk(
        answering answers: (ExecutableMachine.Trigger) -> Bool, mode: DispatchMode, into writer: inout CodeWriter,
        emitShared: (_ parallel: StateID, inout CodeWriter) -> WrittenCode,
        emitOwn: (_ state: StateID, _ position: ActivePosition, inout CodeWriter) -> WrittenCode,
        emitMachineLevel: (inout CodeWriter) -> Leaves
    ) -> Leaves {
        func own(_ state: StateID) -> [TransitionID] {
            machine.triggers(of: .state(state)).filter(answers).flatMap { regionAnalysis.ownTransitions(of: state, for: $0) }
        }
        // Asked of every state: a test, without the arrays `own` makes.
        func declaresOwn(_ state: StateID) -> Bool {
            machine.triggers(of: .state(state)).contains { answers($0) && !regionAnalysis.ownTransitions(of: state, for: $0).isEmpty }
        }
        func sharesAnswered(_ state: StateID) -> Bool { regionAnalysis.sharedTriggers[state.index].contains(where: answers) }
        let relevant = walk.subtreesDeclaring { declaresOwn($0) || sharesAnswered($0) }
        let bindings = spelling.dataBindings { state in
            walk.walkedTransitions(at: state, where: answers)
                .reduce(into: Set<String>()) { $0.formUnion(decisions.dataNeeded(by: $1, runsActions: mode.runsActions)) }
        }
        func exitsFromCompound(_ state: StateID) -> Bool {
            // The pure function exits nothing.
            mode.runsActions && own(state).contains { bodies.exitsThroughChild($0, from: state) }
        }
        let leaves = walk.emitStateTree(
            model.topLevelStates, subject: BoundValue(variable: "state"), relevant: relevant, bindings: bindings, bindsChild: exitsFromCompound,
            emitShared: { parallel, writer in sharesAnswered(parallel) ? emitShared(parallel, &writer) : .nothing }, into: &writer,
            emitOwn: emitOwn
        ).leaves
        return leaves || emitMachineLevel(&writer)
    }

    /// The walk of the running machine for one trigger that is not an event (an eventless
    /// transition, an invocation's result): at each state its transitions in order, each
    /// taken as `event` says observers are told and ending as `ending` says; `noting` hears
    /// of the transitions written. Returns whether every path leaves.
    func emitMachineWalk(
        of trigger: ExecutableMachine.Trigger, event: String, ending: BodyEnding, into writer: inout CodeWriter,
        noting: ([TransitionID]) -> Void = { _ in }
    ) -> Leaves {
        let mode = DispatchMode.live(ending)
        return emitMachineWalk(
            answering: { $0 == trigger }, mode: mode, into: &writer,
            emitShared: { parallel, writer in
                noting(regionAnalysis.sharedTransitions(of: parallel, for: trigger))
                return WrittenCode(leaves: false, reads: shared.emitSharedTrigger(trigger, of: parallel, event: event, mode: mode, into: &writer))
            },
            emitOwn: { state, position, writer in
                let transitions = regionAnalysis.ownTransitions(of: state, for: trigger)
                noting(transitions)
                return bodies.emitGuardedSequence(transitions, from: position, event: event, ending: ending, into: &writer)
            },
            emitMachineLevel: { writer in
                let machineLevel = machine.transitions(of: .machine, for: trigger)
                guard !machineLevel.isEmpty else { return false }
                noting(machineLevel)
                return bodies.emitGuardedSequence(machineLevel, from: .unknown, event: event, ending: ending, into: &writer).leaves
            })
    }

    /// The walk for every event, `switch event { … }` at each state that declares some (the
    /// events several regions share written by the parallel state), each transition taken as
    /// `mode` takes it. The machine level's switch, when there is one, starts with
    /// `machineLevelComment`. Returns whether every path leaves.
    func emitEventWalk(mode: DispatchMode, machineLevelComment: String? = nil, into writer: inout CodeWriter) -> Leaves {
        func emitBody(_ id: TransitionID, from position: ActivePosition, into writer: inout CodeWriter) -> CodeReads {
            bodies.emitTaking(id, from: position, event: "event", mode: mode, into: &writer)
        }
        return emitMachineWalk(
            answering: { $0.isEvent }, mode: mode, into: &writer,
            emitShared: { parallel, writer in shared.emitSharedEvents(of: parallel, mode: mode, into: &writer) },
            emitOwn: { state, position, writer in
                walk.emitEventSwitch(walk.ownEventGroups(of: state), mode: mode, into: &writer) { emitBody($0, from: position, into: &$1) }
            },
            emitMachineLevel: { writer in
                let groups = machine.eventGroups(of: .machine)
                guard !groups.isEmpty else { return false }
                if let machineLevelComment { writer.line(machineLevelComment) }
                return walk.emitEventSwitch(groups, mode: mode, into: &writer) { emitBody($0, from: .unknown, into: &$1) }.leaves
            })
    }
}
