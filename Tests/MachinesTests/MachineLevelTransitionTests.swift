import FSMRuntime
import Testing

/// The door's guards, set by each test, and its actions, written to a journal.
final class DoorScript: Door.Actions {
    let journal: Journal
    var unlocked = false
    var jammed = false
    var forced = false
    var armed = false

    init(journal: Journal) {
        self.journal = journal
    }

    func isUnlocked() -> Bool { unlocked }
    func isJammed() -> Bool { jammed }
    func isForced() -> Bool { forced }
    func isArmed() -> Bool { armed }

    func ring() { journal.append("action ring") }
    func noteAlarm() { journal.append("action noteAlarm") }
    func startSiren() { journal.append("entry startSiren") }
    func stopSiren() { journal.append("exit stopSiren") }
    func logAlarm() { journal.append("action logAlarm") }
}

/// A door whose notifications go to the script's journal.
private struct DoorBench {
    let journal = Journal()
    let script: DoorScript
    let door: Door

    init(restoring snapshot: Door.State? = nil) {
        script = DoorScript(journal: journal)
        door = Door(actions: script, restoring: snapshot)
        door.observe { [journal] notification in
            switch notification {
            case .exited(let state): journal.append("didExit \(state)")
            case .entered(let state): journal.append("didEnter \(state)")
            case .transitioned(let transition): journal.append("didTransition \(transition.source) -> \(transition.target)")
            case .ignored(let event, let state): journal.append("didIgnore \(event) in \(state)")
            }
        }
    }
}

@Suite("Machine-level transitions: precedence, guards falling through, final states")
struct MachineLevelTransitionTests {
    @Test func aStateOwnGuardedTransitionWinsWhenItsGuardHolds() {
        let bench = DoorBench()
        bench.script.armed = true
        bench.door.send(.alarm)
        #expect(bench.door.state == .ringing)
        #expect(bench.journal.lines == ["didExit closed", "action ring", "entry startSiren", "didEnter ringing", "didTransition closed -> ringing"])
    }

    @Test func anEventWhoseGuardsAllFailInTheStateFallsThroughToTheMachineLevel() {
        let bench = DoorBench()
        bench.door.send(.alarm)
        #expect(bench.door.state == .ringing)
        #expect(bench.journal.lines == ["didExit closed", "action logAlarm", "entry startSiren", "didEnter ringing", "didTransition closed -> ringing"])
    }

    @Test func aStateOwnInternalTransitionWins() {
        let bench = DoorBench(restoring: .opened)
        bench.door.send(.alarm)
        #expect(bench.door.state == .opened)
        #expect(bench.journal.lines == ["action noteAlarm"])
    }

    @Test func aMachineLevelTransitionIntoTheCurrentStateExitsAndReEnters() {
        let bench = DoorBench(restoring: .ringing)
        bench.door.send(.alarm)
        #expect(bench.door.state == .ringing)
        #expect(bench.journal.lines == [
            "exit stopSiren", "didExit ringing", "action logAlarm", "entry startSiren", "didEnter ringing", "didTransition ringing -> ringing",
        ])
    }

    @Test func aFinalStateTakesNoMachineLevelTransition() {
        let bench = DoorBench()
        bench.door.send(.smash)
        #expect(bench.door.state == .broken)
        #expect(bench.door.isFinished)
        bench.journal.clear()
        bench.door.send(.alarm)
        bench.door.send(.smash)
        #expect(bench.door.state == .broken)
        #expect(bench.journal.lines == ["didIgnore alarm in broken", "didIgnore smash in broken"])
        #expect(Door.nextState(from: .broken, on: .alarm, guards: bench.script) == nil)
    }

    @Test func anEventNobodyTakesIsIgnored() {
        let bench = DoorBench()
        bench.door.send(.open)
        #expect(bench.door.state == .closed)
        #expect(bench.journal.lines == ["didIgnore open in closed"])
    }

    @Test(arguments: [false, true], [false, true])
    func compoundGuardFollowsSwiftPrecedence(unlocked: Bool, jammed: Bool) {
        for forced in [false, true] {
            let bench = DoorBench()
            bench.script.unlocked = unlocked
            bench.script.jammed = jammed
            bench.script.forced = forced
            bench.door.send(.open)
            let opens = unlocked && !jammed || forced
            #expect(bench.door.state == (opens ? .opened : .closed), "forced \(forced)")
        }
    }

    @Test func transitionFunctionAgreesWithTheRunningMachine() {
        let events: [Door.Event] = [.open, .close, .alarm, .smash]
        for state in Door.State.allCases {
            for event in events {
                for armed in [false, true] {
                    for unlocked in [false, true] {
                        let bench = DoorBench(restoring: state)
                        bench.script.armed = armed
                        bench.script.unlocked = unlocked
                        let expected = Door.nextState(from: state, on: event, guards: bench.script)
                        bench.door.send(event)
                        #expect(bench.door.state == expected ?? state, "\(state) on \(event)")
                        #expect(bench.journal.lines.contains { $0.hasPrefix("didIgnore") } == (expected == nil), "\(state) on \(event)")
                    }
                }
            }
        }
    }

    @Test func transitionTableListsMachineLevelTransitionsLast() {
        let table = Door.transitionTable
        #expect(table.suffix(2) == [
            TransitionDescriptor(source: nil, trigger: .event("alarm"), guard: nil, target: .ringing, actions: ["logAlarm"]),
            TransitionDescriptor(source: nil, trigger: .event("smash"), guard: nil, target: .broken, actions: []),
        ])
        #expect(table.first?.guardExpression == "isUnlocked && !isJammed || isForced")
    }
}
