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
    /// The change of each set of fields, by its fields' keys (``fieldKeys(changedBy:)``).
    private let changeByFields: [[FieldKey]: Int]

    /// A field: the state owning it and its label (unique along a path, not in the machine:
    /// `receiving(received:)` and `paused(received:)` are two fields).
    private struct FieldKey: Hashable, Comparable {
        let owner: StateID
        let label: String

        static func < (lhs: FieldKey, rhs: FieldKey) -> Bool {
            (lhs.owner.index, lhs.label) < (rhs.owner.index, rhs.label)
        }
    }

    init(_ machine: ExecutableMachine) {
        let model = machine.model
        var changes: [Change] = []
        var changeByFields: [[FieldKey]: Int] = [:]
        for transition in model.allTransitions {
            guard let fields = Self.changedFields(by: transition.actions, in: machine),
                  changeByFields[fields.keys] == nil else { continue }
            changeByFields[fields.keys] = changes.count
            let name = "updating" + SwiftNames.stateTypeName(model[fields.innermostOwner].name)
            changes.append(Change(innermostOwner: fields.innermostOwner, fields: fields.parameters, functionName: name))
        }
        self.changes = changes
        self.changeByFields = changeByFields
    }

    /// The change the updates among `actions` make together, `nil` when they make none.
    func change(made actions: [ActionModel]) -> Change? {
        guard !changes.isEmpty, let keys = Self.fieldKeys(changedBy: actions) else { return nil }
        return changeByFields[keys].map { changes[$0] }
    }

    /// The fields `actions`' updates change, sorted; `nil` when none.
    private static func fieldKeys(changedBy actions: [ActionModel]) -> [FieldKey]? {
        let keys = Set(actions.flatMap(\.dataUpdates).map { FieldKey(owner: $0.owner, label: $0.field) })
        return keys.isEmpty ? nil : keys.sorted()
    }

    private static func changedFields(
        by actions: [ActionModel], in machine: ExecutableMachine
    ) -> (keys: [FieldKey], innermostOwner: StateID, parameters: [ParameterModel])? {
        guard let keys = fieldKeys(changedBy: actions) else { return nil }
        let owners = Set(keys.map(\.owner))
        // The owners lie on one path: the innermost is the deepest.
        let innermost = owners.max { machine.depth(of: $0) < machine.depth(of: $1) }!
        var parameters: [ParameterModel] = []
        for state in machine.path(to: innermost) where owners.contains(state) {
            parameters += machine.model[state].data.filter { keys.contains(FieldKey(owner: state, label: $0.label!)) }
        }
        return (keys, innermost, parameters)
    }
}
