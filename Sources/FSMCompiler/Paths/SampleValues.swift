import FSMCore
/// Sample values for payloads in generated tests: a Swift expression of a payload type given
/// as text, for the common types of the standard library and Foundation, for collections,
/// optionals and tuples of them, and for the types the user gives samples of
/// (``UserSample``, `fsmc paths --sample 'Money=Money(cents: 100)'`).
///
/// Each expression is written where Swift knows the type it must have (an event's argument,
/// an element of a typed collection), so `.seconds(1)` or `[0]` is enough. The samples:
///
/// | Type | Sample |
/// |---|---|
/// | `String`, `Substring`, `StaticString` | `""` |
/// | `Character`, `Unicode.Scalar` | `"a"` |
/// | `Int`, `UInt` and every width, `Int128`, `UInt128` | `0` |
/// | `Double`, `Float`, `Float16`, `Float80`, `CGFloat`, `TimeInterval` | `0.0` |
/// | `Bool` | `false` |
/// | `Duration` | `.seconds(1)` |
/// | `ContinuousClock.Instant`, `SuspendingClock.Instant` | `.now` |
/// | `URL` | `URL(string: "https://example.com")!` |
/// | `Date` | `Date(timeIntervalSince1970: 0)` |
/// | `UUID` | `UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!` |
/// | `Data` | `Data([1, 2, 3])` |
/// | `Decimal` | `Decimal(string: "9.99")!` |
/// | `Locale`, `TimeZone`, `Calendar`, `DateComponents`, `IndexPath` | `Locale(identifier: "en_US_POSIX")`, `TimeZone(identifier: "UTC")!`, `Calendar(identifier: .gregorian)`, `DateComponents()`, `[0, 0]` |
/// | `any Error`, `Error`, `CancellationError` | `CancellationError()` |
/// | `T?`, `Optional<T>` | T's sample; `nil` when T has none |
/// | `[T]`, `Array<T>`, `ContiguousArray<T>`, `Set<T>` | `[` T's sample `]`; `[]` when T has none |
/// | `[K: V]`, `Dictionary<K, V>` | `[` K's sample `:` V's sample `]`; `[:]` when either has none |
/// | `(T, U)`, `(x: T, y: U)`, `()` | a tuple of the elements' samples |
/// | `Result<T, E>` | `.success(` T's sample `)`, else `.failure(` E's sample `)` |
/// | `Range<T>`, `ClosedRange<T>` | `s..<s`, `s...s` for T's sample `s` |
/// | `(T, U) -> Void`, `@Sendable () async throws -> R` | `{ _, _ in }`, `{ r }`: a closure that ignores its arguments and returns R's sample `r` |
///
/// An optional gets its wrapped value rather than `nil`, and a collection one element rather
/// than none, so that a test passes a value that reads like real data; they fall back on
/// `nil`, `[]` and `[:]`, which need no sample of the element, so `[Money]` is never what
/// keeps an event from being sent.
///
/// `ContinuousClock.Instant` has no fixed value to write: its sample is `.now`, read when
/// the test runs. The generated text stays the same on every run, and the path tests do not
/// depend on the value, since their `Actions` double ignores payloads and answers guards
/// from its script.
///
/// A user sample matches a type at any depth, by its text without regard to white space:
/// `Money=Money(cents: 100)` also makes `[Money]`, `Money?` and `(Money, Int)` samples, and
/// overrides the built-in sample of a type it names (`Int=42`).
public struct SampleValues: Hashable, Sendable {
    /// A sample the user supplies for a type: `Money=Money(cents: 100)`.
    public struct UserSample: Hashable, Sendable {
        /// The type as given, without surrounding white space.
        public var type: String
        /// A Swift expression of the type, put into the generated tests as written.
        public var expression: String

        public init(type: String, expression: String) {
            self.type = type
            self.expression = expression
        }

