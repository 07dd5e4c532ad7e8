import FSMChecker
import FSMCore

/// The options that bound a search of a machine's situations, shared by `check`, `generate`,
/// `verify` and `simulate`: `--kept-events <n>` (how many copies of one event a situation keeps),
/// `--property-budget <steps>` (the work) and, for the property checker, `--property-bound <n>`
/// (the situations). Each one given wins over the spec's `// fsmc:` line (``BoundsDirective``),
/// which wins over the defaults.
package enum ExplorationBoundsOptions {
    package static let keptEvents = OptionSpec(
        name: "--kept-events", valueName: "<n>",
        help: "Keep at most <n> copies of one deferred event in a situation (default \(ExplorationBounds.defaultKeptEvents)); a run that keeps more is not followed, and a property that holds on the rest holds within the bound, a warning.")
    package static let situations = OptionSpec(
        name: "--property-bound", valueName: "<n>",
        help: "Explore at most <n> situations when proving the specs' properties (default \(ExplorationBounds.defaultSituations)); a property that holds on those holds within the bound, a warning.")
    package static let work = OptionSpec(
        name: "--property-budget", valueName: "<steps>",
        help: "Spend at most <steps> steps of work proving one spec's properties (default \(ExplorationBounds.defaultWork), well under a second); what is not decided then is inconclusive, a warning.")

    /// The property checker's options.
    package static let propertyOptions = [keptEvents, situations, work]

    /// The bounds the command line gives (`nil` for one not given); `nil` (after printing why)
    /// for a value that is not a positive whole number.
    package static func overrides(
        in arguments: ParsedArguments, command: String, console: Console
    ) -> ExplorationBounds.Overrides? {
        var overrides = ExplorationBounds.Overrides()
        for (option, name) in BoundsDirective.options.map({ ($0.field, $0.name) }) {
            guard let text = arguments.value(name) else { continue }
            guard let value = Int(text), value > 0 else {
                console.error("fsmc \(command): error: \(name) takes a positive whole number, not '\(text)'\n")
                return nil
            }
            overrides[keyPath: option] = value
        }
        return overrides
    }
}
