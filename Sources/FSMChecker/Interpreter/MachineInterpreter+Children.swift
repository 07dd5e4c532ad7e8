import FSMCore

/// Child machines (`invoke SignIn as signIn`): each runs as a nested interpreter of its own
/// executable machine, started and cancelled as any invocation, and what it emits or
/// finishes with becomes an external event of this machine.
///
/// The parent forwards nothing to a child: a test (or the path planner) sends a child its
/// events through ``send(_:toChild:answers:)``, by the run the parent's trace shows in
/// ``TraceEntry/started(_:)``. Every child runs on this machine's clock, and its trace is
/// this machine's, each entry wrapped in ``TraceEntry/inChild(_:_:)``.
extension MachineInterpreter {
    /// The child machine `run` runs, while it runs.
    public func child(_ run: InvocationRun) -> MachineInterpreter? {
        running.children[run]
    }

    /// Sends `event` (an event of the child's machine) to the child machine at the end of
    /// `path`: a run of this machine, then a run of that child, and so on for a grandchild.
    /// Then delivers what the child emitted or finished with to this machine, in order, as
    /// events, each with everything it leads to; returns the transitions this machine took.
    /// Nothing happens when the child no longer runs. `answers` answer the guards of every
    /// machine involved.
    public mutating func send(_ event: EventID, toChild path: [InvocationRun], answers: Set<String>) -> [TransitionID] {
        drive(path, answers) { _ = $0.send(event, answers: answers) }
    }

    /// Sends `event` to the child machine `run` runs.
    public mutating func send(_ event: EventID, toChild run: InvocationRun, answers: Set<String>) -> [TransitionID] {
        send(event, toChild: [run], answers: answers)
    }

    /// Delivers `result` of the child's own invocation `run` (a call or a stream of the child's
    /// machine) to the child machine at the end of `path`, as ``deliver(_:from:answers:)``
    /// does here; then as ``send(_:toChild:answers:)``.
    public mutating func deliver(
        _ result: InvocationResult, from run: InvocationRun, toChild path: [InvocationRun], answers: Set<String>
    ) -> [TransitionID] {
        drive(path, answers) { _ = $0.deliver(result, from: run, answers: answers) }
    }

    /// Runs `stimulus` on the child at the end of `path`, each machine on the way taking what
    /// its child did; returns the transitions this machine took.
    private mutating func drive(
        _ path: [InvocationRun], _ answers: Set<String>, _ stimulus: (inout MachineInterpreter) -> Void
    ) -> [TransitionID] {
        let mark = running.trace.count
        guard let run = path.first else { return [] }
        step(child: run) { child in
            if path.count == 1 {
                stimulus(&child)
            } else {
                _ = child.drive(Array(path.dropFirst()), answers, stimulus)
            }
        }
        deliverChildResults(answers)
        return taken(since: mark)
    }

    /// Starts the machine named `name` as the child of `run`, at this machine's time; what it
    /// does as it starts is delivered after the step that started it.
    mutating func startChild(_ name: String, as run: InvocationRun, _ answers: Set<String>) {
        guard let machine = machines[name] else {
            preconditionFailure("fsmc: the interpreter was not given machine '\(name)', which '\(self.machine.model.name)' invokes")
        }
        var hooks = InterpreterHooks()
        hooks.outbox = []
        var child = MachineInterpreter(machine: machine, machines: machines, hooks: hooks)
        child.running.now = running.now
        running.children[run] = child
        step(child: run) { _ = $0.start(answers: answers) }
    }

    /// Cancels the child machine of `run`, if it is one: it exits its active states (their
    /// exit actions run, its own children are cancelled) and is dropped; nothing it emits
    /// from now on, nor any result of it still queued, is delivered.
    mutating func cancelChild(_ run: InvocationRun) {
        guard var child = running.children.removeValue(forKey: run) else { return }
        child.exitEverything()
        running.trace += child.running.trace.map { .inChild(run, $0) }
    }