        /// Reads `Type=expression`: the type is the text before the first `=`, the expression
        /// what follows it, both without surrounding white space. Returns why the text is
        /// none when it is not.
        public static func parse(_ definition: String) -> Result<UserSample, DefinitionError> {
            guard let equals = definition.firstIndex(of: "=") else {
                return .failure(DefinitionError(message: "expected Type=expression in '\(definition)'"))
            }
            let type = SwiftTypeText.folded(String(definition[..<equals]))
            let expression = String(definition[definition.index(after: equals)...]).trimmingWhiteSpace
            guard !type.isEmpty else {
                return .failure(DefinitionError(message: "no type before '=' in '\(definition)'"))
            }
            guard !expression.isEmpty else {
                return .failure(DefinitionError(message: "no expression after '=' in '\(definition)'"))
            }
            guard !definition.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                return .failure(DefinitionError(message: "the sample of '\(type)' must be one line without control characters"))
            }
            return .success(UserSample(type: type, expression: expression))
        }
    }

    /// Why a `Type=expression` definition is none.
    public struct DefinitionError: Error, Hashable, Sendable {
        public var message: String
    }

    /// The sample of a type, or why there is none.
    public enum Sample: Hashable, Sendable {
        /// A Swift expression of the type; `needsFoundation` when it uses a Foundation type.
        case value(String, needsFoundation: Bool)
        /// The types (innermost, in canonical text) that have no sample and that the type
        /// needs one of.
        case missing([String])

        public var expression: String? {
            if case .value(let expression, _) = self { expression } else { nil }
        }
    }

    /// The samples the user supplied, in the order given.
    public private(set) var userSamples: [UserSample]
    /// The user samples by the canonical text of their type; the first one given wins.
    private var userSampleByType: [String: String]

    /// Samples with the built-in values and the user's, which come first.
    public init(_ userSamples: [UserSample] = []) {
        self.userSamples = userSamples
        userSampleByType = [:]
        for sample in userSamples {
            let key = SwiftTypeText(parsing: sample.type).canonical
            if userSampleByType[key] == nil { userSampleByType[key] = sample.expression }
        }
    }

    /// The canonical text of a type (`[String: Int]`), by which user samples are matched:
    /// two user samples of the same canonical type are one too many.
    public static func canonicalType(_ type: String) -> String {
        SwiftTypeText(parsing: type).canonical
    }

    /// The sample of a payload type given as text.
    public func sample(for type: String) -> Sample {
        sample(SwiftTypeText(parsing: type))
    }

    /// A Swift expression of the type, or `nil` when fsmc has none.
    public func expression(for type: String) -> String? {
        sample(for: type).expression
    }

    /// The types without a sample that a payload type needs one of; empty when it has one.
    public func missingTypes(in type: String) -> [String] {
        if case .missing(let types) = sample(for: type) { types } else { [] }
    }

    /// The types without a sample that a payload list needs one of, each once, in order.
    func missingTypes(in parameters: [ParameterModel]) -> [String] {
        var types: [String] = []
        for parameter in parameters {
            for type in missingTypes(in: parameter.type) where !types.contains(type) {
                types.append(type)
            }
        }
        return types
    }

    /// Whether the type names a Foundation type (`URL`, `CGFloat`, …), so that a file that
    /// spells it, or its sample, imports Foundation.
    public static func needsFoundation(_ type: String) -> Bool {
        SwiftTypeText(parsing: type).names.contains { foundationSamples[$0] != nil || $0 == "Foundation" }
    }

    // MARK: - Making samples

    private func sample(_ type: SwiftTypeText) -> Sample {
        if let expression = userSampleByType[type.canonical] {
            return .value(expression, needsFoundation: false)
        }
        switch type {
        case .named(let components):
            return named(components, canonical: type.canonical)
        case .array(let element):
            return collection(of: element)
        case .dictionary(let key, let value):
            return dictionary(key, value)
        case .optional(let wrapped):
            switch sample(wrapped) {
            case .value(let expression, let needsFoundation): return .value(expression, needsFoundation: needsFoundation)
            case .missing: return .value("nil", needsFoundation: false)
            }
        case .tuple(let elements):
            var values: [String] = []
            var missing: [String] = []
            var needsFoundation = false
            for element in elements {
                switch sample(element.type) {
                case .value(let expression, let foundation):
                    values.append((element.label.map { "\($0): " } ?? "") + expression)
                    needsFoundation = needsFoundation || foundation
                case .missing(let types):
                    for type in types where !missing.contains(type) { missing.append(type) }
                }
            }
            return missing.isEmpty ? .value("(" + values.joined(separator: ", ") + ")", needsFoundation: needsFoundation) : .missing(missing)
        case .existential(let constraint):
            if case .named(let components) = constraint, Self.withoutModule(components).map(\.name) == ["Error"] {
                return .value("CancellationError()", needsFoundation: false)
            }
            return .missing([type.canonical])
        case .function(let function):
            // A closure that ignores its arguments and returns the result's sample.
            let parameters = function.parameters.isEmpty ? "" : " " + function.parameters.map { _ in "_" }.joined(separator: ", ") + " in"
            if case .tuple(let elements) = function.result, elements.isEmpty {
                return .value("{\(parameters.isEmpty ? "" : parameters + " ")}", needsFoundation: false)
            }
            if case .named(let components) = function.result, Self.withoutModule(components).map(\.name) == ["Void"] {
                return .value("{\(parameters.isEmpty ? "" : parameters + " ")}", needsFoundation: false)
            }
            switch sample(function.result) {
            case .value(let result, let needsFoundation): return .value("{\(parameters) \(result) }", needsFoundation: needsFoundation)
            case .missing(let types): return .missing(types)
            }
        case .implicitlyUnwrapped, .opaque, .unparsed:
            return .missing([type.canonical])
        }
    }

    /// `[s]`, or `[]` when the element has no sample.
    private func collection(of element: SwiftTypeText) -> Sample {
        switch sample(element) {
        case .value(let expression, let needsFoundation): .value("[\(expression)]", needsFoundation: needsFoundation)
        case .missing: .value("[]", needsFoundation: false)
        }
    }

    /// `[k: v]`, or `[:]` when the key or the value has no sample.
    private func dictionary(_ key: SwiftTypeText, _ value: SwiftTypeText) -> Sample {
        switch (sample(key), sample(value)) {
        case (.value(let key, let keyFoundation), .value(let value, let valueFoundation)):
            .value("[\(key): \(value)]", needsFoundation: keyFoundation || valueFoundation)
        default:
            .value("[:]", needsFoundation: false)
        }
    }

    private func named(_ components: [SwiftTypeText.Component], canonical: String) -> Sample {
        let components = Self.withoutModule(components)
        let names = components.map(\.name)
        if components.count == 1 {
            let component = components[0]
            let arguments = component.arguments
            switch (component.name, arguments.count) {
            case (_, 0):
                if let expression = Self.standardSamples[component.name] {
                    return .value(expression, needsFoundation: false)
                }
                if let expression = Self.foundationSamples[component.name] {
                    return .value(expression, needsFoundation: true)
                }
            case ("Array", 1), ("ContiguousArray", 1), ("Set", 1):
                return collection(of: arguments[0])
            case ("Optional", 1):
                return sample(.optional(arguments[0]))
            case ("Dictionary", 2):
                return dictionary(arguments[0], arguments[1])
            case ("Result", 2):
                let success = sample(arguments[0])
                guard case .value(let value, let needsFoundation) = success else {
                    if case .value(let error, let needsFoundation) = sample(arguments[1]) {
                        return .value(".failure(\(error))", needsFoundation: needsFoundation)
                    }
                    return success
                }
                return .value(".success(\(value))", needsFoundation: needsFoundation)
            case ("Range", 1), ("ClosedRange", 1):
                let bound = sample(arguments[0])
                guard case .value(let value, let needsFoundation) = bound else { return bound }
                return .value("\(value)\(component.name == "Range" ? "..<" : "...")\(value)", needsFoundation: needsFoundation)
            default:
                break
            }
        } else if components.allSatisfy(\.arguments.isEmpty) {
            switch names {
            case ["ContinuousClock", "Instant"], ["SuspendingClock", "Instant"]: return .value(".now", needsFoundation: false)
            case ["Unicode", "Scalar"]: return .value("\"a\"", needsFoundation: false)
            default: break
            }
        }
        return .missing([canonical])
    }

    /// The components without a leading `Swift.`, `Foundation.` or `_Concurrency.`.
    private static func withoutModule(_ components: [SwiftTypeText.Component]) -> [SwiftTypeText.Component] {
        guard components.count > 1, ["Swift", "Foundation", "_Concurrency"].contains(components[0].name), components[0].arguments.isEmpty else {
            return components
        }
        return Array(components.dropFirst())
    }

    /// Samples of standard library types that take no generic arguments.
    private static let standardSamples: [String: String] = {
        var samples: [String: String] = [
            "String": "\"\"", "Substring": "\"\"", "StaticString": "\"\"", "Character": "\"a\"",
            "Double": "0.0", "Float": "0.0", "Float16": "0.0", "Float32": "0.0", "Float64": "0.0", "Float80": "0.0",
            "Bool": "false", "Duration": ".seconds(1)", "Error": "CancellationError()", "CancellationError": "CancellationError()",
            "Void": "()",
        ]
        for width in ["", "8", "16", "32", "64", "128"] {
            samples["Int" + width] = "0"
            samples["UInt" + width] = "0"
        }
        return samples
    }()

    /// Samples of Foundation types: a file that uses one imports Foundation.
    private static let foundationSamples: [String: String] = [
        "URL": "URL(string: \"https://example.com\")!",
        "Date": "Date(timeIntervalSince1970: 0)",
        "UUID": "UUID(uuidString: \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\")!",
        "Data": "Data([1, 2, 3])",
        "Decimal": "Decimal(string: \"9.99\")!",
        "CGFloat": "0.0",
        "TimeInterval": "0.0",
        "Locale": "Locale(identifier: \"en_US_POSIX\")",
        "TimeZone": "TimeZone(identifier: \"UTC\")!",
        "Calendar": "Calendar(identifier: .gregorian)",
        "DateComponents": "DateComponents()",
        "IndexPath": "[0, 0]",
    ]
}

extension String {
    /// The text without white space at either end.
    var trimmingWhiteSpace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
