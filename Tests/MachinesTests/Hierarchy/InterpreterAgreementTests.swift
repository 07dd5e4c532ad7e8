import FSMCompiler
import FSMRuntime
import Foundation
import Testing
import TestSupport

/// The generated Swift of a nested or parallel spec (built by the plugin) and FSMCompiler's
/// `MachineInterpreter` of the same spec run the same random scripts: after every event or
/// moment of time, both must have exited and entered the same states in the same order and
/// rest in the same configuration. The executable machine is the one meaning both read.
@Suite("Generated statecharts agree with the interpreter of the executable model")
struct InterpreterAgreementTests {
    /// What a test drives: the generated machine behind a common face.
    struct Driven {
        var send: (String) -> Void
        /// `stop()`s the machine.
        var stop: () -> Void
        var advance: (Duration) -> Void
        /// The active states' names, in document order (`isIn` of every `StateID`).
        var configuration: () -> [String]
        var journal: Journal
    }

    static let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Specs")

    static let specNames = ["Workshop", "Radio", "Toolbar", "Panes", "Workbench", "Mixer", "Typewriter", "Console", "Studio", "Orchestra"]

    @Test(arguments: specNames)
    func randomScriptsAgree(_ name: String) async throws {
        // Seconds of CPU: on a thread of its own, so that it holds none of the cooperative
        // pool's, which the real-time timer tests need (see onOwnThread).
        try await onOwnThread {
            let source = SourceText(bytes: Array(try Data(contentsOf: Self.specs.appendingPathComponent("\(name).fsm"))))
            let machine = try #require(Compiler.compile(source).executable)
            let guardNames = machine.model.guards.map(\.name)
            var generator = SeededGenerator(seed: 0x5EED_F5C0 &+ UInt64(name.utf8.count))
            for answersMask in 0..<(1 << guardNames.count) {
                let answers = Set(guardNames.enumerated().filter { answersMask & (1 << $0.offset) != 0 }.map(\.element))
                for _ in 0..<40 {
                    try runScript(machine, answers: answers, generator: &generator, driven: drive(name, answers: answers))
                }
            }
        }
    }

    private func runScript(
        _ machine: ExecutableMachine, answers: Set<String>, generator: inout SeededGenerator, driven: Driven
    ) throws {
        var interpreter = MachineInterpreter(machine: machine)
        var nanoseconds: Int64 = 0
        _ = interpreter.start(answers: answers)
        var seen = 0
        func check(_ what: String) {
            let expected = interpreter.trace[seen...].compactMap { entry -> String? in
                switch entry {
                case .exited(let state): "exit \(machine.model[state].name)"
                case .entered(let state): "enter \(machine.model[state].name)"
                case .took, .ignored, .kept, .released, .tookHistoryDefault, .started, .cancelled, .dropped, .ignoredResult, .inChild, .updated: nil
                }
            }
            seen = interpreter.trace.count
            #expect(driven.journal.lines == expected, "after \(what)")
            #expect(driven.configuration() == interpreter.configuration.map { machine.model[$0].name }, "after \(what)")
            driven.journal.clear()
        }
        check("start")
        var script: [String] = []
        for _ in 0..<25 {
            if Int.random(in: 0..<5, using: &generator) == 0 {
                let step = [Int64(500_000_000), 1_000_000_000, 5_000_000_000].randomElement(using: &generator)!
                nanoseconds += step
                script.append("wait \(step / 1_000_000)ms")
                _ = interpreter.advance(to: nanoseconds, answers: answers)
                driven.advance(.nanoseconds(step))
            } else {
                let event = machine.model.events.indices.randomElement(using: &generator)!
                script.append(machine.model.events[event].name)
                _ = interpreter.send(EventID(event), answers: answers)
                driven.send(machine.model.events[event].name)
            }
            check(script.joined(separator: ", ") + " with \(answers.sorted())")
        }
    }

