import FSMRuntime
import Testing

/// Herald's actions. Each call leads to two more calls, sent from outside (so queued) by the
/// call's action or by an observer of its transition, while the spec raises an echo of the
/// call, whose handling raises an echo of the echo.
final class HeraldScript: Herald.Actions {
    weak var machine: Herald?
    let callCount: Int
    let sendsFromActions: Bool
    private(set) var handled: [String] = []

    init(callCount: Int, sendsFromActions: Bool) {
        self.callCount = callCount
        self.sendsFromActions = sendsFromActions
    }

    /// Call `number` leads to calls `2n+1` and `2n+2`.
    func sendCalls(after number: Int) {
        for next in [2 * number + 1, 2 * number + 2] where next < callCount {
            machine?.send(.call(number: next))
        }
    }

    func relay(number: Int) {
        handled.append("call \(number)")
        if sendsFromActions { sendCalls(after: number) }
    }

    func heardEcho(number: Int) { handled.append("echo \(number)") }
    func heardReecho(number: Int) { handled.append("reecho \(number)") }
}

@Suite("Stress: raised events against queued events from outside")
struct RaiseOrderStressTests {
    /// Each call's raised echo, and the echo's raised echo, come before any call that was
    /// queued from outside meanwhile, however long that queue is.
    @Test(arguments: [true, false])
    func raisedEventsAlwaysOvertakeQueuedExternalEvents(sendsFromActions: Bool) {
        let callCount = 3000
        let script = HeraldScript(callCount: callCount, sendsFromActions: sendsFromActions)
        let machine = Herald(actions: script)
        script.machine = machine
        var transitions = 0
        machine.observe { notification in
            guard case .transitioned(let transition) = notification, case .call(let number) = transition.event else { return }
            transitions += 1
            if !sendsFromActions { script.sendCalls(after: number) }
        }
        machine.send(.call(number: 0))
        #expect(script.handled == (0..<callCount).flatMap { ["call \($0)", "echo \($0)", "reecho \($0)"] })
        #expect(transitions == callCount)
    }

    /// Calls sent from outside between steps are handled one by one, each with its echoes.
    @Test func eventsSentBetweenStepsKeepTheirOrderWithTheirEchoes() {
        let script = HeraldScript(callCount: 0, sendsFromActions: true)
        let machine = Herald(actions: script)
        script.machine = machine
        for number in 0..<2000 {
            machine.send(.call(number: number))
        }
        #expect(script.handled == (0..<2000).flatMap { ["call \($0)", "echo \($0)", "reecho \($0)"] })
    }
}
