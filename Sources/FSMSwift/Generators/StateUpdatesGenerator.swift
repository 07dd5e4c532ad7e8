import FSMCore

/// The functions of `State` that language version 4's `update(…)` calls: the configuration
/// with new values for some data fields and everything else as it was, whatever is active
/// inside their states.
///
/// ```swift
/// extension Download.State {
///     /// This configuration with new values for `downloading`'s `progress`.
///     fileprivate func updatingDownloading(progress: Double) -> Download.State {
///         guard case .downloading(url: let url, progress: _) = self else { return self }
///         return .downloading(url: url, progress: progress)
///     }
/// }
/// ```
struct StateUpdatesGenerator: PlanReader {
    let plan: SwiftPlan
    let spelling: SwiftSpelling

    func emitStateUpdates(into writer: inout CodeWriter) {
        let changes = plan.stateUpdates.changes
        guard !changes.isEmpty else { return }
        let stateType = "\(model.name).State"
        writer.line()
        writeAvailability(into: &writer)
        writer.block("extension \(stateType)") { writer in
            for (position, change) in changes.enumerated() {
                if position > 0 { writer.line() }
                emitFunction(change, stateType: stateType, into: &writer)
            }
        }
    }

    private func emitFunction(_ change: StateUpdates.Change, stateType: String, into writer: inout CodeWriter) {
        let owner = change.innermostOwner
        let path = machine.path(to: owner)
        let changed = Set(change.fields.map { $0.label! })
        let kept = Set(path.flatMap { model[$0].data.map { $0.label! } }).subtracting(changed)
        let parameters = change.fields.map { "\($0.label!): \(PayloadTraits.parameterType($0.type))" }.joined(separator: ", ")
        writer.line("/// This configuration with new values for " + describe(change) + ".")
        writer.block("fileprivate func \(change.functionName)(\(parameters)) -> \(stateType)") { writer in
            let inside = model[owner].isAtomic ? nil : "inside"
            let (clauses, child) = spelling.configurationClauses(path, binding: kept, child: inside, subject: "self")
            writer.line("guard \(clauses.joined(separator: ", ")) else { return self }")
            let value = spelling.configurationValue(
                keeping: path, entering: [], data: spelling.boundData, historyOwner: inside == nil ? nil : owner,
                historyInside: child?.expression)
            writer.line("return \(value)")
        }
    }

    /// "`downloading`'s `progress`", "`session`'s `since` and `detail`'s `tries`".
    private func describe(_ change: StateUpdates.Change) -> String {
        let path = machine.path(to: change.innermostOwner)
        let labels = Set(change.fields.map { $0.label! })
        let parts = path.compactMap { state -> String? in
            let fields = model[state].data.compactMap(\.label).filter(labels.contains)
            guard !fields.isEmpty else { return nil }
            return "`\(model[state].name)`'s " + Self.list(fields.map { "`\($0)`" })
        }
        return Self.list(parts)
    }

    /// "a", "a and b", "a, b and c".
    private static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