    func drive(_ name: String, answers: Set<String>) -> Driven {
        let journal = Journal()
        let clock = ManualClock()
        switch name {
        case "Workshop":
            let script = WorkshopScript(journal: Journal())
            script.roomTakes = answers.contains("roomTakesPoke")
            script.deskTakes = answers.contains("deskTakesPoke")
            let watcher = StateJournal(journal: journal)
            let workshop = Workshop(actions: script, clock: clock, observers: [watcher])
            let events = Dictionary(uniqueKeysWithValues: Workshop.Event.allCases.map { ($0.name, $0) })
            return Driven(
                send: { workshop.send(events[$0]!) }, stop: { workshop.stop() }, advance: { clock.advance(by: $0) },
                configuration: { [script, watcher] in
                    _ = (script, watcher)
                    return Workshop.StateID.allCases.filter(workshop.isIn).map(\.rawValue)
                },
                journal: journal)
        case "Toolbar":
            let script = ToolbarScript(canJump: answers.contains("canJump"), isSettled: answers.contains("isSettled"))
            let watcher = StateJournal(journal: journal)
            let toolbar = Toolbar(actions: script, observers: [watcher])
            let events = Dictionary(uniqueKeysWithValues: Toolbar.Event.allCases.map { ($0.name, $0) })
            return Driven(
                send: { toolbar.send(events[$0]!) }, stop: { toolbar.stop() }, advance: { clock.advance(by: $0) },
                configuration: { [script, watcher] in
                    _ = (script, watcher)
                    return Toolbar.StateID.allCases.filter(toolbar.isIn).map(\.rawValue)
                },
                journal: journal)
        case "Panes":
            let script = PanesScript(isPatient: answers.contains("isPatient"), isReady: answers.contains("isReady"))
            let watcher = StateJournal(journal: journal)
            let panes = Panes(actions: script, clock: clock, observers: [watcher])
            let events = Dictionary(uniqueKeysWithValues: Panes.Event.allCases.map { ($0.name, $0) })
            return Driven(
                send: { panes.send(events[$0]!) }, stop: { panes.stop() }, advance: { clock.advance(by: $0) },
                configuration: { [script, watcher] in
                    _ = (script, watcher)
                    return Panes.StateID.allCases.filter(panes.isIn).map(\.rawValue)
                },
                journal: journal)
        case "Workbench":
            let script = WorkbenchScript(isComplete: answers.contains("isComplete"))
            let watcher = StateJournal(journal: journal)
            let workbench = Workbench(actions: script, clock: clock, observers: [watcher])
            let events = Dictionary(uniqueKeysWithValues: Workbench.Event.allCases.map { ($0.name, $0) })
            return Driven(
                send: { workbench.send(events[$0]!) }, stop: { workbench.stop() }, advance: { clock.advance(by: $0) },
                configuration: { [script, watcher] in
                    _ = (script, watcher)
                    return Workbench.StateID.allCases.filter(workbench.isIn).map(\.rawValue)
                },
                journal: journal)
        case "Mixer":
            let script = MixerScript(isLong: answers.contains("isLong"), isPeaking: answers.contains("isPeaking"))
            let watcher = StateJournal(journal: journal)
            let mixer = Mixer(actions: script, observers: [watcher])
            let events = Dictionary(uniqueKeysWithValues: Mixer.Event.allCases.map { ($0.name, $0) })
            return Driven(
                send: { mixer.send(events[$0]!) }, stop: { mixer.stop() }, advance: { clock.advance(by: $0) },
                configuration: { [script, watcher] in
                    _ = (script, watcher)
                    return Mixer.StateID.allCases.filter(mixer.isIn).map(\.rawValue)
                },
                journal: journal)
        case "Typewriter":
            let script = TypewriterScript(answers: answers)
            let watcher = StateJournal(journal: journal)
            let typewriter = Typewriter(actions: script, observers: [watcher])
            let events = Dictionary(uniqueKeysWithValues: Typewriter.Event.allCases.map { ($0.name, $0) })
            return Driven(
                send: { typewriter.send(events[$0]!) }, stop: { typewriter.stop() }, advance: { clock.advance(by: $0) },
                configuration: { [script, watcher] in
                    _ = (script, watcher)
                    return Typewriter.StateID.allCases.filter(typewriter.isIn).map(\.rawValue)
                },
                journal: journal)
        case "Console":
            let script = ConsoleScript()
            let watcher = StateJournal(journal: journal)
            let console = Console(actions: script, observers: [watcher])
            let events = Dictionary(uniqueKeysWithValues: Console.Event.allCases.map { ($0.name, $0) })
            return Driven(
                send: { console.send(events[$0]!) }, stop: { console.stop() }, advance: { clock.advance(by: $0) },
                configuration: { [script, watcher] in
                    _ = (script, watcher)
                    return Console.StateID.allCases.filter(console.isIn).map(\.rawValue)
                },
                journal: journal)
        case "Orchestra":
            let watcher = StateJournal(journal: journal)
            let orchestra = Orchestra(actions: OrchestraScript(answers: answers), observers: [watcher])
            let events = Dictionary(uniqueKeysWithValues: Orchestra.Event.allCases.map { ($0.name, $0) })
            return Driven(
                send: { orchestra.send(events[$0]!) }, stop: { orchestra.stop() }, advance: { clock.advance(by: $0) },
                configuration: { [watcher] in
                    _ = watcher
                    return Orchestra.StateID.allCases.filter(orchestra.isIn).map(\.rawValue)
                },
                journal: journal)
        case "Studio":
            let watcher = StateJournal(journal: journal)
            let studio = Studio(actions: StudioScript(), clock: clock, observers: [watcher])
            let events = Dictionary(uniqueKeysWithValues: Studio.Event.allCases.map { ($0.name, $0) })
            return Driven(
                send: { studio.send(events[$0]!) }, stop: { studio.stop() }, advance: { clock.advance(by: $0) },
                configuration: { [watcher] in
                    _ = watcher
                    return Studio.StateID.allCases.filter(studio.isIn).map(\.rawValue)
                },
                journal: journal)
        default:
            let script = RadioScript(quiet: answers.contains("isQuiet"))
            let watcher = StateJournal(journal: journal)
            let radio = Radio(actions: script, observers: [watcher])
            let events = Dictionary(uniqueKeysWithValues: Radio.Event.allCases.map { ($0.name, $0) })
            return Driven(
                send: { radio.send(events[$0]!) }, stop: { radio.stop() }, advance: { clock.advance(by: $0) },
                configuration: { [script, watcher] in
                    _ = (script, watcher)
                    return Radio.StateID.allCases.filter(radio.isIn).map(\.rawValue)
                },
                journal: journal)
        }
    }
}

