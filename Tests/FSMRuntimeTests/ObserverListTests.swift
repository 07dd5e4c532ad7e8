import FSMRuntime
import Testing

@Suite("ObserverList and ObservationToken")
struct ObserverListTests {
    @Test func deliversToEveryObserverInTheOrderAdded() {
        let list = ObserverList<Int>()
        #expect(list.isEmpty)
        var received: [String] = []
        let tokens = ["a", "b", "c"].map { name in list.add { received.append("\(name)\($0)") } }
        #expect(!list.isEmpty)
        list.notify(1)
        list.notify(2)
        #expect(received == ["a1", "b1", "c1", "a2", "b2", "c2"])
        _ = tokens
    }

    @Test func cancellingATokenRemovesOnlyItsObserver() {
        let list = ObserverList<Int>()
        var received: [String] = []
        let a = list.add { received.append("a\($0)") }
        let b = list.add { received.append("b\($0)") }
        a.cancel()
        a.cancel()
        list.notify(1)
        #expect(received == ["b1"])
        b.cancel()
        #expect(list.isEmpty)
        list.notify(2)
        #expect(received == ["b1"])
    }

    @Test func droppingTheTokenKeepsTheObservation() {
        let list = ObserverList<Int>()
        var received: [Int] = []
        _ = list.add { received.append($0) }
        list.notify(7)
        #expect(received == [7])
    }

    @Test func anObserverAddedDuringANotificationHearsFromTheNextOneOn() {
        let list = ObserverList<Int>()
        var received: [String] = []
        var tokens: [ObservationToken] = []
        tokens.append(list.add { value in
            received.append("first\(value)")
            if value == 1 {
                tokens.append(list.add { received.append("late\($0)") })
            }
        })
        list.notify(1)
        list.notify(2)
        #expect(received == ["first1", "first2", "late2"])
    }

    @Test func anObserverRemovedDuringANotificationStillHearsThatOneButNoMore() {
        let list = ObserverList<Int>()
        var received: [String] = []
        var second: ObservationToken?
        let first = list.add { value in
            received.append("first\(value)")
            second?.cancel()
        }
        second = list.add { received.append("second\($0)") }
        list.notify(1)
        list.notify(2)
        #expect(received == ["first1", "second1", "first2"])
        _ = first
    }

    @Test func anObserverMayCancelItselfWhileNotified() {
        let list = ObserverList<Int>()
        var received: [Int] = []
        var token: ObservationToken?
        token = list.add { value in
            received.append(value)
            token?.cancel()
        }
        list.notify(1)
        list.notify(2)
        #expect(received == [1])
        #expect(list.isEmpty)
    }

    @Test func anObserverMayNotifyAgainWhileNotified() {
        let list = ObserverList<Int>()
        var received: [String] = []
        let tokens = [
            list.add { value in
                received.append("a\(value)")
                if value == 1 { list.notify(2) }
            },
            list.add { received.append("b\($0)") },
        ]
        list.notify(1)
        #expect(received == ["a1", "a2", "b2", "b1"])
        _ = tokens
    }

    @Test func cancellingAfterTheListIsGoneDoesNothing() {
        var list: ObserverList<Int>? = ObserverList<Int>()
        let token = list!.add { _ in }
        weak let released = list
        list = nil
        #expect(released == nil)
        token.cancel()
    }

    @Test func releasingTheListReleasesItsObservers() {
        final class Probe {}
        var list: ObserverList<Int>? = ObserverList<Int>()
        var probe: Probe? = Probe()
        weak let released = probe
        _ = list!.add { [probe] _ in _ = probe }
        probe = nil
        #expect(released != nil)
        list = nil
        #expect(released == nil)
    }

    // MARK: - Streams

    @Test func streamYieldsTheTransformedNotificationsInOrder() async {
        let list = ObserverList<Int>()
        var evens = list.stream { $0.isMultiple(of: 2) ? "even \($0)" : nil }.makeAsyncIterator()
        for value in 1...4 {
            list.notify(value)
        }
        #expect(await evens.next() == "even 2")
        #expect(await evens.next() == "even 4")
    }

