import FSMRuntime

/// The SDK of seed 000: a core owning the checkout machine, and the Member, Store and Push
/// modules, each of which observes the machine and hears every state it enters.
///
/// In the seed, Store pays from inside its notification of `BEFORE_PAYMENT` and Push registers
/// on `BEFORE_PUSH`, each setting the next state by hand. Here the states that wait for them
/// invoke their async calls, `Store.pay()` and `Push.register()`: the machine starts the call
/// when the state is entered, and its return or its error is what moves the flow on. The
/// modules still observe every state, in order, as the seed's do.
@MainActor public final class CheckoutCore {
    /// Every line the modules and the core's actions wrote, in order.
    public var log: [String] { journal.lines }
    /// The machine; the modules observe it.
    public private(set) var machine: Checkout!
    private let journal = Journal()
    private let member: Member
    private let store: Store
    private let push: Push

    /// - Parameters:
    ///   - paymentFailure: makes Store's first payment fail with this reason.
    ///   - pushFailure: makes Push's registration fail with this reason.
    ///   - invocations: runs Store's and Push's calls: a `Task` each, on the main actor, by
    ///     default; a `ManualInvocationDriver` lets a test answer for them.
    public init(
        paymentFailure: String? = nil, pushFailure: String? = nil,
        invocations: some InvocationDriver = TaskInvocationDriver()
    ) {
        member = Member(journal: journal)
        store = Store(journal: journal, failure: paymentFailure)
        push = Push(journal: journal, failure: pushFailure)
        machine = Checkout(
            actions: CheckoutEffects(journal: journal, store: store, push: push), invocations: invocations,
            observers: [member, store, push])
    }

    /// Signs the user in, which sets the whole flow going. It returns at once: the payment and
    /// the push registration run afterwards, as the machine's invocations.
    public func logIn() {
        member.logIn(machine)
    }

    /// Whether the flow waits for nothing: ready (`stable`), or at the sign-in.
    public var isSettled: Bool {
        machine.isFinished || machine.state == .beforeLogIn
    }

    /// Returns once the flow has settled: ready, or back at the sign-in after a failed payment.
    public func waitUntilSettled() async {
        guard !isSettled else { return }
        // Nothing runs on the main actor between the check and the subscription, so no
        // transition falls between them.
        for await transition in machine.transitions where transition.target == .stable || transition.target == .beforeLogIn {
            return
        }
    }
}

/// Lines written by the parts of the SDK, shared by all of them.
final class Journal {
    var lines: [String] = []
}

/// The core's side of the flow: the calls and actions the spec names.
struct CheckoutEffects: Checkout.Actions {
    let journal: Journal
    let store: Store
    let push: Push

    func pay() async throws {
        try await store.pay()
    }

    func registerForPush() async throws {
        try await push.register()
    }

    func report(error: any Error) {
        journal.lines.append("Core:: \(error)")
    }
}

/// Why Store's payment failed.
struct PaymentDeclined: Error, CustomStringConvertible {
    let reason: String
    var description: String { "payment failed: \(reason)" }
}

/// Why Push's registration failed.
struct PushRegistrationFailed: Error, CustomStringConvertible {
    let reason: String
    var description: String { "push registration failed: \(reason)" }
}

/// A module of the SDK: it hears about every state the checkout machine enters.
protocol CheckoutModule: Checkout.Observer {
    var name: String { get }
    var journal: Journal { get }
}

extension CheckoutModule {
    func machine(_ machine: Checkout, didEnter state: Checkout.StateID) {
        journal.lines.append("\(name):: update notified : \(state)")
    }
}

/// Signs the user in.
final class Member: CheckoutModule {
    let name = "Member"
    let journal: Journal

    init(journal: Journal) {
        self.journal = journal
    }

    func logIn(_ machine: Checkout) {
        journal.lines.append("Member:: login")
        machine.send(.loggedIn)
    }
}

/// Takes the payment, which the machine calls when the flow reaches `beforePayment`.
final class Store: CheckoutModule {
    let name = "Store"
    let journal: Journal
    private var failure: String?

    init(journal: Journal, failure: String?) {
        self.journal = journal
        self.failure = failure
    }

    /// A real SDK awaits its payment back end here.
    func pay() async throws {
        if let failure {
            self.failure = nil
            journal.lines.append("Store:: payment declined")
            throw PaymentDeclined(reason: failure)
        }
        journal.lines.append("Store:: payment")
    }
}

/// Registers for push notifications, which the machine calls when the flow reaches `beforePush`.
final class Push: CheckoutModule {
    let name = "Push"
    let journal: Journal
    private let failure: String?

    init(journal: Journal, failure: String?) {
        self.journal = journal
        self.failure = failure
    }

    /// A real SDK awaits the system's registration for remote notifications here.
    func register() async throws {
        if let failure {
            journal.lines.append("Push:: registration refused")
            throw PushRegistrationFailed(reason: failure)
        }
        journal.lines.append("Push:: register")
    }
}
