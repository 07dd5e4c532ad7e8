/// Whole-spec edge shapes of the soundness profile: machines the ordinary draw makes seldom or
/// never, because each needs many independent draws to go the same way (every state final,
/// every state without transitions of its own) or a draw the ordinary rules exclude (a
/// top-level initial state that is final). The Swift back end has code paths for exactly these
/// (a `switch` over states that are all final, a dispatch with only machine-level cases), so
/// each gets a share of the specs of its own.
enum SpecShape: CaseIterable {
    /// The ordinary draw.
    case ordinary
    /// Every top-level state is final, the initial one included: the machine finishes as it
    /// starts. Entry actions (`raise` among them) and machine-level transitions still written
    /// (issue 26: `initial final state pass { entry / raise event1 }`, `final state fail`,
    /// `on event1 -> fail`).
    case onlyFinalStates
    /// No state has transitions of its own; the machine level has them all.
    case onlyMachineLevelTransitions
    /// One top-level state, of any kind.
    case singleState
    /// Transitions nowhere: states, entry and exit actions only.
    case noTransitions
}

extension SpecBuild {
    /// One shape per spec: the edge shapes about one spec in six between them.
    mutating func pickShape() -> SpecShape {
        switch random.below(100) {
        case 0..<5: .onlyFinalStates
        case 5..<10: .onlyMachineLevelTransitions
        case 10..<15: .singleState
        case 15..<17: .noTransitions
        default: .ordinary
        }
    }

    /// Whether the states' own transitions are written.
    var writesStateTransitions: Bool {
        shape != .onlyMachineLevelTransitions && shape != .noTransitions
    }

    /// Whether machine-level transitions are written (when the profile allows them): always in
    /// the shapes that are about them, otherwise in about a third of the specs.
    mutating func writesMachineLevelTransitions() -> Bool {
        switch shape {
        case .noTransitions: false
        case .onlyFinalStates, .onlyMachineLevelTransitions: true
        case .ordinary, .singleState: random.chance(35)
        }
    }
}
