/// What the reading app does as its flows move, recorded as lines: a real app would present
/// and dismiss screens here (RxFlow's `navigate(to:)`). It makes each child flow the root flow
/// invokes and keeps the running one, which the app's screens send their steps to.
public final class ReaderFlowActions: ReaderFlow.Actions {
    /// What the app did, in order, the child flows' screens included.
    public private(set) var log: [String] = []
    /// The onboarding flow while it runs.
    public private(set) weak var onboarding: OnboardingFlow?
    /// The editor flow while it runs.
    public private(set) weak var editor: EditorFlow?
    /// The editor's actions, shared by every editor flow: its lines go to the same log.
    private lazy var editorActions = EditorFlowActions { [unowned self] in log.append($0) }
    private var user: String?

    public init() {}

    public func onboardingFlow(observers: [any OnboardingFlow.Observer]) -> OnboardingFlow {
        let flow = OnboardingFlow(observers: observers)
        onboarding = flow
        return flow
    }

    public func editorFlow(observers: [any EditorFlow.Observer]) -> EditorFlow {
        let flow = EditorFlow(actions: editorActions, observers: observers)
        editor = flow
        return flow
    }

    public func present(screen: String) { log.append("Presenting the \(screen) screen.") }
    public func markOnboarded() { log.append("Onboarding finished; it will not show again.") }

    public func rememberUser(user: String) {
        self.user = user
        log.append("Signed in as \(user).")
    }

    public func forgetUser() {
        log.append("Signed \(user ?? "nobody") out.")
        user = nil
    }

    public func loadItem(id: Int) { log.append("Loading item \(id).") }
}

/// The editor flow's screen: it opens, closes and saves, and can save unless the document is
/// read-only.
public final class EditorFlowActions: EditorFlow.Actions {
    /// Whether the document being edited can be saved.
    public var isWritable = true
    private let record: (String) -> Void

    init(record: @escaping (String) -> Void) {
        self.record = record
    }

    public func canSave() -> Bool { isWritable }
    public func openEditor() { record("Opening the editor.") }
    public func closeEditor() { record("Closing the editor.") }
    public func saveDocument() { record("Saving the document.") }
}
