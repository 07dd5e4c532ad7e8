import FSMCore

/// The writers the dispatch's generators share (the walk of the state tree, transition bodies,
/// shared triggers, the microstep), built once per file and handed to each generator that
/// needs them.
struct DispatchWriters {
    let walk: StateTreeWalk
    let bodies: TransitionBodyWriter
    let shared: SharedTriggerWriter

    init(plan: SwiftPlan, spelling: SwiftSpelling) {
        walk = StateTreeWalk(plan: plan, spelling: spelling)
        bodies = TransitionBodyWriter(plan: plan, spelling: spelling)
        let microstep = MicrostepWriter(plan: plan, spelling: spelling, bodies: bodies)
        shared = SharedTriggerWriter(plan: plan, spelling: spelling, walk: walk, bodies: bodies, microstep: microstep)
    }
}

/// A generator that walks the state tree with the shared ``DispatchWriters``.
protocol TreeWalkingGenerator: PlanReader {
    var spelling: SwiftSpelling { get }
    var writers: DispatchWriters { get }
}

extension TreeWalkingGenerator {
    var walk: StateTreeWalk { writers.walk }
    var bodies: TransitionBodyWriter { writers.bodies }
    var shared: SharedTriggerWriter { writers.shared }
}
