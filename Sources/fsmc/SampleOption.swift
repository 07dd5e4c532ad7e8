import FSMCompiler
import FSMCommands

/// `--sample Type=expression`: a value of a type fsmc has no sample of, for the generated tests
/// of `paths` and `verify` (payloads, what invocations deliver, value functions' results).
enum SampleOption {
    static let option = OptionSpec(
        name: "--sample", valueName: "<Type=expression>",
        help: "A payload sample fsmc has none of, as Swift: 'Money=Money(cents: 100)'. Repeatable.",
        isRepeatable: true)

    /// The samples `arguments` give, or `nil` (after saying why, as `fsmc <command>`) when one
    /// is not a sample or a type has two.
    static func samples(in arguments: ParsedArguments, command: String, console: Console) -> SampleValues? {
        var samples: [SampleValues.UserSample] = []
        var types: Set<String> = []
        for definition in arguments.repeatedValues("--sample") {
            switch SampleValues.UserSample.parse(definition) {
            case .success(let sample):
                guard types.insert(SampleValues.canonicalType(sample.type)).inserted else {
                    console.error("fsmc \(command): error: --sample gives '\(sample.type)' twice\n")
                    return nil
                }
                samples.append(sample)
            case .failure(let error):
                console.error("fsmc \(command): error: --sample: \(error.message); write it as --sample 'Money=Money(cents: 100)'\n")
                return nil
            }
        }
        return SampleValues(samples)
    }
}
