import FSMCore

extension PropertyChecker {
    /// Runs `counterexample` again in a fresh interpreter of `machine`, each step's guards
    /// answered as it records, and tells whether it reaches the violation of `property`: every
    /// step asks the same guards, takes the same transitions and passes through the same
    /// configurations, and the configurations break the property (`never`: the violating one
    /// satisfies the condition; `only after`: it satisfies `A` and no configuration up to it
    /// satisfied `B`; `always reachable`: the run ends where it says, the situation no run
    /// leaves for `C`, which a replay cannot show, and that situation does not satisfy `C`).
    public static func replay(
        _ counterexample: Counterexample, of property: PropertyModel, in machine: ExecutableMachine
    ) -> Bool {
        guard counterexample.steps.first?.stimulus == .start else { return false }
        var interpreter = MachineInterpreter(checking: machine)
        var configurations: [[StateID]] = []
        for step in counterexample.steps {
            let run = interpreter.run(step.stimulus, script: GuardScript(answers: step.guardAnswers.map(\.value)))
            guard !interpreter.diverged, run.script.asked == step.guardAnswers, run.taken == step.taken,
                run.configurations == step.configurations
            else { return false }
            configurations += run.configurations
        }
        guard let last = counterexample.steps.last else { return false }
        let lastStart = configurations.count - last.configurations.count
        switch property.claim {
        case .never(let condition):
            guard let microstep = counterexample.violatingMicrostep, last.configurations.indices.contains(microstep) else {
                return false
            }
            return condition.holds(in: last.configurations[microstep])
        case .onlyAfter(let condition, let after):
            guard let microstep = counterexample.violatingMicrostep, last.configurations.indices.contains(microstep) else {
                return false
            }
            let upToViolation = configurations[...(lastStart + microstep)]
            return condition.holds(in: upToViolation.last!) && !upToViolation.contains(where: after.holds(in:))
        case .alwaysReachable(let condition):
            return counterexample.violatingMicrostep == nil && !condition.holds(in: interpreter.configuration)
        case .reachable:
            return false
        }
    }
}
