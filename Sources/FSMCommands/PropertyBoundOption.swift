import FSMChecker
import FSMCore

/// `--property-bound <n>`: how many situations the property checker explores before it calls a
/// property it has not decided inconclusive (``PropertyChecker/defaultBound`` when not given).
/// Shared by `check`, `generate` and `verify`.
package enum PropertyBoundOption {
    package static let option = OptionSpec(
        name: "--property-bound", valueName: "<n>",
        help: "Explore at most <n> situations when proving the specs' properties (default \(PropertyChecker.defaultBound)); beyond it a property not yet decided is inconclusive, a warning.")

    /// The bound the command line gives, or the default; `nil` (after printing why) for a value
    /// that is not a positive whole number.
    package static func bound(in arguments: ParsedArguments, command: String, console: Console) -> Int? {
        guard let text = arguments.value(option.name) else { return PropertyChecker.defaultBound }
        guard let bound = Int(text), bound > 0 else {
            console.error("fsmc \(command): error: --property-bound takes a positive whole number of situations, not '\(text)'\n")
            return nil
        }
        return bound
    }
}
