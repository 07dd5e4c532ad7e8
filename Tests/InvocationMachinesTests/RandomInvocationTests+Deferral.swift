import FSMCompiler
import FSMRuntime
import Testing

/// DESIGN's Profile with its `defer retry` (`HeldProfile`): random scripts of sends, clock
/// advances and results agree with the interpreter, kept events included: a retry kept while
/// the profile shows is released when the stream fails into `offline`, which takes it.
extension RandomInvocationTests {
    @Test func heldProfileAgreesWithTheInterpreterAndKeepsTheGuarantees() throws {
        try campaign(HeldProfileUnderTest.self)
    }
}

@MainActor final class HeldProfileUnderTest: MachineUnderTest {
    static let spec = "HeldProfile"
    static let events = ["open", "retry", "close"]
    static let guards = ["isOffline"]
    static let hasClock = true

    final class Actions: HeldProfile.Actions {
        var answers: Set<String> = []
        var calls = 0

        func isOffline(error: any Error, id: Int) -> Bool { answers.contains("isOffline") }
        func report(error: any Error, id: Int) { calls += 1 }
        func apply(change: Int, user: String) { calls += 1 }
        func fetchUser(id: Int) async throws -> String { "never called" }
        func changes(user: String) -> InvocationElements<Int> { InvocationElements(AsyncStream { nil }) }
    }

    let actions = Actions()
    let clock = ManualClock()
    let driver = LateResultTests.StubbornDriver()
    let machine: HeldProfile
    private var log: [String] = []

    init() {
        machine = HeldProfile(actions: actions, clock: clock, invocations: driver)
        machine.observe { [unowned self] notification in
            switch notification {
            case .started(let invocation): log.append("started \(invocation)")
            case .cancelled(let invocation): log.append("cancelled \(invocation)")
            case .dropped(let invocation): log.append("dropped \(invocation)")
            default: break
            }
        }
    }

    var answers: Set<String> {
        get { actions.answers }
        set { actions.answers = newValue }
    }

    func send(_ event: String) {
        switch event {
        case "open": machine.send(.open(id: runCount))
        case "retry": machine.send(.retry)
        default: machine.send(.close)
        }
    }

    func advance(seconds: Int) { clock.advance(by: .seconds(seconds)) }

    func deliver(_ result: InvocationResult, ofStream isStream: Bool, fromRun run: Int, value: Int) {
        let value: Any = driver.deliveries[run].name == "fetchUser" ? "user \(value)" : value
        driver.send(outcome(result, ofStream: isStream, value: value), fromRun: run)
    }

    func isCancelled(run: Int) -> Bool { driver.cancelledRuns.contains(run) }
    var runCount: Int { driver.deliveries.count }
    /// The active states, then the kept events as `kept retry`: the interpreter's side says the same.
    var configuration: [String] {
        HeldProfile.StateID.allCases.filter(machine.isIn).map(\.rawValue) + machine.snapshot.keptEvents.map { "kept \($0.name)" }
    }
    func name(ofRun run: Int) -> String { driver.deliveries[run].name }
    var actionCount: Int { actions.calls }

    func takeLog() -> [String] {
        defer { log = [] }
        return log
    }
}
