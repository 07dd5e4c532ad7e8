/// A guard or an action the user implements: its name and the parameters its requirement
/// takes.
///
/// Used bare (`name`) it takes the triggering event's payload, then the data of its state
/// and the states around it; as `name()` the data only; called with arguments
/// (`name(url: url, progress)`, language version 4) exactly those, ``explicitParameters``.
/// Every use of one name takes the same ``parameters``.
public struct CallableModel: Hashable, Sendable {
    public var name: String
    /// The triggering event's payload; empty for entry/exit actions, for eventless and
    /// delayed transitions, where it is called as `name()`, and where it is called with
    /// arguments.
    public var payload: [ParameterModel]
    /// The data of the state it belongs to and of its ancestors, innermost first; empty where
    /// it is called with arguments.
    public var data: [ParameterModel] = []
    /// The parameters of a name called with arguments, `name(url: url, progress)`: labeled
    /// as written (an unlabeled argument takes the label of the payload or data it names), of
    /// the type of the payload, data or literal given. `nil` for a name used bare or as
    /// `name()`.
    public var explicitParameters: [ParameterModel]? = nil
    /// Where the spec first uses it, if it came from a spec's text: a missing implementation is
    /// reported there.
    public var firstUse: SourceLocation?

    public init(
        name: String, payload: [ParameterModel], data: [ParameterModel] = [], explicitParameters: [ParameterModel]? = nil,
        firstUse: SourceLocation? = nil
    ) {
        self.name = name
        self.payload = payload
        self.data = data
        self.explicitParameters = explicitParameters
        self.firstUse = firstUse
    }

    /// What the requirement takes: the parameters written, else the payload, then the data.
    public var parameters: [ParameterModel] { explicitParameters ?? payload + data }
}

/// A function the user implements that computes a value: a target's data, an argument of
/// `emit`, `raise`, `update` or a call, the delay of `after name`.
public struct ValueFunctionModel: Hashable, Sendable {
    public var name: String
    /// The triggering event's payload, when there is one (empty where it is called with
    /// arguments).
    public var payload: [ParameterModel]
    /// The data of the state whose transition or block uses it, and of its ancestors,
    /// innermost first (empty where it is called with arguments).
    public var data: [ParameterModel]
    /// The Swift type it returns, as written where the value goes.
    public var returnType: String
    /// Where the spec first uses it, if it came from a spec's text.
    public var firstUse: SourceLocation? = nil
    /// The parameters of a function called with arguments, `elapsed(since: since)`, as for
    /// ``CallableModel/explicitParameters``; `nil` for a name used bare.
    public var explicitParameters: [ParameterModel]? = nil

    /// What the requirement takes: the parameters written, else the payload, then the data.
    public var parameters: [ParameterModel] { explicitParameters ?? payload + data }
}

/// One field an `update(…)` gives a new value: the state that declares the field (the
/// transition's state or a state around it) and the value, labeled with the field's name.
public struct DataUpdate: Hashable, Sendable {
    /// The state whose data field changes.
    public var owner: StateID
    /// The new value, its label the field's.
    public var argument: ArgumentModel

    public init(owner: StateID, argument: ArgumentModel) {
        self.owner = owner
        self.argument = argument
    }

    /// The field's label.
    public var field: String { argument.label ?? "" }
}
