import FSMCompiler
import FSMRuntime
import Foundation
import Testing

/// Hand-written SCXML charts in `Charts/` (TrafficLight as Qt Creator writes charts, Microwave in
/// the ECMAScript data model) imported by `fsmc import` into `Specs/`, where the plugin generates
/// their Swift: the checked-in specs are what the import writes today, and the generated
/// machines run as the charts say.
///
/// After a deliberate change to the import, rewrite the specs with
/// `swift run fsmc import Tests/MachinesTests/Charts/X.scxml --output Tests/MachinesTests/Specs/X.fsm`.
@Suite("Imported SCXML charts")
struct ImportedChartTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    @Test(arguments: ["TrafficLight", "Microwave"])
    func theCheckedInSpecIsWhatTheImportWrites(_ name: String) throws {
        let chart = try Data(contentsOf: Self.folder.appendingPathComponent("Charts/\(name).scxml"))
        let imported = SCXMLImport.run(SourceText(bytes: Array(chart)), fallbackName: name, chartName: "\(name).scxml")
        #expect(imported.chartDiagnostics.isEmpty && imported.specDiagnostics.isEmpty, "\(imported.chartDiagnostics + imported.specDiagnostics)")
        let spec = try String(contentsOf: Self.folder.appendingPathComponent("Specs/\(name).fsm"), encoding: .utf8)
        #expect(imported.text == spec)
    }

    // MARK: - TrafficLight

    final class Lamps: TrafficLight.Actions {
        var log: [String] = []
        func switchLampsOn() { log.append("switchLampsOn") }
        func switchLampsOff() { log.append("switchLampsOff") }
        func showRed() { log.append("showRed") }
        func showGreen() { log.append("showGreen") }
    }

    @Test func theTrafficLightCyclesOnItsTimersAndBlinksWhenBroken() {
        let lamps = Lamps()
        let clock = ManualClock()
        let light = TrafficLight(actions: lamps, clock: clock)
        var outputs: [TrafficLight.Output] = []
        let token = light.observe { if case .emitted(let output) = $0 { outputs.append(output) } }
        defer { token.cancel() }
        #expect(light.state == .working(.red))
        #expect(lamps.log == ["switchLampsOn", "showRed"])
        clock.advance(by: .seconds(3))
        #expect(light.state == .working(.redGoingGreen))
        clock.advance(by: .seconds(1))
        #expect(light.state == .working(.green))
        light.send(.pedestrianRemote)                   // `pedestrian.button pedestrian.remote`
        #expect(light.state == .working(.yellow))
        #expect(outputs == [.pedestrianWaiting])
        clock.advance(by: .milliseconds(1499))
        #expect(light.state == .working(.yellow))
        clock.advance(by: .milliseconds(1))
        #expect(light.state == .working(.red))
        light.send(.fault)
        #expect(light.state == .broken(.blinkOn))
        #expect(lamps.log == ["switchLampsOn", "showRed", "showGreen", "showRed", "switchLampsOff"])
        clock.advance(by: .milliseconds(500))
        #expect(light.state == .broken(.blinkOff))
        light.send(.pedestrian)                         // the descriptor `pedestrian` takes `pedestrian` too
        #expect(light.state == .broken(.blinkOn))
        light.send(.pedestrianButton)
        #expect(outputs == [.pedestrianWaiting, .outOfOrder, .outOfOrder])
        light.send(.repaired)
        #expect(light.state == .working(.red))
    }

    // MARK: - Microwave

    final class Oven: Microwave.Actions {
        var locked = false
        var timeLeft = false
        var log: [String] = []
        func childLock() -> Bool { locked }
        func hasTimeLeft() -> Bool { timeLeft }
        func lampOn() { log.append("lampOn") }
        func lampOff() { log.append("lampOff") }
        func refreshDisplay() { log.append("refreshDisplay") }
        func countDown() { log.append("countDown") }
        func cookingTime() -> Duration { .seconds(30) }
    }

    @Test func theMicrowaveCooksPausesWhileTheDoorIsOpenResumesAndCompletes() {
        let oven = Oven()
        let clock = ManualClock()
        let microwave = Microwave(actions: oven, clock: clock)
        var outputs: [Microwave.Output] = []
        let token = microwave.observe { if case .emitted(let output) = $0 { outputs.append(output) } }
        defer { token.cancel() }
        #expect(microwave.state == .oven(.init(door: .closed, magnetron: .idle)))
        microwave.send(.start)                          // in(closed) && (hasTimeLeft || !childLock)
        #expect(microwave.state == .oven(.init(door: .closed, magnetron: .cooking(.heating))))
        microwave.send(.tick)                           // countDown, raise display.refresh
        #expect(oven.log == ["countDown", "refreshDisplay"])
        microwave.send(.mode)
        #expect(microwave.state == .oven(.init(door: .closed, magnetron: .cooking(.defrosting))))
        microwave.send(.doorOpen)                       // always [in(open)] -> paused
        #expect(microwave.state == .oven(.init(door: .open, magnetron: .paused)))
        microwave.send(.doorClose)                      // both regions: the door closes, cooking's history
        #expect(microwave.state == .oven(.init(door: .closed, magnetron: .cooking(.defrosting))))
        #expect(oven.log == ["countDown", "refreshDisplay", "lampOn", "lampOff"])
        clock.advance(by: .seconds(30))                 // after cookingTime -> done; done.state.magnetron
        #expect(microwave.state == .oven(.init(door: .closed, magnetron: .idle)))
        #expect(outputs == [.ding])
    }

    @Test func theChildLockKeepsTheDoorShutAndTheOvenBeeps() {
        let oven = Oven()
        oven.locked = true
        let microwave = Microwave(actions: oven, clock: ManualClock())
        var outputs: [Microwave.Output] = []
        let token = microwave.observe { if case .emitted(let output) = $0 { outputs.append(output) } }
        defer { token.cancel() }
        microwave.send(.doorOpen)
        #expect(microwave.state == .oven(.init(door: .closed, magnetron: .idle)))
        microwave.send(.start)                          // locked and no time left: [else] -> idle / emit beep
        #expect(microwave.state == .oven(.init(door: .closed, magnetron: .idle)))
        #expect(outputs == [.beep])
        oven.timeLeft = true
        microwave.send(.start)
        #expect(microwave.state == .oven(.init(door: .closed, magnetron: .cooking(.heating))))
    }
}
