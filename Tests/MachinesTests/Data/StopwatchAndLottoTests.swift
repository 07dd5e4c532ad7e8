import FSMRuntime
import Foundation
import Machines
import Testing

/// Whether values of `type` can be encoded and decoded, asked at run time.
private func isCodable<T>(_ type: T.Type) -> Bool {
    type is any Codable.Type
}

/// A time that tests move by hand, read by the stopwatch's clock.
private final class HandMovedTime {
    let start = ContinuousClock.now
    var now: ContinuousClock.Instant

    init() {
        now = start
    }

    func at(_ seconds: Int) -> ContinuousClock.Instant {
        start + .seconds(seconds)
    }
}

/// machines/Stopwatch.fsm with its clock, and what it displayed.
private final class StopwatchBench {
    let time = HandMovedTime()
    let clock: StopwatchClock
    let stopwatch: Stopwatch
    var displayed: [Duration] = []

    init() {
        clock = StopwatchClock(now: { [time] in time.now })
        stopwatch = Stopwatch(actions: clock)
        stopwatch.observe { [unowned self] notification in
            if case .emitted(.shown(let elapsed)) = notification { displayed.append(elapsed) }
        }
    }

    /// Moves time on to `seconds` after the start, then sends `event`.
    func send(_ event: Stopwatch.Event, at seconds: Int) {
        time.now = time.at(seconds)
        stopwatch.send(event)
    }
}

@Suite("Stopwatch (seed 003, std::variant): the running state's instant becomes the paused state's duration")
struct StopwatchTests {
    @Test func pausingComputesTheElapsedTimeFromTheRunningStatesData() {
        let bench = StopwatchBench()
        bench.send(.start, at: 0)
        #expect(bench.stopwatch.state == .running(since: bench.time.at(0)))
        bench.send(.pause, at: 3)
        #expect(bench.stopwatch.state == .paused(elapsed: .seconds(3)))
        #expect(bench.clock.shown == [.seconds(3)])          // show(elapsed:), paused's entry action
    }

    @Test func resumingStartsAsLongAgoAsTheElapsedTimeSoThePauseDoesNotCount() {
        let bench = StopwatchBench()
        bench.send(.start, at: 0)
        bench.send(.pause, at: 3)
        bench.send(.start, at: 13)
        #expect(bench.stopwatch.state == .running(since: bench.time.at(10)))
        bench.send(.pause, at: 15)
        #expect(bench.stopwatch.state == .paused(elapsed: .seconds(5)))
        #expect(bench.clock.shown == [.seconds(3), .seconds(5)])
    }

    @Test func resettingShowsTheTimeFromEitherState() {
        let bench = StopwatchBench()
        bench.send(.start, at: 0)
        bench.send(.pause, at: 4)
        bench.send(.reset, at: 9)                               // the paused state's data
        #expect(bench.stopwatch.state == .idle)
        bench.send(.start, at: 20)
        bench.send(.reset, at: 27)                              // computed from the running state's
        #expect(bench.displayed == [.seconds(4), .seconds(7)])
        #expect(bench.clock.shown == [.seconds(4)])
    }

    @Test func theTransitionFunctionAsksTheClockButShowsNothing() {
        let time = HandMovedTime()
        let clock = StopwatchClock(now: { [time] in time.now })
        time.now = time.at(4)
        #expect(Stopwatch.nextState(from: .running(since: time.at(0)), on: .pause, guards: clock) == .paused(elapsed: .seconds(4)))
        #expect(Stopwatch.nextState(from: .paused(elapsed: .seconds(1)), on: .start, guards: clock) == .running(since: time.at(3)))
        #expect(Stopwatch.nextState(from: .idle, on: .start, guards: clock) == .running(since: time.at(4)))
        #expect(Stopwatch.nextState(from: .idle, on: .pause, guards: clock) == nil)
        #expect(clock.shown == [])
    }

