/// Resolves the names of a parsed file, checks it, and builds the ``MachineModel``.
///
/// The analysis is a pipeline of passes, each a small type with one concern that reads the
/// syntax and what the passes before it built, and reports to one ``DiagnosticCollector``:
///
/// 1. ``MachineHeaderPass``: one machine per file, its name, attributes and access level.
/// 2. ``SignalDeclarationPass``: events and outputs, with their payloads.
/// 3. ``StateDeclarationPass``: the tree of states, their names and data.
/// 4. ``StateStructurePass``: final states, regions, initial children, histories.
/// 5. ``StateTypeNamePass``: the Swift types compound states generate;
///    ``PayloadTypeNameCheck``: payload types the generated class's nested types would hide.
/// 6. ``InvocationDeclarationPass``: what states invoke (language version 3); a child machine
///    is resolved against the target's other machines by ``ChildMachineCheck``.
/// 7. ``BodyResolutionPass``: transitions, guards, actions and their arguments, through
///    ``TransitionResolver``, ``GuardResolver``, ``ActionResolver``, ``ArgumentResolver`` and
///    ``CallableRegistry``; the machine's properties (`assert`) through ``PropertyResolver``.
/// 8. ``ShadowedTransitionCheck`` and ``EventlessCycleCheck``: between transitions.
/// 9. ``ModelWarningsPass``: warnings about a machine without errors.
///
/// Every check is linear in the size of the spec (hash lookups, one pass per concern), so
/// that specs with a hundred thousand transitions check in well under a second.
public struct SemanticAnalyzer {
    /// Checks a parsed file; the model is `nil` when there are errors. `machines` are the
    /// other machines of its target, which `invoke Machine as name` names.
    public static func analyze(
        _ file: SourceFileSyntax, machines: MachineCatalog = MachineCatalog()
    ) -> (model: MachineModel?, diagnostics: [Diagnostic]) {
        guard let machine = file.machines.first else {
            let start = SourceLocation(line: 1, column: 1, offset: 0)
            return (nil, [Diagnostic(.error, "the file declares no machine; write 'machine Name { … }'", at: SourceRange(start, start))])
        }
        let diagnostics = DiagnosticCollector()
        let header = MachineHeaderPass(diagnostics: diagnostics)
        header.checkOneMachine(in: file, first: machine)
        let childMachines = ChildMachineCheck(parent: MachineInterface(machine), siblings: machines, diagnostics: diagnostics)
        var model = analyze(machine, header: header, childMachines: childMachines, diagnostics: diagnostics)
        model?.imports = header.checkImports(file.imports)
        for module in file.imports where model?.importLocations[module.text] == nil {
            model?.importLocations[module.text] = module.range.start
        }
        return (diagnostics.hasErrors ? nil : model, diagnostics.bag.diagnostics)
    }

    private static func analyze(
        _ machine: MachineSyntax, header: MachineHeaderPass, childMachines: ChildMachineCheck,
        diagnostics: DiagnosticCollector
    ) -> MachineModel? {
        let declaration = header.run(machine)
        let signals = SignalDeclarationPass(diagnostics: diagnostics).run(machine.members)
        var states = StateDeclarationPass(diagnostics: diagnostics).run(machine.members)
        let structure = StateStructurePass(diagnostics: diagnostics)
        structure.run(&states)
        let topLevelStates = states.topLevelStates
        StateTypeNamePass(diagnostics: diagnostics).run(states, signals: signals, topLevelStates: topLevelStates)
        PayloadTypeNameCheck(machineName: machine.name.text, diagnostics: diagnostics).run(machine)
        let initialState = structure.initialState(of: machine, topLevelStates: topLevelStates, in: states)

        let invocationPass = InvocationDeclarationPass(diagnostics: diagnostics, childMachines: childMachines)
        let invocations = invocationPass.run(machine, states: states, signals: signals)

        let resolved: BodyResolutionPass.Output
        do {
            var resolution = BodyResolutionPass(signals: signals, states: states, invocations: invocations, diagnostics: diagnostics)
            resolved = resolution.run(machine)
        }
        invocationPass.checkAgainstCallables(invocations, resolved.callables)
        // The resolved bodies go into the states; the table lets go of its copy first, so that
        // filling them in does not copy every state.
        var stateModels = states.states
        states.states = []
        resolved.fill(&stateModels)
        for invocation in invocations.invocations {
            stateModels[invocation.owner.index].invocations.append(invocation.id)
        }
        ShadowedTransitionCheck(events: signals.events, invocations: invocations.invocations, brokenTriggers: resolved.brokenTriggers, diagnostics: diagnostics)
            .run(machineTransitions: resolved.machineTransitions, states: stateModels)
        EventlessCycleCheck(states: stateModels, brokenTriggers: resolved.brokenTriggers, diagnostics: diagnostics).run()

        guard let initialState else { return nil }
        var model = MachineModel(
            name: machine.name.text, documentation: machine.documentation,
            accessLevel: declaration.accessLevel, isMainActor: declaration.isMainActor,
            events: signals.events, outputs: signals.outputs, states: stateModels, topLevelStates: topLevelStates,
            initialState: initialState, machineTransitions: resolved.machineTransitions,
            guards: resolved.callables.guards, actions: resolved.callables.actions)
        model.isObservable = declaration.isObservable
        model.valueFunctions = resolved.callables.valueFunctions
        model.invocations = invocations.invocations
        model.observableChildMachines = childMachines.observableMachines(runBy: invocations.invocations.compactMap(\.child))
        model.properties = resolved.properties
        if !diagnostics.hasErrors {
            ModelWarningsPass(diagnostics: diagnostics).run(model)
        }
        return model
    }
}
