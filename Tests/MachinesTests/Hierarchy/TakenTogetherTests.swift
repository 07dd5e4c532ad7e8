import FSMRuntime
import Testing

/// Transitions without a target conflict with none (SCXML's `removeConflictingTransitions`),
/// so SCXML takes them in the same step as the transitions the other regions' states select
/// (Typewriter.fsm): a region's with its parallel state's, the machine's with a region's, one
/// region's with another's that leaves, the parallel state's with two regions'. Actions run in
/// the order the states selected them, document order, the outer transition's where the first
/// region that chose none is.
@Suite("Transitions without a target taken with others in one step")
struct TakenTogetherTests {
    /// Typewriter's actions and every exit and entry, in one journal.
    final class TypewriterBench: Typewriter.Actions, Typewriter.Observer {
        var lines: [String] = []
        var shifted = false
        var loud = false
        var margin = false
        private(set) var typewriter: Typewriter!

        init() {
            typewriter = Typewriter(actions: self, observers: [self])
        }

        func isShifted() -> Bool { shifted }
        func isLoud() -> Bool { loud }
        func atMargin() -> Bool { margin }
        func count() { lines.append("count") }
        func shift() { lines.append("shift") }
        func typeLetter() { lines.append("typeLetter") }
        func flush() { lines.append("flush") }
        func unshift() { lines.append("unshift") }
        func hush() { lines.append("hush") }
        func ring() { lines.append("ring") }
        func warn() { lines.append("warn") }
        func jam() { lines.append("jam") }
        func log() { lines.append("log") }

        func machine(_ machine: Typewriter, didExit state: Typewriter.StateID) { lines.append("exit \(state.rawValue)") }
        func machine(_ machine: Typewriter, didEnter state: Typewriter.StateID) { lines.append("enter \(state.rawValue)") }

        /// What sending `event` did; checks first that the pure transition function predicts
        /// the configuration it leads to.
        func send(_ event: Typewriter.Event, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
            let predicted = Typewriter.nextState(from: typewriter.state, on: event, guards: self)
            lines.removeAll()
            typewriter.send(event)
            #expect(predicted ?? typewriter.state == typewriter.state, "nextState", sourceLocation: sourceLocation)
            return lines
        }
    }

    @Test func aRegionsTransitionWithoutTargetIsTakenWithItsParallelStatesThatLeaves() {
        let bench = TypewriterBench()
        _ = bench.send(.start)
        // letters selects its `key` without a target, bell and margin select typing's: both.
        #expect(bench.send(.key) == [
            "exit inside", "exit margin", "exit silent", "exit bell", "exit lower", "exit letters", "exit typing",
            "typeLetter", "jam", "enter idle",
        ])
        #expect(bench.typewriter.state == .idle)
    }

    @Test func aRegionsTransitionWithATargetWinsOverItsParallelStates() {
        let bench = TypewriterBench()
        _ = bench.send(.start)
        bench.shifted = true
        #expect(bench.send(.key) == ["exit lower", "shift", "enter upper"])
        #expect(bench.send(.key) == ["exit upper", "unshift", "enter lower"])
        #expect(bench.typewriter.state == .typing(.init(letters: .lower, bell: .silent, margin: .inside)))
    }

    @Test func theMachinesTransitionWithoutTargetIsTakenWithARegions() {
        let bench = TypewriterBench()
        _ = bench.send(.start)
        // letters, first, chooses nothing: the machine's `count` runs first.
        #expect(bench.send(.tick) == ["exit silent", "count", "enter ringing"])
        // bell's guard fails: the machine's alone.
        #expect(bench.send(.tick) == ["count"])
        bench.loud = true
        #expect(bench.send(.tick) == ["exit ringing", "count", "enter silent"])
        #expect(bench.typewriter.state == .typing(.init(letters: .lower, bell: .silent, margin: .inside)))
    }

    @Test func aRegionsTransitionWithoutTargetIsTakenWithAnotherRegionsThatLeaves() {
        let bench = TypewriterBench()
        for event: Typewriter.Event in [.start, .tick] { _ = bench.send(event) }
        #expect(bench.send(.stop) == [
            "exit inside", "exit margin", "exit ringing", "exit bell", "exit lower", "exit letters", "exit typing",
            "flush", "hush", "enter idle",
        ])
        #expect(bench.typewriter.state == .idle)
    }

    @Test func actionsOfTransitionsTakenTogetherRunInDocumentOrder() {
        let bench = TypewriterBench()
        for event: Typewriter.Event in [.start, .tick] { _ = bench.send(event) }
        // letters chooses none, so its state selects typing's `log`, declared after the
        // regions: bell's and margin's actions first (SCXML 3.13: document order).
        bench.margin = true
        #expect(bench.send(.ding) == ["ring", "warn", "log"])
        bench.margin = false
        #expect(bench.send(.ding) == ["ring", "log"])
        // Only typing's when no region takes it.
        bench.loud = true
        #expect(bench.send(.tick) == ["exit ringing", "count", "enter silent"])
        #expect(bench.send(.ding) == ["log"])
    }
}
