import FSMRuntime

/// The generated player recorded to a trace (docs/TraceFormat.md) as an app records it: a
/// `TraceRecorder` hearing every notification through an observer, every guard through a
/// wrapper of the actions, and each event and step's end around `send`. Its bytes go to a sink
/// that counts them, so what is measured is the recording, not a file system. Beside
/// "Player, generated, none", it is what recording costs; recording off is that variant itself
/// (the generated dispatch is the same machine, recorded or not).
extension DispatchVariants {
    static let recordedPlayerLabel = "Player, generated, recorded to a trace"

    static func recordedPlayer(eventCount: Int) -> DispatchVariant {
        let events = EventSequence.player(count: eventCount)
        return DispatchVariant(machine: "Player", implementation: .generated, observation: .none, eventCount: eventCount) {
            let work = PlayerWork()
            let bytes = ByteCount()
            let recorder = TraceRecorder(machine: "Player", spec: "Player.fsm", fsmcVersion: fsmRuntimeVersion) { bytes.count &+= $0.count }
            let observer = PlayerTraceObserver(recorder)
            let machine = Player(actions: RecordingPlayerWork(work, recorder: recorder), observers: [observer])
            let states = Player.State.allCases
            recorder.step(states) { machine.state == $0 }
            let generated = events.generated
            return PreparedRun(
                send: { range in
                    for event in generated[range] {
                        recorder.event(event.name)
                        machine.send(event)
                        recorder.step(states) { machine.state == $0 }
                    }
                },
                outcome: {
                    withExtendedLifetime(observer) { RunOutcome(state: "\(machine.state)", work: work.summary, tally: nil) }
                })
        }.relabeled(recordedPlayerLabel)
    }
}

/// Counts the bytes a recorder writes.
private final class ByteCount {
    @exclusivity(unchecked) var count = 0
}

/// Every notification of the player, written to the recorder; outputs by name (describing the
/// payload would cost what `String(describing:)` costs, which is the app's choice).
private final class PlayerTraceObserver: Player.Observer {
    let recorder: TraceRecorder

    init(_ recorder: TraceRecorder) {
        self.recorder = recorder
    }

    func machine(_ machine: Player, didExit state: Player.State) { recorder.exit(state.rawValue) }
    func machine(_ machine: Player, didEnter state: Player.State) { recorder.entry(state.rawValue) }
    func machine(_ machine: Player, didTransition transition: Player.Transition) { recorder.transition(trigger: transition.event?.name) }
    func machine(_ machine: Player, didEmit output: Player.Output) { recorder.output("notice") }
    func machine(_ machine: Player, didIgnore event: Player.Event, in state: Player.State) { recorder.ignored(event.name) }
}

/// The player's work, each guard's answer recorded.
private final class RecordingPlayerWork: Player.Actions {
    let work: PlayerWork
    let recorder: TraceRecorder

    init(_ work: PlayerWork, recorder: TraceRecorder) {
        self.work = work
        self.recorder = recorder
    }

    func isSeekable(to position: Double) -> Bool {
        let answer = work.isSeekable(to: position)
        recorder.guardAnswer("isSeekable", answer)
        return answer
    }

    func canResume() -> Bool {
        let answer = work.canResume()
        recorder.guardAnswer("canResume", answer)
        return answer
    }

    func startPlayback() { work.startPlayback() }
    func showPauseButton() { work.showPauseButton() }
    func hidePauseButton() { work.hidePauseButton() }
    func rewind() { work.rewind() }
    func jump(to position: Double) { work.jump(to: position) }
}
