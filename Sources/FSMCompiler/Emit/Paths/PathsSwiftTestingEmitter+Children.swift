import FSMCore
import FSMSwift
/// Child machines (`invoke Resolver as resolver`) in Swift Testing paths: the generated machine
/// makes each child through its `Actions` requirement (`func resolver(observers:) -> Resolver`),
/// which the path's script implements as an app does: it makes the child with a scripted
/// `Actions` of its own, which answers the child's guards from the step's holding guards (one
/// set of names for the whole step, as the planner answers them), gives it the path's
/// `ManualClock` and `ManualInvocationDriver` when it takes them, and keeps the running child
/// (weakly: the machine holds it while it runs) so that a step `to resolver: keepMine` sends it
/// the event. A grandchild is made by its parent's script the same way and kept by the path's
/// script too.
extension PathsSwiftTestingEmitter {
    /// A child machine the tests make, at a chain of invocations from the tested machine.
    struct ScriptedChild {
        /// The invocations from the tested machine down to the child: its own invocation's first.
        var chain: [InvocationID]
        /// The invocations' names (`["resolver", "inner"]`).
        var names: [String]
        var model: MachineModel
        /// The script class that answers the child's guards (`ResolverPathScript`); `nil` when
        /// the child has no `Actions`.
        var scriptName: String?

        /// `runningResolver`, `runningResolverInner`: the path script's weak reference to the
        /// running child.
        var property: String { "running" + names.map(PathsSwiftTestingEmitter.capitalized).joined() }
    }

