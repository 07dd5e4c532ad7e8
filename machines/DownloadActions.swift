import FSMRuntime
import Foundation

/// Where ``Download`` gets its bytes, as the app injects it (a `URLSession` download task in an
/// app, a stub in tests and in `fsm-examples`).
public protocol FileTransfer: Sendable {
    /// The fractions received of the file at `url`, resuming at `fraction` (0 for a new
    /// download), as they arrive; it finishes when the file is whole and throws when the
    /// transfer fails. Cancelling the task that reads it stops the transfer.
    func transfer(from url: URL, resumingAt fraction: Double) -> AsyncThrowingStream<Double, any Error>
    /// Removes what a cancelled or failed transfer of `url` left behind.
    func discardPartialFile(of url: URL)
}

/// The download screen's side of ``Download``: its work reads the injected transfer, its
/// actions update the progress bar.
///
/// The machine owns the timing: `transfer` starts when `downloading` is entered and is cancelled
/// when it is left (paused, cancelled); the progress it reports goes into the state's data with
/// `update(progress:)`, which leaves the state, and so the transfer, alone.
public final class DownloadScreen: Download.Actions {
    /// What the progress bar shows, 0 to 1.
    public private(set) var shownProgress: Double = 0
    /// The files whose partial download was discarded, in order.
    public private(set) var discarded: [URL] = []
    private let files: any FileTransfer

    /// A screen whose downloads read `files`.
    public init(files: any FileTransfer) {
        self.files = files
    }

    /// `downloading`'s work: the transfer of `url`, from `progress` on.
    public func transfer(url: URL, progress: Double) -> InvocationElements<Double> {
        InvocationElements(files.transfer(from: url, resumingAt: progress))
    }

    /// Moves the progress bar; `progress` is the state's data as the update just left it.
    public func showProgress(progress: Double) {
        shownProgress = progress
    }

    /// Throws away a download that will not finish.
    public func discard(url: URL) {
        files.discardPartialFile(of: url)
        discarded.append(url)
        shownProgress = 0
    }
}
