import FSMRuntime
import Testing

/// `Sync` at run time, on the main actor: invocations in parallel regions, a state passed
/// through, an internal transition that keeps an invocation and a `reenter` that restarts it,
/// the machine's final state. Each step beside the interpreter.
@MainActor @Suite struct SyncTests {
    struct Broken: Error {}

    @MainActor final class Actions: Sync.Actions {
        var answers: Set<String> = []
        var log: [String] = []

        func isComplete(bytes: Int, checksum: String) -> Bool { answers.contains("isComplete") }
        func skipCheck() -> Bool { answers.contains("skipCheck") }
        func isLast(page: Int) -> Bool { answers.contains("isLast") }
        func record(bytes: Int, checksum: String) { log.append("record \(bytes) \(checksum)") }
        func note() { log.append("note") }
        func store(page: Int) { log.append("store \(page)") }
        func send() async throws -> (bytes: Int, checksum: String) { (0, "") }
        func check() async throws {}
        func pages() -> InvocationElements<Int> { InvocationElements(AsyncStream { nil }) }
    }

    @MainActor struct Run {
        let actions = Actions()
        let driver = ManualInvocationDriver()
        let machine: Sync
        var reference: InterpreterRun

        init(answers: Set<String> = []) throws {
            actions.answers = answers
            machine = Sync(actions: actions, invocations: driver)
            reference = try InterpreterRun(spec: "Sync")
            reference.start(answers)
            expectAgreement("start")
        }

        var configuration: [String] { Sync.StateID.allCases.filter(machine.isIn).map(\.rawValue) }

        func expectAgreement(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(configuration == reference.configuration, "after \(step)", sourceLocation: sourceLocation)
            #expect(driver.running == reference.running, "after \(step)", sourceLocation: sourceLocation)
        }

        mutating func send(_ event: Sync.Event) {
            machine.send(event)
            reference.send(event.name, actions.answers)
            expectAgreement(event.name)
        }

        mutating func complete(_ name: String, returning value: Any = ()) {
            driver.complete(name, returning: value)
            reference.deliver(.done, from: name, actions.answers)
            expectAgreement("\(name) returned")
        }

        mutating func fail(_ name: String) {
            driver.fail(name, with: Broken())
            reference.deliver(.error, from: name, actions.answers)
            expectAgreement("\(name) threw")
        }

        mutating func yield(_ name: String, _ element: Any) {
            driver.yield(name, element)
            reference.deliver(.element, from: name, actions.answers)
            expectAgreement("\(name) yielded")
        }
    }

    @Test func eachRegionStartsItsInvocationsInDocumentOrder() throws {
        var run = try Run()
        run.send(.start)
        #expect(run.driver.log == [.started("send"), .started("check")])
    }

    /// `checking` is left in the step that entered it: its check never starts (XState #3679).
    @Test func aStatePassedThroughStartsNothing() throws {
        var run = try Run(answers: ["skipCheck"])
        run.send(.start)
        #expect(run.driver.log == [.started("send"), .started("pages")])
    }

    @Test func anInternalTransitionKeepsTheInvocationAndReenteringRestartsIt() throws {
        var run = try Run()
        run.send(.start)
        run.send(.poke)
        #expect(run.actions.log == ["note"])
        #expect(run.driver.log == [.started("send"), .started("check")])
        run.send(.restart)
        #expect(run.driver.log == [.started("send"), .started("check"), .cancelled("send"), .started("send")])
        run.actions.answers = ["isComplete"]
        run.complete("send", returning: (bytes: 3, checksum: "c3"))
        #expect(run.actions.log == ["note", "record 3 c3"])
        #expect(run.machine.isIn(.sent))
    }

    /// `done send` without `isComplete` re-enters `sending`: a new send starts.
    @Test func aTransitionBackIntoTheStateStartsANewRun() throws {
        var run = try Run()
        run.send(.start)
        run.complete("send", returning: (bytes: 1, checksum: "c1"))
        #expect(run.driver.log == [.started("send"), .started("check"), .started("send")])
    }

    @Test func theStreamsElementsAreTakenWithTheirGuards() throws {
        var run = try Run()
        run.send(.start)
        run.complete("check")
        run.yield("pages", 1)
        run.yield("pages", 2)
        #expect(run.actions.log == ["store 1", "store 2"])
        run.actions.answers = ["isLast"]
        run.yield("pages", 3)
        #expect(run.machine.isIn(.fetched))
        #expect(run.driver.log.last == .cancelled("pages"))
    }

    /// An error no transition takes away from its state (`error check` is internal) ends the
    /// run all the same.
    @Test func anInternalErrorTransitionEndsTheRun() throws {
        var run = try Run()
        run.send(.start)
        run.fail("check")
        #expect(run.machine.isIn(.checking))
        #expect(run.driver.running == ["send"])
    }

    /// The machine's final state leaves every region: nothing keeps running.
    @Test func theFinalStateCancelsEverything() throws {
        var run = try Run()
        run.send(.start)
        run.send(.stop)
        #expect(run.machine.isFinished)
        #expect(run.driver.running == [])
        #expect(Set(run.driver.log.suffix(2)) == [.cancelled("send"), .cancelled("check")])
    }
}
