/// The guards and actions of both player variants: the generated ``Player`` and the
/// ``HandWrittenPlayer`` call the same methods through protocols of the same shape, so neither
/// pays for more work than the other.
///
/// Every call is counted, which makes the actions observable: the optimizer cannot drop them,
/// and two variants that agree on the counts made the same calls. The counters skip Swift's
/// run-time exclusivity checks, which would otherwise cost more than the dispatch measured.
final class PlayerWork: Player.Actions, HandWrittenPlayer.Actions, ObservablePlayer.Actions {
    /// Calls of actions (not guards).
    @exclusivity(unchecked) private(set) var actionCalls = 0
    /// Calls of guards.
    @exclusivity(unchecked) private(set) var guardCalls = 0
    /// The sum of the positions jumped to, rounded down to whole seconds.
    @exclusivity(unchecked) private(set) var jumpedSeconds = 0

    func isSeekable(to position: Double) -> Bool {
        guardCalls &+= 1
        return position >= 0
    }

    /// Refuses every fourth resume, as a live stream that expired would.
    func canResume() -> Bool {
        guardCalls &+= 1
        return guardCalls & 3 != 0
    }

    func startPlayback() { actionCalls &+= 1 }
    func showPauseButton() { actionCalls &+= 1 }
    func hidePauseButton() { actionCalls &+= 1 }
    func rewind() { actionCalls &+= 1 }

    func jump(to position: Double) {
        actionCalls &+= 1
        jumpedSeconds &+= Int(position)
    }

    /// What two variants fed the same events must agree on.
    var summary: String { "actions \(actionCalls), guards \(guardCalls), jumped \(jumpedSeconds)s" }
}
