import FSMCompiler
import Foundation
import Testing

/// fsmc's own conformance tests, written from the W3C SCXML 1.0 specification
/// (https://www.w3.org/TR/scxml/): its algorithm in Appendix D and the sections it implements.
/// No W3C test file is copied; each case is a small part of `Specs/Conformance.fsm` whose
/// expected exits and entries follow from the cited rules. Every case runs against both
/// FSMCompiler's `MachineInterpreter` and the Swift the plugin generates from the same spec, and
/// both must give exactly the expected order of exits and entries and the expected configuration
/// (what `ParallelSemanticsTests` and `MachineInterpreterTests` pin for the interpreter alone,
/// and `InterpreterAgreementTests` only as an agreement of the two).
@Suite("SCXML conformance: the interpreter and the generated machine follow the specification")
struct SCXMLConformanceTests {
    /// One stimulus and what it must do: the exits and entries in order (`exit x`, `enter y`),
    /// then the active states in document order.
    struct Step {
        var event: String
        var trace: [String]
        var configuration: [String]
    }

    // MARK: - D.2 selectTransitions, removeConflictingTransitions; 3.13 exit and entry order

    /// Appendix D, `microstep`/`exitStates`/`enterStates`: transitions of several regions
    /// selected for one event are taken in one microstep; the states to exit are exited in
    /// exit order (reverse document order: the later region first), those to enter are entered
    /// in entry order (document order).
    @Test func parallelRegionsExitInReverseAndEnterInDocumentOrder() throws {
        try check([
            Step(event: "order", trace: ["exit menu", "enter regions", "enter left", "enter l1", "enter right", "enter r1"],
                 configuration: ["regions", "left", "l1", "right", "r1"]),
            Step(event: "both", trace: ["exit r1", "exit l1", "enter l2", "enter r2"],
                 configuration: ["regions", "left", "l2", "right", "r2"]),
        ])
    }

    /// Appendix D, `removeConflictingTransitions`: two enabled transitions conflict when their
    /// exit sets intersect; unless one's source descends from the other's, the one selected
    /// first (by the earlier atomic state in document order) wins. `l1 -> menu` exits the whole
    /// parallel state, so `r1 -> r2` is dropped; the exits go by reverse document order.
    @Test func theFirstSelectedOfTwoConflictingTransitionsWins() throws {
        try check([
            Step(event: "order", trace: ["exit menu", "enter regions", "enter left", "enter l1", "enter right", "enter r1"],
                 configuration: ["regions", "left", "l1", "right", "r1"]),
            Step(event: "leave", trace: ["exit r1", "exit right", "exit l1", "exit left", "exit regions", "enter menu"],
                 configuration: ["menu"]),
        ])
    }

    /// Appendix D, `removeConflictingTransitions`: "if t1's source state is a descendant of
    /// t2's source state, t1 preempts t2". `l2` selects the parallel state's `reset -> menu`
    /// first, `r2` its own `reset -> r1`; they conflict, and `r2`'s wins.
    @Test func aDescendantsTransitionPreemptsItsAncestors() throws {
        try check([
            Step(event: "order", trace: ["exit menu", "enter regions", "enter left", "enter l1", "enter right", "enter r1"],
                 configuration: ["regions", "left", "l1", "right", "r1"]),
            Step(event: "both", trace: ["exit r1", "exit l1", "enter l2", "enter r2"],
                 configuration: ["regions", "left", "l2", "right", "r2"]),
            Step(event: "reset", trace: ["exit r2", "enter r1"],
                 configuration: ["regions", "left", "l2", "right", "r1"]),
            // In (l2, r1) only the parallel state takes reset: it leaves.
            Step(event: "reset", trace: ["exit r1", "exit right", "exit l2", "exit left", "exit regions", "enter menu"],
                 configuration: ["menu"]),
        ])
    }

    // MARK: - D.1 mainEventLoop: macrosteps, the internal queue

