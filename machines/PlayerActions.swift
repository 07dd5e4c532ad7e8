/// The effects of the video player in seed 002, recorded as the lines the seed prints.
///
/// A real app would drive AVPlayer here; the examples print the log and the tests read it.
public final class PlayerActions: Player.Actions {
    /// What the player did, in order.
    public private(set) var log: [String] = []
    /// The length of the loaded video, in seconds; seeking beyond it is refused.
    public var duration: Double
    /// Whether a paused video can resume (a live stream that expired cannot).
    public var isResumable: Bool

    public init(duration: Double = 120, isResumable: Bool = true) {
        self.duration = duration
        self.isResumable = isResumable
    }

    public func isSeekable(to position: Double) -> Bool {
        (0...duration).contains(position)
    }

    public func canResume() -> Bool {
        isResumable
    }

    public func startPlayback() {
        log.append("Starting playback...")
    }

    public func showPauseButton() {
        log.append("Showing the pause button.")
    }

    public func hidePauseButton() {
        log.append("Hiding the pause button.")
    }

    public func rewind() {
        log.append("Stopping playback...")
    }

    public func jump(to position: Double) {
        log.append("Jumping to \(position)s.")
    }
}
