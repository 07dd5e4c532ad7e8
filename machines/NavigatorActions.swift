/// What the Navigator's screens do as the flows move, recorded as lines: a real app would
/// push and pop view controllers here; the examples print the log and the tests read it.
public final class NavigatorActions: Navigator.Actions {
    /// What the app did, in order.
    public private(set) var log: [String] = []
    /// The user signed in, if any.
    public private(set) var user: String?

    public init() {}

    public func rememberUser(user: String) {
        self.user = user
        log.append("Signed in as \(user).")
    }

    public func loadDocument(id: Int) { log.append("Loading document \(id) into the editor.") }

    public func signOut() {
        log.append("Signed \(user ?? "nobody") out.")
        user = nil
    }
}
