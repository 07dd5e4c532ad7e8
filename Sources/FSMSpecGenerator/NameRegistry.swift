/// The names a spec has used, per namespace, so every new one is free: states are unique in the
/// whole machine and a compound state's type name (first letter in upper case) must not meet
/// another's or a state's; guards, actions and value functions share one namespace, and one
/// such name always takes the same parameters (its *key*).
struct NameRegistry {
    private var states: Set<String> = []
    private var typeNames: Set<String> = []
    private var capitalized: Set<String> = []
    private var events: Set<String> = []
    private var outputs: Set<String> = []
    private var labels: Set<String> = []
    /// A function's name → its kind and key.
    private var functions: [String: String] = [:]
    /// Kind and key → the names made for it, in order.
    var functionsByKey: [String: [String]] = [:]
    private var counter = 0

    mutating func claimEvent(_ name: String) -> Bool { events.insert(name).inserted }
    mutating func claimOutput(_ name: String) -> Bool { outputs.insert(name).inserted }

    /// Claims a state's name; a compound state also claims its type name.
    /// A top-level compound state's type must differ from its own case: a name whose first
    /// letter has no upper case (`_inner`, `状态`) fits only nested.
    mutating func claimState(_ name: String, compound: Bool, topLevel: Bool) -> Bool {
        // Two states whose names differ only in their first letter's case would need one
        // synthesized `…CodingKeys` type (fsmc refuses them in one enum; here, anywhere).
        guard !states.contains(name), !typeNames.contains(name), !capitalized.contains(Self.typeName(of: name)) else { return false }
        if compound {
            let type = Self.typeName(of: name)
            guard !typeNames.contains(type), !states.contains(type), !topLevel || type != name else { return false }
            typeNames.insert(type)
        }
        states.insert(name)
        capitalized.insert(Self.typeName(of: name))
        return true
    }

    /// A compound state's type in `State`: the name with its first letter in upper case.
    static func typeName(of name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// Claims an invocation's name: invocations share one namespace with events and states, and
    /// each is a requirement of `Actions` beside the guards, actions and value functions, so it
    /// takes none of their names either (and they never take it).
    mutating func claimInvocation(_ name: String) -> Bool {
        guard !events.contains(name), !states.contains(name), !typeNames.contains(name), functions[name] == nil else { return false }
        functions[name] = "invocation|" + name
        return true
    }

    mutating func claimLabel(_ label: String) -> Bool { labels.insert(label).inserted }

    mutating func next() -> Int {
        counter += 1
        return counter
    }

    /// Whether `name` is free for a function of `kind` and `key`: unused, or used for exactly them.
    func fits(_ name: String, kind: String, key: String) -> Bool {
        functions[name].map { $0 == kind + "|" + key } ?? true
    }

    mutating func claimFunction(_ name: String, kind: String, key: String) {
        guard functions[name] == nil else { return }
        functions[name] = kind + "|" + key
        functionsByKey[kind + "|" + key, default: []].append(name)
    }

    func isFunction(_ name: String) -> Bool { functions[name] != nil }

    /// Whether `name` is a function that computes a value (not a guard, an action or an
    /// invocation).
    func isValueFunction(_ name: String) -> Bool { functions[name]?.hasPrefix("value|") ?? false }
}
