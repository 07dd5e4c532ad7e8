/// Spelling of model names and values in generated Swift.
enum SwiftNames {
    /// Escapes an identifier with backticks where Swift would read it as a keyword.
    static func variable(_ name: String) -> String {
        ReservedNames.swiftKeywords.contains(name) || ["Type", "Protocol"].contains(name) ? "`\(name)`" : name
    }

    /// The type a compound state's children live in, inside `State`: `main` → `Main`, as the
    /// analyzer checked it.
    static func stateTypeName(_ name: String) -> String {
        ReservedNames.stateTypeName(name)
    }

    /// The configuration whose active atomic state is `leaf`, as a value of the generated
    /// `State`: `.idle` in a flat machine, `.main(.detail)` (each compound state's case
    /// carrying its active child) in a nested one.
    static func configuration(atLeaf leaf: StateID, in model: MachineModel) -> String {
        configuration(path: Array(model.path(from: leaf).reversed()), in: model)
    }

    /// The configuration whose active states are `active` (every active state, or at least
    /// every active atomic state with its ancestors), as a value of the generated `State`:
    /// a compound state's case carries its active child, a parallel state's case its struct
    /// with one property per region: `.main(.editor(.init(bold: .boldOn, italic: .italicOff)))`.
    static func configuration(active: [StateID], in model: MachineModel) -> String {
        let isActive = Set(active)
        func value(_ state: StateID) -> String {
            "." + model[state].name + (model[state].isAtomic ? "" : "(" + inside(state) + ")")
        }
        func inside(_ state: StateID) -> String {
            let children = model[state].children
            if model[state].isParallel {
                return ".init(" + children.map { "\(model[$0].name): \(inside($0))" }.joined(separator: ", ") + ")"
            }
            return value(children.first(where: isActive.contains) ?? model[state].initialChild ?? children[0])
        }
        return value(model.topLevelStates.first(where: isActive.contains) ?? model.initialState)
    }

    /// `path` (outermost first) as nested cases: `.a(.b(.c))`.
    static func configuration(path: some Collection<StateID>, in model: MachineModel) -> String {
        guard let first = path.first else { return "" }
        let rest = path.dropFirst()
        return "." + model[first].name + (rest.isEmpty ? "" : "(" + configuration(path: rest, in: model) + ")")
    }

    /// The variable a payload parameter is bound to: its label, or `payload`, `payload1`, …
    /// for unlabeled ones.
    static func payloadVariables(_ parameters: [ParameterModel]) -> [String] {
        let unlabeled = parameters.filter { $0.label == nil }.count
        var position = 0
        return parameters.map { parameter in
            if let label = parameter.label { return variable(label) }
            position += 1
            return unlabeled == 1 ? "payload" : "payload\(position)"
        }
    }

    /// `(to: Double)` or `(_ payload: [Int])` for a requirement taking a payload.
    static func parameterList(_ parameters: [ParameterModel]) -> String {
        let variables = payloadVariables(parameters)
        let items = zip(parameters, variables).map { parameter, variable in
            parameter.label != nil ? "\(parameter.label!): \(parameter.type)" : "_ \(variable): \(parameter.type)"
        }
        return "(" + items.joined(separator: ", ") + ")"
    }

    /// `(to: to)` or `(payload)`: passing a bound payload on.
    static func argumentList(_ parameters: [ParameterModel]) -> String {
        "(" + argumentItems(parameters).joined(separator: ", ") + ")"
    }

    /// `["to: to"]` or `["payload"]`: the items of ``argumentList(_:)``.
    static func argumentItems(_ parameters: [ParameterModel]) -> [String] {
        zip(parameters, payloadVariables(parameters)).map { parameter, variable in
            parameter.label.map { "\($0): \(variable)" } ?? variable
        }
    }

    /// An enum case's associated values: `(to: Double)` or `(String)`.
    static func associatedValues(_ parameters: [ParameterModel]) -> String {
        parameters.isEmpty ? "" : "(" + parameters.map(\.description).joined(separator: ", ") + ")"
    }

    /// An argument's literal as Swift (and `.fsm`) text; a payload, data or function name as
    /// written.
    static func literal(_ value: ArgumentModel.Value) -> String {
        switch value {
        case .string(let text): stringLiteral(text)
        case .integer(let text), .float(let text): text
        case .boolean(let value): value ? "true" : "false"
        case .nil: "nil"
        case .payload(let name), .data(let name), .computed(let name): name
        }
    }

    /// A Swift string literal with the value escaped.
    static func stringLiteral(_ value: String) -> String {
        "\"" + escaped(value) + "\""
    }

    /// The value as the inside of a Swift string literal: backslashes, quotes and control
    /// characters escaped. Also valid inside a multi-line literal, which it can never end.
    static func escaped(_ value: String) -> String {
        let needsEscapes = value.utf8.contains { byte in
            byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"")
        }
        guard needsEscapes else { return value }
        var literal = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\0": literal += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal
    }

    /// Text for a `//` or `///` comment, such as the spec's file name: control characters
    /// (a line break in a file name) become `?`, so the text cannot end the comment and
    /// turn into code.
    static func commentText(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }

    /// A `Duration` expression in the largest unit that is exact: `.seconds(1)`.
    static func duration(_ model: DurationModel) -> String {
        let nanoseconds = model.nanoseconds
        if nanoseconds % 1_000_000_000 == 0 { return ".seconds(\(nanoseconds / 1_000_000_000))" }
        if nanoseconds % 1_000_000 == 0 { return ".milliseconds(\(nanoseconds / 1_000_000))" }
        if nanoseconds % 1_000 == 0 { return ".microseconds(\(nanoseconds / 1_000))" }
        return ".nanoseconds(\(nanoseconds))"
    }
}
