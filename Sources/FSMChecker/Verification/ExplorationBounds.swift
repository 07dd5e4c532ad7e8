import FSMCore

/// How far a search of a machine's situations goes: the property checker's, and the simulator
/// page's (DESIGN, "Bounded, and said so"). Every search is bounded in what it stores, in the
/// events it keeps and in the work it does, and says what it did not explore
/// (``ExplorationCuts``): a build never waits on a proof.
public struct ExplorationBounds: Hashable, Sendable {
    /// How many situations the search stores at most.
    public var situations: Int
    /// How many copies of one event a situation keeps at most: a run that would keep one more
    /// is not followed (``KeptEventLimit``). Deferred events make the situations of a spec
    /// unbounded (a `save` tapped again and again while `loading` defers it).
    public var keptEvents: Int
    /// How much work the search does at most, in steps: a unit of about a third of a
    /// microsecond of the release tool, counted as the search goes (``stepsPerRun`` for each
    /// run of the interpreter, ``stepsPerSelection`` for each trigger it looks at,
    /// ``stepsPerSituation`` for each situation stored; one for each step and situation of the
    /// regions' product). Work, not time, so that a verdict never depends on how busy the
    /// machine is.
    public var work: Int

    /// The property checker's default situation bound.
    public static let defaultSituations = 1_000_000
    /// DESIGN's default: two of each event.
    public static let defaultKeptEvents = 2
    /// The default work budget: what the release tool does in well under a second on the
    /// largest specs of the benchmark (docs/Performance.md, "Properties"), so that `fsmc check`,
    /// `generate` and the build plugin answer for any spec of up to 200 lines within a second.
    public static let defaultWork = 1_000_000

    /// The work of one run of the interpreter (copying it, scripting its guards, recording its
    /// configurations), beside its selections: measured against a selection and a step of the
    /// regions' product with the release tool (docs/Verification.md, "Bounds").
    package static let stepsPerRun = 24
    /// The work of one selection of transitions in a run (a trigger's candidates and guards
    /// looked at, and the microstep when it takes some).
    package static let stepsPerSelection = 12
    /// The work of storing one whole situation (its interpreter kept, hashed).
    package static let stepsPerSituation = 8

    public init(situations: Int = defaultSituations, keptEvents: Int = defaultKeptEvents, work: Int = defaultWork) {
        self.situations = situations
        self.keptEvents = keptEvents
        self.work = work
    }
}

/// What a bounded search did not explore, and the first place each bound cut: what a verdict of
/// "holds within the bound" or "inconclusive" names.
public struct ExplorationCuts: Hashable, Sendable {
    /// The first run not followed because it would keep an event once more than
    /// ``ExplorationBounds/keptEvents`` allows.
    public var keptEvent: KeptEventCut?
    /// Whether a situation was not stored because ``ExplorationBounds/situations`` were.
    public var reachedSituationBound = false
    /// Whether the search stopped because it spent ``ExplorationBounds/work``.
    public var exhaustedWork = false
    /// Why some runs of a step were not followed, for the first such step.
    public var divergence: Divergence?

    public init() {}

    /// Whether the search explored everything reachable.
    public var isEmpty: Bool {
        keptEvent == nil && !reachedSituationBound && !exhaustedWork && divergence == nil
    }

    /// A run the kept-events bound cut.
    public struct KeptEventCut: Hashable, Sendable {
        /// The event the run would have kept once more than the bound.
        public var event: EventID
        /// The run to that step, the step included.
        public var run: Counterexample

        public init(event: EventID, run: Counterexample) {
            self.event = event
            self.run = run
        }
    }
}

/// Why a step was not followed to its end: one of the per-step limits of the search tripped.
public enum Divergence: Hashable, Sendable {
    /// One run handled more triggers than ``MachineInterpreter/maximumStepsPerStimulus`` (eventless
    /// transitions, raised events, released kept events or a child's outputs): it loops.
    case loop
    /// One run asked more guard evaluations than ``PropertyChecker/maximumAnswersPerStep``.
    case guardEvaluations
    /// The stimulus had more outcome classes than ``PropertyChecker/maximumOutcomesPerStep``.
    case outcomeClasses
    /// Its outcome classes made more selections of transitions together than
    /// ``PropertyChecker/maximumSelectionsPerStimulus``.
    case selections

    /// What happened, for a diagnostic: "a step handled more than 1,000 triggers (…)".
    public var explanation: String {
        switch self {
        case .loop:
            "one step handled more than \(MachineInterpreter.maximumStepsPerStimulus) triggers (eventless transitions, raised events, released kept events, a child's outputs): it loops under some guard answers"
        case .guardEvaluations:
            "one step asked more than \(PropertyChecker.maximumAnswersPerStep) guard evaluations"
        case .outcomeClasses:
            "one stimulus had more than \(PropertyChecker.maximumOutcomesPerStep) outcome classes (ways its guards can answer)"
        case .selections:
            "the outcome classes of one stimulus looked at more than \(PropertyChecker.maximumSelectionsPerStimulus) triggers together"
        }
    }
}
