/// One log shared by the guards, actions and observers of a test, so that a test can check
/// the order in which they ran against each other.
final class Journal {
    private(set) var lines: [String] = []

    func append(_ line: String) {
        lines.append(line)
    }

    /// Forgets what was written so far: the next check starts from here.
    func clear() {
        lines.removeAll()
    }
}
