import FSMCompiler
import FSMRuntime
import Foundation
import Testing
import TestSupport

/// SCXML's control language in generated Swift against the interpreter of the same spec:
/// `Specs/Controls.fsm` (atomic regions, several targets, histories with a default, `reenter`,
/// constant guards) and `Specs/Switchboard.fsm` (the same where regions nest, with the general
/// microstep, eventless transitions and completion). After every event or moment of time of
/// random scripts, both ran the same exit and entry actions, transition actions and history
/// defaults' actions, exited and entered the same states, all in the same order, and rest in
/// the same configuration; the pure transition function leads where the machine went.
@Suite("The control language's generated Swift agrees with the interpreter")
struct ControlLanguageAgreementTests {
    /// A generated machine behind a common face.
    struct Driven {
        /// Sends the event of that name; returns whether the state the machine rests in is the
        /// one its pure transition function gave for it.
        var send: (String) -> Bool
        var advance: (Duration) -> Void
        /// The active states' names, in document order.
        var configuration: () -> [String]
    }

    @Test func controlsAgrees() async throws {
        try await onOwnThread {
            let heard = try Self.runScripts("Controls", seed: 0xC0_47_0156) { journal in
                let clock = ManualClock()
                // The machine holds its observers weakly: the face holds this one.
                let watcher = ControlsJournal(journal: journal)
                let controls = Controls(actions: ControlsScript(journal: journal), clock: clock, observers: [watcher])
                let events: [String: Controls.Event] = [
                    "go": .go, "toggle": .toggle, "both": .both, "leave": .leave, "again": .again, "never": .never, "note": .note,
                    "shallow": .shallow, "open": .open(page: 7), "tick": .tick,
                ]
                return Driven(
                    send: { name in
                        let before = controls.snapshot
                        let predicted = Controls.nextState(from: before.state, on: events[name]!, history: before.history)
                        controls.send(events[name]!)
                        // No eventless transition, raise or completion follows a step of this spec.
                        return controls.state == (predicted ?? before.state)
                    },
                    advance: { clock.advance(by: $0) },
                    configuration: { [watcher] in
                        _ = watcher
                        return Controls.StateID.allCases.filter(controls.isIn).map(\.rawValue)
                    })
            }
            // The scripts reached every construct: history defaults (deep into regions, shallow,
            // with data), several targets, `reenter` (out of a region and of a compound state),
            // an atomic region's actions and timer; never the transition guarded by `false`.
            let constructs = [
                "defaulted", "sectionByDefault", "turnedBack", "bothOn", "bothOff", "italicAgain", "outlineAgain", "rulerToggled",
                "rulerTimedOut", "enter ruler", "exit ruler", "noted",
            ]
            #expect(constructs.filter { !heard.contains($0) } == [])
            #expect(!heard.contains("neverRuns"))
        }
    }

    @Test func switchboardAgrees() async throws {
        try await onOwnThread {
            let heard = try Self.runScripts("Switchboard", seed: 0x5B_0A_4D) { journal in
                let watcher = SwitchboardJournal(journal: journal)
                let switchboard = Switchboard(actions: SwitchboardScript(journal: journal), observers: [watcher])
                let events: [String: Switchboard.Event] = ["flip": .flip, "jump": .jump, "back": .back, "power": .power]
                return Driven(
                    send: { name in
                        let before = switchboard.snapshot
                        let predicted = Switchboard.nextState(from: before.state, on: events[name]!, history: before.history)
                        switchboard.send(events[name]!)
                        // Eventless transitions and completions may follow: only a step the
                        // pure function says is ignored is checked.
                        return predicted != nil || switchboard.state == before.state
                    },
                    advance: { _ in },
                    configuration: { [watcher] in
                        _ = watcher
                        return Switchboard.StateID.allCases.filter(switchboard.isIn).map(\.rawValue)
                    })
            }
            let constructs = ["defaultBoard", "boardDefaulted", "jumpedIn", "reheated", "dimmed", "panelDone", "lampOn", "lampOff", "enter hum"]
            #expect(constructs.filter { !heard.contains($0) } == [])
        }
    }

