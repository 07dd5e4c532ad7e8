import FSMRuntime
import Foundation
import Machines
import Testing

/// The checkout's actions, writing to a journal shared with the observers.
final class CheckoutScript: Checkout.Actions {
    let journal: Journal

    init(journal: Journal) {
        self.journal = journal
    }

    func startPayment() { journal.append("entry startPayment") }
    func registerForPush() { journal.append("entry registerForPush") }
    func report(reason: String) { journal.append("action report(reason: \(reason))") }
}

/// Writes the checkout's notifications to a journal.
final class CheckoutWatcher: Checkout.Observer {
    let journal: Journal

    init(journal: Journal) {
        self.journal = journal
    }

    func machine(_ machine: Checkout, didExit state: Checkout.State) {
        journal.append("didExit \(state)")
    }

    func machine(_ machine: Checkout, didEnter state: Checkout.State) {
        journal.append("didEnter \(state)")
    }

    func machine(_ machine: Checkout, didTransition transition: Checkout.Transition) {
        journal.append("didTransition \(transition.source) -\(transition.event?.name ?? "always")-> \(transition.target)")
    }

    func machine(_ machine: Checkout, didIgnore event: Checkout.Event, in state: Checkout.State) {
        journal.append("didIgnore \(event) in \(state)")
    }
}

@Suite("Checkout (seed 000): eventless chains, final state, modules sending from notifications")
struct CheckoutTests {
    // MARK: - Seed 000

    @Test func modulesDriveTheWholeFlowFromTheirNotifications() {
        let core = CheckoutCore()
        var entered: [Checkout.State] = []
        core.machine.observe { notification in
            if case .entered(let state) = notification { entered.append(state) }
        }
        core.logIn()
        #expect(core.machine.state == .stable)
        #expect(core.machine.isFinished)
        #expect(entered == [.afterLogIn, .beforePayment, .paymentSuccess, .beforePush, .pushSuccess, .stable])
        func notified(_ state: Checkout.State) -> [String] {
            ["Member", "Store", "Push"].map { "\($0):: update notified : \(state)" }
        }
        let expected: [String] =
            notified(.beforeLogIn)
            + ["Member:: login"]
            + notified(.afterLogIn)
            + ["Core:: startPayment", "Member:: update notified : beforePayment", "Store:: update notified : beforePayment",
               "Store:: payment", "Push:: update notified : beforePayment"]
            + notified(.paymentSuccess)
            + ["Core:: registerForPush", "Member:: update notified : beforePush", "Store:: update notified : beforePush",
               "Push:: update notified : beforePush", "Push:: register"]
            + notified(.pushSuccess)
            + notified(.stable)
        #expect(core.log == expected)
    }

    @Test func everyObserverSeesEveryStateInOrderWhileOthersSend() {
        let core = CheckoutCore()
        core.logIn()
        for module in ["Member", "Store", "Push"] {
            let states = core.log.compactMap { line -> String? in
                let prefix = "\(module):: update notified : "
                return line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : nil
            }
            #expect(states == ["beforeLogIn", "afterLogIn", "beforePayment", "paymentSuccess", "beforePush", "pushSuccess", "stable"], "\(module)")
        }
    }

