import FSMRuntime
import Foundation
import Machines
import Testing

/// The checkout's calls and actions, writing to a journal shared with the observers. The
/// manual driver runs no work: the tests answer for `pay` and `registerForPush`.
@MainActor final class CheckoutScript: Checkout.Actions {
    let journal: Journal

    init(journal: Journal) {
        self.journal = journal
    }

    func pay() async throws { Issue.record("the manual driver runs no work") }
    func registerForPush() async throws { Issue.record("the manual driver runs no work") }
    func report(error: any Error) { journal.append("action report(error: \(error))") }
}

/// Writes the checkout's notifications to a journal.
@MainActor final class CheckoutWatcher: Checkout.Observer {
    let journal: Journal

    init(journal: Journal) {
        self.journal = journal
    }

    func machine(_ machine: Checkout, didExit state: Checkout.StateID) {
        journal.append("didExit \(state)")
    }

    func machine(_ machine: Checkout, didEnter state: Checkout.StateID) {
        journal.append("didEnter \(state)")
    }

    func machine(_ machine: Checkout, didTransition transition: Checkout.Transition) {
        journal.append("didTransition \(transition.source) -\(transition.event?.name ?? "·")-> \(transition.target)")
    }

    func machine(_ machine: Checkout, didIgnore event: Checkout.Event, in state: Checkout.State) {
        journal.append("didIgnore \(event) in \(state)")
    }

    func machine(_ machine: Checkout, didStart invocation: Checkout.Invocation) {
        journal.append("didStart \(invocation)")
    }

    func machine(_ machine: Checkout, didCancel invocation: Checkout.Invocation) {
        journal.append("didCancel \(invocation)")
    }
}

/// Why a test's payment failed.
struct CardDeclined: Error, CustomStringConvertible {
    var description: String { "card declined" }
}

/// The seed's SDK: Store's payment and Push's registration are tasks the machine runs on the
/// main actor, and the tests wait for the flow to settle, never on time.
@MainActor @Suite("Checkout (seed 000): invoked module calls, modules observing every state", .timeLimit(.minutes(12)))
struct CheckoutTests {
    // MARK: - Seed 000

    @Test func theMachineInvokesTheModulesCallsWhileTheyObserveEveryState() async {
        let core = CheckoutCore()
        var entered: [Checkout.StateID] = []
        core.machine.observeEntries { entered.append($0) }
        core.logIn()
        // Signing in returns before the payment: the machine waits in `beforePayment`.
        #expect(core.machine.state == .beforePayment)
        await core.waitUntilSettled()
        #expect(core.machine.state == .stable)
        #expect(core.machine.isFinished)
        #expect(entered == [.afterLogIn, .beforePayment, .paymentSuccess, .beforePush, .pushSuccess, .stable])
        func notified(_ state: Checkout.StateID) -> [String] {
            ["Member", "Store", "Push"].map { "\($0):: update notified : \(state)" }
        }
        let expected: [String] =
            notified(.beforeLogIn)
            + ["Member:: login"]
            + notified(.afterLogIn) + notified(.beforePayment)
            + ["Store:: payment"]
            + notified(.paymentSuccess) + notified(.beforePush)
            + ["Push:: register"]
            + notified(.pushSuccess) + notified(.stable)
        #expect(core.log == expected)
    }

    @Test func everyObserverSeesEveryStateInOrder() async {
        let core = CheckoutCore()
        core.logIn()
        await core.waitUntilSettled()
        for module in ["Member", "Store", "Push"] {
            let states = core.log.compactMap { line -> String? in
                let prefix = "\(module):: update notified : "
                return line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : nil
            }
            #expect(states == ["beforeLogIn", "afterLogIn", "beforePayment", "paymentSuccess", "beforePush", "pushSuccess", "stable"], "\(module)")
        }
    }