    /// An atomic region has no property in its parallel state's struct, and is active with it:
    /// `isIn`, the description, `Codable` snapshots (history included) and the transition
    /// table with several targets and `reenter` all say so.
    @Test func atomicRegionsSnapshotsAndTheTable() throws {
        let controls = Controls(actions: ControlsScript(journal: Journal()), clock: ManualClock())
        // The history's default enters boldOn and italicOn; toggle turns bold off; the deep
        // history brings that back.
        controls.send(.go)
        #expect(controls.state == .main(.editor(.init(bold: .boldOn, italic: .italicOn))))
        for event in [Controls.Event.toggle, .leave] { controls.send(event) }
        #expect(controls.state == .idle)
        controls.send(.go)
        #expect(controls.state == .main(.editor(.init(bold: .boldOff, italic: .italicOn))))
        #expect(controls.isIn(.ruler) && controls.isIn(.editor))
        #expect(controls.state.description == "main.editor(ruler, bold.boldOff, italic.italicOn)")
        let data = try JSONEncoder().encode(controls.snapshot)
        let snapshot = try JSONDecoder().decode(Controls.Snapshot.self, from: data)
        #expect(snapshot == controls.snapshot)
        let restored = Controls(actions: ControlsScript(journal: Journal()), clock: ManualClock(), restoring: snapshot)
        restored.send(.leave)
        restored.send(.go)
        #expect(restored.state == controls.state)
        #expect(Controls.transitionTable.contains { $0.target == .boldOn && $0.otherTargets == [.italicOn] && $0.source == .editor })
        #expect(Controls.transitionTable.contains { $0.reenters && $0.source == .italic && $0.target == .italicOn })
        #expect(Controls.transitionTable.contains { $0.guardExpression == "false" && $0.source == .idle })
    }

    /// Runs random scripts of the spec `name` on the generated machine `make` builds (writing
    /// into the journal it is given) and on the interpreter, comparing them after every step.
    /// Returns every line the journals held.
    static func runScripts(_ name: String, seed: UInt64, make: (Journal) -> Driven) throws -> Set<String> {
        let url = InterpreterAgreementTests.specs.appendingPathComponent("\(name).fsm")
        let machine = try #require(Compiler.compile(SourceText(bytes: Array(try Data(contentsOf: url)))).executable)
        var generator = SeededGenerator(seed: seed)
        var heard: Set<String> = []
        for _ in 0..<150 {
            let journal = Journal()
            let driven = make(journal)
            var interpreter = MachineInterpreter(machine: machine)
            _ = interpreter.start(answers: [])
            var seen = 0
            var nanoseconds: Int64 = 0
            var steps: [String] = []
            func check(_ what: String) {
                let expected = expectedLines(interpreter.trace[seen...], in: machine)
                seen = interpreter.trace.count
                #expect(journal.lines == expected, "\(name) after \(what)")
                #expect(driven.configuration() == interpreter.configuration.map { machine.model[$0].name }, "\(name) after \(what)")
                heard.formUnion(journal.lines)
                journal.clear()
            }
            check("start")
            for _ in 0..<30 {
                if Int.random(in: 0..<6, using: &generator) == 0 {
                    nanoseconds += 1_000_000_000
                    steps.append("wait 1s")
                    _ = interpreter.advance(to: nanoseconds, answers: [])
                    driven.advance(.seconds(1))
                } else {
                    let event = machine.model.events.indices.randomElement(using: &generator)!
                    steps.append(machine.model.events[event].name)
                    _ = interpreter.send(EventID(event), answers: [])
                    #expect(driven.send(machine.model.events[event].name), "\(name): nextState after \(steps.joined(separator: ", "))")
                }
                check(steps.joined(separator: ", "))
            }
        }
        return heard
    }

