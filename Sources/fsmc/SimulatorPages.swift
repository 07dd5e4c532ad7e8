import FSMCompiler
import FSMCommands

/// What `fsmc simulate` and `fsmc inspect` share to make a spec's simulator page: its graph of
/// situations within the bounds, and the page around its diagram as Graphviz draws it.
enum SimulatorPages {
    /// Why the page cannot be made without Graphviz; each command says what else it can do.
    static let missingDot =
        "the page's diagram needs Graphviz's 'dot' on the PATH; install Graphviz "
        + "(Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz)"

    /// The graph the page follows: `situations` and `work` as the command line bounds them, the
    /// kept events as the command line says, else as the spec's proofs use them
    /// (`// fsmc: --kept-events N`).
    static func graph(
        of machine: ExecutableMachine, compilation: Compilation, situations: Int = SimulationGraph.defaultBound,
        keptEvents: Int? = nil, work: Int = SimulationGraph.defaultWork
    ) -> SimulationGraph {
        let bounds = ExplorationBounds(
            situations: situations, keptEvents: keptEvents ?? compilation.bounds.keptEvents ?? ExplorationBounds.defaultKeptEvents,
            work: work)
        return SimulationGraph(machine, bounds: bounds)
    }

    /// The page of `model` (its children's charts drawn beside it) following `graphJSON`
    /// (``SimulationGraphJSONEmitter``); with `live`, the live inspector's settings, in live
    /// mode. What Graphviz printed while succeeding comes with it.
    static func page(
        of model: MachineModel, children: [String: MachineModel], graphJSON: String, live: String? = nil
    ) throws(Graphviz.Failure) -> (html: String, warnings: String) {
        let rendering = try Graphviz.svg(fromDOT: DotEmitter.emit(model, children: children))
        return (SimulatorPage.html(machine: model.name, svg: rendering.svg, graphJSON: graphJSON, live: live), rendering.warnings)
    }
}
