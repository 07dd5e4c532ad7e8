import FSMRuntime
import Testing

/// The router's guards, set by each test, and its actions, written to a journal.
final class RouterScript: Router.Actions {
    let journal: Journal
    var configured = true
    var valid = true
    var premium = false
    var blocked = false
    var suspended = false

    init(journal: Journal) {
        self.journal = journal
    }

    func isConfigured() -> Bool { configured }
    func isValid() -> Bool { valid }
    func isPremium() -> Bool { premium }
    func isBlocked() -> Bool { blocked }
    func isSuspended() -> Bool { suspended }

    func accept() { journal.append("action accept") }
    func reject() { journal.append("action reject") }
}

/// Writes the router's notifications to a journal.
final class RouterWatcher: Router.Observer {
    let journal: Journal

    init(journal: Journal) {
        self.journal = journal
    }

    func machine(_ machine: Router, didExit state: Router.State) { journal.append("didExit \(state)") }
    func machine(_ machine: Router, didEnter state: Router.State) { journal.append("didEnter \(state)") }
    func machine(_ machine: Router, didTransition transition: Router.Transition) {
        journal.append("didTransition \(transition.source) -\(transition.event?.name ?? "always")-> \(transition.target)")
    }
    func machine(_ machine: Router, didEmit output: Router.Output) {
        guard case .routed(let tier) = output else { return }
        journal.append("didEmit routed(\(tier))")
    }
    func machine(_ machine: Router, didIgnore event: Router.Event, in state: Router.State) {
        journal.append("didIgnore \(event) in \(state)")
    }
}

/// A router with its script and watcher, all writing to one journal.
private struct RouterBench {
    let journal = Journal()
    let script: RouterScript
    let watcher: RouterWatcher
    let router: Router

    init(configured: Bool = true, restoring snapshot: Router.State? = nil, setUp: (RouterScript) -> Void = { _ in }) {
        script = RouterScript(journal: journal)
        script.configured = configured
        setUp(script)
        watcher = RouterWatcher(journal: journal)
        router = Router(actions: script, observers: [watcher], restoring: snapshot)
    }
}

/// One combination of the routing guards and where it leads.
struct RoutingCase: Sendable, CustomTestStringConvertible {
    var premium: Bool
    var blocked: Bool
    var suspended: Bool

    /// `[isPremium && !isBlocked]`, then `[isBlocked || isSuspended]`, then `[else]`.
    var expected: Router.State {
        if premium && !blocked { return .premium }
        if blocked || suspended { return .blocked }
        return .standard
    }

    var testDescription: String { "premium \(premium), blocked \(blocked), suspended \(suspended)" }

    static let all: [RoutingCase] = [false, true].flatMap { premium in
        [false, true].flatMap { blocked in
            [false, true].map { suspended in RoutingCase(premium: premium, blocked: blocked, suspended: suspended) }
        }
    }
}

@Suite("Eventless transitions: chains, guards, else")
struct EventlessTests {
    @Test func theInitialStateTakesItsEventlessTransitionsWhenTheMachineStarts() {
        let bench = RouterBench()
        #expect(bench.router.state == .idle)
        #expect(bench.journal.lines == ["didEnter boot", "didExit boot", "didEnter idle", "didTransition boot -always-> idle"])

        let unconfigured = RouterBench(configured: false)
        #expect(unconfigured.router.state == .setup)
        #expect(Router.initialState == .boot)
    }

    @Test func aChainRunsToItsEndWithinOneStepInOrder() {
        let bench = RouterBench { $0.premium = true }
        bench.journal.clear()
        bench.router.send(.submit)
        #expect(bench.router.state == .premium)
        #expect(bench.journal.lines == [
            "didExit idle", "didEnter validating", "didTransition idle -submit-> validating",
            "didExit validating", "action accept", "didEnter routing", "didTransition validating -always-> routing",
            "didExit routing", "didEmit routed(premium)", "didEnter premium", "didTransition routing -always-> premium",
        ])
    }

    @Test func elseIsTakenWhenTheGuardsBeforeItFail() {
        let bench = RouterBench { $0.valid = false }
        bench.journal.clear()
        bench.router.send(.submit)
        #expect(bench.router.state == .rejected)
        #expect(bench.journal.lines.contains("action reject"))
        #expect(!bench.journal.lines.contains("action accept"))
    }

    @Test(arguments: RoutingCase.all)
    func guardsAreTriedInDocumentOrder(_ routing: RoutingCase) {
        let bench = RouterBench {
            $0.premium = routing.premium
            $0.blocked = routing.blocked
            $0.suspended = routing.suspended
        }
        bench.router.send(.submit)
        #expect(bench.router.state == routing.expected)
    }

    @Test func aGuardedEventlessTransitionWaitsForALaterStep() {
        let bench = RouterBench { $0.blocked = true }
        bench.router.send(.submit)
        #expect(bench.router.state == .blocked)

        bench.journal.clear()
        bench.router.send(.poke)                   // still blocked: the internal transition only
        #expect(bench.router.state == .blocked)
        #expect(bench.journal.lines == ["didEmit routed(still blocked)"])

        bench.script.blocked = false
        bench.journal.clear()
        bench.router.send(.poke)                   // after the step, the eventless guard holds
        #expect(bench.router.state == .idle)
        #expect(bench.journal.lines == [
            "didEmit routed(still blocked)",
            "didExit blocked", "didEnter idle", "didTransition blocked -always-> idle",
        ])
    }

    @Test func aChainMayLeadBackToTheInitialState() {
        let bench = RouterBench(configured: false)
        #expect(bench.router.state == .setup)
        bench.script.configured = true
        bench.router.send(.reset)
        #expect(bench.router.state == .idle)
    }

    @Test func restoringIntoAStateWithAnEnabledEventlessTransitionTakesIt() {
        let bench = RouterBench(restoring: .validating)
        #expect(bench.router.state == .standard)
        #expect(bench.journal.lines == [
            "didExit validating", "action accept", "didEnter routing", "didTransition validating -always-> routing",
            "didExit routing", "didEmit routed(standard)", "didEnter standard", "didTransition routing -always-> standard",
        ])
    }

    @Test func restoringIntoAStateWhoseEventlessGuardsFailStaysThere() {
        let bench = RouterBench(restoring: .blocked) { $0.blocked = true }
        #expect(bench.router.state == .blocked)
        #expect(bench.journal.lines.isEmpty)
    }

    @Test func transitionFunctionDoesNotTakeEventlessTransitions() {
        let guards = RouterScript(journal: Journal())
        #expect(Router.nextState(from: .idle, on: .submit, guards: guards) == .validating)
        #expect(Router.nextState(from: .blocked, on: .poke, guards: guards) == .blocked)
        #expect(Router.nextState(from: .validating, on: .submit, guards: guards) == nil)
    }

    @Test func transitionTableListsEventlessTransitionsWithTheirGuards() {
        let eventless = Router.transitionTable.filter { $0.trigger == .always }
        #expect(eventless.map(\.source) == [.boot, .boot, .validating, .validating, .routing, .routing, .routing, .blocked])
        #expect(eventless.map(\.guardExpression) == [
            "isConfigured", "else", "isValid", "else", "isPremium && !isBlocked", "isBlocked || isSuspended", "else",
            "!isBlocked && !isSuspended",
        ])
        #expect(eventless[4].actions == ["emit routed(tier: \"premium\")"])
    }
}