    /// Delivers the children's results queued so far, oldest first; a result of a child that
    /// was cancelled or finished in between is dropped.
    mutating func deliverChildResults(_ answers: Set<String>) {
        var remaining = Self.maximumStepsPerStimulus
        while !running.childResults.isEmpty, !running.diverged {
            let (run, result) = running.childResults.removeFirst()
            handle(result, from: run, answers)
            remaining -= 1
            if remaining < 0 { running.diverged = true }
        }
    }

    /// When the next timer of a running child fires, if any runs.
    var nextChildTimerDeadline: Int64? {
        running.invocations.compactMap { running.children[$0]?.nextTimerDeadline }.min()
    }

    /// Moves every running child's time (and its children's) to `deadline`, in the order they
    /// started, firing the timers due.
    mutating func advanceChildren(to deadline: Int64, _ answers: Set<String>) {
        for run in running.invocations where running.children[run] != nil {
            step(child: run) { _ = $0.advance(to: deadline, answers: answers) }
        }
    }

    /// Runs `body` on the child of `run`, then takes what it did: its trace into this one,
    /// its outputs and its completion into the queue of results to deliver.
    private mutating func step(child run: InvocationRun, _ body: (inout MachineInterpreter) -> Void) {
        guard var child = running.children[run] else { return }
        let wasFinished = child.isFinished
        body(&child)
        running.trace += child.running.trace.map { .inChild(run, $0) }
        child.running.trace = []
        if child.diverged { running.diverged = true }
        let outputs = child.hooks.outbox ?? []
        child.hooks.outbox = []
        running.children[run] = child
        running.childResults += outputs.map { (run, .output($0)) }
        if child.isFinished, !wasFinished { running.childResults.append((run, .done)) }
    }
}

// MARK: - One machine's step at a time (replaying a recorded run)

/// A recorded run steps each machine alone: the generated parent takes what a child emitted or
/// finished with as steps of its own, one per result, once the child's step ended, and a child
/// runs no step inside its parent's but its start and its cancellation. Replay
/// (`TraceReplay`) follows that order with these.
extension MachineInterpreter {
    /// What running children emitted or finished with that this machine has not taken yet,
    /// oldest first: what ``stepAlone(at:_:)`` left for ``takeHeldChildResult(answers:)``.
    public var heldChildResults: [(run: InvocationRun, result: InvocationResult)] { running.childResults }

    /// Runs `body` on the machine at the end of `path` (this machine for an empty path; a run of
    /// this machine, then a run of that child, and so on) as a step of that machine alone: what
    /// it emits or finishes with is held by its parent (``heldChildResults``), not delivered.
    /// `false` (and nothing run) when no child machine runs at `path`.
    @discardableResult
    public mutating func stepAlone(at path: [InvocationRun], _ body: (inout MachineInterpreter) -> Void) -> Bool {
        guard let run = path.first else {
            body(&self)
            return true
        }
        guard running.children[run] != nil else { return false }
        var found = false
        step(child: run) { child in found = child.stepAlone(at: Array(path.dropFirst()), body) }
        return found
    }

    /// Takes the oldest held result (``heldChildResults``) as a step of its own, with
    /// everything it leads to (results of children it starts included); the others stay held.
    /// Returns the transitions taken.
    public mutating func takeHeldChildResult(answers: Set<String>) -> [TransitionID] {
        guard let (run, result) = running.childResults.first else { return [] }
        let mark = running.trace.count
        let others = Array(running.childResults.dropFirst())
        running.childResults = []
        handle(result, from: run, answers)
        deliverChildResults(answers)
        running.childResults = others
        return taken(since: mark)
    }

    /// Forgets the held results `isUnheard` picks: those the generated code never hands to this
    /// machine (a child's outputs no transition takes, a completion nobody waits for).
    public mutating func dropHeldChildResults(where isUnheard: (InvocationRun, InvocationResult) -> Bool) {
        running.childResults.removeAll { isUnheard($0.run, $0.result) }
    }

    /// Ends the machine for good, as the generated `stop()` does (a parent cancelling a child):
    /// exits the active states, innermost first, cancelling their timers, invocations and child
    /// machines; from then on it ignores everything. A finished machine has nothing to exit.
    public mutating func stop() {
        exitEverything()
        running.isFinished = true
    }
}
