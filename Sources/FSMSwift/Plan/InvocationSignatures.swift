import FSMCore

/// What the generated code calls an invocation's parts, decided once for the `Actions`
/// requirement, the work the machine starts, the delivery of its results and the tests that
/// implement the requirement (`fsmc paths`).
package enum InvocationSignatures {
    /// The data an invocation's function receives: its state's and the states' around it,
    /// innermost first, as the state's entry actions receive them.
    package static func data(of invocation: InvocationModel, in model: MachineModel) -> [ParameterModel] {
        model.path(from: invocation.owner).flatMap { model[$0].data }
    }

    /// The Swift type of what a call returns or each element of a stream holds: `Void`, the one
    /// value's type, or a labeled tuple (a label Swift reserves in backticks: a tuple type
    /// refuses `(init: Int, …)`).
    /// For a child machine, what it delivers besides its completion: its `Output` (`Never`
    /// when it has none).
    package static func valueType(of invocation: InvocationModel) -> String {
        if case .machine(let name) = invocation.kind {
            return invocation.child?.outputs.isEmpty ?? true ? "Never" : "\(name).Output"
        }
        return switch invocation.results.count {
        case 0: "Void"
        case 1: invocation.results[0].type
        default: "(" + invocation.results.map { SwiftNames.variable($0.label!) + ": " + $0.type }.joined(separator: ", ") + ")"
        }
    }

    /// The requirement: `nonisolated(nonsending) func ` and `fetchUser(id: Int) async throws ->
    /// User`. A machine that no attribute isolates runs the call on the actor it lives on, as a
    /// `nonisolated(nonsending)` function runs on its caller's.
    package static func requirement(of invocation: InvocationModel, in model: MachineModel) -> (lead: String, signature: String) {
        let parameters = SwiftNames.parameterList(data(of: invocation, in: model))
        switch invocation.kind {
        case .call:
            let value = valueType(of: invocation)
            let lead = model.isMainActor ? "func " : "nonisolated(nonsending) func "
            return (lead, invocation.name + parameters + " async throws" + (value == "Void" ? "" : " -> \(value)"))
        case .stream:
            return ("func ", invocation.name + parameters + " -> InvocationElements<\(valueType(of: invocation))>")
        case .machine(let child):
            // The child's observers go to its initializer: it may emit or finish as it starts.
            let data = data(of: invocation, in: model) + [ParameterModel(label: "observers", type: "[any \(child).Observer]")]
            return ("func ", invocation.name + SwiftNames.parameterList(data) + " -> \(child)")
        }
    }
}

extension PlanReader {
    func data(of invocation: InvocationModel) -> [ParameterModel] { InvocationSignatures.data(of: invocation, in: model) }

    func valueType(of invocation: InvocationModel) -> String { InvocationSignatures.valueType(of: invocation) }

    /// The function that takes the transitions of `result` of `invocation`: `takeDoneOfFetchUser`,
    /// `takeSignedInOutputOfSignIn` for a child machine's output `signedIn`.
    /// When another invocation's name is this one's with its first letter in upper case
    /// (`output` and `Output`), this one's stays as it is (`takeDoneOfoutput`): no other
    /// invocation's function has a lower-case letter there.
    func resultFunction(_ result: InvocationResult, of invocation: InvocationModel) -> String {
        let kind = switch result {
        case .done: "Done"
        case .error: "Error"
        case .element: "Element"
        case .output(let output): output.prefix(1).uppercased() + output.dropFirst() + "Output"
        }
        let capitalized = invocation.name.prefix(1).uppercased() + invocation.name.dropFirst()
        let clashes = capitalized != invocation.name && model.invocations.contains { $0.name == capitalized }
        return "take\(kind)Of\(clashes ? invocation.name : capitalized)"
    }
}
