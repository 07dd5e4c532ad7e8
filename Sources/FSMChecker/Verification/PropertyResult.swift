import FSMCore

/// What the property checker found for one property.
public struct PropertyResult: Hashable, Sendable {
    public enum Verdict: Hashable, Sendable {
        /// Proved over every reachable situation.
        case holds
        /// Not broken on any situation the search explored, but a bound cut what it explored
        /// (``PropertyReport/cuts`` says where): a warning, never *holds*.
        case holdsWithinBound
        /// Broken: the shortest run that shows it; `nil` for `reachable C`, which no run shows
        /// (no reachable situation satisfies `C`).
        case fails(Counterexample?)
        /// Neither proved nor broken within what the search explored.
        case inconclusive(Inconclusive)
    }

    /// Why a search stopped before it decided a property.
    public enum Inconclusive: Hashable, Sendable {
        /// The situation bound cut the search before it decided (`reachable C` not reached, or
        /// `always reachable C` not decided on what was explored).
        case bound(Int)
        /// The kept-events bound cut the search before it decided.
        case keptEvents(Int)
        /// The search spent its work budget (``ExplorationBounds/work``, in steps).
        case work(Int)
        /// Some runs of a step were not followed: they loop, or exceed a per-step limit.
        case divergence(Divergence)
    }

    public var property: PropertyModel
    public var verdict: Verdict

    public init(property: PropertyModel, verdict: Verdict) {
        self.property = property
        self.verdict = verdict
    }
}

/// Every property's result, in declaration order, with how much the search explored.
public struct PropertyReport: Hashable, Sendable {
    public var results: [PropertyResult]
    /// The situations the search visited (with the "has held" marks of `only after`
    /// properties).
    public var exploredSituations: Int
    /// The work the search did, in steps (``ExplorationBounds/work``).
    public var work: Int
    /// The bounds it explored within.
    public var bounds: ExplorationBounds
    /// What it did not explore.
    public var cuts: ExplorationCuts

    public init(
        results: [PropertyResult], exploredSituations: Int, work: Int = 0, bounds: ExplorationBounds = ExplorationBounds(),
        cuts: ExplorationCuts = ExplorationCuts()
    ) {
        self.results = results
        self.exploredSituations = exploredSituations
        self.work = work
        self.bounds = bounds
        self.cuts = cuts
    }
}
