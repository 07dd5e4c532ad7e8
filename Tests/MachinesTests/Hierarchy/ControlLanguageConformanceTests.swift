import FSMCompiler
import Foundation
import Machines
import Testing

/// SCXML's whole control language (`reenter`, several targets, history defaults, atomic regions,
/// constant conditions), each case an area of `Specs/ControlLanguage.fsm` whose expected exits,
/// entries and actions follow from the W3C SCXML specification (https://www.w3.org/TR/scxml/):
/// the section is cited at each case. Every case runs against FSMCompiler's `MachineInterpreter`
/// and the Swift the plugin generates from the same spec; both must give exactly the expected
/// order, actions included, and the expected configuration.
@Suite("SCXML's control language: the interpreter and the generated machine follow the specification")
struct ControlLanguageConformanceTests {
    /// One stimulus and what it must do: exits, entries and actions in order (`exit x`,
    /// `enter y`, `do act`; a state's exit or entry is noted once its actions ran, as observers
    /// hear of it), then the active states in document order.
    struct Step {
        var event: String
        var trace: [String]
        var configuration: [String]
    }

    /// 3.13, D.2 `getTransitionDomain`: a transition is external unless marked internal, so its
    /// domain is the least common compound ancestor of its source and targets; a parallel state
    /// is not compound, so `a`'s transition leaves `p`. `removeConflictingTransitions`: its exit
    /// set meets `b1`'s, and `b1` does not descend from `a`, so `a`'s (selected first) wins. SCXML
    /// (and Qt) end in `a2, b1`.
    @Test func reenterLeavesTheParallelStateAndPreemptsTheOtherRegion() throws {
        try check([
            Step(event: "external", trace: ["exit menu", "enter p", "enter a", "enter a1", "enter b", "enter b1"],
                 configuration: ["p", "a", "a1", "b", "b1"]),
            Step(event: "t", trace: ["exit b1", "exit b", "exit a1", "exit a", "exit p", "enter p", "enter a", "enter a2", "enter b", "enter b1"],
                 configuration: ["p", "a", "a2", "b", "b1"]),
        ])
    }

    /// 3.13, `type="internal"`: a transition to a descendant of its compound source does not
    /// leave the source (fsmc's default); the two regions' transitions do not conflict.
    @Test func withoutReenterBothRegionsMove() throws {
        try check([
            Step(event: "inside", trace: ["exit menu", "enter q", "enter c", "enter c1", "enter d", "enter d1"],
                 configuration: ["q", "c", "c1", "d", "d1"]),
            Step(event: "t", trace: ["exit d1", "exit c1", "enter c2", "enter d2"], configuration: ["q", "c", "c2", "d", "d2"]),
        ])
    }

    /// 3.13: an external transition to a descendant of its compound source exits and re-enters
    /// the source, its exit and entry actions included.
    @Test func reenterInACompoundStateRunsItsExitAndEntryActions() throws {
        try check([
            Step(event: "outer", trace: ["exit menu", "do enterS", "enter s", "enter s1"], configuration: ["s", "s1"]),
            Step(event: "t", trace: ["exit s1", "do exitS", "exit s", "do enterS", "enter s", "enter s2"], configuration: ["s", "s2"]),
        ])
    }

    /// 3.13 and D.2 `computeEntrySet`: `target="bold2 underline2"` enters the parallel state with
    /// those regions in the states named and the other region at its initial state, in document
    /// order, after the transition's actions.
    @Test func severalTargetsEnterTheirRegionsAndTheOthersByDefault() throws {
        try check([
            Step(event: "several", trace: [
                "exit menu", "do prepare", "enter editor", "enter bold", "enter bold2", "enter italic", "enter italic1",
                "enter underline", "enter underline2",
            ], configuration: ["editor", "bold", "bold2", "italic", "italic1", "underline", "underline2"]),
        ])
    }

    /// 3.11 and D.2 `addDescendantStatesToEnter`: before `main` was ever left its history takes
    /// its default transition (`detail`), whose content runs right after `main`'s entry actions
    /// (`defaultHistoryContent`); once `main` was left, the history restores what was active.
    @Test func aHistoryDefaultIsTakenUntilTheStateWasLeft() throws {
        try check([
            Step(event: "back", trace: ["exit menu", "do enterMain", "enter main", "do restoreDefault", "enter detail"],
                 configuration: ["main", "detail"]),
            Step(event: "t", trace: ["exit detail", "enter list"], configuration: ["main", "list"]),
            Step(event: "leave", trace: ["exit list", "exit main", "enter menu"], configuration: ["menu"]),
            Step(event: "back", trace: ["exit menu", "do enterMain", "enter main", "enter list"], configuration: ["main", "list"]),
        ])
    }

