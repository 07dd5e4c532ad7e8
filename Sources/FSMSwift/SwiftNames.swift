import FSMCore

/// Spelling of model names and values in generated Swift.
package enum SwiftNames {
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
    package static func configuration(atLeaf leaf: StateID, in model: MachineModel) -> String {
        configuration(path: Array(model.path(from: leaf).reversed()), in: model)
    }

    /// The configuration whose active states are `active` (every active state, or at least
    /// every active atomic state with its ancestors), as a value of the generated `State`:
    /// a compound state's case carries its active child, a parallel state's case its struct
    /// with one property per region: `.main(.editor(.init(bold: .boldOn, italic: .italicOff)))`.
    package static func configuration(active: [StateID], in model: MachineModel) -> String {
        let isActive = Set(active)
        func value(_ state: StateID) -> String {
            "." + model[state].name + (model[state].isAtomic ? "" : "(" + inside(state) + ")")
        }
        func inside(_ state: StateID) -> String {
            let children = model[state].children
            if model[state].isParallel {
                return ".init(" + model.storedRegions(of: state).map { "\(model[$0].name): \(inside($0))" }.joined(separator: ", ") + ")"
            }
            return value(children.first(where: isActive.contains) ?? model[state].initialChild ?? children[0])
        }
        return value(model.topLevelStates.first(where: isActive.contains) ?? model.initialState)
    }

    /// `path` (outermost first) as nested cases: `.a(.b(.c))`.
    package static func configuration(path: some Collection<StateID>, in model: MachineModel) -> String {
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
    package static func parameterList(_ parameters: [ParameterModel]) -> String {
        let variables = payloadVariables(parameters)
        let items = zip(parameters, variables).map { parameter, variable in
            parameter.label != nil ? "\(parameter.label!): \(parameter.type)" : "_ \(variable): \(parameter.type)"
        }
        return "(" + items.joined(separator: ", ") + ")"
    }

    /// `["to: to"]` or `["payload"]`: a bound payload passed on, item by item.
    static func argumentItems(_ parameters: [ParameterModel]) -> [String] {
        zip(parameters, payloadVariables(parameters)).map { parameter, variable in
            parameter.label.map { "\($0): \(variable)" } ?? variable
        }
    }

    /// An enum case's associated values: `(to: Double)` or `(String)`.
    static func associatedValues(_ parameters: [ParameterModel]) -> String {
        parameters.isEmpty ? "" : "(" + parameters.map(\.description).joined(separator: ", ") + ")"
    }

    /// Text for a `//` or `///` comment, such as the spec's file name: control characters
    /// (a line break in a file name) become `?`, so the text cannot end the comment and
    /// turn into code.
    package static func commentText(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }

    /// A `Duration` expression in the largest unit that is exact: `.seconds(1)`.
    package static func duration(_ model: DurationModel) -> String {
        let nanoseconds = model.nanoseconds
        if nanoseconds % 1_000_000_000 == 0 { return ".seconds(\(nanoseconds / 1_000_000_000))" }
        if nanoseconds % 1_000_000 == 0 { return ".milliseconds(\(nanoseconds / 1_000_000))" }
        if nanoseconds % 1_000 == 0 { return ".microseconds(\(nanoseconds / 1_000))" }
        return ".nanoseconds(\(nanoseconds))"
    }
}
