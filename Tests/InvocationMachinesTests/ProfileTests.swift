import FSMRuntime
import Testing

/// DESIGN's `Profile` at run time: its generated machine driven by hand (`ManualClock`,
/// `ManualInvocationDriver`), step by step beside the interpreter.
@Suite struct ProfileTests {
    struct Offline: Error {}

    final class Actions: Profile.Actions {
        var isOffline = false
        var log: [String] = []

        func isOffline(error: any Error, id: Int) -> Bool { isOffline }
        func report(error: any Error, id: Int) { log.append("report \(type(of: error)) for \(id)") }
        func apply(change: Int, user: String) { log.append("apply \(change) to \(user)") }
        // The manual driver runs no work: the tests deliver what it would.
        func fetchUser(id: Int) async throws -> String { "never called" }
        func changes(user: String) -> InvocationElements<Int> { InvocationElements(AsyncStream { nil }) }
    }

    /// The generated machine and the interpreter, one step each at a time.
    struct Run {
        let actions = Actions()
        let clock = ManualClock()
        let driver = ManualInvocationDriver()
        let machine: Profile
        var reference: InterpreterRun

        init() throws {
            machine = Profile(actions: actions, clock: clock, invocations: driver)
            reference = try InterpreterRun(spec: "Profile")
            reference.start()
            expectAgreement("start")
        }

        var configuration: [String] { Profile.StateID.allCases.filter(machine.isIn).map(\.rawValue) }

        func expectAgreement(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(configuration == reference.configuration, "after \(step)", sourceLocation: sourceLocation)
            #expect(driver.running == reference.running, "after \(step)", sourceLocation: sourceLocation)
        }

        mutating func send(_ event: Profile.Event, _ name: String) {
            machine.send(event)
            reference.send(name, actions.isOffline ? ["isOffline"] : [])
            expectAgreement(name)
        }

        mutating func advance(bySeconds seconds: Int64) {
            clock.advance(by: .seconds(seconds))
            reference.advance(bySeconds: seconds)
            expectAgreement("\(seconds)s")
        }

        mutating func complete(_ name: String, returning value: Any) {
            driver.complete(name, returning: value)
            reference.deliver(.done, from: name)
            expectAgreement("\(name) returned")
        }

        mutating func fail(_ name: String) {
            driver.fail(name, with: Offline())
            reference.deliver(.error, from: name, actions.isOffline ? ["isOffline"] : [])
            expectAgreement("\(name) threw")
        }

        mutating func yield(_ name: String, _ element: Any) {
            driver.yield(name, element)
            reference.deliver(.element, from: name)
            expectAgreement("\(name) yielded")
        }

        mutating func finish(_ name: String) {
            driver.finish(name)
            reference.deliver(.done, from: name)
            expectAgreement("\(name) finished")
        }
    }

    @Test func theFetchStartsOnOpeningAndItsResultShowsTheUser() throws {
        var run = try Run()
        #expect(run.driver.running == [])
        run.send(.open(id: 4), "open")
        #expect(run.driver.log == [.started("fetchUser")])
        run.complete("fetchUser", returning: "Ada")
        #expect(run.machine.state == .showing(user: "Ada"))
        #expect(run.driver.running == ["changes"])
    }

    /// A late result after `close`: the work is cancelled when the state is left, and what it
    /// would deliver afterwards cannot reach the machine (the driver no longer has it); a new
    /// visit starts a new fetch whose result is the one taken.
    @Test func closingCancelsTheFetchAndANewVisitFetchesAgain() throws {
        var run = try Run()
        run.send(.open(id: 4), "open")
        run.send(.close, "close")
        #expect(run.driver.log == [.started("fetchUser"), .cancelled("fetchUser")])
        run.send(.open(id: 5), "open")
        run.complete("fetchUser", returning: "Bo")
        #expect(run.machine.state == .showing(user: "Bo"))
    }

    @Test func aTimeoutRacingTheCallWinsAndCancelsIt() throws {
        var run = try Run()
        run.send(.open(id: 4), "open")
        run.advance(bySeconds: 9)
        #expect(run.driver.running == ["fetchUser"])
        run.advance(bySeconds: 1)
        #expect(run.machine.state == .failed)
        #expect(run.driver.log == [.started("fetchUser"), .cancelled("fetchUser")])
    }