    @Test func streamFinishesWhenTheListIsReleased() async {
        var list: ObserverList<Int>? = ObserverList<Int>()
        let stream = list!.stream { $0 }
        list!.notify(1)
        list = nil
        let received = await withTaskGroup(of: [Int]?.self) { group in
            group.addTask {
                var values: [Int] = []
                for await value in stream {
                    values.append(value)
                }
                return Task.isCancelled ? nil : values
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(60))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        #expect(received == [1])
    }

    @Test func streamStopsObservingAtTheNextNotificationOnceDropped() {
        let list = ObserverList<Int>()
        var stream: AsyncStream<Int>? = list.stream { $0 }
        #expect(!list.isEmpty)
        _ = stream
        stream = nil
        list.notify(1)
        #expect(list.isEmpty)
    }

    @Test func anObserverOwnedByAReleasedObjectIsForgotten() {
        final class Owner {}
        let list = ObserverList<Int>()
        var heard: [Int] = []
        var owner: Owner? = Owner()
        _ = list.add(whileAlive: owner!) { heard.append($0) }
        list.notify(1)
        owner = nil
        list.notify(2)
        #expect(heard == [1])
        #expect(list.isEmpty)
    }
}

@Suite("ObservationList: kinds of notification, and what a delivery keeps alive")
struct ObservationKindsTests {
    @Test func anObserverHearsOnlyTheKindsItWasAddedFor() {
        let list = ObserverList<String>()
        #expect(!list.hears(.transitions))
        var heard: [String] = []
        let tokens = [
            list.add(ClosureObservation { heard.append("transitions: \($0)"); return true }, hearing: .transitions),
            list.add(ClosureObservation { heard.append("entries and exits: \($0)"); return true }, hearing: [.entries, .exits]),
        ]
        #expect(list.hears(.transitions) && list.hears(.exits) && !list.hears(.outputs))
        list.notify(.exits, "left a")
        list.notify(.transitions, "a -> b")
        list.notify(.outputs, "nobody")
        list.notify("everybody")
        #expect(heard == ["entries and exits: left a", "transitions: a -> b", "transitions: everybody", "entries and exits: everybody"])
        tokens[0].cancel()
        #expect(!list.hears(.transitions) && list.hears(.entries))
        tokens[1].cancel()
        #expect(!list.hears(.all) && list.isEmpty)
    }

    @Test func anObserverThatRemovesItselfStaysAliveUntilTheDeliveryEnds() {
        final class Probe {
            var isAlive = true
            deinit {}
        }
        let list = ObserverList<Int>()
        var probe: Probe? = Probe()
        weak let weakProbe = probe
        var token: ObservationToken?
        var aliveAfterCancelling: Bool?
        token = list.add { [probe] _ in
            token?.cancel()
            token = nil
            // The list let go of this closure, and with it of `probe`, but not yet.
            aliveAfterCancelling = probe?.isAlive
        }
        probe = nil
        #expect(weakProbe != nil)
        list.notify(1)
        #expect(aliveAfterCancelling == true)
        #expect(weakProbe == nil)
        #expect(list.isEmpty)
    }

    @Test func anObserverRemovedDuringANestedNotificationStillHearsTheOuterOne() {
        let list = ObserverList<Int>()
        var received: [String] = []
        var second: ObservationToken?
        let first = list.add { value in
            received.append("first\(value)")
            if value == 1 {
                second?.cancel()
                list.notify(2)
            }
        }
        second = list.add { received.append("second\($0)") }
        list.notify(1)
        list.notify(3)
        #expect(received == ["first1", "first2", "second1", "first3"])
        _ = first
    }
}

@Suite("ObservationList: observers that stop hearing the kinds their object does not want")
struct StopDeliveringTests {
    final class Object {}

    /// A closure observer that writes `name: notification` to `heard`.
    private static func recorder(_ name: String, into heard: @escaping (String) -> Void) -> ClosureObservation<String> {
        ClosureObservation { heard("\(name): \($0)"); return true }
    }