final class RadioScript: Radio.Actions {
    let quiet: Bool
    init(quiet: Bool) { self.quiet = quiet }
    func isQuiet() -> Bool { quiet }
}

final class ToolbarScript: Toolbar.Actions {
    let jumps: Bool
    let settled: Bool
    init(canJump: Bool, isSettled: Bool) {
        jumps = canJump
        settled = isSettled
    }
    func canJump() -> Bool { jumps }
    func isSettled() -> Bool { settled }
    func showToolbar() {}
    func hideToolbar() {}
    func markBold() {}
    func markItalic() {}
    func clearItalic() {}
}

final class PanesScript: Panes.Actions {
    let patient: Bool
    let ready: Bool
    init(isPatient: Bool, isReady: Bool) {
        patient = isPatient
        ready = isReady
    }
    func isPatient() -> Bool { patient }
    func isReady() -> Bool { ready }
}

final class WorkbenchScript: Workbench.Actions {
    let complete: Bool
    init(isComplete: Bool) { complete = isComplete }
    func isComplete(size: Int) -> Bool { complete }
    func openDocument() {}
    func noteFetch() {}
    func giveUp() {}
    func closeDocument() {}
}

final class MixerScript: Mixer.Actions {
    let long: Bool
    let peaking: Bool
    init(isLong: Bool, isPeaking: Bool) {
        long = isLong
        peaking = isPeaking
    }
    func isLong(number: Int) -> Bool { long }
    func isPeaking(level: Int) -> Bool { peaking }
    func countCue() {}
    func replay(number: Int) {}
    func eject(number: Int) {}
    func flash(level: Int) {}
    func nextNumber(number: Int) -> Int { number + 1 }
    func raisedLevel(level: Int) -> Int { level + 1 }
}

final class TypewriterScript: Typewriter.Actions {
    let answers: Set<String>
    init(answers: Set<String>) { self.answers = answers }
    func isShifted() -> Bool { answers.contains("isShifted") }
    func isLoud() -> Bool { answers.contains("isLoud") }
    func atMargin() -> Bool { answers.contains("atMargin") }
    func count() {}
    func shift() {}
    func typeLetter() {}
    func flush() {}
    func unshift() {}
    func hush() {}
    func ring() {}
    func warn() {}
    func jam() {}
    func log() {}
}

