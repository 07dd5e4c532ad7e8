import FSMCore

/// What the property checker tells situations apart by: the interpreter's
/// ``MachineInterpreter/Situation`` (active states, what histories remember, the invocations
/// running, the kept events; child machines are abstracted, so it has no children's), the
/// timers running, and for each `only after` property whether its second condition has held
/// yet. Time is not part of it: a timer may fire at any time its state is active.
package struct CheckedSituation: Hashable {
    package var situation: MachineInterpreter.Situation
    /// The running timers, as owner index and group, sorted.
    package var timers: [TimerKey]
    /// For each `only after` property in declaration order: whether its `B` has held.
    package var held: [Bool]

    package struct TimerKey: Hashable {
        package var owner: StateID
        package var group: Int
    }

    package init(_ interpreter: MachineInterpreter, held: [Bool]) {
        situation = interpreter.situation
        timers = interpreter.runningTimerKeys.map { TimerKey(owner: $0.owner, group: $0.group) }
        self.held = held
    }
}
