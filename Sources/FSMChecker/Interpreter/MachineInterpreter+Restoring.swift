import FSMCore

/// A machine picked up mid-run rather than started: as the generated `init(restoring:)` resumes
/// a snapshot, and as a live inspector's run resumes after a reconnect (docs/Inspector.md).
extension MachineInterpreter {
    /// Puts the machine in `configuration` as the generated code resumes a snapshot: no entry
    /// action runs; the timers of the active states start now and their invocations start (a
    /// child machine at its initial configuration, which ``restore(configuration:)`` on the child
    /// can move); histories remember nothing, nothing is kept or queued, and what happened
    /// before is forgotten. `configuration` must be one (``isConfiguration(_:)``).
    public mutating func restore(configuration: [StateID]) {
        precondition(isConfiguration(configuration), "fsmc: restoring the machine to states that are not a configuration of it")
        let now = running.now
        running = RunningState(stateCount: machine.model.states.count)
        running.now = now
        for state in configuration.sorted() {
            running.configuration.append(state)
            for (group, timer) in machine.timers[state.index].enumerated() {
                let (deadline, overflowed) = running.now.addingReportingOverflow(Self.nanoseconds(of: timer.delay))
                if !overflowed {
                    running.timers.append(RunningTimer(deadline: deadline, order: running.timerOrder, owner: state, group: group))
                }
                running.timerOrder += 1
            }
            if !machine.model[state].invocations.isEmpty { running.statesToInvoke.insert(state) }
            if machine.model[state].isFinal, machine.model[state].parent == nil { running.isFinished = true }
        }
        if running.isFinished { running.statesToInvoke = [] }
        startInvocations([])
        // A child machine started here ran its initial entry; what that emitted happened
        // before the machine was picked up, not now.
        running.childResults = []
        running.trace = []
    }

    /// Whether `states` are a configuration of the machine: one top-level state, each active
    /// state's parent active, one child of each active compound state and every child of each
    /// active parallel state.
    public func isConfiguration(_ states: [StateID]) -> Bool {
        let model = machine.model
        let active = Set(states)
        guard active.count == states.count, !active.isEmpty,
              active.allSatisfy({ $0.index >= 0 && $0.index < model.states.count })
        else { return false }
        guard model.states.count(where: { $0.parent == nil && active.contains($0.id) }) == 1 else { return false }
        for state in active {
            if let parent = model[state].parent, !active.contains(parent) { return false }
            let children = model[state].children
            guard !children.isEmpty else { continue }
            let activeChildren = children.count(where: active.contains)
            if model[state].isParallel ? activeChildren != children.count : activeChildren != 1 { return false }
        }
        return true
    }

    /// Forgets what happened so far (``trace``): a replay that hands each step's entries on and
    /// runs for long keeps the trace from growing with the run.
    package mutating func forgetTrace() {
        running.trace = []
    }
}
