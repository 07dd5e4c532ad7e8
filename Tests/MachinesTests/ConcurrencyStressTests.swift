import FSMRuntime
import Foundation
import Testing

/// The tally's actions; every hundredth addition sends an `echo` from inside the step.
final class TallyScript: Tally.Actions {
    weak var machine: Tally?
    var total = 0
    var additions = 0
    var subtractions = 0
    var echoes = 0
    /// Counted by the service's observer.
    var toggles = 0

    func increase(amount: Int) {
        total += amount
        additions += 1
        if additions.isMultiple(of: 100) { machine?.send(.echo) }
    }

    func decrease(amount: Int) {
        total -= amount
        subtractions += 1
    }

    func echoed() { echoes += 1 }
}

/// A background service: an actor owns the machine, which has no isolation of its own, and
/// every event reaches it through the actor, from tasks or from any thread.
actor TallyService {
    struct Counts: Equatable {
        var total = 0, additions = 0, subtractions = 0, echoes = 0, toggles = 0
        var state = Tally.State.even

        /// Events handled that came from outside (echoes come from inside).
        var handled: Int { additions + subtractions + toggles }
    }

    private let script = TallyScript()
    private var machine: Tally?

    /// The machine, made on first use on this actor; an observer of its toggles sends an
    /// `echo` from inside each notification.
    private func tally() -> Tally {
        if let machine { return machine }
        let machine = Tally(actions: script)
        script.machine = machine
        machine.observe { [script, unowned machine] notification in
            guard case .transitioned = notification else { return }
            script.toggles += 1
            machine.send(.echo)
        }
        self.machine = machine
        return machine
    }

    func send(_ event: Tally.Event) {
        tally().send(event)
    }

    /// Sends a batch within one turn of the actor.
    func send(_ events: [Tally.Event]) {
        let machine = tally()
        for event in events { machine.send(event) }
    }

    /// For callbacks on any thread (a delegate, a notification): hands the event to the actor.
    nonisolated func post(_ event: Tally.Event) {
        Task { await self.send(event) }
    }

    var counts: Counts {
        Counts(
            total: script.total, additions: script.additions, subtractions: script.subtractions, echoes: script.echoes,
            toggles: script.toggles, state: machine?.state ?? .even)
    }
}

@Suite("Stress: thousands of events from many tasks and threads at once")
struct ConcurrencyStressTests {
    /// The `index`-th event a sender sends: adds, subtractions and toggles in turn.
    static func event(_ index: Int, from sender: Int) -> Tally.Event {
        switch index % 4 {
        case 0: .add(amount: sender + 1)
        case 1: .subtract(amount: 1)
        case 2: .toggle
        default: .add(amount: 2)
        }
    }

    /// What `senders` senders sending `perSender` events each add up to, in any order.
    static func expectedCounts(senders: Int, perSender: Int) -> TallyService.Counts {
        var counts = TallyService.Counts()
        for sender in 0..<senders {
            for index in 0..<perSender {
                switch event(index, from: sender) {
                case .add(let amount): counts.total += amount; counts.additions += 1
                case .subtract(let amount): counts.total -= amount; counts.subtractions += 1
                case .toggle: counts.toggles += 1
                case .echo: break
                }
            }
        }
        counts.echoes = counts.additions / 100 + counts.toggles
        counts.state = counts.toggles.isMultiple(of: 2) ? .even : .odd
        return counts
    }

    @Test func manyTasksSendingThousandsOfEventsGiveExactCounts() async {
        let service = TallyService()
        let (senders, perSender) = (8, 2500)
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<senders {
                group.addTask {
                    for index in 0..<perSender {
                        await service.send(Self.event(index, from: sender))
                    }
                }
            }
        }
        #expect(await service.counts == Self.expectedCounts(senders: senders, perSender: perSender))
    }

    @Test func batchesFromManyTasksInterleaveWholeAndGiveExactCounts() async {
        let service = TallyService()
        let (senders, batches, batchSize) = (6, 50, 40)
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<senders {
                group.addTask {
                    for batch in 0..<batches {
                        await service.send((0..<batchSize).map { Self.event(batch * batchSize + $0, from: sender) })
                    }
                }
            }
        }
        #expect(await service.counts == Self.expectedCounts(senders: senders, perSender: batches * batchSize))
    }

    /// The posted events run as unstructured tasks on the cooperative pool, which a loaded
    /// machine's other tests may hold for minutes: the wait is `eventually`'s ten minutes.
    @Test(.timeLimit(.minutes(12))) func manyThreadsPostingThousandsOfEventsGiveExactCounts() async {
        let service = TallyService()
        let (senders, perSender) = (4, 1500)
        for sender in 0..<senders {
            Thread {
                for index in 0..<perSender {
                    service.post(Self.event(index, from: sender))
                }
            }.start()
        }
        let expected = Self.expectedCounts(senders: senders, perSender: perSender)
        #expect(await eventually { await service.counts.handled == expected.handled })
        #expect(await service.counts == expected)
    }
}
