import FSMRuntime
import Testing

@Suite("MachineInvocations: a generated machine's invocations, by slot")
struct MachineInvocationsTests {
    final class Delivered {
        var outcomes: [String] = []
    }

    private func start(
        _ invocations: inout MachineInvocations, slot: Int, _ name: String, on driver: ManualInvocationDriver, into delivered: Delivered
    ) {
        let routine = InvocationRoutine<Int, Int>(.call { $0 }) { run, outcome in
            switch outcome {
            case .returned(let value): delivered.outcomes.append("\(name) run \(run) returned \(value)")
            case .failed: delivered.outcomes.append("\(name) run \(run) failed")
            case .element, .finished: delivered.outcomes.append("\(name) run \(run): not a call")
            }
        }
        invocations.start(slot: slot, name: name, on: driver, isolation: nil, arguments: 0, routine)
    }

    @Test func anOutcomeCarriesItsRunAndOnlyTheRunningOneIsCurrent() {
        let driver = ManualInvocationDriver()
        let delivered = Delivered()
        var invocations = MachineInvocations(slots: 2)
        start(&invocations, slot: 1, "fetch", on: driver, into: delivered)
        #expect(invocations.isRunning(slot: 1))
        #expect(!invocations.isRunning(slot: 0))
        #expect(invocations.isCurrent(1, slot: 1))
        driver.complete("fetch", returning: 7)
        #expect(delivered.outcomes == ["fetch run 1 returned 7"])
        // The machine ends the run when it handles the result: nothing more is current.
        invocations.end(slot: 1)
        #expect(!invocations.isCurrent(1, slot: 1))
        #expect(!invocations.isRunning(slot: 1))
    }

    @Test func cancellingStopsTheWorkAndMakesItsRunStale() {
        let driver = ManualInvocationDriver()
        let delivered = Delivered()
        var invocations = MachineInvocations(slots: 1)
        start(&invocations, slot: 0, "fetch", on: driver, into: delivered)
        invocations.cancel(slot: 0)
        #expect(driver.log == [.started("fetch"), .cancelled("fetch")])
        #expect(driver.running == [])
        #expect(!invocations.isCurrent(1, slot: 0))
        invocations.cancel(slot: 0)
        #expect(driver.log.count == 2)
        // A new entry of the state is a new run; the old one stays stale.
        start(&invocations, slot: 0, "fetch", on: driver, into: delivered)
        #expect(invocations.isCurrent(2, slot: 0))
        #expect(!invocations.isCurrent(1, slot: 0))
    }

    @Test func releasingTheInvocationsCancelsWhatRuns() {
        let driver = ManualInvocationDriver()
        let delivered = Delivered()
        do {
            var invocations = MachineInvocations(slots: 2)
            start(&invocations, slot: 0, "a", on: driver, into: delivered)
            start(&invocations, slot: 1, "b", on: driver, into: delivered)
            #expect(driver.running == ["a", "b"])
        }
        #expect(driver.running == [])
        #expect(Set(driver.log) == [.started("a"), .started("b"), .cancelled("a"), .cancelled("b")])
    }
}

@Suite("MachineInvocations: scheduling starts for the end of a step")
struct MachineInvocationsSchedulingTests {
    @Test func scheduledSlotsComeOutInOrderOnce() {
        var invocations = MachineInvocations(slots: 4)
        invocations.schedule(slot: 2)
        invocations.schedule(slot: 0)
        invocations.schedule(slot: 2)
        invocations.schedule(slot: 3)
        invocations.cancel(slot: 3)
        #expect(invocations.nextScheduled() == 0)
        #expect(invocations.nextScheduled() == 2)
        #expect(invocations.nextScheduled() == nil)
    }

    /// The default driver takes a machine's routine by its own path, without the closures a
    /// driver's `InvocationWork` carries: the run's arguments still reach the call and its
    /// number comes back with the outcome.
    @MainActor @Test func theTaskDriverRunsARoutineWithItsArguments() async {
        let (arrivals, arrived) = AsyncStream<String>.makeStream()
        let routine = InvocationRoutine<(id: Int, name: String), String>(.call { data in
            MainActor.preconditionIsolated("the work starts on the machine's actor")
            return "\(data.name) #\(data.id)"
        }) { run, outcome in
            if case .returned(let value) = outcome { arrived.yield("run \(run) returned \(value)") }
        }
        var invocations = MachineInvocations(slots: 1)
        invocations.start(slot: 0, name: "fetch", on: TaskInvocationDriver(), isolation: MainActor.shared, arguments: (id: 7, name: "Ada"), routine)
        var iterator = arrivals.makeAsyncIterator()
        #expect(await iterator.next() == "run 1 returned Ada #7")
        invocations.end(slot: 0)
    }
}
