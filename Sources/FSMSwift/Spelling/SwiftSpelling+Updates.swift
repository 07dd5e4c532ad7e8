import FSMCore

/// Language version 4's `update(field: value, …)`: the data a transition changes without
/// leaving the state that owns them.
///
/// The code of a transition binds each datum it reads to a variable named after its label
/// (`case .downloading(url: let url, progress: let progress)`). An update does not assign
/// those: the actions after it read the new value under another name (a payload's variable,
/// a literal, or `let newProgress = actions.next(…)` for a value function's), and the
/// configuration is given the new values once, where the transition sets it: its target's
/// value, or for a transition without a target `state = state.updatingDownloading(progress:
/// fraction)` after its actions (``StateUpdatesGenerator`` writes those functions).
extension SwiftSpelling {
    /// The variable holding datum `label` here: the walk's, or the one an earlier update of
    /// the body being written gave it.
    func dataVariable(_ label: String) -> String {
        updatedData[label] ?? SwiftNames.variable(label)
    }

    /// Runs `body` reading the data in `renames` (label → variable or expression) from where
    /// the updates before it put them.
    func reading<Result>(_ renames: [String: String], _ body: () -> Result) -> Result {
        guard !renames.isEmpty else { return body() }
        let outer = updatedData
        updatedData.merge(renames) { $1 }
        defer { updatedData = outer }
        return body()
    }

    /// The new values of one `update(…)`, each spelled with what the data were before it (the
    /// fields of one update change together), as label → expression: what a pure function
    /// returns, which runs no action.
    func newValues(_ updates: [DataUpdate], event: EventID?, receiver: String) -> [String: String] {
        Dictionary(uniqueKeysWithValues: updates.map { ($0.field, valueCode($0.argument.value, event: event, receiver: receiver)) })
    }

    /// ``newValues(_:event:receiver:)`` as the running machine's actions compute them: a value
    /// function's result is bound first (`let newProgress = actions.next(progress: progress)`),
    /// so that the code after it does not call it again.
    func emitUpdate(_ updates: [DataUpdate], event: EventID?, into writer: inout CodeWriter) -> [String: String] {
        var values = newValues(updates, event: event, receiver: "actions")
        for update in updates where update.argument.value.isComputed {
            let variable = freshVariable(for: update.field)
            writer.line("let \(variable) = \(values[update.field]!)")
            values[update.field] = variable
        }
        return values
    }

    /// `newProgress`, or `newProgress2` when an update before it in the body took that name.
    private func freshVariable(for label: String) -> String {
        let base = "new" + label.prefix(1).uppercased() + label.dropFirst()
        var candidate = base
        var suffix = 1
        while updatedData.values.contains(candidate) {
            suffix += 1
            candidate = base + String(suffix)
        }
        return candidate
    }

    /// What the updates among `actions` change, as one call of the configuration's updating
    /// function (`state.updatingDownloading(progress: fraction)`), reading `renames` (what
    /// the actions left the data as); `nil` without updates.
    func updatedConfiguration(of actions: [ActionModel], subject: String, renames: [String: String]) -> String? {
        guard let change = plan.stateUpdates.change(made: actions) else { return nil }
        let arguments = change.fields.map { field in "\(field.label!): \(renames[field.label!] ?? SwiftNames.variable(field.label!))" }
        return "\(subject).\(change.functionName)(" + arguments.joined(separator: ", ") + ")"
    }
}

extension ArgumentModel.Value {
    /// Whether a function the user implements computes it.
    var isComputed: Bool {
        switch self {
        case .computed, .computedWithArguments: true
        case .string, .integer, .float, .boolean, .nil, .payload, .data: false
        }
    }
}
