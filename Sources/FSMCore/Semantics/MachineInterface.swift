/// What a machine shows the machines that invoke it (`invoke SignIn as signIn`): its outputs,
/// whether it finishes, its isolation, whether it is `@Observable` and the machines it invokes
/// in turn.
///
/// Read from the syntax of its spec, not its checked model, so that a parent is checked
/// against a child whatever the child's own semantic errors: those are reported once, where
/// the child's spec is checked, never again at each parent.
public struct MachineInterface: Hashable, Sendable {
    /// An output the parent hears as `on child.name`, with its payload.
    public struct Output: Hashable, Sendable {
        public var name: String
        public var parameters: [ParameterModel]

        public init(name: String, parameters: [ParameterModel]) {
            self.name = name
            self.parameters = parameters
        }
    }

    public var name: String
    /// In declaration order.
    public var outputs: [Output]
    /// Whether a state at the top level is final: only then does the machine finish, and a
    /// parent hear `done child`.
    public var hasTopLevelFinalState: Bool
    /// `@MainActor machine …`.
    public var isMainActor: Bool
    /// `@Observable machine …`: its generated class needs Observation, and so does the code of
    /// every machine that runs it (``MachineModel/observableChildMachines``).
    public var isObservable: Bool
    /// The machines its states invoke (`invoke Machine as name`), in document order, each
    /// once: what the check for machines invoking each other in a cycle follows.
    public var invokedMachines: [String]
    /// Whether its spec does not parse: what it declares may then be incomplete.
    public var hasSyntaxErrors: Bool

    public init(
        name: String, outputs: [Output], hasTopLevelFinalState: Bool, isMainActor: Bool,
        isObservable: Bool = false, invokedMachines: [String] = [], hasSyntaxErrors: Bool = false
    ) {
        self.name = name
        self.outputs = outputs
        self.hasTopLevelFinalState = hasTopLevelFinalState
        self.isMainActor = isMainActor
        self.isObservable = isObservable
        self.invokedMachines = invokedMachines
        self.hasSyntaxErrors = hasSyntaxErrors
    }

    /// The interface `machine` declares.
    public init(_ machine: MachineSyntax, hasSyntaxErrors: Bool = false) {
        var outputs: [Output] = []
        var hasTopLevelFinalState = false
        for member in machine.members {
            switch member {
            case .output(let output):
                outputs.append(
                    Output(
                        name: output.name.text,
                        parameters: output.parameters.map { ParameterModel(label: $0.label?.text, type: $0.type) }))
            case .state(let state) where state.has(.final):
                hasTopLevelFinalState = true
            default:
                break
            }
        }
        var invoked: [String] = []
        Self.collectInvokedMachines(in: machine.members, into: &invoked)
        self.init(
            name: machine.name.text, outputs: outputs, hasTopLevelFinalState: hasTopLevelFinalState,
            isMainActor: machine.attributes.contains { $0.text == "@MainActor" },
            isObservable: machine.attributes.contains { $0.text == "@Observable" }, invokedMachines: invoked,
            hasSyntaxErrors: hasSyntaxErrors)
    }

    /// The output named `name`, if the machine declares one.
    public func output(named name: String) -> Output? {
        outputs.first { $0.name == name }
    }

    private static func collectInvokedMachines(in members: [MemberSyntax], into invoked: inout [String]) {
        for member in members {
            switch member {
            case .invoke(let invoke):
                if case .machine(let machine) = invoke.kind, !invoked.contains(machine.text) {
                    invoked.append(machine.text)
                }
            case .state(let state):
                collectInvokedMachines(in: state.members, into: &invoked)
            default:
                break
            }
        }
    }
}
