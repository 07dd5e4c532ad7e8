/// Warns about parallel states with too few regions.
struct RegionCountWarnings {
    let model: MachineModel
    let diagnostics: DiagnosticCollector

    /// Warns about a parallel state with fewer than two regions: it is a plain compound state
    /// (or an atomic one) written the long way.
    func run() {
        for state in model.states where state.isParallel && state.children.count < 2 {
            if let region = state.children.first {
                let name = model[region].name
                diagnostics.warning(
                    "parallel state '\(state.name)' has only one region, '\(name)', so it works as a plain compound state; remove 'parallel' and mark '\(name)' initial, or add another region",
                    at: state.range)
            } else {
                diagnostics.warning(
                    "parallel state '\(state.name)' has no regions; remove 'parallel', or give it child states, one per region",
                    at: state.range)
            }
        }
    }
}
