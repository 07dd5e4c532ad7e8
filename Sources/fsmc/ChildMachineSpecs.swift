import FSMCompiler
import FSMCommands

/// The machines a spec invokes as children (`invoke SignIn as signIn`), and those they invoke
/// in turn, compiled from the specs of its target (`--sibling`): what `graph` draws beside the
/// spec's chart, what `export` writes inside its document and what `paths` runs its children with.
struct ChildMachineSpecs {
    /// The models, by machine name.
    private(set) var models: [String: MachineModel] = [:]
    /// The executable machines, by machine name.
    private(set) var executables: [String: ExecutableMachine] = [:]

    /// Compiles every machine `model` invokes that `machines` holds, then theirs; `nil` (after
    /// printing its diagnostics) when one has errors. A child no spec declares was reported
    /// where the spec was checked.
    init?(invokedBy model: MachineModel, machines: TargetMachines, console: Console) {
        var pending = Self.invokedNames(model)
        while let name = pending.first {
            pending.removeFirst()
            guard models[name] == nil, let path = machines.path(ofMachine: name) else { continue }
            guard let compilation = CheckCommand(console: console).compile(path, warningsAsErrors: false, machines: machines.siblings(of: path)),
                let child = compilation.model, let executable = compilation.executable, !compilation.hasErrors
            else { return nil }
            models[name] = child
            executables[name] = executable
            pending += Self.invokedNames(child)
        }
    }

    /// The machines `model` invokes, in document order.
    private static func invokedNames(_ model: MachineModel) -> [String] {
        model.invocations.compactMap { invocation in
            if case .machine(let name) = invocation.kind { name } else { nil }
        }
    }
}
