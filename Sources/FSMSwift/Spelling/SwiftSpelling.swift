import FSMCore

/// How the generated code spells what the spec says: guards, actions and values as Swift
/// expressions, configurations as values and patterns, and which state data a piece of code
/// must bind. Every generator writes through it; it writes no declaration of its own.
///
/// A class: generators and the closures they pass (`data: spelling.boundData`) hold it by
/// reference.
final class SwiftSpelling: PlanReader {
    let plan: SwiftPlan

    init(plan: SwiftPlan) {
        self.plan = plan
    }
}
