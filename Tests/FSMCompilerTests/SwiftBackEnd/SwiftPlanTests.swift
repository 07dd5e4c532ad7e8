@testable import FSMSwift
import FSMCompiler
import Foundation
import TestSupport
import Testing

/// ``SwiftPlan``: what the Swift back end decides before it writes, for machines whose parts are
/// known.
@Suite(.offThePool) struct SwiftPlanTests {
    private func plan(_ path: String) throws -> SwiftPlan {
        let url = ExampleMachines.packageRoot.appendingPathComponent(path)
        let lowered = try Lowered(try String(contentsOf: url, encoding: .utf8))
        return SwiftPlan(machine: lowered.executable, sourceFileName: url.lastPathComponent, specPath: nil)
    }

    @Test func aFlatMachineKeepsTheVersionOneShape() throws {
        let player = try plan("machines/Player.fsm")
        #expect(player.features == [.actions, .outputs, .singleActionTransitions])
        #expect(player.stateCoding == .synthesized)
        #expect(player.shapeGenerator(spelling: SwiftSpelling(plan: player), writers: DispatchWriters(plan: player, spelling: SwiftSpelling(plan: player))) is FlatShapeGenerator)
        let tracker = try plan("machines/CallTracker.fsm")
        #expect(tracker.features == [.timers, .outputs, .singleActionTransitions])
        #expect(tracker.timerSlots.timedStates.map { tracker.model[$0].name } == ["waiting"])
        #expect(tracker.timerSlots[tracker.timerSlots.timedStates[0]] == 0)
    }

    @Test func statechartsNeedTheNestedShape() throws {
        let orchestra = try plan("Tests/MachinesTests/Specs/Orchestra.fsm")
        #expect(orchestra.features == [.statechart, .history, .eventless, .actions, .singleActionTransitions])
        #expect(orchestra.shapeGenerator(spelling: SwiftSpelling(plan: orchestra), writers: DispatchWriters(plan: orchestra, spelling: SwiftSpelling(plan: orchestra))) is StatechartShapeGenerator)
        #expect(orchestra.historyOwners.map { orchestra.model[$0].name } == ["strings"])
        let studio = try plan("Tests/MachinesTests/Specs/Studio.fsm")
        #expect(studio.features == [.statechart, .history, .completion, .timers, .raise, .actions, .singleActionTransitions])
        let quartet = try plan("Tests/MachinesTests/Specs/Quartet.fsm")
        #expect(quartet.features.isSuperset(of: [.statechart, .stateData]))
        #expect(!quartet.features.contains(.history))
    }

    @Test func thePlanMakesAPartPerFeatureOfTheRunningMachine() throws {
        let partNames = { (plan: SwiftPlan) in plan.parts.all.map { "\(type(of: $0))" } }
        let player = try plan("machines/Player.fsm")
        #expect(player.shape == MachineShape(isStatechart: false, hasStateData: false))
        #expect(player.asynchronousWork == nil && player.internalQueue == nil)
        #expect(partNames(player) == ["RecordingPart"])
        #expect(player.parts.notifications.map(\.notification) == ["exited", "entered", "transitioned", "emitted", "ignored"])
        let studio = try plan("Tests/MachinesTests/Specs/Studio.fsm")
        #expect(partNames(studio) == ["HistoryPart", "RaisedEventsPart", "TimersPart", "CompletionPart", "RecordingPart"])
        #expect(studio.internalQueue == .raisedEventsAndCompletions)
        #expect(studio.parts.snapshotFields.map(\.name) == ["history"])
        #expect(studio.parts.drainQueues.map(\.storage) == ["raisedEvents"] && studio.parts.stepEndedWork == nil)
        let profile = try plan("machines/Profile.fsm")
        #expect(profile.asynchronousWork == AsynchronousWork(hasTimers: true, hasInvocations: true))
        #expect(profile.parts.workParameters.map(\.label) == ["clock", "invocations"])
        #expect(profile.parts.stimulusCases.count == 2 && profile.parts.stepEndedWork != nil)
        #expect(profile.parts.notifications.map(\.notification).suffix(3) == ["started", "cancelled", "dropped"])
    }

    @Test func conformancesFollowThePayloadAndDataTypes() throws {
        let quartet = try plan("Tests/MachinesTests/Specs/Quartet.fsm")
        #expect(quartet.conformances.state == Conformances(isHashable: true, isCodable: true))
        #expect(quartet.conformances.event == Conformances(isHashable: true, isCodable: true))
        // With data, `State` keeps synthesized `Codable`.
        #expect(quartet.stateCoding == .synthesized)
        #expect(quartet.names.payloadVariables[0] == ["bars"])
        #expect(quartet.names.access == "")
    }
}
