import FSMRuntime
import Testing

// MARK: - Many tasks sending to a machine an actor owns

/// Counts what the turnstile did and what its observers heard.
final class TurnstileTally: Turnstile.Actions {
    var coins = 0
    var refunds = 0
    var passes = 0
    var blocks = 0
    var transitions = 0
    var ignored = 0

    func acceptCoin() { coins += 1 }
    func refund() { refunds += 1 }
    func pass() { passes += 1 }
    func block() { blocks += 1 }
}

/// A background service: the actor serializes every use of its machine, which has no
/// isolation of its own.
actor TurnstileService {
    struct Counts: Equatable {
        var coins = 0, refunds = 0, passes = 0, blocks = 0
        var transitions = 0, ignored = 0
    }

    private let tally = TurnstileTally()
    private let machine: Turnstile

    init() {
        machine = Turnstile(actions: tally)
    }

    /// Starts counting notifications; the observer runs on this actor, inside `send`.
    func startObserving() {
        machine.observe { [tally] notification in
            switch notification {
            case .transitioned: tally.transitions += 1
            case .ignored: tally.ignored += 1
            case .entered, .exited: break
            }
        }
    }

    func send(_ event: Turnstile.Event) {
        machine.send(event)
    }

    /// A coin then a push, with no other event in between.
    func walkThrough() {
        send(.coin)
        send(.push)
    }

    var state: Turnstile.State { machine.state }

    var counts: Counts {
        Counts(
            coins: tally.coins, refunds: tally.refunds, passes: tally.passes, blocks: tally.blocks,
            transitions: tally.transitions, ignored: tally.ignored)
    }
}

// MARK: - A real-time timer firing back on the owning actor

/// The debouncer's actions: they check that they run on the actor that owns the machine.
final class DebounceScript: Debounce.Actions {
    unowned let owner: SearchField
    private(set) var latest = ""
    private(set) var committed: [String] = []

    init(owner: SearchField) {
        self.owner = owner
    }

    func store(text: String) {
        owner.preconditionIsolated("actions run on the actor that owns the machine")
        latest = text
    }

    func commit() {
        owner.preconditionIsolated("the timer fires back on the actor that owns the machine")
        committed.append(latest)
    }
}

/// A search field that commits what was typed once typing pauses, with a real `TaskClock`.
actor SearchField {
    private var machine: Debounce?
    private var script: DebounceScript?

    /// Types each text in turn, within one turn of the actor; returns the state then.
    @discardableResult
    func type(_ texts: [String]) -> Debounce.State {
        let machine = machine ?? makeMachine()
        for text in texts {
            machine.send(.input(text: text))
        }
        return machine.state
    }

    /// Made on first use, on this actor: a machine made in a synchronous actor `init` would
    /// not know its actor yet (`#isolation` is `nil` there).
    private func makeMachine() -> Debounce {
        let script = DebounceScript(owner: self)
        let machine = Debounce(actions: script)
        self.script = script
        self.machine = machine
        return machine
    }

    var committed: [String] { script?.committed ?? [] }
    var state: Debounce.State? { machine?.state }
}

@Suite("Background use: a machine owned by an actor")
struct BackgroundServiceTests {
    @Test func manyConcurrentTasksSendingGiveExactCounts() async {
        let service = TurnstileService()
        await service.startObserving()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<500 {
                group.addTask { await service.walkThrough() }
            }
        }
        let counts = await service.counts
        #expect(counts == TurnstileService.Counts(coins: 500, refunds: 0, passes: 500, blocks: 0, transitions: 1000, ignored: 0))
        #expect(await service.state == .locked)
    }

    @Test func interleavedEventsFromManyTasksAreEachHandledOnce() async {
        let service = TurnstileService()
        await service.startObserving()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<1000 {
                group.addTask { await service.send(index.isMultiple(of: 2) ? .coin : .push) }
            }
        }
        let counts = await service.counts
        #expect(counts.coins + counts.refunds == 500)
        #expect(counts.passes + counts.blocks == 500)
        #expect(counts.transitions == counts.coins + counts.passes)
        #expect(counts.ignored == 0)
        // Every pass needs a coin before it and every coin beyond the passes leaves it unlocked.
        #expect(counts.coins - counts.passes == (await service.state == .unlocked ? 1 : 0))
    }

    /// A real 50 ms timer: on a loaded machine (a build sharing the cores, synchronous suites
    /// holding the cooperative pool's threads) it may fire minutes late, so the waits are long
    /// and bounded by the test's time limit rather than by how loaded the machine is.
    @Test(.timeLimit(.minutes(12))) func aRealTimerFiresBackOnTheOwningActor() async {
        let field = SearchField()
        #expect(await field.type(["s", "sw", "swift"]) == .waiting)
        let committed = await eventually(within: .seconds(600)) { await !field.committed.isEmpty }
        #expect(committed)
        #expect(await field.state == .idle)
        #expect(await field.committed == ["swift"])

        // Each input restarted the 50ms timer: one commit, of the last text, and no other. The
        // next commit is the witness, with no fixed wait: a timer of `s` or `sw` that fired
        // anyway would have done so before it.
        await field.type(["swiftly"])
        #expect(await eventually(within: .seconds(600)) { await field.committed.count == 2 })
        #expect(await field.committed == ["swift", "swiftly"])
    }
}
