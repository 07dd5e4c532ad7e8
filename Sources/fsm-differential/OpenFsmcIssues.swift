import FSMCompiler

/// Shapes on which the campaign found the generated Swift wrong, not yet fixed: left out of the
/// comparison so that CI's run stays meaningful, and listed in docs/Reliability.md as open.
enum OpenFsmcIssues {
    /// Why a chart is left out, or `nil` when it is compared.
    static func reason(toSkip chart: DifferentialChart) -> String? {
        let model = chart.model
        // The Swift dispatch of a parallel state does not walk into a region that is itself a
        // parallel state: an event only such a region's states take is ignored (random chart
        // R93 of seed 4, large), where SCXML and fsmc's interpreter take it; some such
        // charts do not compile at all (the soundness tests' open shape).
        for state in model.states where state.isParallel {
            if let nested = state.children.first(where: { model[$0].isParallel }) {
                return "open fsmc issue, a region that is a parallel state ('\(model[nested].name)' in '\(state.name)')"
            }
        }
        return nil
    }
}
