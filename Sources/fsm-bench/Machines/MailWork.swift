/// The guards and actions of both mail variants: the generated ``Mail`` and the
/// ``HandWrittenMail`` call the same methods through protocols of the same shape.
///
/// Every call is counted, as ``PlayerWork`` counts, so that the optimizer cannot drop them and
/// two variants that agree on the counts made the same calls: the entry and exit actions
/// separately, which checks that both variants leave and enter the same states.
final class MailWork: Mail.Actions, HandWrittenMail.Actions {
    /// Calls of entry actions.
    @exclusivity(unchecked) private(set) var entryCalls = 0
    /// Calls of exit actions.
    @exclusivity(unchecked) private(set) var exitCalls = 0
    /// Calls of transition actions.
    @exclusivity(unchecked) private(set) var actionCalls = 0
    /// Calls of guards.
    @exclusivity(unchecked) private(set) var guardCalls = 0
    /// The sum of the ids of the messages loaded.
    @exclusivity(unchecked) private(set) var loadedIDs = 0

    /// Refuses the negative ids of the benchmark's events (a tenth of them).
    func canOpen(id: Int) -> Bool {
        guardCalls &+= 1
        return id >= 0
    }

    /// Refuses every fourth reply, as an empty draft would be.
    func isComplete() -> Bool {
        guardCalls &+= 1
        return guardCalls & 3 != 0
    }

    func startSession() { entryCalls &+= 1 }
    func endSession() { exitCalls &+= 1 }
    func showInbox() { entryCalls &+= 1 }
    func hideInbox() { exitCalls &+= 1 }
    func showMessage() { entryCalls &+= 1 }
    func hideMessage() { exitCalls &+= 1 }
    func loadAttachments() { entryCalls &+= 1 }
    func openDraft() { entryCalls &+= 1 }
    func closeDraft() { exitCalls &+= 1 }
    func sendReply() { actionCalls &+= 1 }

    func loadMessage(id: Int) {
        actionCalls &+= 1
        loadedIDs &+= id
    }

    /// What two variants fed the same events must agree on.
    var summary: String {
        "entry actions \(entryCalls), exit actions \(exitCalls), actions \(actionCalls), guards \(guardCalls), loaded ids \(loadedIDs)"
    }
}
