/// The guards, actions and value functions of both upload variants: the generated ``Upload``
/// and the ``HandWrittenUpload`` call the same methods through protocols of the same shape.
///
/// Every call is counted, as ``PlayerWork`` counts, and the data they receive is added up, so
/// that the optimizer cannot drop them and two variants that agree on the counts made the same
/// calls with the same data.
final class UploadWork: Upload.Actions, HandWrittenUpload.Actions {
    /// Calls of entry actions.
    @exclusivity(unchecked) private(set) var entryCalls = 0
    /// Calls of transition actions.
    @exclusivity(unchecked) private(set) var actionCalls = 0
    /// Calls of guards.
    @exclusivity(unchecked) private(set) var guardCalls = 0
    /// Calls of the functions that compute a target's data.
    @exclusivity(unchecked) private(set) var valueCalls = 0
    /// The uploads that went through to their last chunk.
    @exclusivity(unchecked) private(set) var finished = 0
    /// The sum of the bytes the progress bar showed on entering `uploading`.
    @exclusivity(unchecked) private(set) var shownBytes = 0

    /// The size of upload `id`: 64 KiB to 512 KiB.
    private func size(of id: Int) -> Int { (1 + (id & 7)) << 16 }

    func isLastChunk(bytes: Int, id: Int, sent: Int) -> Bool {
        guardCalls &+= 1
        return sent &+ bytes >= size(of: id)
    }

    /// Codes 6 and 7 of the benchmark's 0 to 7 are not worth a retry.
    func isTransient(code: Int, id: Int, sent: Int) -> Bool {
        guardCalls &+= 1
        return code < 6
    }

    /// Every other retry finds the server.
    func isReachable(id: Int, attempts: Int) -> Bool {
        guardCalls &+= 1
        return guardCalls & 1 == 0
    }

    func hasAttemptsLeft(id: Int, attempts: Int) -> Bool {
        guardCalls &+= 1
        return attempts < 3
    }

    func openConnection(id: Int) { actionCalls &+= 1 }

    func showProgress(id: Int, sent: Int) {
        entryCalls &+= 1
        shownBytes &+= sent
    }

    func finishUpload(bytes: Int, id: Int, sent: Int) {
        actionCalls &+= 1
        finished &+= 1
    }

    func reportFailure(code: Int, id: Int, sent: Int) { actionCalls &+= 1 }
    func abort(id: Int, sent: Int) { actionCalls &+= 1 }
    func scheduleRetry(id: Int, attempts: Int) { entryCalls &+= 1 }
    func giveUp(id: Int, attempts: Int) { actionCalls &+= 1 }

    func sentAfter(bytes: Int, id: Int, sent: Int) -> Int {
        valueCalls &+= 1
        return sent &+ bytes
    }

    /// What the server confirmed: the bytes sent, down to whole 4 KiB blocks.
    func acknowledged(id: Int, sent: Int) -> Int {
        valueCalls &+= 1
        return sent & ~4095
    }

    /// Where the server says to go on after a failure.
    func resumeOffset(id: Int, attempts: Int) -> Int {
        valueCalls &+= 1
        return (id & 3) << 12
    }

    func nextAttempt(id: Int, attempts: Int) -> Int {
        valueCalls &+= 1
        return attempts &+ 1
    }

    /// What two variants fed the same events must agree on.
    var summary: String {
        "entry actions \(entryCalls), actions \(actionCalls), guards \(guardCalls), values \(valueCalls), finished \(finished), shown bytes \(shownBytes)"
    }
}
