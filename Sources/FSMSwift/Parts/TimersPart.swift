import FSMCore

/// `after` transitions: the machine takes a clock, keeps its running timers by slot, queues a
/// timer that fires during a step as a `Stimulus`, and restarts the timers of a restored
/// configuration. The functions that start and fire them are the shape generator's.
struct TimersPart: RunningMachinePart {
    unowned let plan: SwiftPlan

    func emitStoredProperties(into writer: inout CodeWriter) {
        writer.line("private let clock: any MachineClock")
        if plan.shape.isStatechart {
            writer.line("/// The running timers of each state with `after` transitions, by slot: \(timerSlots.timedStates.map { "`\(model[$0].name)`" }.joined(separator: ", ")).")
            writer.line("\(unchecked)private var timers = MachineTimers(slots: \(timerSlots.timedStates.count))")
        } else {
            writer.line("/// The timers of the current state's `after` transitions, in slot 0.")
            writer.line("\(unchecked)private var timers = MachineTimers(slots: 1)")
        }
    }

    var stimulusCases: [StimulusCase] {
        plan.shape.isStatechart
            ? [
                StimulusCase(
                    declaration: "case timer(slot: Int, group: Int, entry: UInt64)",
                    handling: "case .timer(let slot, let group, let entry): fireTimer(slot: slot, group: group, entry: entry)")
            ]
            : [StimulusCase(declaration: "case timer(Int, entry: UInt64)", handling: "case .timer(let index, let entry): fireTimer(index, entry: entry)")]
    }

    var workParameter: WorkParameter? {
        WorkParameter(
            label: "clock", protocolName: "MachineClock", synchronousProtocolName: "SynchronousMachineClock",
            defaultValue: "TaskClock()", storedProperty: "clock",
            purpose: "times the `after` transitions", testDouble: "ManualClock")
    }

    var resumption: [String] { [plan.shape.isStatechart ? "restartTimers()" : "startTimers(for: state)"] }
}
