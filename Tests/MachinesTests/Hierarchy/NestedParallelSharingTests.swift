import FSMRuntime
import Testing

/// An event regions take together where one region holds a parallel state that takes the event
/// for all its regions (Console.fsm): every atomic state of that region selects the same
/// transition, so the region chooses one, and the step is SCXML's.
@Suite("Regions sharing an event with a parallel state inside one of them")
struct NestedParallelSharingTests {
    final class ConsoleBench: Console.Actions, Console.Observer {
        var lines: [String] = []
        private(set) var console: Console!

        init() {
            console = Console(actions: self, observers: [self])
        }

        func dim() { lines.append("dim") }
        func brighten() { lines.append("brighten") }
        func lower() { lines.append("lower") }
        func louden() { lines.append("louden") }

        func machine(_ machine: Console, didExit state: Console.StateID) { lines.append("exit \(state.rawValue)") }
        func machine(_ machine: Console, didEnter state: Console.StateID) { lines.append("enter \(state.rawValue)") }

        func send(_ event: Console.Event, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
            let predicted = Console.nextState(from: console.state, on: event)
            lines.removeAll()
            console.send(event)
            #expect(predicted ?? console.state == console.state, "nextState", sourceLocation: sourceLocation)
            return lines
        }
    }

    @Test func theNestedParallelStatesTransitionIsItsRegionsChoice() {
        let bench = ConsoleBench()
        _ = bench.send(.power)
        #expect(bench.send(.swap) == ["exit leftLit", "enter leftDark"])
        #expect(bench.send(.mute) == [
            "exit loud", "exit rightLit", "exit right", "exit leftDark", "exit left", "exit panels",
            "dim", "lower", "enter dimmed", "enter quiet",
        ])
        #expect(bench.console.state == .on(.init(display: .dimmed, audio: .quiet)))
        #expect(bench.send(.mute) == [
            "exit quiet", "exit dimmed", "brighten", "louden",
            "enter panels", "enter left", "enter leftLit", "enter right", "enter rightLit", "enter loud",
        ])
        #expect(bench.console.state == .on(.init(display: .panels(.init(left: .leftLit, right: .rightLit)), audio: .loud)))
    }
}
