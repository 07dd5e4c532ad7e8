/// Calls with arguments (language version 4): some guards, actions and value functions get one
/// parameter list each, decided once, that every use of the name passes, `name(label: value, …)`
/// or `name(field)`; the rest stay bare. Run on the finished spec: first every use of each name
/// is read (what each place offers), then the names chosen are rewritten everywhere.
extension SpecBuild {
    mutating func makeExplicitArguments() {
        var uses = CallUseCollector()
        visitCalls(&uses)
        var writer = ExplicitArgumentWriter(random: random)
        let excluded = delayFunctions.union(uses.written)
        for name in uses.names where !excluded.contains(name) && writer.random.chance(35) {
            writer.plan(name, offeredAtEveryUse: uses.commonFields[name] ?? [])
        }
        visitCalls(&writer)
        random = writer.random
    }
}

/// Reads every use of each name: the fields offered at all of them.
struct CallUseCollector: CallVisitor {
    /// The names in order of first use.
    var names: [String] = []
    /// Each name's fields offered at every use so far, in the order of its first use.
    var commonFields: [String: [SpecParameter]] = [:]
    /// The names some use calls with arguments already: their parameters are decided.
    var written: Set<String> = []

    mutating func visitWritten(_ name: String) {
        written.insert(name)
    }

    mutating func visit(_ name: String, offering fields: [SpecParameter]) -> [SpecArgument]? {
        if let common = commonFields[name] {
            commonFields[name] = common.filter(fields.contains)
        } else {
            names.append(name)
            commonFields[name] = fields
        }
        return nil
    }
}

/// Gives the names planned their arguments at every use: for each parameter, a field of its
/// type offered there (unlabeled when it is the field of the parameter's label) or a literal.
struct ExplicitArgumentWriter: CallVisitor {
    var random: SplitMix64
    /// Each planned name's parameters (labeled, with their types), in order.
    private(set) var parameters: [String: [SpecParameter]] = [:]

    init(random: SplitMix64) {
        self.random = random
    }

    /// Literals whose type fsmc reads off the literal itself (an explicit parameter's type is
    /// the literal's: `2` is an `Int`, never a `Double`).
    static let literals: [String: [String]] = [
        "Int": ["0", "42", "1_000"], "Double": ["2.5", "0.25"], "Bool": ["true", "false"], "String": ["\"hi\"", "\"a \\\"b\\\"\""],
    ]

    /// Decides `name`'s parameters: up to three of the fields every use offers, in a random
    /// order, and sometimes a literal's; sometimes none (`name()`).
    mutating func plan(_ name: String, offeredAtEveryUse fields: [SpecParameter]) {
        var remaining = fields
        var chosen: [SpecParameter] = []
        for _ in 0..<random.inRange(0...min(3, fields.count)) {
            chosen.append(remaining.remove(at: random.below(remaining.count)))
        }
        if random.chance(chosen.isEmpty ? 70 : 25) {
            let labels = NamePools.payloadLabels.filter { label in !chosen.contains { $0.label == label } }
            let type = random.pick(Self.literals.keys.sorted())
            chosen.insert(SpecParameter(label: random.pick(labels), type: type), at: random.inRange(0...chosen.count))
        }
        parameters[name] = chosen
    }

    mutating func visitWritten(_ name: String) {}

    mutating func visit(_ name: String, offering fields: [SpecParameter]) -> [SpecArgument]? {
        guard let planned = parameters[name] else { return nil }
        return planned.map { parameter in
            let label = parameter.label!
            var options: [SpecArgument] = fields.filter { $0.type == parameter.type }.map { field in
                field.label == label && random.chance(60)
                    ? SpecArgument(label: nil, value: label) : SpecArgument(label: label, value: field.label!)
            }
            options += (Self.literals[parameter.type] ?? []).map { SpecArgument(label: label, value: $0) }
            return random.pick(options)
        }
    }
}
