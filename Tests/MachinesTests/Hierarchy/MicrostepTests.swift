import FSMRuntime
import Testing

/// Regions that take an event together where a region holds a parallel state whose own regions
/// take it too (Orchestra.fsm): every active atomic state selects its transition, conflicts are
/// resolved as SCXML's `removeConflictingTransitions` does, and the transitions taken form one
/// microstep — exits in reverse document order, actions in selection order, entries in
/// document order.
@Suite("The general microstep of nested parallel regions")
struct MicrostepTests {
    final class OrchestraBench: Orchestra.Actions, Orchestra.Observer {
        var lines: [String] = []
        let answers: Set<String>
        private(set) var orchestra: Orchestra!

        init(answers: Set<String> = []) {
            self.answers = answers
            orchestra = Orchestra(actions: self, observers: [self])
        }

        func isTired() -> Bool { answers.contains("isTired") }
        func isRested() -> Bool { answers.contains("isRested") }
        func isLoud() -> Bool { answers.contains("isLoud") }
        func isShrill() -> Bool { answers.contains("isShrill") }
        func tuneViolins() { lines.append("tuneViolins") }
        func lowerBows() { lines.append("lowerBows") }
        func pluckAgain() { lines.append("pluckAgain") }
        func dropOut() { lines.append("dropOut") }
        func wakeUp() { lines.append("wakeUp") }
        func hum() { lines.append("hum") }
        func tuneCellos() { lines.append("tuneCellos") }
        func restSection() { lines.append("restSection") }
        func tuneBrass() { lines.append("tuneBrass") }
        func breathe() { lines.append("breathe") }
        func soften() { lines.append("soften") }
        func conduct() { lines.append("conduct") }
        func bow() { lines.append("bow") }

        func machine(_ machine: Orchestra, didExit state: Orchestra.StateID) { lines.append("exit \(state.rawValue)") }
        func machine(_ machine: Orchestra, didEnter state: Orchestra.StateID) { lines.append("enter \(state.rawValue)") }

        /// Sends `event` and returns what it did; the pure transition function must predict
        /// the configuration, unless eventless transitions follow.
        func send(_ event: Orchestra.Event, predicted: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
            let next = Orchestra.nextState(from: orchestra.state, on: event, guards: self, history: orchestra.snapshot.history)
            lines.removeAll()
            orchestra.send(event)
            if predicted { #expect(next ?? orchestra.state == orchestra.state, "nextState", sourceLocation: sourceLocation) }
            return lines
        }
    }

    static func stage(_ section: Orchestra.State.Strings, _ brass: Orchestra.State.Brass) -> Orchestra.State {
        .stage(.init(strings: section, brass: brass))
    }

