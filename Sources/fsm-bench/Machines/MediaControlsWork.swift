/// The guards and actions of both media controls variants: the generated ``MediaControls``
/// and the ``HandWrittenMediaControls`` call the same methods through protocols of the same
/// shape.
///
/// Every call is counted, as ``MailWork`` counts, and the calls also go into a running hash of
/// their order: where several regions take one event, the order of the exits, actions and
/// entries is the point, and two variants that agree on the hash made the same calls in the
/// same order.
final class MediaControlsWork: MediaControls.Actions, HandWrittenMediaControls.Actions {
    /// Calls of entry actions.
    @exclusivity(unchecked) private(set) var entryCalls = 0
    /// Calls of exit actions.
    @exclusivity(unchecked) private(set) var exitCalls = 0
    /// Calls of transition actions.
    @exclusivity(unchecked) private(set) var actionCalls = 0
    /// Calls of guards.
    @exclusivity(unchecked) private(set) var guardCalls = 0
    /// The volume, 0 to 10, which the volume controls move.
    @exclusivity(unchecked) private(set) var volume = 5
    /// The sum of the positions jumped to, in seconds.
    @exclusivity(unchecked) private(set) var jumped = 0.0
    /// The sum of the ids of the videos loaded and cued.
    @exclusivity(unchecked) private(set) var loadedIDs = 0
    /// A hash of the order of every call so far.
    @exclusivity(unchecked) private(set) var order: UInt64 = 0

    /// Adds the call numbered `call` to the hash of the order.
    @inline(__always)
    private func record(_ call: UInt64) {
        order = order &* 31 &+ call
    }

    /// Refuses the negative ids of the benchmark's events (a tenth of them).
    func canLoad(id: Int) -> Bool {
        guardCalls &+= 1
        record(17)
        return id >= 0
    }

    /// Refuses the negative positions of the benchmark's events (a tenth of them).
    func isSeekable(to position: Double) -> Bool {
        guardCalls &+= 1
        record(18)
        return position >= 0
    }

    func openMedia(id: Int) {
        actionCalls &+= 1
        loadedIDs &+= id
        record(1)
    }

    func showControls() {
        entryCalls &+= 1
        record(2)
    }

    func hideControls() {
        exitCalls &+= 1
        record(3)
    }

    func closeMedia() {
        actionCalls &+= 1
        record(4)
    }

    func cueMedia(id: Int) {
        actionCalls &+= 1
        loadedIDs &+= id
        record(5)
    }

    func jump(to position: Double) {
        actionCalls &+= 1
        jumped += position
        record(6)
    }

    func startPlayback() {
        entryCalls &+= 1
        record(7)
    }

    func stopPlayback() {
        exitCalls &+= 1
        record(8)
    }

    func normalizeLoudness(id: Int) {
        actionCalls &+= 1
        record(9)
    }

    func raiseVolume() {
        actionCalls &+= 1
        volume = min(volume + 1, 10)
        record(10)
    }

    func lowerVolume() {
        actionCalls &+= 1
        volume = max(volume - 1, 0)
        record(11)
    }

    func showMutedIcon() {
        entryCalls &+= 1
        record(12)
    }

    func hideMutedIcon() {
        exitCalls &+= 1
        record(13)
    }

    func showCaptions() {
        entryCalls &+= 1
        record(14)
    }

    func hideCaptions() {
        exitCalls &+= 1
        record(15)
    }

    func resyncCaptions(to position: Double) {
        actionCalls &+= 1
        record(16)
    }

    /// What two variants fed the same events must agree on.
    var summary: String {
        "entry actions \(entryCalls), exit actions \(exitCalls), actions \(actionCalls), guards \(guardCalls), volume \(volume), jumped \(Int(jumped))s, loaded ids \(loadedIDs), order hash \(String(order, radix: 16))"
    }
}
