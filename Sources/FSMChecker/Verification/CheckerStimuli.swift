import FSMCore

/// The stimuli the property checker offers a situation, for tools that explore situations as it
/// does (the simulator, `fsmc simulate`): one list, ``PropertySearch``'s, so that a tool never
/// offers what the checker would not try, nor leaves out what it would.
package struct CheckerStimuli {
    private let search: PropertySearch

    package init(_ machine: ExecutableMachine) {
        search = PropertySearch(machine: machine, properties: [], bounds: ExplorationBounds(situations: 0), decomposingRegions: false)
    }

    /// Every stimulus that may change the interpreter's situation, in the checker's order: the
    /// events some active state has a transition for or defers, the running timers, the
    /// outcomes of the running invocations. None once the machine finished.
    package func stimuli(of interpreter: MachineInterpreter) -> [MachineInterpreter.Stimulus] {
        search.stimuli(of: interpreter)
    }

    /// The events a transition or a deferral names: any other is ignored in every situation.
    package var offeredEvents: [EventID] { search.offeredEvents }
}

extension PropertyModel.Claim {
    /// Whether each of the claim's conditions (``conditions``) holds while exactly the states
    /// of `configuration` are active.
    package func conditionValues(in configuration: [StateID]) -> [Bool] {
        conditions.map { $0.holds(in: configuration) }
    }
}
