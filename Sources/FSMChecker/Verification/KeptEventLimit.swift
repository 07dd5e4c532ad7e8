import FSMCore

/// DESIGN's kept-events bound, applied where a search reaches a situation: the one place the
/// property checker and the simulator page decide which runs they follow.
///
/// A situation keeps at most ``bound`` copies of each event; a run that would keep one more is
/// not followed (the search says so: ``ExplorationCuts/keptEvent``). One kind of event needs no
/// bound, exactly: an event no transition of the machine takes. Released, such a copy is
/// ignored or kept again and does nothing, so a queue with more copies of it leads to the same
/// configurations, timers and invocations as one with fewer; those copies are forgotten instead
/// of cut, and what the search answers stays exact.
package struct KeptEventLimit {
    /// How many copies of one event a situation keeps at most.
    package let bound: Int
    /// For each event, by index: whether some transition takes it.
    private let taken: [Bool]

    package init(_ machine: ExecutableMachine, bound: Int) {
        self.bound = max(1, bound)
        var taken = Array(repeating: false, count: machine.model.events.count)
        for transition in machine.transitions {
            if let event = transition.eventID { taken[event.index] = true }
        }
        self.taken = taken
    }

    /// Forgets the copies past the bound of every event no transition takes, and returns the
    /// first event (in the order they were kept) of which the interpreter keeps more than the
    /// bound allows: the run is then not to be followed. `nil` when it is within the bound.
    package func apply(to interpreter: inout MachineInterpreter) -> EventID? {
        // Most situations keep nothing, or fewer events than the bound.
        guard interpreter.keptEvents.count > bound else { return nil }
        var counts: [EventID: Int] = [:]
        var over: EventID?
        var inert: [EventID] = []
        for event in interpreter.keptEvents {
            counts[event, default: 0] += 1
            guard counts[event] == bound + 1 else { continue }
            if taken[event.index] {
                if over == nil { over = event }
            } else {
                inert.append(event)
            }
        }
        for event in inert { interpreter.keepAtMost(bound, of: event) }
        return over
    }
}
