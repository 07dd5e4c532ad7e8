import FSMRuntime
import Foundation
import Observation
import Testing

// `@Observable` machines need Observation's platforms, above the package's: the code that uses
// them says so, as an app's with a lower deployment target would (`if #available` there). Swift
// Testing takes the attribute on test functions, not on suites.

/// How many times Observation told a tracking closure of a change; `Sendable`, as `onChange`
/// must be. A lock rather than Synchronization's `Atomic`, which needs macOS 15.
private final class ChangeCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() {
        lock.lock()
        defer { lock.unlock() }
        count += 1
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// Tracks `wizard`'s state again each time Observation tells of a change: a second change
/// in the same step would be counted too.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor private func trackEveryChange(of wizard: Wizard, counting count: ChangeCount) {
    withObservationTracking { _ = wizard.state } onChange: {
        count.increment()
        // Called synchronously as the state is about to change, on the machine's actor.
        MainActor.assumeIsolated { trackEveryChange(of: wizard, counting: count) }
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
private final class DimmerLevel: Dimmer.Actions {
    var level = 0
    func raiseLevel() { level += 1 }
}

/// `@Observable machine`: the generated class is `Observable`, reading its state tracks it, and
/// each step that changes the state notifies once (`Dimmer.fsm`, `Wizard.fsm`).
@Suite("@Observable machines notify Observation once per step that changes their state")
struct ObservableMachineTests {
    /// Tracks what `read` reads of `machine`, then counts the changes `step` makes.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private func changes<Machine: Observable>(of machine: Machine, reading read: (Machine) -> Void, after step: () -> Void) -> Int {
        let count = ChangeCount()
        withObservationTracking { read(machine) } onChange: { count.increment() }
        step()
        return count.value
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aStepThatChangesTheStateNotifies() {
        let dimmer = Dimmer(actions: DimmerLevel())
        #expect(changes(of: dimmer, reading: { _ = $0.state }, after: { dimmer.send(.toggle) }) == 1)
        #expect(dimmer.state == .lit)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func anInternalTransitionAndAnIgnoredEventDoNotNotify() {
        let level = DimmerLevel()
        let dimmer = Dimmer(actions: level)
        dimmer.send(.toggle)
        #expect(changes(of: dimmer, reading: { _ = $0.state }, after: { dimmer.send(.brighten) }) == 0)
        #expect(level.level == 1, "the internal transition ran its action")
        dimmer.send(.toggle)
        #expect(changes(of: dimmer, reading: { _ = $0.state }, after: { dimmer.send(.brighten) }) == 0, "ignored in `dark`")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func queriesOfTheStateAreTrackedWithIt() {
        let dimmer = Dimmer(actions: DimmerLevel())
        #expect(changes(of: dimmer, reading: { _ = $0.isIn(.dark) }, after: { dimmer.send(.toggle) }) == 1)
        #expect(changes(of: dimmer, reading: { _ = $0.canHandle(.brighten) }, after: { dimmer.send(.toggle) }) == 1)
        #expect(changes(of: dimmer, reading: { _ = $0.acceptedEventNames }, after: { dimmer.send(.toggle) }) == 1)
        // Without final states `isFinished` is the constant `false`: nothing to track.
        #expect(changes(of: dimmer, reading: { _ = $0.isFinished }, after: { dimmer.send(.toggle) }) == 0)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test func finishingIsTracked() {
        let wizard = Wizard()
        wizard.send(.next)
        wizard.send(.next)
        #expect(changes(of: wizard, reading: { _ = $0.isFinished }, after: { wizard.send(.next) }) == 1)
        #expect(wizard.isFinished)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func readingNothingTracksNothing() {
        let dimmer = Dimmer(actions: DimmerLevel())
        #expect(changes(of: dimmer, reading: { _ in }, after: { dimmer.send(.toggle) }) == 0)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test func aStepThroughSeveralStatesNotifiesOnce() {
        let wizard = Wizard()
        wizard.send(.next)
        wizard.send(.next)
        #expect(wizard.isIn(.address))
        // `next` enters `checking`, whose eventless transition goes on to `finished`: one step.
        let count = ChangeCount()
        trackEveryChange(of: wizard, counting: count)
        wizard.send(.next)
        #expect(wizard.isFinished)
        #expect(count.value == 1)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test func aFinishedMachineIgnoresEventsWithoutNotifying() {
        let wizard = Wizard()
        for _ in 0..<3 { wizard.send(.next) }
        #expect(wizard.isFinished)
        let count = ChangeCount()
        withObservationTracking { _ = wizard.isFinished } onChange: { count.increment() }
        wizard.send(.cancel)
        #expect(count.value == 0)
    }
}

/// `Meter.fsm`: `update(…)` changes the tracked state in place, and a step with two updates
/// notifies once.
@Suite("@Observable machines notify once per step however many updates it makes")
@MainActor struct ObservableUpdateTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aStepWithTwoUpdatesNotifiesOnce() {
        let meter = Meter()
        meter.send(.start)
        let count = ChangeCount()
        trackEveryChange(of: meter, counting: count)
        meter.send(.add(amount: 5))
        #expect(meter.state == .counting(total: 5, settled: true))
        #expect(count.value == 1)
    }

    /// `paused(total:)` and `counting(total:settled:)` each have a `total`: an update in
    /// `paused` changes `paused`'s.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func fieldsOfOneLabelInTwoStatesAreUpdatedEachInItsState() {
        let meter = Meter()
        meter.send(.start)
        meter.send(.add(amount: 3))
        meter.send(.pause)
        meter.send(.add(amount: 8))
        #expect(meter.state == .paused(total: 8))
    }
}

/// As ``trackEveryChange(of:counting:)`` for the wizard: a second change in the same step
/// would be counted too.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor private func trackEveryChange(of meter: Meter, counting count: ChangeCount) {
    withObservationTracking { _ = meter.state } onChange: {
        count.increment()
        MainActor.assumeIsolated { trackEveryChange(of: meter, counting: count) }
    }
}