final class ConsoleScript: Console.Actions {
    func dim() {}
    func brighten() {}
    func lower() {}
    func louden() {}
}

final class OrchestraScript: Orchestra.Actions {
    let answers: Set<String>
    init(answers: Set<String>) { self.answers = answers }
    func isTired() -> Bool { answers.contains("isTired") }
    func isRested() -> Bool { answers.contains("isRested") }
    func isLoud() -> Bool { answers.contains("isLoud") }
    func isShrill() -> Bool { answers.contains("isShrill") }
    func tuneViolins() {}
    func lowerBows() {}
    func pluckAgain() {}
    func dropOut() {}
    func wakeUp() {}
    func hum() {}
    func tuneCellos() {}
    func restSection() {}
    func tuneBrass() {}
    func breathe() {}
    func soften() {}
    func conduct() {}
    func bow() {}
}

final class StudioScript: Studio.Actions {
    func muteLeft() {}
    func unmuteLeft() {}
    func lightRight() {}
    func dimRight() {}
    func muteRight() {}
    func resetMixer() {}
    func stopTape() {}
    func ejectTape() {}
    func wrapUp() {}
}

/// The machines' exits and entries, as the interpreter's trace names them.
final class StateJournal: Workshop.Observer, Radio.Observer, Toolbar.Observer, Panes.Observer, Workbench.Observer, Mixer.Observer, Typewriter.Observer, Console.Observer,
    Studio.Observer, Orchestra.Observer {
    let journal: Journal
    init(journal: Journal) { self.journal = journal }
    func machine(_ machine: Workshop, didExit state: Workshop.StateID) { journal.append("exit \(state.rawValue)") }
    func machine(_ machine: Workshop, didEnter state: Workshop.StateID) { journal.append("enter \(state.rawValue)") }
    func machine(_ machine: Radio, didExit state: Radio.StateID) { journal.append("exit \(state.rawValue)") }
    func machine(_ machine: Radio, didEnter state: Radio.StateID) { journal.append("enter \(state.rawValue)") }
    func machine(_ machine: Toolbar, didExit state: Toolbar.StateID) { journal.append("exit \(state.rawValue)") }
    func machine(_ machine: Toolbar, didEnter state: Toolbar.StateID) { journal.append("enter \(state.rawValue)") }
    func machine(_ machine: Panes, didExit state: Panes.StateID) { journal.append("exit \(state.rawValue)") }
    func machine(_ machine: Panes, didEnter state: Panes.StateID) { journal.append("enter \(state.rawValue)") }
    func machine(_ machine: Typewriter, didExit state: Typewriter.StateID) { journal.append("exit \(state.rawValue)") }
    func machine(_ machine: Typewriter, didEnter state: Typewriter.StateID) { journal.append("enter \(state.rawValue)") }
    func machine(_ machine: Console, didExit state: Console.StateID) { journal.append("exit \(state.rawValue)") }
    func machine(_ machine: Console, didEnter state: Console.StateID) { journal.append("enter \(state.rawValue)") }
    func machine(_ machine: Mixer, didExit state: Mixer.StateID) { journal.append("exit \(state.rawValue)") }
    func machine(_ machine: Mixer, didEnter state: Mixer.StateID) { journal.append("enter \(state.rawValue)") }
    func machine(_ machine: Workbench, didExit state: Workbench.StateID) { journal.append("exit \(state.rawValue)") }
    func machine(_ machine: Workbench, didEnter state: Workbench.StateID) { journal.append("enter \(state.rawValue)") }
    func machine(_ machine: Orchestra, didExit state: Orchestra.StateID) { journal.append("exit \(state.rawValue)") }
    func machine(_ machine: Orchestra, didEnter state: Orchestra.StateID) { journal.append("enter \(state.rawValue)") }
    func machine(_ machine: Studio, didExit state: Studio.StateID) { journal.append("exit \(state.rawValue)") }
    func machine(_ machine: Studio, didEnter state: Studio.StateID) { journal.append("enter \(state.rawValue)") }
}

/// A reproducible random number generator (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
