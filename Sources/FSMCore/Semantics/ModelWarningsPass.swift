/// Warnings about parts of a valid machine that look like mistakes, in the order they are
/// reported: unreachable states, states without a way out, parallel states with too few
/// regions, transitions that never fire (overridden by every child, or discarded by a
/// parallel state's conflict resolution), events never handled, outputs never emitted and
/// invocations whose errors no transition takes, `defer`s that never keep their event,
/// properties whose conditions the chart's structure alone decides.
struct ModelWarningsPass {
    let diagnostics: DiagnosticCollector

    func run(_ model: MachineModel) {
        let reachable = ReachabilityWarnings(model: model, diagnostics: diagnostics).run()
        WayOutWarnings(model: model, diagnostics: diagnostics).run(reachable: reachable)
        RegionCountWarnings(model: model, diagnostics: diagnostics).run()
        let takers = TriggerTakers(model)
        let overridden = OverriddenTransitionWarnings(model: model, diagnostics: diagnostics).run(takers: takers)
        ConflictingTransitionWarnings(model: model, diagnostics: diagnostics).run(takers: takers, skipping: overridden)
        UnusedSignalWarnings(model: model, diagnostics: diagnostics).run()
        UnhandledErrorWarnings(model: model, diagnostics: diagnostics).run()
        DeferralWarnings(model: model, diagnostics: diagnostics).run()
        PropertyVacuityWarnings(model: model, diagnostics: diagnostics).run()
    }
}
