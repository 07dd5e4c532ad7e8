import FSMRuntime
import Machines

/// The player recorded to a trace (docs/TraceFormat.md) as an app records it, in one line:
/// Machines' `Player` (the same spec as this target's, compiled there with `FSMC_RECORDING`)
/// given a `Player.TraceObserver`, so that the machine writes each event, guard answer and
/// step's end, and the observer each notification. Its bytes go to a sink that counts them, so
/// what is measured is the recording, not a file system. Beside "Player, generated, none", it is
/// what recording costs; recording off is that variant itself, compiled without the condition
/// (this target's machines are: the generated dispatch is the code without recording).
extension DispatchVariants {
    static let recordedPlayerLabel = "Player, generated, recorded to a trace"

    static func recordedPlayer(eventCount: Int) -> DispatchVariant {
        let events = EventSequence.player(count: eventCount).generated.map(Self.recordedEvent)
        return DispatchVariant(machine: "Player", implementation: .generated, observation: .none, eventCount: eventCount) {
            let work = PlayerWork()
            let bytes = ByteCount()
            let recorder = TraceRecorder(machine: "Player", spec: "Player.fsm", fsmcVersion: fsmRuntimeVersion) { bytes.count &+= $0.count }
            let machine = Machines.Player(actions: work, observers: [Machines.Player.TraceObserver(recorder)])
            return PreparedRun(
                send: { range in
                    for event in events[range] {
                        machine.send(event)
                    }
                },
                outcome: {
                    RunOutcome(state: "\(machine.state)", work: work.summary, tally: nil)
                })
        }.relabeled(recordedPlayerLabel)
    }

    /// This target's player event as Machines' player takes it: the same spec's.
    private static func recordedEvent(_ event: Player.Event) -> Machines.Player.Event {
        switch event {
        case .play: .play
        case .pause: .pause
        case .stop: .stop
        case .seek(let position): .seek(to: position)
        }
    }
}

/// The player's work serves Machines' player too: the same spec asks the same guards and actions.
extension PlayerWork: Machines.Player.Actions {}

/// Counts the bytes a recorder writes.
private final class ByteCount {
    @exclusivity(unchecked) var count = 0
}