    static func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }

    /// Every child machine the tested machine can run, at any depth, in document order, each
    /// before its own children.
    var scriptedChildren: [ScriptedChild] {
        var result: [ScriptedChild] = []
        var used: Set<String> = [scriptName]
        func visit(_ parent: MachineModel, chain: [InvocationID], names: [String]) {
            for invocation in parent.invocations {
                guard case .machine(let name) = invocation.kind, let child = plan.children[name] else { continue }
                let childChain = chain + [invocation.id]
                let childNames = names + [invocation.name]
                var scriptName: String?
                if Self.hasActions(child) {
                    var candidate = childNames.map(Self.capitalized).joined() + "PathScript"
                    while used.contains(candidate) { candidate = "Child" + candidate }
                    used.insert(candidate)
                    scriptName = candidate
                }
                result.append(ScriptedChild(chain: childChain, names: childNames, model: child, scriptName: scriptName))
                visit(child, chain: childChain, names: childNames)
            }
        }
        visit(model, chain: [], names: [])
        return result
    }

    /// Whether the generated machine of `model` takes `actions:`.
    static func hasActions(_ model: MachineModel) -> Bool {
        !model.guards.isEmpty || !model.actions.isEmpty || !model.valueFunctions.isEmpty || !model.invocations.isEmpty
    }

    /// Whether the generated machine of `model` takes `clock:`.
    static func hasTimers(_ model: MachineModel) -> Bool {
        model.states.contains { $0.transitions.contains { $0.trigger.isTimer } }
            || model.machineTransitions.contains { $0.trigger.isTimer }
    }

    /// Whether some child takes the path's clock: the script keeps it for them.
    var childrenTakeTheClock: Bool { scriptedChildren.contains { Self.hasTimers($0.model) } }

    /// Whether some child takes an invocation driver: the script keeps the path's for them.
    var childrenTakeInvocations: Bool { scriptedChildren.contains { !$0.model.invocations.isEmpty } }

    /// Whether the tests drive child machines.
    var drivesChildren: Bool { !scriptedChildren.isEmpty }

    /// What Swift Testing paths of `model` cannot drive, each a located error at the `invoke`
    /// that runs it: a child machine outside the main actor under a `@MainActor` machine (its
    /// scripted `Actions`, outside any actor, could not read the path's guard answers, kept on
    /// the main actor). `children`: the machines it runs as children, and theirs, by name.
    public static func refusals(_ model: MachineModel, children: [String: MachineModel]) -> [Diagnostic] {
        guard model.isMainActor else { return [] }
        // The machines under one invocation of the tested machine, at any depth: a refusal is
        // located at that `invoke`, the one line of the tested spec that leads to it.
        func outsideTheMainActor(under name: String, visited: inout Set<String>) -> String? {
            guard visited.insert(name).inserted, let child = children[name] else { return nil }
            if !child.isMainActor, hasActions(child) { return name }
            for invocation in child.invocations {
                if case .machine(let next) = invocation.kind, let found = outsideTheMainActor(under: next, visited: &visited) { return found }
            }
            return nil
        }
        return model.invocations.compactMap { invocation in
            var visited: Set<String> = []
            guard case .machine(let name) = invocation.kind, let machine = outsideTheMainActor(under: name, visited: &visited) else { return nil }
            return Diagnostic(
                .error,
                "Swift Testing paths cannot drive '\(invocation.name)': machine '\(machine)' is not @MainActor under @MainActor machine "
                    + "'\(model.name)', so the script of its guards could not read the path's guard answers, kept on the main actor",
                at: invocation.range)
        }
    }

    /// The path script's members that keep the children: the clock and the driver they share
    /// with the tested machine, and each running child.
    func emitChildKeeping(into writer: inout CodeWriter) {
        if childrenTakeTheClock || childrenTakeInvocations { writer.line() }
        if childrenTakeTheClock {
            writer.line("/// The path's clock: the child machines' timers run on it, as the machine's do.")
            writer.line("let clock: ManualClock")
        }
        if childrenTakeInvocations {
            writer.line("/// The path's invocation driver, which the child machines run their invocations on.")
            writer.line("let invocations: ManualInvocationDriver")
        }
        writer.line()
        for child in scriptedChildren {
            let how = child.names.count == 1 ? "" : " (run by \(child.names.dropLast().joined(separator: ".")))"
            writer.line("/// The running `\(child.names.last!)`\(how), which the path sends its events; `nil` once it stopped.")
            writer.line("weak var \(child.property): \(child.model.name)?")
        }
        if childrenTakeTheClock || childrenTakeInvocations {
            let parameters = (childrenTakeTheClock ? ["clock: ManualClock"] : []) + (childrenTakeInvocations ? ["invocations: ManualInvocationDriver"] : [])
            writer.line()
            writer.block("init(\(parameters.joined(separator: ", ")))") { writer in
                if childrenTakeTheClock { writer.line("self.clock = clock") }
                if childrenTakeInvocations { writer.line("self.invocations = invocations") }
            }
        }
    }

    /// The requirement that makes the child machine `invocation` runs, in the script of the
    /// machine at `chain` (`[]`: the tested machine's): it makes the child with its script, the
    /// path's clock and driver when it takes them, and keeps it. `script` is how that script
    /// names the path's script (`self` in the path's own). `false` for a child the plan lacks.
    func emitChildFactory(
        _ invocation: InvocationModel, of parent: MachineModel, at chain: [InvocationID], script: String, into writer: inout CodeWriter
    ) -> Bool {
        guard let child = scriptedChildren.first(where: { $0.chain == chain + [invocation.id] }) else { return false }
        let requirement = InvocationSignatures.requirement(of: invocation, in: parent)
        var arguments: [String] = []
        if let scriptName = child.scriptName { arguments.append("actions: \(scriptName)(script: \(script))") }
        if Self.hasTimers(child.model) { arguments.append("clock: \(script == "self" ? "" : script + ".")clock") }
        if !child.model.invocations.isEmpty { arguments.append("invocations: \(script == "self" ? "" : script + ".")invocations") }
        arguments.append("observers: observers")
        writer.block("\(requirement.lead)\(requirement.signature)") { writer in
            writer.line("let child = \(child.model.name)(\(arguments.joined(separator: ", ")))")
            writer.line("\(script == "self" ? "" : script + ".")\(child.property) = child")
            writer.line("return child")
        }
        return true
    }

    /// The script of each child machine with `Actions`: it answers the child's guards from the
    /// path script's holding guards, its actions do nothing, its value functions return
    /// samples, and it makes the child's own children.
    func emitChildScripts(into writer: inout CodeWriter) {
        for child in scriptedChildren {
            guard let name = child.scriptName else { continue }
            let childModel = child.model
            writer.line("/// Answers the guards of ``\(childModel.name)``, run as `\(child.names.joined(separator: "."))`, as each step of a path needs:")
            writer.line("/// from the guards that hold during the step. Its actions do nothing.")
            writeAvailability(of: childModel, into: &writer)
            if childModel.isMainActor { writer.line("@MainActor") }
            writer.block("private final class \(name): \(childModel.name).Actions") { writer in
                writer.line("/// The path's script: the guards that hold during the step, and the running children.")
                writer.line("private unowned let script: \(scriptName)")
                writer.line()
                writer.block("init(script: \(scriptName))") { writer in
                    writer.line("self.script = script")
                }
                emitScriptMembers(of: childModel, holding: "script.holdingGuards", chain: child.chain, script: "script", into: &writer)
            }
            writer.line()
        }
    }

    /// `try #require(script.runningResolver).send(.keepMine)`.
    func childSendStatement(_ chain: [InvocationID], _ event: EventID) -> String {
        let child = scriptedChildren.first { $0.chain == chain }!
        return "try #require(script.\(child.property)).send(\(eventExpression(child.model[event])))"
    }
}

extension InvocationModel.Kind {
    /// `invoke Machine as name`.
    var isMachine: Bool {
        if case .machine = self { true } else { false }
    }
}