    @Test func aFailedPaymentGoesBackToLogInAndThroughAgain() {
        let core = CheckoutCore(paymentFailure: "card declined")
        var transitions: [Checkout.Transition] = []
        core.machine.observe { notification in
            if case .transitioned(let transition) = notification { transitions.append(transition) }
        }
        core.logIn()
        #expect(core.machine.state == .beforeLogIn)
        #expect(!core.machine.isFinished)
        #expect(core.log == [
            "Member:: update notified : beforeLogIn", "Store:: update notified : beforeLogIn", "Push:: update notified : beforeLogIn",
            "Member:: login",
            "Member:: update notified : afterLogIn", "Store:: update notified : afterLogIn", "Push:: update notified : afterLogIn",
            "Core:: startPayment",
            "Member:: update notified : beforePayment", "Store:: update notified : beforePayment", "Store:: payment failed",
            "Push:: update notified : beforePayment",
            "Core:: payment failed: card declined",
            "Member:: update notified : beforeLogIn", "Store:: update notified : beforeLogIn", "Push:: update notified : beforeLogIn",
        ])
        #expect(transitions.last == Checkout.Transition(
            source: .beforePayment, event: .paymentFailed(reason: "card declined"), target: .beforeLogIn))
        core.logIn()
        #expect(core.machine.state == .stable)
    }

    // MARK: - Order, eventless chains

    @Test func eventlessChainRunsInOrderAfterTheStep() {
        let journal = Journal()
        let watcher = CheckoutWatcher(journal: journal)
        let machine = Checkout(actions: CheckoutScript(journal: journal), observers: [watcher])
        #expect(journal.lines == ["didEnter beforeLogIn"])
        journal.clear()
        machine.send(.loggedIn)
        #expect(machine.state == .beforePayment)
        #expect(journal.lines == [
            "didExit beforeLogIn", "didEnter afterLogIn", "didTransition beforeLogIn -loggedIn-> afterLogIn",
            "didExit afterLogIn", "entry startPayment", "didEnter beforePayment",
            "didTransition afterLogIn -always-> beforePayment",
        ])
        journal.clear()
        machine.send(.paymentSucceeded)
        #expect(machine.state == .beforePush)
        #expect(journal.lines == [
            "didExit beforePayment", "didEnter paymentSuccess", "didTransition beforePayment -paymentSucceeded-> paymentSuccess",
            "didExit paymentSuccess", "entry registerForPush", "didEnter beforePush",
            "didTransition paymentSuccess -always-> beforePush",
        ])
    }

    @Test func payloadReachesTheTransitionAction() {
        let journal = Journal()
        let watcher = CheckoutWatcher(journal: journal)
        let machine = Checkout(actions: CheckoutScript(journal: journal), observers: [watcher], restoring: .beforePayment)
        machine.send(.paymentFailed(reason: "expired card"))
        #expect(journal.lines == [
            "didExit beforePayment", "action report(reason: expired card)", "didEnter beforeLogIn",
            "didTransition beforePayment -paymentFailed-> beforeLogIn",
        ])
    }

    // MARK: - Final state

    @Test func finalStateFinishesTheMachineAndIgnoresLaterEvents() {
        let journal = Journal()
        let watcher = CheckoutWatcher(journal: journal)
        let machine = Checkout(actions: CheckoutScript(journal: journal), observers: [watcher], restoring: .beforePush)
        #expect(!machine.isFinished)
        machine.send(.pushRegistered)
        #expect(machine.state == .stable)
        #expect(machine.isFinished)
        journal.clear()
        machine.send(.loggedIn)
        machine.send(.pushRegistered)
        #expect(machine.state == .stable)
        #expect(journal.lines == ["didIgnore loggedIn in stable", "didIgnore pushRegistered in stable"])
    }

    @Test func transitionFunctionStopsAtTheFinalState() {
        for event: Checkout.Event in [.loggedIn, .paymentSucceeded, .paymentFailed(reason: "x"), .pushRegistered] {
            #expect(Checkout.nextState(from: .stable, on: event) == nil)
        }
        #expect(Checkout.nextState(from: .beforeLogIn, on: .loggedIn) == .afterLogIn)
        #expect(Checkout.nextState(from: .beforePayment, on: .paymentFailed(reason: "x")) == .beforeLogIn)
        #expect(Checkout.nextState(from: .beforeLogIn, on: .pushRegistered) == nil)
    }

    // MARK: - Snapshots and introspection

    @Test func restoringRunsNoEntryActions() throws {
        let saved = try JSONEncoder().encode(Checkout.State.beforePayment)
        let journal = Journal()
        let watcher = CheckoutWatcher(journal: journal)
        let machine = Checkout(
            actions: CheckoutScript(journal: journal), observers: [watcher],
            restoring: try JSONDecoder().decode(Checkout.State.self, from: saved))
        #expect(machine.state == .beforePayment)
        #expect(journal.lines.isEmpty)
        machine.send(.paymentSucceeded)
        #expect(machine.state == .beforePush)
        #expect(journal.lines.contains("entry registerForPush"))
    }

    /// An app that saves the state each time it changes may save a state the machine only
    /// passes through; restored there, the machine goes on instead of waiting forever.
    @Test func aSnapshotSavedByAnObserverMidChainResumesTheChain() throws {
        let original = Checkout(actions: CheckoutScript(journal: Journal()))
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
        let watcher = CheckoutWatcher(journal: journal)
        let restored = Checkout(actions: CheckoutScript(journal: journal), observers: [watcher], restoring: snapshot)
        #expect(restored.state == .beforePayment)
        #expect(journal.lines == [
            "didExit afterLogIn", "entry startPayment", "didEnter beforePayment", "didTransition afterLogIn -always-> beforePayment",
        ])
    }

    @Test func restoredFinalStateIsFinished() {
        let machine = Checkout(actions: CheckoutScript(journal: Journal()), restoring: .stable)
        #expect(machine.isFinished)
        machine.send(.loggedIn)
        #expect(machine.state == .stable)
    }

    @Test func introspection() {
        #expect(Checkout.initialState == .beforeLogIn)
        #expect(Checkout.State.allCases == [.beforeLogIn, .afterLogIn, .beforePayment, .paymentSuccess, .beforePush, .pushSuccess, .stable])
        #expect(Checkout.eventNames == ["loggedIn", "paymentSucceeded", "paymentFailed", "pushRegistered"])
        #expect(Checkout.transitionTable.filter { $0.trigger == .always }.map(\.source) == [.afterLogIn, .paymentSuccess, .pushSuccess])
        #expect(Checkout.transitionTable.contains(TransitionDescriptor(
            source: .beforePayment, trigger: .event("paymentFailed"), guard: nil, target: .beforeLogIn, actions: ["report"])))
        #expect(!Checkout.transitionTable.contains { $0.source == .stable })
        let states = try? JSONDecoder().decode([Checkout.State].self, from: JSONEncoder().encode(Checkout.State.allCases))
        #expect(states == Checkout.State.allCases)
    }
}
