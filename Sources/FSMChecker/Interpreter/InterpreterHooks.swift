import FSMCore

/// What a caller asks of the interpreter beyond running the machine, kept apart from where the
/// machine is (``MachineInterpreter/RunningState``): how the guards are answered, whether child
/// machines run, and what a run records for the caller besides its trace.
///
/// The property checker (`Verification/`), the simulator page (`SimulationGraph`), the
/// counterexample paths and the path replay (`FSMCompiler/Paths/`) set them, and drive the one
/// step function through them (``MachineInterpreter/choose(for:_:)`` reads the guard answers,
/// the microsteps record); a run without them, as the path planner and the tests make, answers
/// every guard from the names given with the stimulus, records nothing and runs its children.
package struct InterpreterHooks: Sendable {
    // MARK: - What the caller gives

    /// Answers for the guards `in(…)` does not decide, in the order they are evaluated; `nil`
    /// answers every guard from the set of names given with the stimulus. The property checker
    /// scripts them (``MachineInterpreter/run(_:script:)``).
    package var guardScript: GuardScript?
    /// Answers for the guards' functions one call at a time, per name, in the order the
    /// generated machine calls them (left to right, `&&` and `||` short-circuiting); a name
    /// without answers left is answered from the set given with the stimulus. `nil` answers
    /// every name from that set: what a counterexample whose step asks a guard both ways
    /// needs (``GuardSolver/calls(of:holding:isActive:)``).
    package var guardQueues: [String: [Bool]]?
    /// Whether child machines are abstracted rather than run: their runs start and stop as any
    /// invocation's, and their outputs and completion are delivered as stimuli of their own
    /// (the property checker's view of a child).
    package var abstractsChildren = false

    // MARK: - What the run records for the caller

    /// The calls of the guards' functions, in order, with their answers, while recording under
    /// a ``guardScript``: the calls the generated machine makes for the script's answers to
    /// the expressions (each answered by the first set of names that gives it, in the order
    /// ``GuardSolver/calls(of:holding:isActive:)`` calls them). `nil`, and never appended to,
    /// otherwise.
    package var guardCalls: [(name: String, value: Bool)]?
    /// The configuration after every microstep, the initial entry included, while recording:
    /// what the property checker judges. `nil`, and never appended to, otherwise.
    package var microstepConfigurations: [[StateID]]?
    /// Why each selection of transitions chose what it did, while explaining (the simulator's
    /// step log, `MachineInterpreter+Explanation.swift`); `nil`, and never appended to,
    /// otherwise.
    package var explanations: [MachineInterpreter.SelectionExplanation]?
    /// The outputs the machine emitted, by name, while it runs as a child: its parent takes
    /// them after each of its steps (`MachineInterpreter+Children.swift`). `nil` for a machine
    /// that is not a child.
    package var outbox: [String]?
    /// How many selections of transitions the interpreter made (a trigger's candidates and
    /// their guards looked at): the work a search counts (``StepOutcomes``). Always counted.
    package var selections = 0

    /// No hooks: guards answered from names, nothing recorded, children run.
    package init() {}

    /// The property checker's: child machines abstracted; a run scripts the guards and
    /// records the configurations (``MachineInterpreter/run(_:script:)``).
    package static var checking: InterpreterHooks {
        var hooks = InterpreterHooks()
        hooks.abstractsChildren = true
        return hooks
    }
}
