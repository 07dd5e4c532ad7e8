import FSMCore

/// What the generated code calls an invocation's parts, decided once for the `Actions`
/// requirement, the work the machine starts and the delivery of its results.
extension PlanReader {
    /// The data an invocation's function receives: its state's and the states' around it,
    /// innermost first, as the state's entry actions receive them.
    func data(of invocation: InvocationModel) -> [ParameterModel] {
        model.path(from: invocation.owner).flatMap { model[$0].data }
    }

    /// The Swift type of what a call returns or each element of a stream holds: `Void`, the one
    /// value's type, or a labeled tuple (a label Swift reserves in backticks: a tuple type
    /// refuses `(init: Int, …)`).
    func valueType(of invocation: InvocationModel) -> String {
        switch invocation.results.count {
        case 0: "Void"
        case 1: invocation.results[0].type
        default: "(" + invocation.results.map { SwiftNames.variable($0.label!) + ": " + $0.type }.joined(separator: ", ") + ")"
        }
    }

    /// `nonisolated(nonsending) func fetchUser(id: Int) async throws -> User` without its
    /// leading words: the requirement's name and signature after `func`.
    func requirementSignature(of invocation: InvocationModel) -> String {
        let parameters = SwiftNames.parameterList(data(of: invocation))
        switch invocation.kind {
        case .call:
            let value = valueType(of: invocation)
            return invocation.name + parameters + " async throws" + (value == "Void" ? "" : " -> \(value)")
        case .stream, .machine:
            return invocation.name + parameters + " -> InvocationElements<\(valueType(of: invocation))>"
        }
    }

    /// What precedes `func` in the requirement: a machine that no attribute isolates runs the
    /// call on the actor it lives on, as a `nonisolated(nonsending)` function runs on its
    /// caller's.
    func requirementLead(of invocation: InvocationModel) -> String {
        if case .call = invocation.kind, !model.isMainActor { "nonisolated(nonsending) func " } else { "func " }
    }

    /// The function that takes the transitions of `result` of `invocation`: `takeDoneOfFetchUser`.
    /// When another invocation's name is this one's with its first letter in upper case
    /// (`output` and `Output`), this one's stays as it is (`takeDoneOfoutput`): no other
    /// invocation's function has a lower-case letter there.
    func resultFunction(_ result: InvocationResult, of invocation: InvocationModel) -> String {
        let kind = switch result {
        case .done: "Done"
        case .error: "Error"
        case .element: "Element"
        }
        let capitalized = invocation.name.prefix(1).uppercased() + invocation.name.dropFirst()
        let clashes = capitalized != invocation.name && model.invocations.contains { $0.name == capitalized }
        return "take\(kind)Of\(clashes ? invocation.name : capitalized)"
    }
}