    /// Appendix D, `mainEventLoop`: after a microstep, eventless transitions are taken first
    /// ("enabledTransitions = selectEventlessTransitions()"), and only when none is enabled is
    /// the next internal event dequeued; every internal event is handled before the next
    /// external one (4.2 `<raise>`: "the internal event queue"). `go` raises ping then pong:
    /// `q1` is left eventlessly before ping is handled (so not for `wrong`), ping moves to
    /// `q3`, pong to `q4`; the next external `go` finds `q4`.
    @Test func eventlessTransitionsComeBeforeInternalEventsWhichComeBeforeExternalOnes() throws {
        try check([
            Step(event: "queues", trace: ["exit menu", "enter queueStart"], configuration: ["queueStart"]),
            Step(event: "go", trace: ["exit queueStart", "enter q1", "exit q1", "enter q2", "exit q2", "enter q3", "exit q3", "enter q4"],
                 configuration: ["q4"]),
            Step(event: "go", trace: ["exit q4", "enter menu"], configuration: ["menu"]),
        ])
    }

    // MARK: - 3.7 <final>, 3.13 done events

    /// 3.7.1 and Appendix D, `enterStates`: entering a `<final>` child raises
    /// `done.state.<parent>` on the internal queue; the parent's done transition takes it after
    /// the microstep (the final state is entered, then left with its parent).
    @Test func enteringAFinalChildCompletesItsParent() throws {
        try check([
            Step(event: "complete", trace: ["exit menu", "enter tour", "enter page"], configuration: ["tour", "page"]),
            Step(event: "finish", trace: ["exit page", "enter last", "exit last", "exit tour", "enter toured"],
                 configuration: ["toured"]),
        ])
    }

    /// Appendix D, `enterStates`: entering a final state of a region raises the region's
    /// `done.state` event, then, when every region of the parallel state is in a final state,
    /// the parallel state's: the region's comes first in the internal queue. Here the region
    /// `wash` completes first, and its done transition leaves the parallel state, so the parallel
    /// state's completion finds it inactive and is dropped (3.13: events are matched against the
    /// active configuration only).
    @Test func aRegionsCompletionComesBeforeItsParallelStates() throws {
        try check([
            Step(event: "chores", trace: ["exit menu", "enter housework", "enter wash", "enter washing", "enter dry", "enter drying"],
                 configuration: ["housework", "wash", "washing", "dry", "drying"]),
            Step(event: "finish", trace: [
                "exit drying", "exit washing", "enter washed", "enter dried",
                "exit dried", "exit dry", "exit washed", "exit wash", "exit housework", "enter washFirst",
            ], configuration: ["washFirst"]),
        ])
    }

    // MARK: - 3.10 <history>

    /// 3.10.2: before the parent has been visited, a transition to its history takes the
    /// history's default transition (here the parent's initial state); afterwards a shallow
    /// history restores the child that was active (entered by its own initial states), a deep
    /// history every descendant that was active (3.10.2: "the state's descendants which were
    /// active the last time it was exited").
    @Test func historyTakesItsDefaultFirstThenRestoresShallowOrDeep() throws {
        try check([
            Step(event: "history", trace: ["exit menu", "enter app", "enter library"], configuration: ["app", "library"]),
            Step(event: "go", trace: ["exit library", "enter player", "enter queue", "enter first"],
                 configuration: ["app", "player", "queue", "first"]),
            Step(event: "go", trace: ["exit first", "enter second"], configuration: ["app", "player", "queue", "second"]),
            Step(event: "away", trace: ["exit second", "exit queue", "exit player", "exit app", "enter asleep"],
                 configuration: ["asleep"]),
            Step(event: "backDeep", trace: ["exit asleep", "enter app", "enter player", "enter queue", "enter second"],
                 configuration: ["app", "player", "queue", "second"]),
            Step(event: "away", trace: ["exit second", "exit queue", "exit player", "exit app", "enter asleep"],
                 configuration: ["asleep"]),
            Step(event: "back", trace: ["exit asleep", "enter app", "enter player", "enter queue", "enter first"],
                 configuration: ["app", "player", "queue", "first"]),
        ])
    }

