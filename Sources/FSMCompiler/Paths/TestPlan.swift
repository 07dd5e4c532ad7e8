import FSMCore
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
    /// The states whose history's default (`history -> detail / act`) no coverage path takes:
    /// the paths aim at each default as at a transition, since it runs only when the history
    /// is entered before its state was ever left.
    public var uncoveredHistoryDefaults: [StateID] = []
    /// Events whose payload fsmc cannot make a sample value for; paths never send them.
    public var unsampledEvents: [EventID]
    /// The samples the paths' events carry.
    public var samples = SampleValues()
    /// The types without a sample, in the order the events name them, with what their lack
    /// costs; empty when every event can be sent.
    public var missingSamples: [MissingSample] = []
    /// The machines run as children (`invoke SignIn as signIn`), and theirs, by name: what
    /// ``TestStep/Stimulus/sendToChild(_:_:)`` steps name events of.
    public var children: [String: MachineModel] = [:]
    /// What the bounds on the search (``PathPlanner/maximumSituations``,
    /// ``PathPlanner/maximumSituationsPerConfiguration``) kept paths from; `nil` when no search
    /// reached a bound.
    public var searchBound: SearchBound?
    /// Why the paths miss each transition (by index into ``MachineModel/allTransitions``)
    /// that neither a missing sample (``missingSamples``) nor the search bound
    /// (``searchBound``) explains: every uncovered transition has one or the other.
    public var transitionMissReasons: [Int: MissReason] = [:]
    /// Why no path reaches each state that neither a missing sample nor the search bound
    /// explains.
    public var stateMissReasons: [StateID: MissReason] = [:]

    /// Why paths miss a transition or a state, when it is not for lack of a sample or for the
    /// search bound.
    public enum MissReason: Hashable, Sendable {
        /// The transition's state is never reached (see that state's reason).
        case sourceNotReached(StateID)
        /// No transition, initial entry or history enters the state, whatever the guards.
        case neverEntered
        /// Transitions enter the state, but the paths take none of them (see theirs).
        case enteringTransitionsNotTaken
        /// `done child`: the child machine the invocation runs never reaches a top-level final
        /// state in its own paths.
        case childNeverFinishes(InvocationID)
        /// `on child.output`: the child machine the invocation runs never emits the output in
        /// its own paths.
        case childNeverEmits(InvocationID, output: String)
        /// `done child`, `on child.output`: the child gets there, but only once the state was
        /// left (something it sent before left it), and a left state's child is heard no more.
        case childResultArrivesAfterLeaving(InvocationID, InvocationResult)
        /// `done fetchUser`, `on changes`: the call's or stream's result needs a sample of
        /// these types, which the paths do not have, so they never deliver it.
        case resultWithoutSample([String])
        /// The machine has finished as it starts (its initial state is a top-level final
        /// state), so it takes nothing.
        case finishedAtStart
        /// An eventless transition of a state the machine starts in: the planner's paths start
        /// with every guard failing, and no step tries it again.
        case eventlessOnlyAtStart
        /// `done`: its state never completes, since no path enters a final state inside it.
        case neverCompletes(StateID)
        /// The transition's state is reached, but no step takes it: where it is a candidate,
        /// its guard cannot hold while the candidates before it fail, or another transition
        /// always wins.
        case neverSelected
    }

    /// The transitions and states the paths miss while some search left situations unexplored
    /// for a bound: those that the machine's structure does not rule out (a transition whose
    /// state a chain of transitions enters, whatever the guards) and that no missing sample
    /// explains.
    public struct SearchBound: Hashable, Sendable {
        /// How many situations a search visited at most (``PathPlanner/maximumSituations``).
        public var maximumSituations: Int
        /// How many situations of one configuration a search visited at most
        /// (``PathPlanner/maximumSituationsPerConfiguration``).
        public var maximumSituationsPerConfiguration: Int
        /// Transitions (indexes into ``MachineModel/allTransitions``) not covered within the bound.
        public var uncoveredTransitions: [Int]
        /// States not reached within the bound.
        public var unreachableStates: [StateID]

        public init(maximumSituations: Int, maximumSituationsPerConfiguration: Int, uncoveredTransitions: [Int], unreachableStates: [StateID]) {
            self.maximumSituations = maximumSituations
            self.maximumSituationsPerConfiguration = maximumSituationsPerConfiguration
            self.uncoveredTransitions = uncoveredTransitions
            self.unreachableStates = unreachableStates
        }
    }

    /// A type fsmc has no sample of, the events that need one, and the transitions and states
    /// that paths would take and reach with a sample (and do not without).
    public struct MissingSample: Hashable, Sendable {
        /// The type, as ``SampleValues/canonicalType(_:)`` writes it: `Money`, `(Int) -> Void`.
        public var type: String
        /// The events with a payload that needs a sample of the type.
        public var events: [EventID]
        /// The events of child machines with a payload that needs a sample of the type, as
        /// `Machine.event` (`Resolver.answer`); paths never send them.
        public var childEvents: [String] = []
        /// The value functions (``MachineModel/valueFunctions``) whose result needs a sample
        /// of the type; paths take no step that calls one.
        public var valueFunctions: [String] = []
        /// Transitions (indexes into ``MachineModel/allTransitions``) not covered for lack of
        /// a sample of the type (and maybe of others).
        public var uncoveredTransitions: [Int]
        /// States not reached for lack of a sample of the type (and maybe of others).
        public var unreachableStates: [StateID]
    }

    /// Whether coverage fell short for lack of a sample: some transition or state that paths
    /// would take or reach with samples of the ``missingSamples`` is not.
    public var isShortOfSamples: Bool {
        missingSamples.contains { !$0.uncoveredTransitions.isEmpty || !$0.unreachableStates.isEmpty }
    }

    /// The types whose lack keeps paths from taking a transition; empty when it is not for
    /// lack of a sample.
    public func missingSampleTypes(forTransition index: Int) -> [String] {
        missingSamples.filter { $0.uncoveredTransitions.contains(index) }.map(\.type)
    }

    /// The types whose lack keeps paths from reaching a state; empty when it is not for lack
    /// of a sample.
    public func missingSampleTypes(forState state: StateID) -> [String] {
        missingSamples.filter { $0.unreachableStates.contains(state) }.map(\.type)
    }

    /// Whether the search bound may be why paths do not take the transition.
    public func isBeyondSearchBound(transition index: Int) -> Bool {
        searchBound?.uncoveredTransitions.contains(index) ?? false
    }

    /// Whether the search bound may be why no path reaches the state.
    public func isBeyondSearchBound(state: StateID) -> Bool {
        searchBound?.unreachableStates.contains(state) ?? false
    }

    /// Why the paths miss the transition, whatever the reason: ``MissReason`` or a missing
    /// sample or the search bound; `nil` for a covered transition.
    public func missDescription(forTransition index: Int) -> String? {
        guard uncoveredTransitions.contains(index) else { return nil }
        let types = missingSampleTypes(forTransition: index)
        if !types.isEmpty { return PathDescription.lackOfSamples(types) }
        if isBeyondSearchBound(transition: index) { return "beyond the search bound" }
        return transitionMissReasons[index].map { description($0) } ?? "no step the search made takes it"
    }

    /// Why no path reaches the state, whatever the reason; `nil` for a reached state.
    public func missDescription(forState state: StateID) -> String? {
        guard unreachableStates.contains(state) else { return nil }
        let types = missingSampleTypes(forState: state)
        if !types.isEmpty { return PathDescription.lackOfSamples(types) }
        if isBeyondSearchBound(state: state) { return "beyond the search bound" }
        return stateMissReasons[state].map { description($0, state: state) } ?? "the paths take no transition that enters it"
    }

    /// `its state 'dirty' is never reached`: a reason as the text and the Swift Testing
    /// file's documentation write it.
    public func description(_ reason: MissReason, state: StateID? = nil) -> String {
        switch reason {
        case .sourceNotReached(let state): "its state \(model[state].name) is never reached"
        case .neverEntered: "no transition enters it, whatever the guards"
        case .enteringTransitionsNotTaken:
            "the paths take no transition that enters it" + enteringLines(state)
        case .finishedAtStart: "the machine has finished as it starts, its initial state being final, and takes nothing"
        case .eventlessOnlyAtStart: "it is eventless and tried as the machine starts, when the paths hold no guard, and no step tries it again"
        case .neverCompletes(let state): "\(model[state].name) never completes: no path enters a final state inside it"
        case .childNeverFinishes(let id):
            "\(childName(id)) never reaches a top-level final state"
        case .childNeverEmits(let id, let output):
            "\(childName(id)) never emits \(output)"
        case .childResultArrivesAfterLeaving(let id, .output(let output)):
            "\(childName(id)) emits \(output) only once the state was left, by something \(model[id].name) sent before, "
                + "and a left state's child is heard no more"
        case .childResultArrivesAfterLeaving(let id, _):
            "\(childName(id)) finishes only once the state was left, by something \(model[id].name) sent before, "
                + "and a left state's child is heard no more"
        case .resultWithoutSample(let types):
            "the paths never deliver that result, for lack of \(types.count == 1 ? "a sample" : "samples") of "
                + PathDescription.list(types.map { "`\($0)`" })
        case .neverSelected:
            "no step takes it: where it is tried, its guard cannot hold while the transitions before it fail, or another transition wins"
        }
    }

    /// `: lines 18 and 20`: the uncovered transitions that target `state` or one of its
    /// ancestors, whose reasons say more; nothing when there are none.
    private func enteringLines(_ state: StateID?) -> String {
        guard let state else { return "" }
        let lines = uncoveredTransitions.compactMap { index -> Int? in
            let transition = model.allTransitions[index]
            let targets = (transition.target.map { [$0] } ?? []) + transition.otherTargets
            return targets.contains { state == $0 || model.isDescendant(state, of: $0) } ? transition.range.start.line : nil
        }
        guard !lines.isEmpty else { return "" }
        let unique = lines.reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
        return ": \(unique.count == 1 ? "line" : "lines") \(PathDescription.list(unique.map(String.init)))"
    }

    private func childName(_ id: InvocationID) -> String {
        if case .machine(let name) = model[id].kind { name } else { model[id].name }
    }

    /// The states active in a configuration whose active atomic states are `atomicStates`:
    /// each with its ancestors, in document order (outermost first).
    public func activeStates(atomic atomicStates: [StateID]) -> [StateID] {
        Set(atomicStates.flatMap { model.path(from: $0) }).sorted()
    }

    /// The model of the child machine at the end of a chain of invocations (see
    /// ``TestStep/Stimulus/sendToChild(_:_:)``), and the name of each invocation on the way.
    public func childModel(at chain: [InvocationID]) -> (model: MachineModel, names: [String]) {
        var current = model
        var names: [String] = []
        for id in chain {
            guard case .machine(let name) = current[id].kind, let child = children[name] else {
                preconditionFailure("fsmc: a test path sends an event to '\(current[id].name)', which is no child machine of the plan")
            }
            names.append(current[id].name)
            current = child
        }
        return (current, names)
    }

    /// How many transitions the coverage paths take, of all.
    public var coverage: (taken: Int, total: Int) {
        (model.allTransitions.count - uncoveredTransitions.count, model.allTransitions.count)
    }

    /// The states whose history declares a default, in document order.
    public var historyDefaults: [StateID] {
        model.states.filter { $0.historyDefault != nil }.map(\.id)
    }

    /// How many history defaults the coverage paths take, of all.
    public var historyDefaultCoverage: (taken: Int, total: Int) {
        (historyDefaults.count - uncoveredHistoryDefaults.count, historyDefaults.count)
    }
}

