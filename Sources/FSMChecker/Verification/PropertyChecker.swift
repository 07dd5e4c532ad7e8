import FSMCore

/// Proves the properties a spec asserts (``PropertyModel``) by an exhaustive breadth-first
/// search over the situations of its executable machine, stepped by the one interpreter
/// (``MachineInterpreter``): see docs/Verification.md.
///
/// The abstraction is DESIGN's: a guard may answer either way at each evaluation (outcome
/// classes, ``StepOutcomes``), a timer may fire at any time its state is active, an
/// invocation may deliver any of its outcomes at any time it runs, a child machine may emit
/// any of its outputs and finish (when it has a top-level final state) and is not run.
public enum PropertyChecker {
    /// How many situations a search explores at most (``ExplorationBounds/situations``).
    public static let defaultBound = ExplorationBounds.defaultSituations
    /// More guard evaluations than this in one step are not branched on: a step that loops on
    /// eventless transitions under guards that keep answering `true`.
    public static let maximumAnswersPerStep = 64
    /// More outcome classes than this for one stimulus are not followed.
    public static let maximumOutcomesPerStep = 4_096
    /// More selections of transitions than this over the outcome classes of one stimulus, and
    /// the rest are not followed: a step that loops on raised events runs each class to the
    /// interpreter's limit.
    public static let maximumSelectionsPerStimulus = 10_000

    /// Whether the search steps `machine`'s regions once each and combines them
    /// (``RegionDecomposition``): a machine that is one parallel state whose regions share
    /// nothing but the events they are sent.
    public static func stepsRegionsIndependently(_ machine: ExecutableMachine) -> Bool {
        RegionDecomposition(machine)?.isIndependent ?? false
    }

    /// Whether the search steps `machine`'s regions one at a time and combines them, caching
    /// each region's steps by its local situation and the values of the `in(…)` tests its
    /// guards make of the other regions (``RegionDecomposition``): a machine that is one
    /// parallel state whose regions share nothing but the events they are sent and what their
    /// guards read of each other. Every machine whose regions step independently is one.
    public static func stepsRegionsSeparately(_ machine: ExecutableMachine) -> Bool {
        RegionDecomposition(machine) != nil
    }

    /// Checks `properties` (the machine's own by default) over every situation reachable from
    /// the start within `bounds` (``ExplorationBounds``): what a bound cut is said in the
    /// report, and a property not broken on what was explored then holds only within the bound.
    /// When the machine's regions step separately (``RegionDecomposition``) each region is
    /// stepped once per local situation (and values of the `in(…)` tests it makes of the others)
    /// and the results combined, unless `decomposingRegions` is `false` (the tests compare both).
    public static func check(
        _ machine: ExecutableMachine, properties: [PropertyModel]? = nil, bounds: ExplorationBounds = ExplorationBounds(),
        decomposingRegions: Bool = true
    ) -> PropertyReport {
        var search = PropertySearch(
            machine: machine, properties: properties ?? machine.model.properties, bounds: bounds,
            decomposingRegions: decomposingRegions)
        search.run()
        return search.report
    }
}