    // MARK: - 3.13 transition domains, type="internal"

    /// 3.13 (Selecting and Executing Transitions) and Appendix D, `getTransitionDomain`: a
    /// transition whose source is compound and whose target descends from it
    /// (`type="internal"`, fsmc's rule) has the source as its domain and does not exit it; one
    /// to the source itself has the source's parent as its domain, and exits and re-enters it.
    @Test func aCompoundStatesTransitionInsideItDoesNotLeaveIt() throws {
        try check([
            Step(event: "nested", trace: ["exit menu", "enter outer", "enter inner1"], configuration: ["outer", "inner1"]),
            Step(event: "child", trace: ["exit inner1", "enter inner2"], configuration: ["outer", "inner2"]),
            Step(event: "reset", trace: ["exit inner2", "enter inner1"], configuration: ["outer", "inner1"]),
            Step(event: "again", trace: ["exit inner1", "exit outer", "enter outer", "enter inner1"], configuration: ["outer", "inner1"]),
        ])
    }

    // MARK: - Running a case on both

    static let spec = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Specs/Conformance.fsm")

    /// Starts both in `menu`, then sends each step's event to both and compares each with what
    /// the step expects.
    private func check(_ steps: [Step], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let source = SourceText(bytes: Array(try Data(contentsOf: Self.spec)))
        let machine = try #require(Compiler.compile(source).executable)
        var interpreter = MachineInterpreter(machine: machine)
        _ = interpreter.start(answers: [])
        var seen = interpreter.trace.count
        let journal = ConformanceJournal()
        let generated = Conformance(observers: [journal])
        let events = Dictionary(uniqueKeysWithValues: Conformance.Event.allCases.map { ($0.name, $0) })
        #expect(interpreter.configuration.map { machine.model[$0].name } == ["menu"], sourceLocation: sourceLocation)
        #expect(Conformance.StateID.allCases.filter(generated.isIn).map(\.rawValue) == ["menu"], sourceLocation: sourceLocation)
        var script: [String] = []
        for step in steps {
            script.append(step.event)
            let event = try #require(machine.model.events.firstIndex { $0.name == step.event })
            _ = interpreter.send(EventID(event), answers: [])
            let interpreted = interpreter.trace[seen...].compactMap { entry -> String? in
                switch entry {
                case .exited(let state): "exit \(machine.model[state].name)"
                case .entered(let state): "enter \(machine.model[state].name)"
                case .took, .ignored, .kept, .released, .tookHistoryDefault, .started, .cancelled, .dropped, .ignoredResult, .inChild, .updated: nil
                }
            }
            seen = interpreter.trace.count
            journal.lines = []
            generated.send(try #require(events[step.event]))
            let after = script.joined(separator: ", ")
            #expect(interpreted == step.trace, "interpreter after \(after)", sourceLocation: sourceLocation)
            #expect(journal.lines == step.trace, "generated machine after \(after)", sourceLocation: sourceLocation)
            #expect(interpreter.configuration.map { machine.model[$0].name } == step.configuration, "interpreter after \(after)", sourceLocation: sourceLocation)
            #expect(Conformance.StateID.allCases.filter(generated.isIn).map(\.rawValue) == step.configuration, "generated machine after \(after)", sourceLocation: sourceLocation)
        }
    }
}

/// The exits and entries the generated machine reports, in order.
final class ConformanceJournal: Conformance.Observer {
    var lines: [String] = []
    func machine(_ machine: Conformance, didExit state: Conformance.StateID) { lines.append("exit \(state.rawValue)") }
    func machine(_ machine: Conformance, didEnter state: Conformance.StateID) { lines.append("enter \(state.rawValue)") }
}
