import FSMCore

/// The outcome classes of one stimulus: every way the guards `in(…)` does not decide can send
/// it, each found once.
///
/// The interpreter evaluates lazily (``GuardScript``), so a run asks a sequence of guard
/// evaluations; a run with scripted answers `p` answers every evaluation after `p` `false`,
/// and each of those could have been `true` instead: the prefixes `p + [false…] + [true]`
/// are the outcome classes that branch off it. Following every branch visits a tree whose
/// leaves are the outcome classes, one run per class.
package struct StepOutcomes {
    /// One outcome class, as run.
    package struct Outcome {
        package var interpreter: MachineInterpreter
        /// The scripted answers that lead to it (every evaluation after them answered `false`).
        package var answers: [Bool]
        package var configurations: [[StateID]]
        /// Every evaluation the run answered, in order.
        package var asked: [GuardScript.Answer]
        /// The transitions taken, in order.
        package var taken: [TransitionID]
        /// What the run did, in order; and, from an interpreter that explains, why each
        /// selection chose what it did (the simulator's step log).
        package var trace: [MachineInterpreter.TraceEntry]
        package var explanations: [MachineInterpreter.SelectionExplanation]
    }

    package init() {}

    /// Whether some runs were not followed: they diverged, or needed more evaluations or
    /// outcome classes than the limits.
    package var diverged: Bool { divergence != nil }
    /// Why runs were first not followed, if any were.
    package private(set) var divergence: Divergence?
    /// The work the runs of every stimulus did, all told, in steps
    /// (``ExplorationBounds/work``): ``ExplorationBounds/stepsPerRun`` for each run, and
    /// ``ExplorationBounds/stepsPerSelection`` for each selection of transitions it made (a
    /// trigger looked at, whether it took a transition or not).
    package private(set) var work = 0

    /// Whether a stimulus's outcome classes were left unfollowed because the work limit given
    /// to ``forEach(of:from:workLimit:_:)`` was reached: not a divergence, a cut of the budget.
    package private(set) var stoppedForWork = false

    private mutating func diverge(_ why: Divergence) {
        if divergence == nil { divergence = why }
    }

    /// Calls `visit` with each outcome class of `stimulus` from `interpreter`, in a fixed order
    /// (all `false` first); stops early when `visit` returns `false`, or once ``work`` reaches
    /// `workLimit` (``stoppedForWork``).
    package mutating func forEach(
        of stimulus: MachineInterpreter.Stimulus, from interpreter: MachineInterpreter, workLimit: Int = .max,
        _ visit: (Outcome) -> Bool
    ) {
        var pending: [[Bool]] = [[]]
        var runs = 0
        // Bounded for this stimulus alone: the limit is on one step, not on the search.
        var selections = 0
        while let prefix = pending.popLast() {
            runs += 1
            // A step that raises events without end under free guards runs each class to the
            // interpreter's own limit: the selections of one stimulus are bounded too, so such
            // a spec gets its inconclusive verdict in milliseconds, not minutes.
            if runs > PropertyChecker.maximumOutcomesPerStep {
                diverge(.outcomeClasses)
                return
            }
            if selections > PropertyChecker.maximumSelectionsPerStimulus {
                diverge(.selections)
                return
            }
            if work >= workLimit {
                stoppedForWork = true
                return
            }
            var copy = interpreter
            let run = copy.run(stimulus, script: GuardScript(answers: prefix))
            let made = copy.selections &- interpreter.selections
            selections += made
            work += ExplorationBounds.stepsPerRun + ExplorationBounds.stepsPerSelection * made
            let asked = run.script.asked.count
            // The later branch points first onto the stack, so the earliest is taken next.
            var branch = asked - 1
            while branch >= prefix.count {
                if branch < PropertyChecker.maximumAnswersPerStep {
                    pending.append(run.script.asked[..<branch].map(\.value) + [true])
                } else {
                    diverge(.guardEvaluations)
                }
                branch -= 1
            }
            if copy.diverged {
                diverge(.loop)
                continue
            }
            let outcome = Outcome(
                interpreter: copy, answers: prefix, configurations: run.configurations, asked: run.script.asked, taken: run.taken,
                trace: run.trace, explanations: run.explanations)
            if !visit(outcome) { return }
        }
    }
}
