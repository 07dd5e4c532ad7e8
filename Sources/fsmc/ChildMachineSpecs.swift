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
    init?(invokedBy model: MachineModel, machines: TargetMachines, console: Console, propertyBounds: ExplorationBounds.Overrides? = ExplorationBounds.Overrides()) {
        var pending = Self.invokedNames(model)
        while let name = pending.first {
            pending.removeFirst()
            guard models[name] == nil, let path = machines.path(ofMachine: name) else { continue }
            guard let compilation = CheckCommand(console: console).compile(
                path, warningsAsErrors: false, machines: machines.siblings(of: path), propertyBounds: propertyBounds),
                let child = compilation.model, let executable = compilation.executable, !compilation.hasErrors
            else { return nil }
            models[name] = child
            executables[name] = executable
            pending += Self.invokedNames(child)
        }
    }

    /// Reads the spec at `path` with the siblings a command line names (`--sibling`), compiles
    /// it, then the children it invokes; `refusals` says what the command cannot handle in the
    /// spec, given its children. `nil`, with every diagnostic printed, when the siblings cannot
    /// be read, or the spec or a child has errors or is refused.
    ///
    /// The children are compiled once the spec is known to be valid (a child with errors prints
    /// them, under its own path); a child no spec declares is the compiler's error.
    /// `propertyBounds`: as ``CheckCommand/compile(_:warningsAsErrors:machines:propertyBounds:refusals:)``,
    /// `nil` for a command that needs the specs' meaning, not their proofs.
    static func compile(
        _ path: String, siblings: [String], warningsAsErrors: Bool, console: Console,
        propertyBounds: ExplorationBounds.Overrides? = ExplorationBounds.Overrides(),
        refusals: (MachineModel, ChildMachineSpecs) -> [Diagnostic] = { _, _ in [] }
    ) -> (compilation: Compilation, children: ChildMachineSpecs)? {
        let machines: TargetMachines
        do {
            machines = try TargetMachines(specs: [path], siblings: siblings)
        } catch {
            console.error("fsmc: error: \(error.message)\n")
            return nil
        }
        var children: ChildMachineSpecs?
        guard let compilation = CheckCommand(console: console).compile(
            path, warningsAsErrors: warningsAsErrors, machines: machines.siblings(of: path), propertyBounds: propertyBounds,
            refusals: { machine in
                let model = machine.model
                children = ChildMachineSpecs(invokedBy: model, machines: machines, console: console, propertyBounds: propertyBounds)
                return children.map { refusals(model, $0) } ?? []
            }),
              !compilation.hasErrors, let children
        else {
            return nil
        }
        return (compilation, children)
    }

    /// The machines `model` invokes, in document order.
    private static func invokedNames(_ model: MachineModel) -> [String] {
        model.invocations.compactMap { invocation in
            if case .machine(let name) = invocation.kind { name } else { nil }
        }
    }
}
