/// Names a spec may not use because the generated Swift would not compile or would be
/// ambiguous. fsmc rejects them with an error rather than escaping them with backticks: an
/// event called `default` would read badly at every use site, and a clear message costs the
/// user one rename.
package enum ReservedNames {
    /// Swift keywords that cannot name a case, a method or a type without backticks.
    ///
    /// Contextual keywords (`open`, `borrowing`, `consuming`, `nonisolated`) are not here:
    /// they name cases, methods and variables fine, and `event open` is too common to
    /// forbid. `await` is: it cannot name a variable, such as a bound payload.
    package static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension",
        "fileprivate", "func", "import", "init", "inout", "internal", "let",
        "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
        "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
        "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false",
        "is", "nil", "self", "Self", "super", "throws", "true", "try", "_", "Type", "Protocol",
    ]

    /// Functions of the generated machine that the code inside its `State` calls unqualified
    /// (qualified, a compound state named like the machine would hide the machine): a case of
    /// `State` named like one would hide it.
    static let configurationFunctions: Set<String> = [
        "configurationDescription", "encodeConfiguration", "decodeConfiguration",
    ]

    /// Names of members the generated enums already have (`CaseIterable`, `Hashable`,
    /// `Codable`, and the generated `name` property).
    static let enumMembers: Set<String> = [
        "allCases", "hashValue", "hash", "rawValue", "description", "encode", "name",
        // Swift synthesizes a `CodingKeys` enum for a `Codable` enum: a case of that name stops it.
        "CodingKeys",
    ]

    /// The identifiers in a payload type's text (`[String: Data]` → `String`, `Data`).
    package static func identifiers(inType type: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in type {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Names of the types nested in the generated class; a machine cannot take them.
    static let generatedTypes: Set<String> = [
        "State", "Event", "Output", "Actions", "Observer", "Transition", "Notification", "Stimulus",
        "Observation", "Invocation", "InvocationDelivery", "Sender",
    ]

    /// Names the generated code of a statechart binds or declares where a state's data is
    /// bound (`let stateBefore = state`, `case .main(let activeChild, …)`), or uses there
    /// unqualified: a data label cannot take them.
    static let generatedLocals: Set<String> = [
        "stateBefore", "activeChild", "restoredInside", "remembered", "configuration", "completed",
        "state", "event", "actions", "guards", "history",
    ]

    /// FSMRuntime's module and type names, which generated code uses unqualified.
    static let runtimeTypes: Set<String> = [
        "FSMRuntime", "MachineClock", "TaskClock", "ManualClock", "ScheduledTimer", "ObserverList",
        "ObservationList", "MachineObservation", "ObservationToken", "NotificationKinds", "EventQueue",
        "TransitionDescriptor", "MachineTimers", "StatePath", "PropertyDecoding", "PropertyEncoding",
        "CaseDecoding", "CaseEncoding", "SynchronousMachineClock", "CancellationHandle", "InvocationDriver",
        "SynchronousInvocationDriver", "TaskInvocationDriver", "ManualInvocationDriver", "MachineInvocations",
        "InvocationWork", "InvocationOutcome", "InvocationElements", "RunningInvocation", "InvocationSink",
        "InvocationRoutine",
    ]

    /// The type a compound state's children live in, nested in the generated `State`: the
    /// state's name with its first letter in upper case, `main` → `Main`. The Swift emitter
    /// spells it the same way (`SwiftNames.stateTypeName`).
    package static func stateTypeName(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    /// Why a compound state's nested type may not take `typeName` inside the generated `State`,
    /// or `nil` when it may: Swift reserves the name there, the generated code uses it there, or
    /// Swift synthesizes a type of that name for `State`'s `Codable` conformance.
    static func stateTypeProblem(_ typeName: String) -> String? {
        switch typeName {
        case "Type", "Protocol", "Self", "Any":
            "which Swift reserves"
        case "State", "StateID", "History", "Snapshot":
            "which would hide the generated '\(typeName)'"
        case "Hashable", "Sendable", "Codable", "CaseIterable", "Equatable", "Encodable", "Decodable", "Encoder",
            "Decoder", "String", "Int", "Bool", "Optional", "Never", "Swift":
            "which would hide Swift's '\(typeName)' from the generated code"
        case "StatePath", "PropertyDecoding", "PropertyEncoding", "CaseDecoding", "CaseEncoding", "FSMRuntime":
            "which would hide FSMRuntime's '\(typeName)' from the generated code"
        case "CodingKeys":
            "which Swift synthesizes to make 'State' Codable"
        default:
            nil
        }
    }

    /// Why `name`, used as `kind`, is not allowed, or `nil` when it is fine.
    package static func problem(with name: String, as kind: NameKind) -> String? {
        if swiftKeywords.contains(name) {
            return "'\(name)' is a Swift keyword and cannot name \(kind.article)"
        }
        switch kind {
        case .state, .event, .output:
            if enumMembers.contains(name) {
                return "'\(name)' cannot name \(kind.article): the generated enum already has a member '\(name)'"
            }
            if kind == .state && configurationFunctions.contains(name) {
                return "'\(name)' cannot name a state: the generated 'State' calls the machine's function '\(name)'"
            }
        case .machine:
            if generatedTypes.contains(name) {
                return "'\(name)' cannot name a machine: the generated class has a nested type '\(name)'"
            }
            if runtimeTypes.contains(name) {
                return "'\(name)' cannot name a machine: the generated code uses FSMRuntime's '\(name)'"
            }
        case .guard, .action:
            if name == "update" {
                return "'update' is reserved: 'update(field: value)' gives a state's data new values (language version 4); give \(kind.article) or a function another name"
            }
        case .invocation:
            break
        }
        return nil
    }

    package enum NameKind: Hashable {
        case machine, state, event, output, `guard`, action, invocation

        /// The kind with its article, "an event".
        package var article: String {
            switch self {
            case .machine: "a machine"
            case .state: "a state"
            case .event: "an event"
            case .output: "an output"
            case .guard: "a guard"
            case .action: "an action"
            case .invocation: "an invocation"
            }
        }

        /// The kind as a noun, "event".
        var noun: String { String(article.split(separator: " ").last!) }
    }
}
