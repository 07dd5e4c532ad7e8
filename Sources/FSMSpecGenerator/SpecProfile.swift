/// What a generator may write. The two presets are the issue's: ``soundness`` writes every
/// construct and edge shape the language has, to find specs `fsmc check` accepts whose Swift
/// does not compile; ``differential`` writes only what fsmc's SCXML export maps faithfully and
/// an SCXML interpreter (Qt's) runs, and guarantees that every run terminates (see
/// docs/Reliability.md). The switches let a harness narrow a preset further.
public struct SpecProfile: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case soundness, differential
    }

    public var kind: Kind
    public var parallelStates = true
    /// Regions that are parallel states themselves (`parallel state` as a child of one).
    public var parallelRegions = true
    /// Triggers several regions take where a region holds states with data.
    public var sharedTriggersWithData = true
    public var history = true
    /// `always` transitions.
    public var eventless = true
    /// `after` transitions.
    public var timers = true
    public var raise = true
    /// `done` transitions (final states are written either way when ``finalStates`` holds).
    public var completion = true
    public var finalStates = true
    public var guards = true
    public var inGuards = true
    public var entryExitActions = true
    public var machineLevelTransitions = true
    /// SCXML's whole control language (DESIGN, language version 2 completed): a parallel
    /// state's child without children (an atomic region).
    public var atomicRegions = true
    /// `-> a, b`: states in different regions of one parallel state, entered together.
    public var severalTargets = true
    /// `history -> a / act`, `history deep -> a, b`: what a history enters before its state was
    /// ever left.
    public var historyDefaults = true
    /// `on e reenter -> child`: a transition that leaves and re-enters its source.
    public var reenter = true
    /// `true` and `false` in guards.
    public var constantGuards = true
    /// Payloads, state data, value functions, `after name`, imports, `public`/`package`,
    /// `@MainActor`, doc comments, names near Swift keywords and generated names, Unicode
    /// names. Only ``soundness`` turns them on.
    public var swiftOnlyConstructs: Bool
    /// In how many specs of a hundred the differential profile may write the shapes that
    /// fsm-differential judges by fsmc's interpreter rather than Qt (docs/SCXML.md, "Known Qt
    /// deviations": preemption by a later, deeper region; transition actions by depth; a
    /// transition into a history from inside its state that SCXML reads otherwise). Few, so that Qt judges
    /// nearly every chart, yet some, so that the interpreter's judging keeps being exercised.
    /// The soundness profile has no Qt to keep happy and ignores it.
    public var qtDeviationShapePercent = 4
    /// Invocations (language version 3): calls
    /// and streams in some states that are not final, and `done`, `error` and `on` transitions
    /// on them in their states, states inside and around them and at machine level; in the
    /// differential profile without results (SCXML's export leaves payloads out). Off in both
    /// presets, which then make the specs they always made (no number is drawn for
    /// invocations while it is off): `fsm-differential --invocations` turns it on.
    public var invocations = false
    /// `@Observable` machines (in some specs, with the other attributes). Soundness only; off in
    /// both presets, which then make the specs they always made.
    public var observable = false
    /// `defer event` (language version 3) in some states that are not final, of events they
    /// do not take without a guard. Off in both presets, which then make the specs they always
    /// made (no number is drawn for deferrals while it is off); SCXML has no `defer`, so the
    /// differential profile never turns it on.
    public var deferral = false
    /// The machines a spec may invoke as children (`invoke Child as k1`, language version 3),
    /// in some states that are not final, with `on k1.output` and `done k1` transitions on
    /// them where calls' results may be taken. Empty in both presets, which then make the specs
    /// they always made (no number is drawn for them while it is empty):
    /// `fsm-differential --children` gives it the random children it made.
    public var childMachines: [SpecChildMachine] = []
    /// How many `assert` lines each spec gets (issue 24): one of each form in turn (`never`,
    /// `reachable`, `always reachable`, `only after`), over one to three random states each.
    /// Such a spec passes `fsmc check` but for its properties, which may fail (what a test
    /// of the property checker wants). 0 in both presets, which then make the specs they
    /// always made (no number is drawn for properties while it is 0).
    public var properties = 0
    /// `update(field: value, …)` (language version 4) on some transitions that stay inside the
    /// state owning the field, sometimes followed by an action that reads it. On in the
    /// soundness profile (its specs have state data), off in the differential one (SCXML's
    /// export refuses `update`). Drawn after the rest of a spec, so a spec with it is the spec
    /// without it plus its updates.
    public var dataUpdates: Bool
    /// Guards, actions and value functions called with explicit arguments, `name(label: value,
    /// …)` and `name(dataLabel)` (language version 4): some names, each with one parameter list
    /// every use of it takes. On in the soundness profile, off in the differential one (SCXML's
    /// export refuses them). Drawn after the rest of a spec (and its updates), so a spec with
    /// it is the spec without it with some calls rewritten.
    public var explicitArguments: Bool

    public init(kind: Kind) {
        self.kind = kind
        swiftOnlyConstructs = kind == .soundness
        dataUpdates = kind == .soundness
        explicitArguments = kind == .soundness
    }


    /// Everything, edge shapes included.
    public static let soundness = SpecProfile(kind: .soundness)
    /// What SCXML and Qt's engine run: no payloads, data or value functions; guards are named
    /// booleans and `in(…)`; every eventless, completion and raised-event chain terminates.
    ///
    /// It writes every construct of SCXML's whole control language, which the export maps
    /// (atomic regions, several targets, history defaults, `reenter`, `true`/`false`).
    public static let differential = SpecProfile(kind: .differential).exportsWholeControlLanguage

    /// The profile with every construct of SCXML's whole control language.
    public var exportsWholeControlLanguage: SpecProfile {
        var profile = self
        profile.atomicRegions = true
        profile.severalTargets = true
        profile.historyDefaults = true
        profile.reenter = true
        profile.constantGuards = true
        return profile
    }
}

