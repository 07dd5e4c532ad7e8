/// Resolves the machine of `invoke Machine as name` against the other machines of the target
/// and checks that the parent can run it: known, declared by one spec, parsing, on the
/// parent's isolation, and not invoking the parent back.
///
/// **Isolation.** A child runs on its parent's isolation, inside the parent's steps. A machine
/// without `@MainActor` is isolated to no actor and runs wherever its owner runs, so any
/// parent can invoke it; a `@MainActor` machine can only be run by a `@MainActor` parent,
/// which is on the main actor whenever it steps.
///
/// **Observation.** A child's `@Observable` class needs Observation's platforms, and so does
/// the parent's code that holds it: ``observableMachines(runBy:)`` follows the children and
/// their children for the model's ``MachineModel/observableChildMachines``.
///
/// **Cycles.** A machine that invokes itself, directly or through others, would start a new
/// copy of itself on each entry of the invoking state without end. Each spec of the cycle
/// reports it at its own `invoke … as` that leads back to it, so the error is at each line
/// of the cycle and each is reported once, by its own spec.
struct ChildMachineCheck {
    /// The parent's own interface.
    let parent: MachineInterface
    /// The target's machines, the parent's in place of any other of its name.
    let machines: MachineCatalog
    let diagnostics: DiagnosticCollector

    init(parent: MachineInterface, siblings: MachineCatalog, diagnostics: DiagnosticCollector) {
        self.parent = parent
        machines = siblings.replacing(parent)
        self.diagnostics = diagnostics
    }

    /// The interface of the machine `invoke` runs; `nil` when it cannot be run (reported).
    func resolve(_ machine: Identifier, invokedAt range: SourceRange) -> MachineInterface? {
        let child: MachineInterface
        switch machines.lookUp(machine.text) {
        case .none:
            diagnostics.reportUnknown(machine, kind: .machine) { machines.names }
            return nil
        case .ambiguous(let count):
            diagnostics.error(
                "\(count) specs of the target declare a machine '\(machine.text)'; rename all but one, so that 'invoke' names one machine",
                at: machine.range)
            return nil
        case .machine(let interface):
            child = interface
        }
        var runnable = true
        if child.hasSyntaxErrors {
            diagnostics.error(
                "machine '\(child.name)' has syntax errors (reported in its own spec); fix them before invoking it",
                at: machine.range)
            runnable = false
        }
        if child.isMainActor && !parent.isMainActor {
            diagnostics.error(
                "'@MainActor' machine '\(child.name)' cannot run on the isolation of '\(parent.name)', which is not '@MainActor'; a child runs on its parent's isolation, so make '\(parent.name)' '@MainActor' or remove '@MainActor' from '\(child.name)'",
                at: machine.range)
            runnable = false
        }
        if let cycle = cycle(through: child.name) {
            diagnostics.error(
                "machines invoke each other in a cycle (\(cycle.joined(separator: " → "))): each entry of the state would start another copy without end",
                at: range)
            runnable = false
        }
        return runnable ? child : nil
    }

    /// The `@Observable` machines among `children` (the parent's resolved child machines) and
    /// the machines they invoke in turn, as far as the target's machines say, sorted by name.
    func observableMachines(runBy children: [MachineInterface]) -> [String] {
        var observable: Set<String> = []
        var seen = Set(children.map(\.name))
        var queue = children
        var next = 0
        while next < queue.count {
            let machine = queue[next]
            next += 1
            if machine.isObservable { observable.insert(machine.name) }
            for invoked in machine.invokedMachines where !seen.contains(invoked) {
                seen.insert(invoked)
                if case .machine(let interface) = machines.lookUp(invoked) { queue.append(interface) }
            }
        }
        return observable.sorted()
    }

    /// The machines from the parent through `child` back to the parent, when `child` leads
    /// back to it; `nil` otherwise. Breadth first in document order, so the shortest cycle,
    /// the same in every run.
    private func cycle(through child: String) -> [String]? {
        var cameFrom: [String: String] = [child: parent.name]
        var queue = [child]
        var next = 0
        while next < queue.count {
            let current = queue[next]
            next += 1
            if current == parent.name {
                var path = [current]
                var step = current
                repeat {
                    step = cameFrom[step]!
                    path.append(step)
                } while step != parent.name
                return path.reversed()
            }
            guard case .machine(let interface) = machines.lookUp(current) else { continue }
            for invoked in interface.invokedMachines where cameFrom[invoked] == nil {
                cameFrom[invoked] = current
                queue.append(invoked)
            }
        }
        return nil
    }
}
