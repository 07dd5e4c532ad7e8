/// Model-based test paths for a machine: event sequences from the initial state, with the
/// guard answers each step assumes and the configuration it must end in.
///
/// Transitions are numbered as ``TransitionID``s: indexes into ``MachineModel/allTransitions``
/// (the order of ``ExecutableMachine/transitions``).
public struct TestPlan: Sendable {
    public var model: MachineModel
    /// The states the machine enters as it starts, before any eventless transition: the
    /// initial state and its initial descendants, outermost first. They count as reached.
    public var initialConfiguration: [StateID]
    /// The shortest path to each reachable state, in state order (none for the states active
    /// once the machine has started).
    public var reachPaths: [TestPath]
    /// Paths that together take every coverable transition at least once.
    public var coveragePaths: [TestPath]
    /// States no path reaches.
    public var unreachableStates: [StateID]
    /// Transitions (indexes into ``MachineModel/allTransitions``) no path takes.
    public var uncoveredTransitions: [Int]
    /// Events whose payload fsmc cannot make a sample value for; paths never send them.
    public var unsampledEvents: [EventID]

    /// How many transitions the coverage paths take, of all.
    public var coverage: (taken: Int, total: Int) {
        (model.allTransitions.count - uncoveredTransitions.count, model.allTransitions.count)
    }
}

/// One test path: a fresh machine, then its steps.
public struct TestPath: Hashable, Sendable {
    public enum Purpose: Hashable, Sendable {
        /// The shortest way to a state.
        case reach(StateID)
        /// The n-th path of the transition coverage set, from 1.
        case coverage(Int)
    }

    public var purpose: Purpose
    /// Transitions the machine takes when it starts (eventless ones from the initial state).
    public var startTransitions: [Int]
    /// The active atomic state once the machine has started; its ancestors are active too.
    public var startState: StateID
    public var steps: [TestStep]
}

/// One step of a path: what the test does, what the guards answer, where the machine ends.
public struct TestStep: Hashable, Sendable {
    public enum Stimulus: Hashable, Sendable {
        /// `send` the event, with sample payload values.
        case send(EventID)
        /// Advance the manual clock by this many nanoseconds.
        case advance(nanoseconds: Int64)
    }

    public var stimulus: Stimulus
    /// The guards that hold during the step, sorted; every other guard fails.
    public var holdingGuards: [String]
    /// Transitions taken, as indexes into ``MachineModel/allTransitions``.
    public var takenTransitions: [Int]
    /// The active atomic state after the step; its ancestors are active too.
    public var stateAfter: StateID
}