/// One test path: a fresh machine, then its steps.
public struct TestPath: Hashable, Sendable {
    public enum Purpose: Hashable, Sendable {
        /// The shortest way to a state.
        case reach(StateID)
        /// The n-th path of the transition coverage set, from 1.
        case coverage(Int)
        /// The counterexample of the property at this index of ``MachineModel/properties``
        /// (``CounterexamplePaths``): it ends where the property breaks.
        case counterexample(Int)
        /// A run an app recorded (``TraceReplay``), from the trace file of this name: it checks
        /// the configuration after each recorded step.
        case recordedRun(String)
    }

    public var purpose: Purpose
    /// Transitions the machine takes when it starts (eventless ones from the initial state).
    public var startTransitions: [Int]
    /// The active atomic states once the machine has started, in document order (one outside
    /// parallel regions); their ancestors are active too.
    public var startAtomicStates: [StateID]
    public var steps: [TestStep]
    /// The states whose history's default the machine takes as it starts.
    public var startHistoryDefaults: [StateID] = []
    /// The guards that hold as the machine starts, sorted; every other guard fails. A
    /// counterexample may need some; the planner's paths start with none.
    public var startHoldingGuards: [String] = []
    /// For a counterexample whose start asks a guard both ways: the answers of each guard
    /// function, one per call, in order (``TestStep/guardQueues``); empty otherwise.
    public var startGuardQueues: [String: [Bool]] = [:]
    /// For a counterexample that breaks its property in a configuration its last step passes
    /// through rather than ends in: that microstep of the last step (the configuration after
    /// its transition of that number, from 0); `nil` when the property breaks where the path
    /// ends.
    public var violatingMicrostep: Int?
}

