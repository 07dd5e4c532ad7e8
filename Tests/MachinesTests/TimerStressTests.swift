import FSMRuntime
import Foundation
import Testing

/// Counts the fuse's blows.
final class FuseScript: Fuse.Actions {
    private(set) var blows = 0

    func blow() { blows += 1 }
}

/// A fuse on a clock, counting its visits to `armed`: the n-th timer ever scheduled belongs
/// to the n-th visit, the only state with a timer.
private final class FuseBench<Clock: SynchronousMachineClock> {
    let clock: Clock
    let script = FuseScript()
    let fuse: Fuse
    private(set) var armedVisits = 0

    init(clock: Clock) {
        self.clock = clock
        fuse = Fuse(actions: script, clock: clock)
        fuse.observe { [unowned self] notification in
            if case .entered(.armed) = notification { armedVisits += 1 }
        }
    }
}

/// A fuse owned by an actor, on the real clock.
private actor FuseOwner {
    let script = FuseScript()
    private var fuses: [Fuse] = []
    private var racingFuse: Fuse?

    /// Makes and arms `count` fuses; returns weak references to them.
    func armFuses(_ count: Int) -> [WeakFuse] {
        fuses = (0..<count).map { _ in Fuse(actions: script) }
        for fuse in fuses { fuse.send(.arm) }
        return fuses.map(WeakFuse.init)
    }

    func releaseFuses() {
        fuses.removeAll()
    }

    /// Arms and disarms a fuse `count` times within one turn of the actor.
    func armAndDisarm(_ count: Int) {
        let fuse = Fuse(actions: script)
        for _ in 0..<count {
            fuse.send(.arm)
            fuse.send(.disarm)
        }
    }

    /// Arms the racing fuse, keeps the actor busy past the deadline, so that the timer falls
    /// due and waits for the actor, then disarms the fuse within the same turn.
    func disarmWhileTheTimerWaitsForTheActor() {
        let fuse = racingFuse ?? Fuse(actions: script)
        racingFuse = fuse
        fuse.send(.arm)
        let clock = ContinuousClock()
        let end = clock.now + .milliseconds(30)
        while clock.now < end {}
        fuse.send(.disarm)
    }

    var blows: Int { script.blows }

    private var witnessFuse: Fuse?

    /// Arms a fuse of its own and leaves it to blow: the returned stream's element says it
    /// has. Every timer scheduled before it falls due first, so one that was going to fire
    /// has fired by then, however late a loaded machine runs them.
    func armWitness() -> AsyncStream<Void> {
        let witness = WitnessScript()
        let fuse = Fuse(actions: witness)
        witnessFuse = fuse
        fuse.send(.arm)
        return witness.blown
    }
}

/// A fuse's actions that tell a test when it blew.
final class WitnessScript: Fuse.Actions {
    let (blown, blew) = AsyncStream<Void>.makeStream()

    func blow() { blew.yield() }
}

/// Lets a test hold a fuse weakly across the actor boundary, to see that it was freed.
private struct WeakFuse: @unchecked Sendable {
    weak var fuse: Fuse?
}

@Suite("Stress: timers fired late, cancelled, and outliving their machine")
struct TimerStressTests {
    /// Every sequence of seven steps (arm, disarm, fire the newest timer not fired yet, fire
    /// the oldest one), each on a fresh fuse: a timer, cancelled, stale or current, is
    /// delivered exactly when it belongs to the current visit of `armed`.
    @Test func onlyATimerOfTheCurrentVisitIsEverDelivered() {
        enum Step: CaseIterable { case arm, disarm, fireNewest, fireOldest }
        let length = 7
        var delivered = 0
        var dropped = 0
        for sequence in 0..<Int(pow(Double(Step.allCases.count), Double(length))) {
            let bench = FuseBench(clock: HandFiredClock())
            var unfired: [Int] = []
            var code = sequence
            for _ in 0..<length {
                let step = Step.allCases[code % Step.allCases.count]
                code /= Step.allCases.count
                switch step {
                case .arm, .disarm:
                    let scheduledBefore = bench.clock.scheduledCount
                    bench.fuse.send(step == .arm ? .arm : .disarm)
                    unfired += scheduledBefore..<bench.clock.scheduledCount
                case .fireNewest, .fireOldest:
                    guard let index = step == .fireNewest ? unfired.popLast() : (unfired.isEmpty ? nil : unfired.removeFirst()) else { continue }
                    let isCurrent = bench.fuse.state == .armed && index == bench.armedVisits - 1
                    #expect(bench.clock.cancelled[index] == !isCurrent)
                    let blowsBefore = bench.script.blows
                    bench.clock.fire(index)
                    #expect(bench.script.blows == blowsBefore + (isCurrent ? 1 : 0))
                    if isCurrent {
                        #expect(bench.fuse.state == .blown)
                        delivered += 1
                    } else {
                        dropped += 1
                    }
                }
            }
            #expect(bench.clock.scheduledCount == bench.armedVisits)
        }
        #expect(delivered > 1000)
        #expect(dropped > 1000)
    }

    @Test func aMachineReleasedWithPendingTimersIsFreedAndNothingFires() {
        let clock = HandFiredClock()
        let script = FuseScript()
        weak var released: Fuse?
        do {
            let fuse = Fuse(actions: script, clock: clock)
            released = fuse
            for _ in 0..<100 { fuse.send(.arm) }
        }
        #expect(released == nil)
        #expect(clock.cancelled.allSatisfy { $0 })
        for index in 0..<clock.scheduledCount {
            clock.fire(index)
        }
        #expect(script.blows == 0)
    }

    @Test(.timeLimit(.minutes(12))) func realTimersOfReleasedMachinesNeverFire() async {
        let owner = FuseOwner()
        let references = await owner.armFuses(500)
        await owner.releaseFuses()
        #expect(references.allSatisfy { $0.fuse == nil })
        var witness = await owner.armWitness().makeAsyncIterator()
        _ = await witness.next()
        #expect(await owner.blows == 0)
    }

    @Test(.timeLimit(.minutes(12))) func realTimersOfALeftStateNeverFire() async {
        let owner = FuseOwner()
        await owner.armAndDisarm(2000)
        var witness = await owner.armWitness().makeAsyncIterator()
        _ = await witness.next()
        #expect(await owner.blows == 0)
    }

    /// The race a real clock has: the timer falls due while the actor is busy, and the
    /// machine leaves the state before the timer gets the actor.
    @Test(.timeLimit(.minutes(12))) func aRealTimerThatFellDueWhileTheStateWasLeftIsDropped() async {
        let owner = FuseOwner()
        for _ in 0..<10 {
            await owner.disarmWhileTheTimerWaitsForTheActor()
        }
        var witness = await owner.armWitness().makeAsyncIterator()
        _ = await witness.next()
        #expect(await owner.blows == 0)
    }
}
