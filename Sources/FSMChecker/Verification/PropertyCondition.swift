import FSMCore

/// A configuration a condition is judged on: the active states in document order, or a
/// situation of the regions' product read without building that list
/// (``RegionProduct/Configuration``).
protocol ActiveStates {
    func contains(_ state: StateID) -> Bool
}

extension Array: ActiveStates where Element == StateID {}

/// Conditions of properties (``PropertyModel``): guard expressions whose atoms are `in(state)`,
/// judged on one configuration.
extension GuardModel {
    /// Whether the condition holds while exactly the states of `configuration` are active.
    /// Guard names have no value here: the checks refuse them in a condition.
    func holds(in configuration: some ActiveStates) -> Bool {
        GuardSolver.evaluate(self, [], isActive: configuration.contains)
    }
}