    /// The lines a generated machine's journal holds for what the interpreter traced: a
    /// state's exit actions then its exit, a transition's actions, a state's entry actions then
    /// its entry, a history default's actions.
    static func expectedLines(_ entries: ArraySlice<MachineInterpreter.TraceEntry>, in machine: ExecutableMachine) -> [String] {
        let model = machine.model
        func calls(_ actions: [ActionModel]) -> [String] {
            actions.compactMap { if case .call(let name) = $0 { name } else { nil } }
        }
        return entries.flatMap { entry -> [String] in
            switch entry {
            case .exited(let state): calls(model[state].exitActions) + ["exit \(model[state].name)"]
            case .entered(let state): calls(model[state].entryActions) + ["enter \(model[state].name)"]
            case .took(let id): calls(machine[id].declaration.actions)
            case .tookHistoryDefault(let state): calls(model[state].historyDefault?.actions ?? [])
            case .ignored, .kept, .released, .started, .cancelled, .dropped, .ignoredResult, .inChild, .updated: []
            }
        }
    }
}

/// Every action of `Controls` writes its name into the journal.
final class ControlsScript: Controls.Actions {
    let journal: Journal
    init(journal: Journal) { self.journal = journal }
    func startEditing() { journal.append("startEditing") }
    func neverRuns() { journal.append("neverRuns") }
    func noted() { journal.append("noted") }
    func defaulted() { journal.append("defaulted") }
    func enterMain() { journal.append("enterMain") }
    func exitMain() { journal.append("exitMain") }
    func bothOn() { journal.append("bothOn") }
    func showRuler() { journal.append("showRuler") }
    func hideRuler() { journal.append("hideRuler") }
    func rulerToggled() { journal.append("rulerToggled") }
    func rulerTimedOut() { journal.append("rulerTimedOut") }
    func bothOff() { journal.append("bothOff") }
    func italicAgain() { journal.append("italicAgain") }
    func sectionByDefault() { journal.append("sectionByDefault") }
    func outlineAgain() { journal.append("outlineAgain") }
    func openBook(page: Int) { journal.append("openBook") }
    func turnedBack(page: Int) { journal.append("turnedBack") }
}

/// Writes `exit x` and `enter x` into the journal as `Controls` exits and enters states.
final class ControlsJournal: Controls.Observer {
    let journal: Journal
    init(journal: Journal) { self.journal = journal }
    func machine(_ machine: Controls, didExit state: Controls.StateID) { journal.append("exit \(state.rawValue)") }
    func machine(_ machine: Controls, didEnter state: Controls.StateID) { journal.append("enter \(state.rawValue)") }
}

/// Every action of `Switchboard` writes its name into the journal.
final class SwitchboardScript: Switchboard.Actions {
    let journal: Journal
    init(journal: Journal) { self.journal = journal }
    func powerOn() { journal.append("powerOn") }
    func jumpedIn() { journal.append("jumpedIn") }
    func defaultBoard() { journal.append("defaultBoard") }
    func boardDefaulted() { journal.append("boardDefaulted") }
    func lampOn() { journal.append("lampOn") }
    func lampOff() { journal.append("lampOff") }
    func panelDone() { journal.append("panelDone") }
    func dimmed() { journal.append("dimmed") }
    func reheated() { journal.append("reheated") }
}

/// Writes `exit x` and `enter x` into the journal as `Switchboard` exits and enters states.
final class SwitchboardJournal: Switchboard.Observer {
    let journal: Journal
    init(journal: Journal) { self.journal = journal }
    func machine(_ machine: Switchboard, didExit state: Switchboard.StateID) { journal.append("exit \(state.rawValue)") }
    func machine(_ machine: Switchboard, didEnter state: Switchboard.StateID) { journal.append("enter \(state.rawValue)") }
}