/// What a spec that invokes a machine needs to know of it: its name, its outputs (without
/// payloads) and whether it has a top-level final state, so that `done k1` may be written.
public struct SpecChildMachine: Sendable, Hashable {
    public var name: String
    public var outputs: [String]
    public var finishes: Bool

    public init(name: String, outputs: [String], finishes: Bool) {
        self.name = name
        self.outputs = outputs
        self.finishes = finishes
    }
}

/// How big a generated spec gets.
public struct SpecSize: Sendable, Hashable {
    /// Most states in the whole chart (a bound, the generator stops adding below it).
    public var maxStates: Int
    /// Most levels of nesting below the top level.
    public var maxDepth: Int
    /// Most children of a compound state.
    public var maxChildren: Int
    /// Most regions of a parallel state.
    public var maxRegions: Int
    /// Most events declared (a spec may declare none).
    public var maxEvents: Int
    /// Most guard names (in the differential profile: the booleans a harness sets).
    public var maxGuards: Int
    /// Most transition groups (one trigger each) per state.
    public var maxTriggersPerState: Int

    public init(maxStates: Int, maxDepth: Int, maxChildren: Int, maxRegions: Int, maxEvents: Int, maxGuards: Int, maxTriggersPerState: Int) {
        self.maxStates = maxStates
        self.maxDepth = maxDepth
        self.maxChildren = maxChildren
        self.maxRegions = maxRegions
        self.maxEvents = maxEvents
        self.maxGuards = maxGuards
        self.maxTriggersPerState = maxTriggersPerState
    }

    public static let small = SpecSize(maxStates: 8, maxDepth: 2, maxChildren: 3, maxRegions: 2, maxEvents: 4, maxGuards: 3, maxTriggersPerState: 2)
    public static let medium = SpecSize(maxStates: 16, maxDepth: 3, maxChildren: 4, maxRegions: 3, maxEvents: 6, maxGuards: 4, maxTriggersPerState: 3)
    public static let large = SpecSize(maxStates: 40, maxDepth: 4, maxChildren: 5, maxRegions: 3, maxEvents: 10, maxGuards: 6, maxTriggersPerState: 4)
}
