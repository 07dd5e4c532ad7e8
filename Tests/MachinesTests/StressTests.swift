import FSMRuntime
import Testing
import TestSupport

/// Echo's actions. Each callback may send more events; the script writes down every event
/// it sends and every event a callback handles, so a test can check that they agree.
final class EchoScript: Echo.Actions {
    /// Where events come from besides the test.
    struct Senders: OptionSet, CustomTestStringConvertible {
        let rawValue: Int
        /// Transition actions: hop `n` sends hops `2n+1` and `2n+2`, a binary tree of depth
        /// log2 of the hop count.
        static let actions = Senders(rawValue: 1)
        /// Exit actions send `tick`.
        static let exits = Senders(rawValue: 2)
        /// Entry actions send `tock`.
        static let entries = Senders(rawValue: 4)
        /// An `Observer` object sends `tick` after each even hop, a closure observer `tock`
        /// after each odd one.
        static let observers = Senders(rawValue: 8)

        var testDescription: String {
            [(Self.actions, "actions"), (.exits, "exits"), (.entries, "entries"), (.observers, "observers")]
                .filter { contains($0.0) }.map(\.1).joined(separator: "+")
        }
    }

    weak var machine: Echo?
    let senders: Senders
    let hopCount: Int
    private(set) var sent: [String] = []
    private(set) var handled: [String] = []
    /// Callbacks running now, and the most that ever ran at once: more than one would mean a
    /// `send` ran a step inside another one.
    private var running = 0
    private(set) var mostRunningAtOnce = 0

    init(senders: Senders, hopCount: Int) {
        self.senders = senders
        self.hopCount = hopCount
    }

    /// Sends an event, writing it down first.
    func send(_ event: Echo.Event) {
        guard let machine else { return }
        sent.append("\(event)")
        machine.send(event)
    }

    /// Runs a callback, counting how many run at once.
    func callback(_ body: () -> Void) {
        running += 1
        mostRunningAtOnce = max(mostRunningAtOnce, running)
        body()
        running -= 1
    }

    func bounce(number: Int) {
        callback {
            handled.append("\(Echo.Event.hop(number: number))")
            guard senders.contains(.actions) else { return }
            for child in [2 * number + 1, 2 * number + 2] where child < hopCount {
                send(.hop(number: child))
            }
        }
    }

    func leave() {
        callback { if senders.contains(.exits) { send(.tick) } }
    }

    func arrive() {
        callback { if senders.contains(.entries) { send(.tock) } }
    }

    func ticked() { callback { handled.append("\(Echo.Event.tick)") } }
    func tocked() { callback { handled.append("\(Echo.Event.tock)") } }
}

/// Sends `tick` after each even hop.
final class EchoObserver: Echo.Observer {
    let script: EchoScript

    init(script: EchoScript) {
        self.script = script
    }

    func machine(_ machine: Echo, didTransition transition: Echo.Transition) {
        script.callback {
            if case .hop(let number) = transition.event, number.isMultiple(of: 2) { script.send(.tick) }
        }
    }
}

@Suite("Stress: events sent from every kind of callback, at every depth")
struct StressTests {
    static let hopCount = 4000

    /// Hops that `senders` lead to when the test sends hop 0: all of them when actions send.
    static func expectedHops(_ senders: EchoScript.Senders) -> Int {
        senders.contains(.actions) ? hopCount : 1
    }

    @Test(arguments: [
        [.actions], [.actions, .exits], [.actions, .entries], [.actions, .observers],
        [.actions, .exits, .entries, .observers], [.exits, .entries, .observers],
    ] as [EchoScript.Senders])
    func everyEventSentFromACallbackIsHandledOnceInTheOrderSent(_ senders: EchoScript.Senders) async throws {
        // Seconds of CPU: on a thread of its own, so that it holds none of the cooperative
        // pool's, which the real-time timer tests need (see onOwnThread).
        try await onOwnThread {
            let script = EchoScript(senders: senders, hopCount: Self.hopCount)
            let machine = Echo(actions: script)
            script.machine = machine
            let observer = EchoObserver(script: script)
            var notifications = 0
            if senders.contains(.observers) {
                machine.addObserver(observer)
                machine.observe { [unowned script] notification in
                    notifications += 1
                    guard case .transitioned(let transition) = notification else { return }
                    script.callback {
                        if case .hop(let number) = transition.event, !number.isMultiple(of: 2) { script.send(.tock) }
                    }
                }
            }

            script.send(.hop(number: 0))

            let hops = Self.expectedHops(senders)
            let ticks = (senders.contains(.exits) ? hops : 0) + (senders.contains(.observers) ? (hops + 1) / 2 : 0)
            let tocks = (senders.contains(.entries) ? hops : 0) + (senders.contains(.observers) ? hops / 2 : 0)
            #expect(script.handled.count == hops + ticks + tocks)
            #expect(script.handled.count { $0.hasPrefix("hop") } == hops)
            #expect(script.handled.count { $0 == "tick" } == ticks)
            #expect(script.handled.count { $0 == "tock" } == tocks)
            // Nothing lost, nothing handled twice, nothing overtaken.
            #expect(script.handled == script.sent)
            #expect(script.mostRunningAtOnce == 1)
            #expect(machine.state == (hops.isMultiple(of: 2) ? .left : .right))
            if senders.contains(.observers) {
                // Each hop: exited, entered, transitioned; each tick and tock: nothing.
                #expect(notifications == 3 * hops)
            }
        }
    }

    @Test func hopsAreHandledBreadthFirstLevelByLevel() {
        let script = EchoScript(senders: [.actions], hopCount: 63)
        let machine = Echo(actions: script)
        script.machine = machine
        script.send(.hop(number: 0))
        // Hop n sends 2n+1 and 2n+2, queued behind the hops already waiting.
        #expect(script.handled == (0..<63).map { "hop(number: \($0))" })
    }
}
