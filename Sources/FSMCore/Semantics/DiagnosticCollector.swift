/// Where the semantic passes report what they find.
///
/// One collector is shared by every pass of an analysis (as swift-openapi-generator's passes
/// share their collector), so that the diagnostics keep the order the passes found them in and
/// a pass can tell whether an earlier one reported errors.
final class DiagnosticCollector {
    private(set) var bag = DiagnosticBag()

    /// How many "did you mean" searches are left; each costs a pass over the declared names,
    /// so a file with thousands of typos stays linear.
    var suggestionBudget = 100

    var hasErrors: Bool { bag.hasErrors }

    func error(
        _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [], suggestion: Diagnostic.Suggestion? = nil
    ) {
        bag.error(message, at: range, notes: notes, suggestion: suggestion)
    }

    func warning(_ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        bag.warning(message, at: range, notes: notes)
    }

    /// Reports an unknown name, suggesting the closest of `candidates` (the declared names of
    /// its kind) while the budget lasts.
    func reportUnknown(_ name: Identifier, kind: ReservedNames.NameKind, candidates: () -> [String]) {
        var suggestion: String?
        if suggestionBudget > 0 {
            suggestionBudget -= 1
            suggestion = NameSuggester(candidates: candidates()).suggestion(for: name.text)
        }
        let kind = kind.noun
        if let suggestion {
            error(
                "unknown \(kind) '\(name.text)'; did you mean '\(suggestion)'?", at: name.range,
                suggestion: .init(replacing: name.range, with: suggestion))
        } else {
            error("unknown \(kind) '\(name.text)'", at: name.range)
        }
    }
}
