import FSMRuntime
import Testing

@Suite("History at run time: shallow restores the child from its initial state, deep the whole configuration")
struct RadioTests {
    private func radio(quiet: Bool = false) -> (Radio, RadioScript) {
        let script = RadioScript(quiet: quiet)
        return (Radio(actions: script), script)
    }

    @Test func beforeTheFirstExitAHistoryTargetEntersTheInitialStates() {
        let (radio, _) = radio()
        radio.send(.power)
        #expect(radio.state == .on(.fm(.scanning(.low))))
    }

    @Test func shallowHistoryRestoresTheChildAndDeepHistoryInsideItTheRest() {
        let (radio, _) = radio()
        radio.send(.power)
        radio.send(.seek)                       // fm.scanning.high
        radio.send(.power)                      // off: on remembers fm, fm remembers scanning.high
        // on.history (shallow) restores fm, entered by default: its initial child, whatever fm
        // itself remembers.
        radio.send(.power)
        #expect(radio.state == .on(.fm(.scanning(.low))))
        radio.send(.seek)
        radio.send(.band)                       // am; fm remembers scanning.high
        radio.send(.band)                       // fm.history (deep)
        #expect(radio.state == .on(.fm(.scanning(.high))))
    }

    @Test func shallowHistoryOfACompoundChildStartsTheChildAtItsInitialState() {
        let (radio, _) = radio()
        radio.send(.power)
        radio.send(.band)                       // on.am
        radio.send(.power)                      // off; on remembers am
        radio.send(.power)
        #expect(radio.state == .on(.am))
        radio.send(.reset)                      // ignored in on
        #expect(radio.state == .on(.am))
    }

    @Test func aTargetWithoutHistoryStartsAtTheInitialStatesWhateverWasRemembered() {
        let (radio, _) = radio()
        radio.send(.power)
        radio.send(.band)
        radio.send(.power)
        radio.send(.reset)                      // -> on, not on.history
        #expect(radio.state == .on(.fm(.scanning(.low))))
        #expect(radio.snapshot.history.on == .am)              // remembered when `on` was last left
    }

    @Test func eventlessTransitionsOfANestedStateRunAfterTheStep() {
        let (quiet, _) = radio(quiet: true)
        quiet.send(.power)
        quiet.send(.mute)                       // muted, then always [isQuiet] -> scanning
        #expect(quiet.state == .on(.fm(.scanning(.low))))
        let (loud, _) = radio(quiet: false)
        loud.send(.power)
        loud.send(.mute)
        #expect(loud.state == .on(.fm(.muted)))
    }

    @Test func historyIsPartOfTheSnapshot() {
        let (radio, script) = radio()
        radio.send(.power)
        radio.send(.seek)
        radio.send(.band)
        radio.send(.power)
        let snapshot = radio.snapshot
        #expect(snapshot.state == .off)
        #expect(snapshot.history.on == .am)
        #expect(snapshot.history.fm == .scanning(.high))
        let restored = Radio(actions: script, restoring: snapshot)
        restored.send(.power)
        #expect(restored.state == .on(.am))
        restored.send(.band)
        #expect(restored.state == .on(.fm(.scanning(.high))))
    }

    @Test func anObserverSendingMidStepSeesEveryStateInOrder() {
        let (radio, _) = radio()
        var entered: [String] = []
        radio.observe { [unowned radio] notification in
            guard case .entered(let state) = notification else { return }
            entered.append(state.rawValue)
            if state == .high { radio.send(.band) }      // queued until the step ends
        }
        radio.send(.power)
        radio.send(.seek)
        #expect(entered == ["on", "fm", "scanning", "low", "high", "am"])
        #expect(radio.state == .on(.am))
    }
}
