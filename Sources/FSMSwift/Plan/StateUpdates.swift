import FSMCore

/// The changes `update(…)` makes to the configuration, each written once as a function of
/// `State` (``StateUpdatesGenerator``): `updatingDownloading(progress:)` gives the fields
/// named new values and keeps everything else, whatever is active inside.
///
/// The fields one transition's updates change all belong to its state or states around it,
/// so they lie on one path from the top level: one function per set of fields, named after
/// the innermost state that owns one of them.
struct StateUpdates {
    /// One set of fields changed together.
    struct Change {
        /// The innermost state owning one of the fields: the function matches the
        /// configuration down to it.
        let innermostOwner: StateID
        /// The fields, outermost state first and in declaration order within a state.
        let fields: [ParameterModel]
        /// `updatingDownloading`.
        let functionName: String
    }

    /// Every change the machine's transitions make, in the order of their first use.
    let changes: [Change]
    /// The change of each set of fields, by its fields' labels (unique along a path).
    private let changeByLabels: [[String]: Int]

    init(_ machine: ExecutableMachine) {
        let model = machine.model
        var changes: [Change] = []
        var changeByLabels: [[String]: Int] = [:]
        for transition in model.allTransitions {
            guard let fields = Self.changedFields(by: transition.actions, in: machine),
                  changeByLabels[fields.labels] == nil else { continue }
            changeByLabels[fields.labels] = changes.count
            let name = "updating" + SwiftNames.stateTypeName(model[fields.innermostOwner].name)
            changes.append(Change(innermostOwner: fields.innermostOwner, fields: fields.parameters, functionName: name))
        }
        self.changes = changes
        self.changeByLabels = changeByLabels
    }

    /// The change the updates among `actions` make together, `nil` when they make none.
    func change(made actions: [ActionModel]) -> Change? {
        guard !changes.isEmpty, let labels = Self.changedLabels(by: actions) else { return nil }
        return changeByLabels[labels].map { changes[$0] }
    }

    /// The labels `actions`' updates change, sorted; `nil` when none.
    private static func changedLabels(by actions: [ActionModel]) -> [String]? {
        var labels: Set<String> = []
        for action in actions { labels.formUnion(action.dataUpdates.map(\.field)) }
        return labels.isEmpty ? nil : labels.sorted()
    }

    private static func changedFields(
        by actions: [ActionModel], in machine: ExecutableMachine
    ) -> (labels: [String], innermostOwner: StateID, parameters: [ParameterModel])? {
        guard let labels = changedLabels(by: actions) else { return nil }
        var owners: Set<StateID> = []
        for action in actions { owners.formUnion(action.dataUpdates.map(\.owner)) }
        // The owners lie on one path: the innermost is the deepest.
        let innermost = owners.max { machine.depth(of: $0) < machine.depth(of: $1) }!
        var parameters: [ParameterModel] = []
        for state in machine.path(to: innermost) where owners.contains(state) {
            parameters += machine.model[state].data.filter { labels.contains($0.label!) }
        }
        return (labels, innermost, parameters)
    }
}
