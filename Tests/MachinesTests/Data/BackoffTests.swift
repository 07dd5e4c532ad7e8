import FSMRuntime
import Foundation
import Testing

/// Retries that wait `base × 2^(attempt − 1)`, up to `maxAttempts`; every call is journaled.
final class BackoffScript: Backoff.Actions {
    let journal: Journal
    var base: Duration = .seconds(1)
    var maxAttempts = 3
    /// Whether retrying is allowed at all; `canRetry` says no when it is not.
    var retriesAllowed = true

    init(journal: Journal) {
        self.journal = journal
    }

    func canRetry(attempt: Int) -> Bool {
        journal.append("canRetry(attempt: \(attempt))")
        return retriesAllowed && attempt < maxAttempts
    }

    func dial(attempt: Int) { journal.append("dial(attempt: \(attempt))") }
    func report(reason: String, attempt: Int) { journal.append("report(reason: \(reason), attempt: \(attempt))") }

    func backoff(attempt: Int) -> Duration {
        let delay = base * (1 << (attempt - 1))
        journal.append("backoff(attempt: \(attempt)) = \(delay)")
        return delay
    }

    func nextAttempt(attempt: Int) -> Int {
        journal.append("nextAttempt(attempt: \(attempt))")
        return attempt + 1
    }
}

/// A backoff machine on a manual clock; its script and notifications write to one journal.
private final class BackoffBench {
    let journal = Journal()
    let clock = ManualClock()
    let script: BackoffScript
    let machine: Backoff

    init(restoring state: Backoff.State? = nil) {
        script = BackoffScript(journal: journal)
        machine = Backoff(actions: script, clock: clock, restoring: state)
        machine.observe { [unowned self] notification in
            switch notification {
            case .transitioned(let transition): journal.append("-> \(transition.target)")
            case .emitted(.gaveUp(let attempts)): journal.append("gaveUp(attempts: \(attempts))")
            default: break
            }
        }
    }

    func send(_ event: Backoff.Event) -> [String] {
        journal.clear()
        machine.send(event)
        return journal.lines
    }

    func advance(by duration: Duration) -> [String] {
        journal.clear()
        clock.advance(by: duration)
        return journal.lines
    }
}

@Suite("Computed delays: 'after name' takes its delay from the state's data, on entry")
struct BackoffTests {
    @Test func eachRetryWaitsLongerAsTheAttemptGrows() {
        let bench = BackoffBench()
        #expect(bench.send(.connect) == ["dial(attempt: 1)", "-> connecting"])
        #expect(bench.machine.state == .connecting(attempt: 1))
        // The delay is computed as `waiting` is entered, from its data.
        #expect(bench.send(.failed(reason: "timeout")) == [
            "canRetry(attempt: 1)", "report(reason: timeout, attempt: 1)", "backoff(attempt: 1) = 1.0 seconds", "-> waiting",
        ])
        #expect(bench.machine.state == .waiting(attempt: 1))
        #expect(bench.advance(by: .milliseconds(999)) == [])
        #expect(bench.advance(by: .milliseconds(1)) == [
            "canRetry(attempt: 1)", "nextAttempt(attempt: 1)", "dial(attempt: 2)", "-> connecting",
        ])
        #expect(bench.machine.state == .connecting(attempt: 2))

        #expect(bench.send(.failed(reason: "refused")).contains("backoff(attempt: 2) = 2.0 seconds"))
        #expect(bench.advance(by: .milliseconds(1999)) == [])
        #expect(bench.machine.state == .waiting(attempt: 2))
        _ = bench.advance(by: .milliseconds(1))
        #expect(bench.machine.state == .connecting(attempt: 3))

        // The third attempt is the last: canRetry() says no, so the machine gives up.
        #expect(bench.send(.failed(reason: "refused")) == [
            "canRetry(attempt: 3)", "report(reason: refused, attempt: 3)", "gaveUp(attempts: 3)", "-> idle",
        ])
        #expect(bench.machine.state == .idle)
    }

    @Test func theDelayIsTheOneComputedOnEntryEvenIfTheFunctionWouldNowSayOtherwise() {
        let bench = BackoffBench()
        _ = bench.send(.connect)
        _ = bench.send(.failed(reason: "timeout"))
        bench.script.base = .seconds(60)
        #expect(bench.advance(by: .seconds(1)).last == "-> connecting")
        #expect(bench.machine.state == .connecting(attempt: 2))
        #expect(bench.send(.failed(reason: "timeout")).contains("backoff(attempt: 2) = 120.0 seconds"))
    }

    @Test func aGuardCalledWithoutThePayloadServesAnEventAndATimerAlike() {
        let bench = BackoffBench()
        _ = bench.send(.connect)
        _ = bench.send(.failed(reason: "timeout"))
        bench.script.retriesAllowed = false
        // Both `after backoff` transitions share one timer, which tries their guards in order.
        #expect(bench.advance(by: .seconds(1)) == ["canRetry(attempt: 1)", "gaveUp(attempts: 1)", "-> idle"])
        #expect(bench.machine.state == .idle)
    }

    @Test func leavingTheStateCancelsTheComputedTimer() {
        let bench = BackoffBench()
        _ = bench.send(.connect)
        _ = bench.send(.failed(reason: "timeout"))
        #expect(bench.send(.cancel) == ["-> idle"])
        #expect(bench.advance(by: .seconds(10)) == [])
        #expect(bench.machine.state == .idle)
    }

    @Test func aRestoredMachineComputesTheDelayAgainFromTheRestoredData() {
        let bench = BackoffBench(restoring: .waiting(attempt: 2))
        #expect(bench.journal.lines == ["backoff(attempt: 2) = 2.0 seconds"])
        #expect(bench.advance(by: .milliseconds(1999)) == [])
        #expect(bench.advance(by: .milliseconds(1)) == [
            "canRetry(attempt: 2)", "nextAttempt(attempt: 2)", "dial(attempt: 3)", "-> connecting",
        ])
        #expect(bench.machine.state == .connecting(attempt: 3))
    }
}