/// One step of a path: what the test does, what the guards answer, where the machine ends.
public struct TestStep: Hashable, Sendable {
    public enum Stimulus: Hashable, Sendable {
        /// `send` the event, with sample payload values.
        case send(EventID)
        /// Advance the manual clock by this many nanoseconds.
        case advance(nanoseconds: Int64)
        /// The running invocation delivers a result: it returns (a stream finishes), throws, or
        /// a stream yields an element, with sample values.
        case deliver(InvocationID, InvocationResult)
        /// `send` an event, with sample payload values, to the running child machine at the end
        /// of a chain of invocations: this machine's (`invoke SignIn as signIn`), then, for a
        /// grandchild, the child's, and so on. The event is one of the last child machine's
        /// (``TestPlan/childModel(at:)``); what it emits and finishing reach this machine as
        /// events, in the same step.
        case sendToChild([InvocationID], EventID)
    }

    public var stimulus: Stimulus
    /// The guards that hold during the step, sorted; every other guard fails.
    public var holdingGuards: [String]
    /// Transitions taken, as indexes into ``MachineModel/allTransitions``.
    public var takenTransitions: [Int]
    /// The active atomic states after the step, in document order: one outside parallel
    /// regions, one per active region inside them; their ancestors are active too. This is
    /// the whole configuration (``TestPlan/activeStates(atomic:)``).
    public var atomicStatesAfter: [StateID]
    /// The value functions (``MachineModel/valueFunctions``) the step calls, in order.
    var calledFunctions: [String] = []
    /// For a counterexample's step that asks a guard both ways (no one set of holding names
    /// gives its answers): the answers of each guard function, one per call, in the order the
    /// generated machine calls them; a name not here, or asked more often, answers from
    /// ``holdingGuards``. Empty for every other step.
    public var guardQueues: [String: [Bool]] = [:]
    /// The states whose history's default the step takes (their history entered before they
    /// were ever left), in the order taken.
    public var tookHistoryDefaults: [StateID] = []
}
