import FSMRuntime
import Foundation
import Testing

/// Records what the payload-taking guards and actions receive.
final class PayloadScript: Payloads.Actions {
    var knownCodes: Set<String> = ["A1"]
    var calls: [String] = []

    func isKnown(_ payload: String) -> Bool {
        calls.append("isKnown(\(payload))")
        return knownCodes.contains(payload)
    }

    func isInside(x: Int, y: Int) -> Bool {
        calls.append("isInside(x: \(x), y: \(y))")
        return (0..<10).contains(x) && (0..<10).contains(y)
    }

    func record(_ payload: String) { calls.append("record(\(payload))") }
    func store(_ payload1: Int, _ payload2: String) { calls.append("store(\(payload1), \(payload2))") }
    func keep(score: Double, comment: String?) { calls.append("keep(score: \(score), comment: \(comment ?? "nil"))") }
}

/// A payloads machine and the outputs it emitted.
private final class PayloadBench {
    let script = PayloadScript()
    let machine: Payloads
    var outputs: [Payloads.Output] = []

    init() {
        machine = Payloads(actions: script)
        machine.observe { [unowned self] notification in
            if case .emitted(let output) = notification { outputs.append(output) }
        }
    }
}

@Suite("Payloads: unlabeled and several parameters, emit arguments")
struct PayloadTests {
    @Test func anUnlabeledPayloadReachesTheGuardAndTheAction() {
        let bench = PayloadBench()
        bench.machine.send(.scan("A1"))
        bench.machine.send(.scan("Z9"))
        #expect(bench.script.calls == ["isKnown(A1)", "record(A1)", "isKnown(Z9)"])
        #expect(bench.outputs == [.text("unknown code")])
    }

    @Test func severalLabeledPayloadsReachTheGuardAndTheEmittedOutput() {
        let bench = PayloadBench()
        bench.machine.send(.move(x: 3, y: 4))
        bench.machine.send(.move(x: 30, y: 4))
        #expect(bench.script.calls == ["isInside(x: 3, y: 4)", "isInside(x: 30, y: 4)"])
        #expect(bench.outputs == [.point(x: 3, y: 4), .point(x: -1, y: 0)])
    }

    @Test func severalUnlabeledPayloadsReachTheActionInOrder() {
        let bench = PayloadBench()
        bench.machine.send(.pair(7, "seven"))
        #expect(bench.script.calls == ["store(7, seven)"])
    }

    @Test func anOptionalPayloadIsEmittedAndPassedOnBeforeTheNextAction() {
        let bench = PayloadBench()
        bench.machine.send(.rate(score: 4.5, comment: nil))
        bench.machine.send(.rate(score: 1, comment: "meh"))
        #expect(bench.outputs == [.rating(score: 4.5, comment: nil), .rating(score: 1, comment: "meh")])
        #expect(bench.script.calls == ["keep(score: 4.5, comment: nil)", "keep(score: 1.0, comment: meh)"])
    }

    @Test func literalsOfEveryKindAreEmittedAsWritten() {
        let bench = PayloadBench()
        bench.machine.send(.literals)
        #expect(bench.outputs == [
            .values(
                int: 42, negative: -7, grouped: 1000, double: 2.5, exponent: 0.001, whole: 3.0,
                string: "tab\tquote\" backslash\\ newline\n \u{1F600}", yes: true, no: false),
        ])
    }

    @Test func transitionFunctionAsksThePayloadGuards() {
        let script = PayloadScript()
        #expect(Payloads.nextState(from: .ready, on: .scan("A1"), guards: script) == .ready)
        #expect(Payloads.nextState(from: .ready, on: .move(x: 1, y: 1), guards: script) == .ready)
        #expect(Payloads.nextState(from: .ready, on: .close, guards: script) == .closed)
        #expect(Payloads.nextState(from: .closed, on: .scan("A1"), guards: script) == nil)
        #expect(script.calls == ["isKnown(A1)", "isInside(x: 1, y: 1)"])
    }

    @Test func eventsAndOutputsWithPayloadsAreCodable() throws {
        let events: [Payloads.Event] = [.scan("A1"), .move(x: 1, y: -2), .pair(3, "three"), .rate(score: 2.5, comment: nil), .literals]
        #expect(try JSONDecoder().decode([Payloads.Event].self, from: JSONEncoder().encode(events)) == events)
        let outputs: [Payloads.Output] = [.text("t"), .point(x: 0, y: 1), .rating(score: 1, comment: "c")]
        #expect(try JSONDecoder().decode([Payloads.Output].self, from: JSONEncoder().encode(outputs)) == outputs)
    }

    @Test func eventNamesIgnoreThePayload() {
        #expect(Payloads.Event.pair(1, "x").name == "pair")
        #expect(Payloads.eventNames == ["scan", "move", "pair", "rate", "literals", "close"])
    }
}
