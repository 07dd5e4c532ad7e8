import FSMCore

/// A run from the start that breaks a property: the steps the property checker found, shortest
/// in stimuli, each with the guard answers it assumed, the transitions it took and the
/// configuration after each of its microsteps.
public struct Counterexample: Hashable, Sendable {
    /// One stimulus with everything it led to.
    public struct Step: Hashable, Sendable {
        public var stimulus: MachineInterpreter.Stimulus
        /// Every evaluation of a guard that `in(…)` does not decide, in order, with the answer
        /// assumed.
        public var guardAnswers: [GuardScript.Answer]
        /// The transitions taken, in the order taken (their spec ranges are in the model).
        public var taken: [TransitionID]
        /// The active states after each microstep of the step, in document order; the last one
        /// is where the step ends.
        public var configurations: [[StateID]]

        public init(
            stimulus: MachineInterpreter.Stimulus, guardAnswers: [GuardScript.Answer], taken: [TransitionID],
            configurations: [[StateID]]
        ) {
            self.stimulus = stimulus
            self.guardAnswers = guardAnswers
            self.taken = taken
            self.configurations = configurations
        }
    }

    /// From the start (the first step is always ``MachineInterpreter/Stimulus/start``).
    public var steps: [Step]
    /// The microstep of the last step whose configuration breaks the property (`never`, `only
    /// after`); `nil` for `always reachable`, which the situation the last step ends in breaks
    /// (no run from it reaches the condition).
    public var violatingMicrostep: Int?

    public init(steps: [Step], violatingMicrostep: Int?) {
        self.steps = steps
        self.violatingMicrostep = violatingMicrostep
    }
}
