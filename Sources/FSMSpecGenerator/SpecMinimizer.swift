/// Shrinks a failing spec: tries ``SpecDocument/reductions()`` and keeps each that still fails,
/// going on from the same place in the next, smaller list of reductions (those before it did
/// not fail last time and seldom do after), and passes over the list again until a pass keeps
/// nothing or the budget of expensive tries is spent.
public enum SpecMinimizer {
    /// - Parameters:
    ///   - isCandidate: a cheap test a variant must pass first (a valid spec).
    ///   - stillFails: the expensive test; `tries` bounds how often it runs.
    public static func minimize(
        _ document: SpecDocument, tries budget: Int = 200,
        isCandidate: (SpecDocument) -> Bool, stillFails: (SpecDocument) throws -> Bool
    ) rethrows -> SpecDocument {
        var current = document
        var tries = 0
        var shrunk = true
        while shrunk && tries < budget {
            shrunk = false
            var index = 0
            var candidates = current.reductions()
            while index < candidates.count && tries < budget {
                let candidate = candidates[index]
                guard isCandidate(candidate) else {
                    index += 1
                    continue
                }
                tries += 1
                if try stillFails(candidate) {
                    current = candidate
                    candidates = current.reductions()
                    shrunk = true
                } else {
                    index += 1
                }
            }
        }
        return current
    }
}
