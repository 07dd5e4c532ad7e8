import FSMCore

/// How the generated code spells what the spec says: guards, actions and values as Swift
/// expressions, configurations as values and patterns, and which state data a piece of code
/// must bind. Every generator writes through it; it writes no declaration of its own.
///
/// A class: generators and the closures they pass (`data: spelling.boundData`) hold it by
/// reference.
final class SwiftSpelling: PlanReader {
    let plan: SwiftPlan
    /// The variables holding the data an `update(…)` changed in the actions being written, by
    /// label: what the actions after it and the new configuration read in place of the
    /// variables the walk bound (``reading(_:_:)``). Empty outside such a body.
    var updatedData: [String: String] = [:]

    init(plan: SwiftPlan) {
        self.plan = plan
    }
}