    @Test func errorsAreTakenWithTheirGuards() throws {
        var offline = try Run()
        offline.actions.isOffline = true
        offline.send(.open(id: 4), "open")
        offline.fail("fetchUser")
        #expect(offline.machine.state == .offline)
        var failed = try Run()
        failed.send(.open(id: 7), "open")
        failed.fail("fetchUser")
        #expect(failed.machine.state == .failed)
        #expect(failed.actions.log == ["report Offline for 7"])
    }

    @Test func aStreamsElementsArriveInOrderThenItsEnd() throws {
        var run = try Run()
        run.send(.open(id: 4), "open")
        run.complete("fetchUser", returning: "Ada")
        run.yield("changes", 1)
        run.yield("changes", 2)
        run.yield("changes", 3)
        #expect(run.actions.log == ["apply 1 to Ada", "apply 2 to Ada", "apply 3 to Ada"])
        run.finish("changes")
        #expect(run.machine.state == .idle)
        #expect(run.driver.running == [])
    }

    /// An `Observer` hears invocations start and be cancelled, after the step that entered or
    /// left their state.
    @Test func observersHearInvocationsStartAndBeCancelled() throws {
        final class Watcher: Profile.Observer {
            var heard: [String] = []
            func machine(_ machine: Profile, didStart invocation: Profile.Invocation) { heard.append("start \(invocation)") }
            func machine(_ machine: Profile, didCancel invocation: Profile.Invocation) { heard.append("cancel \(invocation)") }
            func machine(_ machine: Profile, didEnter state: Profile.StateID) { heard.append("enter \(state)") }
        }
        let watcher = Watcher()
        var run = try Run()
        run.machine.addObserver(watcher)
        run.send(.open(id: 4), "open")
        run.complete("fetchUser", returning: "Ada")
        run.send(.close, "close")
        #expect(
            watcher.heard == [
                "enter loading", "start fetchUser", "enter showing", "start changes", "cancel changes", "enter idle",
            ])
    }

    /// A snapshot restores the state, and the invocations of the restored states start.
    @Test func aRestoredMachineStartsItsStatesInvocations() {
        let driver = ManualInvocationDriver()
        let machine = Profile(actions: Actions(), clock: ManualClock(), invocations: driver, restoring: .loading(id: 9))
        #expect(driver.running == ["fetchUser"])
        driver.complete("fetchUser", returning: "Cy")
        #expect(machine.state == .showing(user: "Cy"))
    }
}

/// The transition table names what invocations deliver, as the spec writes it.
@Suite struct ProfileIntrospectionTests {
    @Test func theTransitionTableNamesTheInvocationsResults() {
        let triggers = Profile.transitionTable.map(\.trigger)
        #expect(triggers.filter { $0 == .invocationDone("fetchUser") }.count == 1)
        #expect(triggers.filter { $0 == .invocationError("fetchUser") }.count == 2)
        #expect(triggers.contains(.invocationElement("changes")))
        #expect(triggers.contains(.invocationDone("changes")))
        #expect(!triggers.contains(.event("changes")))
        #expect(triggers.contains(.event("close")))
    }
}

/// `stop()` of a machine with invocations: what a parent does to a child machine it cancels.
@Suite struct ProfileStopTests {
    @Test func stoppingCancelsTheInvocationsAndStopsTheTimersAndALateResultIsDropped() {
        let actions = ProfileTests.Actions()
        let clock = ManualClock()
        let driver = ManualInvocationDriver()
        let machine = Profile(actions: actions, clock: clock, invocations: driver)
        machine.send(.open(id: 7))
        #expect(driver.running == ["fetchUser"])
        var heard: [Profile.Notification] = []
        machine.observe { heard.append($0) }
        machine.stop()
        #expect(heard == [.cancelled(.fetchUser), .exited(.loading)])
        #expect(driver.running == [])
        heard = []
        clock.advance(by: .seconds(20))
        machine.send(.close)
        #expect(heard == [.ignored(.close, in: .loading(id: 7))])
        #expect(machine.isIn(.loading))
    }
}
