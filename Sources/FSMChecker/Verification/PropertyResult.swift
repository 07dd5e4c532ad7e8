import FSMCore

/// What the property checker found for one property.
public struct PropertyResult: Hashable, Sendable {
    public enum Verdict: Hashable, Sendable {
        /// Proved over every reachable situation.
        case holds
        /// Broken: the shortest run that shows it; `nil` for `reachable C`, which no run shows
        /// (no reachable situation satisfies `C`).
        case fails(Counterexample?)
        /// Neither proved nor broken within what the search explored.
        case inconclusive(Inconclusive)
    }

    /// Why a search stopped before it decided a property.
    public enum Inconclusive: Hashable, Sendable {
        /// More situations are reachable than the bound allows to explore.
        case bound(Int)
        /// A step loops on eventless transitions or raised events without end under some guard
        /// answers (more guard evaluations in one step than
        /// ``PropertyChecker/maximumAnswersPerStep``, more outcome classes than
        /// ``PropertyChecker/maximumOutcomesPerStep``, or the interpreter's own limit): those
        /// runs were not followed.
        case divergence
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

    public init(results: [PropertyResult], exploredSituations: Int) {
        self.results = results
        self.exploredSituations = exploredSituations
    }
}
