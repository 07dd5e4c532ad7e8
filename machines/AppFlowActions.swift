/// What the app's screens do as the flows move, recorded as lines: a real app would push and
/// pop view controllers here (RxFlow's `navigate(to:)`); the examples print the log and the
/// tests read it.
public final class AppFlowActions: AppFlow.Actions {
    /// What the app did, in order.
    public private(set) var log: [String] = []
    /// The user signed in, if any.
    public private(set) var user: String?
    /// Whether the document being edited can be saved (a read-only one cannot).
    public var isWritable: Bool

    public init(isWritable: Bool = true) {
        self.isWritable = isWritable
    }

    public func canSave() -> Bool { isWritable }

    public func markOnboarded() { log.append("Onboarding finished; it will not show again.") }

    public func rememberUser(user: String) {
        self.user = user
        log.append("Signed in as \(user).")
    }

    public func forgetUser() {
        log.append("Signed \(user ?? "nobody") out.")
        user = nil
    }

    public func showTabBar() { log.append("Showing the tab bar.") }
    public func hideTabBar() { log.append("Hiding the tab bar.") }
    public func loadItem(id: Int) { log.append("Loading item \(id).") }
    public func openEditor() { log.append("Opening the editor.") }
    public func closeEditor() { log.append("Closing the editor.") }
    public func saveDocument() { log.append("Saving the document.") }
}
