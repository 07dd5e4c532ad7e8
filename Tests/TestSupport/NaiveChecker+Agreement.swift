import FSMCompiler

extension NaiveChecker {
    /// What ``PropertyChecker``'s `report` on `machine` (asked for only when the naive checker
    /// completes: on a large machine a debug build's search takes long) says against the naive checker: a
    /// different verdict, a counterexample of another length than the naive checker's
    /// shortest, one that does not replay in the interpreter to its violation, or an
    /// inconclusive one where the naive checker completed. `nil` when they agree, and when the
    /// machine is too large for the naive checker.
    public static func disagreement(of machine: ExecutableMachine, report: () -> PropertyReport) -> String? {
        var naive = NaiveChecker(machine: machine)
        guard let expected = naive.lengths(of: machine.model.properties) else { return nil }
        let report = report()
        for (result, length) in zip(report.results, expected) {
            let found: Int?
            switch result.verdict {
            case .holds: found = nil
            case .fails(nil): found = 0
            case .fails(let counterexample?):
                guard PropertyChecker.replay(counterexample, of: result.property, in: machine) else {
                    return "'\(result.property.text)': the counterexample does not replay"
                }
                found = counterexample.steps.count
            case .inconclusive:
                // The naive checker completed, so the checker's caps were not reached.
                return "'\(result.property.text)' inconclusive"
            }
            if found != length {
                return "'\(result.property.text)': checker \(found.map(String.init) ?? "holds"), naive \(length.map(String.init) ?? "holds")"
            }
        }
        return nil
    }
}
