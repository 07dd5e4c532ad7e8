import FSMRuntime
import Observation
import Synchronization
import Testing

/// How many times Observation told a tracking closure of a change; `Sendable`, as `onChange`
/// must be.
private final class ChangeCount: Sendable {
    private let count = Atomic(0)
    func increment() { count.add(1, ordering: .sequentiallyConsistent) }
    var value: Int { count.load(ordering: .sequentiallyConsistent) }
}

/// Tracks `wizard`'s state again each time Observation tells of a change: a second change
/// in the same step would be counted too.
@MainActor private func trackEveryChange(of wizard: Wizard, counting count: ChangeCount) {
    withObservationTracking { _ = wizard.state } onChange: {
        count.increment()
        // Called synchronously as the state is about to change, on the machine's actor.
        MainActor.assumeIsolated { trackEveryChange(of: wizard, counting: count) }
    }
}

private final class DimmerLevel: Dimmer.Actions {
    var level = 0
    func raiseLevel() { level += 1 }
}

/// `@Observable machine`: the generated class is `Observable`, reading its state tracks it, and
/// each step that changes the state notifies once (`Dimmer.fsm`, `Wizard.fsm`).
@Suite("@Observable machines notify Observation once per step that changes their state")
struct ObservableMachineTests {
    /// Tracks what `read` reads of `machine`, then counts the changes `step` makes.
    private func changes<Machine: Observable>(of machine: Machine, reading read: (Machine) -> Void, after step: () -> Void) -> Int {
        let count = ChangeCount()
        withObservationTracking { read(machine) } onChange: { count.increment() }
        step()
        return count.value
    }

    @Test func aStepThatChangesTheStateNotifies() {
        let dimmer = Dimmer(actions: DimmerLevel())
        #expect(changes(of: dimmer, reading: { _ = $0.state }, after: { dimmer.send(.toggle) }) == 1)
        #expect(dimmer.state == .lit)
    }

    @Test func anInternalTransitionAndAnIgnoredEventDoNotNotify() {
        let level = DimmerLevel()
        let dimmer = Dimmer(actions: level)
        dimmer.send(.toggle)
        #expect(changes(of: dimmer, reading: { _ = $0.state }, after: { dimmer.send(.brighten) }) == 0)
        #expect(level.level == 1, "the internal transition ran its action")
        dimmer.send(.toggle)
        #expect(changes(of: dimmer, reading: { _ = $0.state }, after: { dimmer.send(.brighten) }) == 0, "ignored in `dark`")
    }

    @Test func queriesOfTheStateAreTrackedWithIt() {
        let dimmer = Dimmer(actions: DimmerLevel())
        #expect(changes(of: dimmer, reading: { _ = $0.isIn(.dark) }, after: { dimmer.send(.toggle) }) == 1)
        #expect(changes(of: dimmer, reading: { _ = $0.canHandle(.brighten) }, after: { dimmer.send(.toggle) }) == 1)
        #expect(changes(of: dimmer, reading: { _ = $0.acceptedEventNames }, after: { dimmer.send(.toggle) }) == 1)
        // Without final states `isFinished` is the constant `false`: nothing to track.
        #expect(changes(of: dimmer, reading: { _ = $0.isFinished }, after: { dimmer.send(.toggle) }) == 0)
    }

    @MainActor
    @Test func finishingIsTracked() {
        let wizard = Wizard()
        wizard.send(.next)
        wizard.send(.next)
        #expect(changes(of: wizard, reading: { _ = $0.isFinished }, after: { wizard.send(.next) }) == 1)
        #expect(wizard.isFinished)
    }

    @Test func readingNothingTracksNothing() {
        let dimmer = Dimmer(actions: DimmerLevel())
        #expect(changes(of: dimmer, reading: { _ in }, after: { dimmer.send(.toggle) }) == 0)
    }

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