    @Test func aFailedPaymentGoesBackToLogInAndThroughAgain() async {
        let core = CheckoutCore(paymentFailure: "card declined")
        core.logIn()
        await core.waitUntilSettled()
        #expect(core.machine.state == .beforeLogIn)
        #expect(!core.machine.isFinished)
        #expect(core.log.suffix(5) == [
            "Store:: payment declined", "Core:: payment failed: card declined",
            "Member:: update notified : beforeLogIn", "Store:: update notified : beforeLogIn", "Push:: update notified : beforeLogIn",
        ])
        core.logIn()
        await core.waitUntilSettled()
        #expect(core.machine.state == .stable)
        #expect(core.log.filter { $0.hasPrefix("Store:: payment") } == ["Store:: payment declined", "Store:: payment"])
    }

    /// The payment went through: a refused push registration is reported, and the SDK is
    /// ready without notifications.
    @Test func aRefusedPushRegistrationStillSettlesTheFlow() async {
        let core = CheckoutCore(pushFailure: "notifications disabled")
        core.logIn()
        await core.waitUntilSettled()
        #expect(core.machine.state == .stable)
        #expect(!core.log.contains("Push:: update notified : pushSuccess"))
        #expect(core.log.contains("Core:: push registration failed: notifications disabled"))
    }

    /// The SDK with its calls answered by hand: the flow waits in `beforePayment` while the
    /// payment runs, every module having heard that state, and moves on when it returns.
    @Test func theFlowWaitsForThePaymentWhileTheModulesHaveHeardItsState() {
        let driver = ManualInvocationDriver()
        let core = CheckoutCore(invocations: driver)
        core.logIn()
        #expect(driver.running == ["pay"])
        #expect(!core.isSettled)
        #expect(core.log.suffix(3) == [
            "Member:: update notified : beforePayment", "Store:: update notified : beforePayment", "Push:: update notified : beforePayment",
        ])
        driver.complete("pay")
        #expect(core.machine.state == .beforePush)
        #expect(driver.running == ["registerForPush"])
        driver.complete("registerForPush")
        #expect(core.isSettled)
        #expect(core.machine.isFinished)
    }

    // MARK: - The machine alone, its calls answered by hand

    @Test func eachWaitingStateStartsItsCallAtTheEndOfTheStep() {
        let journal = Journal()
        // The machine holds its observers weakly: the test keeps the watcher.
        let watcher = CheckoutWatcher(journal: journal)
        defer { withExtendedLifetime(watcher) {} }
        let driver = ManualInvocationDriver()
        let machine = Checkout(actions: CheckoutScript(journal: journal), invocations: driver, observers: [watcher])
        #expect(journal.lines == ["didEnter beforeLogIn"])
        journal.clear()
        machine.send(.loggedIn)
        #expect(machine.state == .beforePayment)
        #expect(journal.lines == [
            "didExit beforeLogIn", "didEnter afterLogIn", "didTransition beforeLogIn -loggedIn-> afterLogIn",
            "didExit afterLogIn", "didEnter beforePayment", "didTransition afterLogIn -·-> beforePayment",
            "didStart pay",
        ])
        #expect(driver.running == ["pay"])
        journal.clear()
        driver.complete("pay")
        #expect(machine.state == .beforePush)
        #expect(journal.lines == [
            "didExit beforePayment", "didEnter paymentSuccess", "didTransition beforePayment -·-> paymentSuccess",
            "didExit paymentSuccess", "didEnter beforePush", "didTransition paymentSuccess -·-> beforePush",
            "didStart registerForPush",
        ])
        driver.complete("registerForPush")
        #expect(machine.state == .stable)
        #expect(driver.log == [.started("pay"), .started("registerForPush")])
    }

    @Test func aPaymentErrorReachesTheTransitionAction() {
        let journal = Journal()
        // The machine holds its observers weakly: the test keeps the watcher.
        let watcher = CheckoutWatcher(journal: journal)
        defer { withExtendedLifetime(watcher) {} }
        let driver = ManualInvocationDriver()
        let machine = Checkout(
            actions: CheckoutScript(journal: journal), invocations: driver, observers: [watcher],
            restoring: .beforePayment)
        driver.fail("pay", with: CardDeclined())
        #expect(machine.state == .beforeLogIn)
        #expect(journal.lines == [
            "didStart pay",
            "didExit beforePayment", "action report(error: card declined)", "didEnter beforeLogIn",
            "didTransition beforePayment -·-> beforeLogIn",
        ])
        #expect(driver.running == [])
    }

    // MARK: - Final state

    @Test func finalStateFinishesTheMachineAndIgnoresLaterEvents() {
        let journal = Journal()
        // The machine holds its observers weakly: the test keeps the watcher.
        let watcher = CheckoutWatcher(journal: journal)
        defer { withExtendedLifetime(watcher) {} }
        let driver = ManualInvocationDriver()
        let machine = Checkout(
            actions: CheckoutScript(journal: journal), invocations: driver, observers: [watcher],
            restoring: .beforePush)
        #expect(!machine.isFinished)
        driver.complete("registerForPush")
        #expect(machine.state == .stable)
        #expect(machine.isFinished)
        journal.clear()
        machine.send(.loggedIn)
        #expect(machine.state == .stable)
        #expect(journal.lines == ["didIgnore loggedIn in stable"])
        #expect(driver.running == [])
    }

    @Test func transitionFunctionStopsAtTheFinalState() {
        #expect(Checkout.nextState(from: .stable, on: .loggedIn) == nil)
        #expect(Checkout.nextState(from: .beforeLogIn, on: .loggedIn) == .afterLogIn)
        // The payment's result is no event: `loggedIn` does nothing while it runs.
        #expect(Checkout.nextState(from: .beforePayment, on: .loggedIn) == nil)
    }

    // MARK: - Snapshots and introspection

    @Test func restoringStartsTheRestoredStatesCall() throws {
        let saved = try JSONEncoder().encode(Checkout.State.beforePayment)
        let journal = Journal()
        // The machine holds its observers weakly: the test keeps the watcher.
        let watcher = CheckoutWatcher(journal: journal)
        defer { withExtendedLifetime(watcher) {} }
        let driver = ManualInvocationDriver()
        let machine = Checkout(
            actions: CheckoutScript(journal: journal), invocations: driver, observers: [watcher],
            restoring: try JSONDecoder().decode(Checkout.State.self, from: saved))
        #expect(machine.state == .beforePayment)
        #expect(journal.lines == ["didStart pay"])
        #expect(driver.running == ["pay"])
        driver.complete("pay")
        #expect(machine.state == .beforePush)
    }

    /// An app that saves the state each time it changes may save a state the machine only
    /// passes through; restored there, the machine goes on instead of waiting forever.
    @Test func aSnapshotSavedByAnObserverMidChainResumesTheChain() throws {
        let original = Checkout(actions: CheckoutScript(journal: Journal()), invocations: ManualInvocationDriver())
        var saved: [Data] = []
        original.observe { [unowned original] notification in
            if case .entered = notification, let data = try? JSONEncoder().encode(original.state) {
                saved.append(data)
            }
        }
        original.send(.loggedIn)
        let snapshot = try JSONDecoder().decode(Checkout.State.self, from: try #require(saved.first))
        #expect(snapshot == .afterLogIn)

        let journal = Journal()
        // The machine holds its observers weakly: the test keeps the watcher.
        let watcher = CheckoutWatcher(journal: journal)
        defer { withExtendedLifetime(watcher) {} }
        let driver = ManualInvocationDriver()
        let restored = Checkout(
            actions: CheckoutScript(journal: journal), invocations: driver, observers: [watcher],
            restoring: snapshot)
        #expect(restored.state == .beforePayment)
        #expect(journal.lines == [
            "didExit afterLogIn", "didEnter beforePayment", "didTransition afterLogIn -·-> beforePayment", "didStart pay",
        ])
        #expect(driver.running == ["pay"])
    }

    @Test func restoredFinalStateIsFinished() {
        let driver = ManualInvocationDriver()
        let machine = Checkout(actions: CheckoutScript(journal: Journal()), invocations: driver, restoring: .stable)
        #expect(machine.isFinished)
        machine.send(.loggedIn)
        #expect(machine.state == .stable)
        #expect(driver.log == [])
    }

    @Test func introspection() {
        #expect(Checkout.initialState == .beforeLogIn)
        #expect(Checkout.StateID.allCases == [.beforeLogIn, .afterLogIn, .beforePayment, .paymentSuccess, .beforePush, .pushSuccess, .stable])
        #expect(Checkout.eventNames == ["loggedIn"])
        #expect(Checkout.transitionTable.filter { $0.trigger == .always }.map(\.source) == [.afterLogIn, .paymentSuccess, .pushSuccess])
        #expect(Checkout.transitionTable.contains(TransitionDescriptor(
            source: .beforePayment, trigger: .invocationError("pay"), guard: nil, target: .beforeLogIn, actions: ["report"])))
        #expect(Checkout.transitionTable.contains(TransitionDescriptor(
            source: .beforePush, trigger: .invocationDone("registerForPush"), guard: nil, target: .pushSuccess, actions: [])))
        #expect(!Checkout.transitionTable.contains { $0.source == .stable })
        let states: [Checkout.State] = [.beforeLogIn, .beforePayment, .stable]
        let decoded = try? JSONDecoder().decode([Checkout.State].self, from: JSONEncoder().encode(states))
        #expect(decoded == states)
    }
}
