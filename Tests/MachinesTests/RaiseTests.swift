import FSMRuntime
import Testing

/// Sends `outside` from the transition action that also raises events.
final class RaiseScript: Raise.Actions {
    weak var machine: Raise?
    var repeatsOnPing = false

    func shouldRepeat() -> Bool { repeatsOnPing }

    func sendOutside() {
        machine?.send(.outside)
    }
}

/// A raise machine and the notifications it sent, as text.
private final class RaiseBench {
    let script = RaiseScript()
    let machine: Raise
    var log: [String] = []

    init(repeatsOnPing: Bool = false) {
        script.repeatsOnPing = repeatsOnPing
        machine = Raise(actions: script)
        script.machine = machine
        machine.observe { [unowned self] notification in
            switch notification {
            case .exited(let state): log.append("exited \(state)")
            case .entered(let state): log.append("entered \(state)")
            case .transitioned(let transition): log.append("\(transition.source) -\(transition.event.map { "\($0)" } ?? "nil")-> \(transition.target)")
            case .emitted(.stepped(let number)): log.append("stepped \(number)")
            case .emitted(.pinged): log.append("pinged")
            case .ignored(let event, let state): log.append("ignored \(event) in \(state)")
            }
        }
    }
}

@Suite("raise: raised events go first, in order")
struct RaiseTests {
    @Test func raisedEventsAreHandledBeforeAnEventSentFromOutsideDuringTheSameStep() {
        let bench = RaiseBench()
        bench.machine.send(.start)
        #expect(bench.machine.state == .done)
        #expect(bench.log == [
            "exited idle", "entered busy", "idle -start-> busy",
            "stepped 1", "stepped 2", "pinged",
            "exited busy", "entered done", "busy -outside-> done",
        ])
    }

    @Test func eventsRaisedWhileHandlingARaisedEventStillGoBeforeOutsideEvents() {
        let bench = RaiseBench(repeatsOnPing: true)
        bench.machine.send(.start)
        #expect(bench.machine.state == .done)
        #expect(bench.log == [
            "exited idle", "entered busy", "idle -start-> busy",
            "stepped 1", "stepped 2", "pinged", "stepped 3",
            "exited busy", "entered done", "busy -outside-> done",
        ])
    }

    @Test func raisedEventsThatNothingTakesAreReportedAsIgnored() {
        let bench = RaiseBench()
        bench.machine.send(.start)
        bench.log.removeAll()
        bench.machine.send(.step(number: 9))
        #expect(bench.log == ["ignored step(number: 9) in done"])
        #expect(bench.machine.isFinished)
    }

    @Test func transitionTableSpellsRaiseActions() {
        let start = Raise.transitionTable.first { $0.trigger == .event("start") }
        #expect(start?.actions.count == 3)
        #expect(start?.actions.first == "sendOutside")
        #expect(start?.actions.dropFirst().allSatisfy { $0.hasPrefix("raise step(") } == true)
    }
}