    @Test func onlyTheObserversOfThatObjectStopHearingThoseKinds() {
        let list = ObserverList<String>()
        let (x, y) = (Object(), Object())
        var heard: [String] = []
        let tokens = [
            list.add(Self.recorder("x", into: { heard.append($0) }), hearing: [.exits, .transitions, .outputs], for: x),
            list.add(Self.recorder("y", into: { heard.append($0) }), hearing: [.exits, .transitions], for: y),
            list.add(Self.recorder("closure", into: { heard.append($0) }), hearing: .exits),
        ]
        list.stopDelivering([.exits, .outputs], toObserversOf: x)
        list.notify(.exits, "left")
        list.notify(.transitions, "took")
        list.notify(.outputs, "said")
        #expect(heard == ["y: left", "closure: left", "x: took", "y: took"])
        // Nobody hears outputs any more: a machine would not even build them.
        #expect(!list.hears(.outputs) && list.hears(.exits) && list.hears(.transitions))
        list.stopDelivering(.transitions, toObserversOf: y)
        list.stopDelivering(.transitions, toObserversOf: x)
        #expect(!list.hears(.transitions) && list.hears(.exits))
        _ = tokens
    }

    @Test func everyObserverOfTheObjectStopsHearingAndTheOthersAreUntouched() {
        let list = ObserverList<String>()
        let (x, unrelated) = (Object(), Object())
        var heard: [String] = []
        let tokens = [
            list.add(Self.recorder("x1", into: { heard.append($0) }), for: x),
            list.add(Self.recorder("plain", into: { heard.append($0) })),
            list.add(Self.recorder("x2", into: { heard.append($0) }), for: x),
        ]
        list.stopDelivering(.entries, toObserversOf: unrelated)
        list.notify(.entries, "a")
        list.stopDelivering(.entries, toObserversOf: x)
        list.notify(.entries, "b")
        list.notify(.exits, "c")
        #expect(heard == ["x1: a", "plain: a", "x2: a", "plain: b", "x1: c", "plain: c", "x2: c"])
        _ = tokens
    }

    @Test func stoppingDuringADeliveryAppliesFromTheNextNotificationOn() {
        let list = ObserverList<String>()
        let x = Object()
        var heard: [String] = []
        let tokens = [
            list.add(ClosureObservation { notification in
                heard.append("x: \(notification)")
                list.stopDelivering(.exits, toObserversOf: x)
                return true
            }, hearing: .exits, for: x),
            list.add(Self.recorder("after", into: { heard.append($0) }), hearing: .exits),
        ]
        list.notify(.exits, "first")
        list.notify(.exits, "second")
        #expect(heard == ["x: first", "after: first", "after: second"])
        _ = tokens
    }

    @Test func stoppingOnAnEmptyListOrForAnObserverAlreadyGoneDoesNothing() {
        let list = ObserverList<String>()
        let x = Object()
        list.stopDelivering(.all, toObserversOf: x)
        #expect(list.isEmpty && !list.hears(.all))
        let token = list.add(Self.recorder("x", into: { _ in }), for: x)
        token.cancel()
        list.stopDelivering(.all, toObserversOf: x)
        #expect(list.isEmpty && !list.hears(.all))
    }

    @Test func forEachObserverPassesTheObserversOfTheKindInOrderAndForgetsThoseThatEnd() {
        let list = ObserverList<Int>()
        var heard: [String] = []
        let tokens = [
            list.add(ClosureObservation { heard.append("a\($0)"); return true }, hearing: .entries),
            list.add(ClosureObservation { heard.append("b\($0)"); return $0 < 2 }, hearing: [.entries, .exits]),
            list.add(ClosureObservation { heard.append("c\($0)"); return true }, hearing: .exits),
        ]
        for value in 1...3 {
            list.forEachObserver(hearing: .entries) { $0.receive(value) }
        }
        #expect(heard == ["a1", "b1", "a2", "b2", "a3"])
        heard = []
        list.forEachObserver(hearing: .exits) { $0.receive(4) }
        #expect(heard == ["c4"])
        _ = tokens
    }
}
