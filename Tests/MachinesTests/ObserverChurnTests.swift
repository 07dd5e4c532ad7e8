import FSMRuntime
import Testing

/// Echo with actions that send nothing: each hop is one step with three notifications.
private func quietEcho() -> (Echo, EchoScript) {
    let script = EchoScript(senders: [], hopCount: 0)
    let machine = Echo(actions: script)
    script.machine = machine
    return (machine, script)
}

/// An observer object that counts what it hears and may run code on each notification.
private final class CountingObserver: Echo.Observer {
    var heard = 0
    var onTransition: () -> Void = {}

    func machine(_ machine: Echo, didTransition transition: Echo.Transition) {
        heard += 1
        onTransition()
    }
}

@Suite("Stress: observers added and removed while a notification is running")
struct ObserverChurnTests {
    @Test func anObserverAddedDuringANotificationHearsFromTheNextOneOn() {
        let (machine, _) = quietEcho()
        var log: [String] = []
        var added = false
        machine.observe { [unowned machine] notification in
            guard case .transitioned = notification else { return }
            log.append("first")
            if !added {
                added = true
                machine.observe { notification in
                    if case .transitioned = notification { log.append("added") }
                }
            }
        }
        machine.send(.hop(number: 0))
        machine.send(.hop(number: 1))
        #expect(log == ["first", "first", "added"])
    }

    @Test func anObserverRemovedDuringANotificationStillHearsItButNoMore() {
        let (machine, _) = quietEcho()
        var log: [String] = []
        var later: ObservationToken?
        machine.observe { notification in
            guard case .transitioned = notification else { return }
            log.append("first")
            later?.cancel()
        }
        later = machine.observe { notification in
            if case .transitioned = notification { log.append("later") }
        }
        machine.send(.hop(number: 0))
        machine.send(.hop(number: 1))
        #expect(log == ["first", "later", "first"])
    }

    @Test func anObserverMayRemoveItselfAndAnObjectObserverMayBeReleasedMidNotification() {
        let (machine, _) = quietEcho()
        var selfRemoving: ObservationToken?
        var selfRemovingHeard = 0
        selfRemoving = machine.observe { notification in
            guard case .transitioned = notification else { return }
            selfRemovingHeard += 1
            selfRemoving?.cancel()
        }
        var object: CountingObserver? = CountingObserver()
        weak let released = object
        machine.addObserver(object!)
        machine.observe { notification in
            // Runs after the object has heard the first transition; releases it.
            if case .transitioned = notification { object = nil }
        }
        for number in 0..<10 {
            machine.send(.hop(number: number))
        }
        #expect(selfRemovingHeard == 1)
        #expect(released == nil)
    }

    /// On every notification one observer adds a new counter and cancels the previous one:
    /// each counter hears exactly the notification after the one it was added in.
    @Test func thousandsOfObserversComingAndGoingEachHearExactlyWhatTheyShould() {
        let (machine, _) = quietEcho()
        final class Counter {
            var heard = 0
        }
        var counters: [Counter] = []
        var previous: ObservationToken?
        var notifications = 0
        machine.observe { [unowned machine] _ in
            notifications += 1
            previous?.cancel()
            let counter = Counter()
            counters.append(counter)
            previous = machine.observe { _ in counter.heard += 1 }
        }
        let object = CountingObserver()
        var objectToken: ObservationToken?
        object.onTransition = { [unowned machine, unowned object] in
            // Object observers come and go too: remove and add back on every transition.
            objectToken?.cancel()
            objectToken = machine.addObserver(object)
        }
        objectToken = machine.addObserver(object)

        let hops = 2000
        for number in 0..<hops {
            machine.send(.hop(number: number))
        }
        #expect(notifications == 3 * hops)
        #expect(counters.count == notifications)
        #expect(counters.dropLast().allSatisfy { $0.heard == 1 })
        #expect(counters.last?.heard == 0)
        #expect(object.heard == hops)
    }
}
