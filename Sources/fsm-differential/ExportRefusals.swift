import FSMCompiler

/// The charts a campaign leaves out because fsmc's SCXML export refuses them (an `update(…)`
/// of a value the chart does not carry, a `defer`, …), counted by reason: the refusal's
/// message with the chart's names and locations left out (``ImportCampaign/reason(_:)``). The
/// count reads the export's own refusals, so whatever it comes to refuse is counted, not
/// compared, and said in the summary.
struct ExportRefusals {
    /// How many charts were left out, by reason.
    private(set) var counts: [String: Int] = [:]

    var total: Int { counts.values.reduce(0, +) }

    /// The export's first refusal of `model` that leaves the chart out: every one but a
    /// transition into a history from inside its state, which the campaign exports all the
    /// same for the interpreter to judge (``QtDeviations``, ``QtSide/export(_:into:)``).
    static func refusal(of model: MachineModel) -> Diagnostic? {
        let judged = Set(model.allTransitions.filter { SCXMLEmitter.entersHistoryFromInsideOtherwise($0, in: model) }.map(\.range))
        return SCXMLEmitter.refusals(model).first { !judged.contains($0.range) }
    }

    /// Counts one chart left out for `message`, a refusal's (with or without its location).
    mutating func count(_ message: String) {
        counts[Self.reason(message), default: 0] += 1
    }

    /// A refusal's message as a reason: names as `'…'`, `line:column: ` locations left out (a
    /// child's refusal quotes its own).
    static func reason(_ message: String) -> String {
        ImportCampaign.reason(message).replacingOccurrences(of: "[0-9]+:[0-9]+: ", with: "", options: .regularExpression)
    }

    /// `left out: 3 charts the SCXML export refuses (2 × …; 1 × …)`, reasons most counted
    /// first; `nil` when none was.
    func summary(of things: String) -> String? {
        guard total > 0 else { return nil }
        let reasons = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.value) × \($0.key)" }
        return "left out: \(total) \(things) the SCXML export refuses (\(reasons.joined(separator: "; ")))"
    }
}