    /// 3.11: a deep history's default may name several states, in different regions; the region
    /// it does not name starts at its initial state.
    @Test func aDeepHistoryDefaultEntersSeveralRegions() throws {
        try check([
            Step(event: "backDeep", trace: [
                "exit menu", "enter deepMain", "enter pair", "enter left", "enter left2", "enter right", "enter right2",
                "enter other", "enter other1",
            ], configuration: ["deepMain", "pair", "left", "left2", "right", "right2", "other", "other1"]),
        ])
    }

    /// 3.4: a `<parallel>` child without children is an atomic state, active with its parallel
    /// state; a transition from it to another region has its domain around the parallel state.
    @Test func anAtomicRegionIsAlwaysInItself() throws {
        try check([
            Step(event: "watch", trace: ["exit menu", "enter watched", "enter watcher", "enter work", "enter w1"],
                 configuration: ["watched", "watcher", "work", "w1"]),
            Step(event: "t", trace: ["exit w1", "enter w2"], configuration: ["watched", "watcher", "work", "w2"]),
            Step(event: "u", trace: [
                "exit w2", "exit work", "exit watcher", "exit watched", "enter watched", "enter watcher", "enter work", "enter w2",
            ], configuration: ["watched", "watcher", "work", "w2"]),
        ])
    }

    /// 5.9: a condition is a boolean expression; `true` and `false` are its constants.
    @Test func constantConditionsAreTheConstantsTheyAre() throws {
        try check([
            Step(event: "constant", trace: ["exit menu", "enter constants"], configuration: ["constants"]),
            Step(event: "t", trace: ["exit constants", "enter constants2"], configuration: ["constants2"]),
        ])
    }

    // MARK: - Running a case

    static let spec = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Specs/ControlLanguage.fsm")

    /// Sends the steps' events to the interpreter and to the generated machine, from `menu`.
    private func check(_ steps: [Step], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let source = SourceText(bytes: Array(try Data(contentsOf: Self.spec)))
        let machine = try #require(Compiler.compile(source).executable)
        let model = machine.model
        var interpreter = MachineInterpreter(machine: machine)
        // The guard `reentering` holds: the conflict is decided by the rules, not by the guard.
        let answers: Set<String> = ["reentering"]
        _ = interpreter.start(answers: answers)
        var seen = interpreter.trace.count
        let journal = ControlLanguageJournal()
        let generated = ControlLanguage(actions: journal, observers: [journal])
        let events = Dictionary(uniqueKeysWithValues: ControlLanguage.Event.allCases.map { ($0.name, $0) })
        func actions(_ list: [ActionModel]) -> [String] {
            list.map { "do \(SpecText.action($0, in: model))" }
        }
        var script: [String] = []
        for step in steps {
            script.append(step.event)
            let event = try #require(model.events.firstIndex { $0.name == step.event })
            _ = interpreter.send(EventID(event), answers: answers)
            // As the generated machine notifies its observers: a state's exit or entry once its
            // actions ran; a history default's actions after its state's entry.
            let interpreted = interpreter.trace[seen...].flatMap { entry -> [String] in
                switch entry {
                case .exited(let state): actions(model[state].exitActions) + ["exit \(model[state].name)"]
                case .entered(let state): actions(model[state].entryActions) + ["enter \(model[state].name)"]
                case .took(let id): actions(machine[id].declaration.actions)
                case .tookHistoryDefault(let state): actions(model[state].historyDefault?.actions ?? [])
                case .ignored, .kept, .released, .started, .cancelled, .dropped, .ignoredResult, .inChild, .updated: []
                }
            }
            seen = interpreter.trace.count
            journal.lines = []
            generated.send(try #require(events[step.event]))
            let after = script.joined(separator: ", ")
            #expect(interpreted == step.trace, "interpreter after \(after)", sourceLocation: sourceLocation)
            #expect(journal.lines == step.trace, "generated machine after \(after)", sourceLocation: sourceLocation)
            #expect(interpreter.configuration.map { model[$0].name } == step.configuration, "interpreter after \(after)", sourceLocation: sourceLocation)
            #expect(
                ControlLanguage.StateID.allCases.filter(generated.isIn).map(\.rawValue) == step.configuration,
                "generated machine after \(after)", sourceLocation: sourceLocation)
        }
    }
}

/// The exits, entries and actions of the generated machine, in order.
final class ControlLanguageJournal: ControlLanguage.Actions, ControlLanguage.Observer {
    var lines: [String] = []
    func machine(_ machine: ControlLanguage, didExit state: ControlLanguage.StateID) { lines.append("exit \(state.rawValue)") }
    func machine(_ machine: ControlLanguage, didEnter state: ControlLanguage.StateID) { lines.append("enter \(state.rawValue)") }
    func reentering() -> Bool { true }
    func prepare() { lines.append("do prepare") }
    func enterS() { lines.append("do enterS") }
    func exitS() { lines.append("do exitS") }
    func enterMain() { lines.append("do enterMain") }
    func restoreDefault() { lines.append("do restoreDefault") }
}
