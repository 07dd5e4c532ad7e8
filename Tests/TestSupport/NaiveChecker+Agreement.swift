import FSMCompiler

extension NaiveChecker {
    /// What ``PropertyChecker``'s `report` on `machine` (asked for only when the naive checker
    /// completes: on a large machine a debug build's search takes long) says against the naive
    /// checker, both within the default kept-events bound: a different verdict (holds, holds
    /// within the bound, fails, undecided), a counterexample of another length than the naive
    /// checker's shortest, one that does not replay in the interpreter to its violation, or an
    /// inconclusive one where the naive checker decided. `nil` when they agree, and when the
    /// machine is too large for the naive checker.
    public static func disagreement(of machine: ExecutableMachine, report: () -> PropertyReport) -> String? {
        var naive = NaiveChecker(machine: machine)
        guard let expected = naive.verdicts(of: machine.model.properties) else { return nil }
        let report = report()
        for (result, naiveVerdict) in zip(report.results, expected) {
            let found: Verdict
            switch result.verdict {
            case .holds: found = .holds
            case .holdsWithinBound: found = .holdsWithinBound
            case .fails(nil): found = .fails(0)
            case .fails(let counterexample?):
                guard PropertyChecker.replay(counterexample, of: result.property, in: machine) else {
                    return "'\(result.property.text)': the counterexample does not replay"
                }
                found = .fails(counterexample.steps.count)
            case .inconclusive(.keptEvents):
                found = .undecided
            case .inconclusive:
                // The naive checker completed, so the checker's other caps were not reached.
                return "'\(result.property.text)' inconclusive: \(result.verdict)"
            }
            // The checker decides exactly, without a search, what the state tree decides; the
            // naive checker only within the bound.
            if found == .holds || found == .fails(0), naiveVerdict == .holdsWithinBound || naiveVerdict == .undecided,
               result.property.claim.conditions.contains(where: { machine.model.structuralValue(of: $0) != nil })
            {
                continue
            }
            if found != naiveVerdict {
                return "'\(result.property.text)': checker \(found), naive \(naiveVerdict)"
            }
        }
        return nil
    }
}