    @Test func itsStateIsHashableButNotCodableSinceAnInstantIsNot() {
        #expect(!isCodable(Stopwatch.State.self))
        #expect(isCodable(Stopwatch.StateID.self))
        let time = HandMovedTime()
        #expect(Set<Stopwatch.State>([.running(since: time.at(1)), .running(since: time.at(1)), .running(since: time.at(2))]).count == 2)
        #expect(Stopwatch.State.paused(elapsed: .seconds(2)).description == "paused")
    }
}

/// machines/Lotto.fsm with its store and what the view heard.
private final class LottoBench {
    let store = LottoStore()
    let lotto: Lotto
    var heard: [Lotto.Output] = []

    init(restoring state: Lotto.State? = nil) {
        lotto = Lotto(actions: store, restoring: state)
        lotto.observe { [unowned self] notification in
            if case .emitted(let output) = notification { heard.append(output) }
        }
    }

    func send(_ events: Lotto.Event...) {
        for event in events { lotto.send(event) }
    }
}

@Suite("Lotto (seed 004, Flux): the numbers on screen are the state's data")
struct LottoTests {
    @Test func newNumbersBecomeTheStatesDataAndTheViewHearsThem() {
        let bench = LottoBench()
        bench.send(.newNumbers(numbers: [3, 11, 19]))
        #expect(bench.lotto.state == .drawn(current: [3, 11, 19]))
        bench.send(.newNumbers(numbers: [1, 7]))            // drawn -> drawn replaces the data
        #expect(bench.lotto.state == .drawn(current: [1, 7]))
        #expect(bench.heard == [.changed(numbers: [3, 11, 19]), .changed(numbers: [1, 7])])
    }

    @Test func savingPassesTheDataToTheActionThenCountsWhatWasSaved() {
        let bench = LottoBench()
        bench.send(.saveNumbers, .newNumbers(numbers: [3, 11, 19]), .saveNumbers, .saveNumbers, .newNumbers(numbers: [1, 7]), .saveNumbers)
        #expect(bench.store.savedNumbers == [[3, 11, 19], [1, 7]])
        #expect(bench.heard == [
            .notice("Draw some numbers first."),
            .changed(numbers: [3, 11, 19]),
            .saved(numbers: [3, 11, 19], total: 1),           // savedCount runs after save: the action came first
            .notice("These numbers are saved already."),     // isSaved() read the state's data
            .changed(numbers: [1, 7]),
            .saved(numbers: [1, 7], total: 2),
        ])
        bench.send(.clear)
        #expect(bench.lotto.state == .empty)
        #expect(bench.heard.last == .cleared)
    }

    @Test func theNumbersSurviveJSONAndARestoredStoreSavesThem() throws {
        #expect(isCodable(Lotto.State.self))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(Lotto.State.drawn(current: [4, 8, 15]))
        #expect(String(decoding: json, as: UTF8.self) == #"{"drawn":{"current":[4,8,15]}}"#)
        let state = try JSONDecoder().decode(Lotto.State.self, from: json)
        #expect(state == .drawn(current: [4, 8, 15]))

        let bench = LottoBench(restoring: state)
        bench.send(.saveNumbers)
        #expect(bench.store.savedNumbers == [[4, 8, 15]])
        #expect(bench.heard == [.saved(numbers: [4, 8, 15], total: 1)])
    }

    @Test func theTransitionFunctionAsksTheGuardWithTheDataButSavesNothing() {
        let store = LottoStore()
        #expect(Lotto.nextState(from: .drawn(current: [1]), on: .saveNumbers, guards: store) == .drawn(current: [1]))
        #expect(Lotto.nextState(from: .drawn(current: [1]), on: .newNumbers(numbers: [2]), guards: store) == .drawn(current: [2]))
        #expect(Lotto.nextState(from: .empty, on: .clear, guards: store) == nil)
        #expect(store.savedNumbers == [])
    }
}