    @Test func everyRegionOfTheNestedParallelStateTakesItsTransitionInOneStep() {
        let bench = OrchestraBench()
        #expect(bench.send(.play) == [
            "exit silent", "enter stage", "enter strings", "enter section", "enter violins", "enter bowing",
            "enter cellos", "hum", "enter low", "enter brass", "enter horns",
        ])
        #expect(bench.send(.tune) == [
            "exit horns", "exit low", "exit bowing", "tuneViolins", "tuneCellos", "tuneBrass",
            "enter plucking", "enter high", "enter trumpets",
        ])
        #expect(bench.orchestra.state == Self.stage(.section(.init(violins: .plucking, cellos: .high)), .trumpets))
    }

    @Test func anAtomicStateThatSelectsNothingInsideSelectsTheTransitionAroundTheParallelState() {
        let bench = OrchestraBench()
        _ = bench.send(.play)
        _ = bench.send(.tune)
        // plucking: its own, without a target; high: nothing inside (isLoud fails), so stage's
        // `tune / conduct`; trumpets: `tune [in(high)] -> horns`. The actions run in document
        // order: `conduct` is declared after the regions.
        #expect(bench.send(.tune) == ["exit trumpets", "pluckAgain", "conduct", "enter horns"])
        #expect(bench.orchestra.state == Self.stage(.section(.init(violins: .plucking, cellos: .high)), .horns))
        #expect(bench.send(.tune) == ["exit horns", "pluckAgain", "tuneBrass", "conduct", "enter trumpets"])
    }

    @Test func aTransitionOfTheNestedParallelStateItselfIsSelectedOnceAndTakenWithARegionsTargetless() {
        let bench = OrchestraBench()
        _ = bench.send(.play)
        _ = bench.send(.tune)
        _ = bench.send(.tune)
        #expect(bench.send(.rest) == [
            "exit high", "exit cellos", "lowerBows", "exit plucking", "exit violins", "exit section",
            "restSection", "breathe", "enter pause",
        ])
        #expect(bench.orchestra.state == Self.stage(.pause, .horns))
        #expect(bench.send(.tune) == [
            "exit horns", "exit pause", "tuneBrass",
            "enter section", "enter violins", "enter bowing", "enter cellos", "hum", "enter low", "enter trumpets",
        ])
    }

    @Test func theTransitionSelectedFirstWinsOverAConflictingOneAroundIt() {
        let bench = OrchestraBench(answers: ["isTired"])
        _ = bench.send(.play)
        _ = bench.send(.tune)
        // plucking's `stop [isTired] -> pause` is selected first; stage's `stop -> silent`, which
        // the cellos and the brass select, conflicts with it and yields.
        #expect(bench.send(.stop) == [
            "exit high", "exit cellos", "lowerBows", "exit plucking", "exit violins", "exit section", "dropOut", "enter pause",
        ])
        #expect(bench.orchestra.state == Self.stage(.pause, .trumpets))
    }

    @Test func aNestedRegionsTransitionBeatsItsParallelStatesSelectedLater() {
        let bench = OrchestraBench(answers: ["isTired", "isRested", "isShrill"])
        _ = bench.send(.play)
        // bowing's `rest -> resting` first; section's `rest -> pause` (for the cellos) conflicts
        // and yields; the horns breathe. Then resting's eventless transition, alone.
        #expect(bench.send(.rest, predicted: false) == [
            "exit bowing", "breathe", "enter resting", "exit resting", "wakeUp", "enter bowing",
        ])
        #expect(bench.orchestra.state == Self.stage(.section(.init(violins: .bowing, cellos: .low)), .horns))
    }

    @Test func whenNothingInsideIsSelectedTheParallelStatesOwnTransitionLeavesAndDeepHistoryComesBack() {
        let bench = OrchestraBench()
        _ = bench.send(.play)
        _ = bench.send(.tune)
        #expect(bench.send(.stop) == [
            "exit trumpets", "exit brass", "exit high", "exit cellos", "lowerBows", "exit plucking", "exit violins",
            "exit section", "exit strings", "exit stage", "bow", "enter silent",
        ])
        #expect(bench.send(.tune) == [
            "exit silent", "enter stage", "enter strings", "enter section", "enter violins", "enter plucking",
            "enter cellos", "enter high", "enter brass", "enter horns",
        ])
    }

    final class QuartetBench: Quartet.Actions {
        var lines: [String] = []
        var long = true
        private(set) var quartet: Quartet!

        init() {
            quartet = Quartet(actions: self)
        }

        func isLong(bars: Int, total: Int) -> Bool { long }
        func count(bars: Int, total: Int) { lines.append("count \(bars) of \(total)") }
        func phrase(bars: Int, phrase: Int, total: Int) { lines.append("phrase \(bars) after \(phrase) of \(total)") }
        func finish(phrase: Int, total: Int) { lines.append("finish \(phrase) of \(total)") }
        func listen(bars: Int, total: Int) { lines.append("listen \(bars) of \(total)") }
        func drum(bars: Int, total: Int) { lines.append("drum \(bars) of \(total)") }
        func settle(length: Int, total: Int) { lines.append("settle \(length) of \(total)") }
        func roll(bars: Int, length: Int, total: Int) { lines.append("roll \(bars) after \(length) of \(total)") }
        func bow(total: Int) { lines.append("bow \(total)") }

        func send(_ event: Quartet.Event, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
            let next = Quartet.nextState(from: quartet.state, on: event, guards: self)
            lines.removeAll()
            quartet.send(event)
            #expect(next ?? quartet.state == quartet.state, "nextState", sourceLocation: sourceLocation)
            return lines
        }
    }

    /// Quartet.fsm: the guards and actions of the transitions taken together read the payload
    /// and the data of the states around their sources; the targets get the payload, and the
    /// states that stay keep their data.
    @Test func theMicrostepReadsAndKeepsStateData() {
        let bench = QuartetBench()
        _ = bench.send(.play(bars: 4))
        #expect(bench.quartet.state == .concert(.parts(.init(melody: .voices(.init(soprano: .hum, alto: .quiet)), rhythm: .beat)), total: 4))
        #expect(bench.send(.play(bars: 8)) == ["count 8 of 4", "listen 8 of 4", "drum 8 of 4"])
        #expect(bench.quartet.state == .concert(.parts(.init(melody: .voices(.init(soprano: .singing(phrase: 8), alto: .quiet)), rhythm: .fill(length: 8))), total: 4))
        #expect(bench.send(.play(bars: 2)) == ["phrase 2 after 8 of 4", "listen 2 of 4", "roll 2 after 8 of 4"])
        #expect(bench.quartet.state == .concert(.parts(.init(melody: .voices(.init(soprano: .singing(phrase: 2), alto: .quiet)), rhythm: .fill(length: 8))), total: 4))
        #expect(bench.send(.rest) == ["finish 2 of 4", "settle 8 of 4"])
        #expect(bench.quartet.state == .concert(.parts(.init(melody: .voices(.init(soprano: .hum, alto: .quiet)), rhythm: .beat)), total: 4))
        // A guard that fails leaves the soprano to the others: alto and rhythm still take it.
        bench.long = false
        #expect(bench.send(.play(bars: 3)) == ["listen 3 of 4", "drum 3 of 4"])
        #expect(bench.send(.stop) == ["bow 4"])
        #expect(bench.quartet.state == .idle)
    }
}
