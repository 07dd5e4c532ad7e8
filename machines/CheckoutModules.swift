/// The SDK of seed 000: a core owning the checkout machine, and the Member, Store and Push
/// modules that each react to the state they own by observing the machine.
///
/// As in the seed, the modules move the flow on from inside their notifications: Store pays
/// as soon as the machine enters `beforePayment`, Push registers on `beforePush`. The
/// generated machine queues those events, so every module still sees every state, in order.
public final class CheckoutCore {
    /// Every line the modules and the core's actions wrote, in order.
    public var log: [String] { journal.lines }
    /// The machine; the modules observe it.
    public private(set) var machine: Checkout!
    private let journal = Journal()
    private let member: Member
    private let store: Store
    private let push: Push

    /// - Parameter paymentFailure: makes Store's first payment fail with this reason.
    public init(paymentFailure: String? = nil) {
        member = Member(journal: journal)
        store = Store(journal: journal, failure: paymentFailure)
        push = Push(journal: journal)
        machine = Checkout(actions: CheckoutEffects(journal: journal), observers: [member, store, push])
    }

    /// Signs the user in, which sets the whole flow going.
    public func logIn() {
        member.logIn(machine)
    }
}

/// Lines written by the parts of the SDK, shared by all of them.
final class Journal {
    var lines: [String] = []
}

/// The core's side of the flow: the actions the spec names.
struct CheckoutEffects: Checkout.Actions {
    let journal: Journal

    func startPayment() {
        journal.lines.append("Core:: startPayment")
    }

    func registerForPush() {
        journal.lines.append("Core:: registerForPush")
    }

    func report(reason: String) {
        journal.lines.append("Core:: payment failed: \(reason)")
    }
}

/// A module of the SDK: it hears about every state the checkout machine enters.
protocol CheckoutModule: Checkout.Observer {
    var name: String { get }
    var journal: Journal { get }
}

extension CheckoutModule {
    func machine(_ machine: Checkout, didEnter state: Checkout.State) {
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

/// Takes the payment when the flow reaches `beforePayment`.
final class Store: CheckoutModule {
    let name = "Store"
    let journal: Journal
    private var failure: String?

    init(journal: Journal, failure: String?) {
        self.journal = journal
        self.failure = failure
    }

    func machine(_ machine: Checkout, didEnter state: Checkout.State) {
        journal.lines.append("\(name):: update notified : \(state)")
        guard state == .beforePayment else { return }
        if let failure {
            self.failure = nil
            journal.lines.append("Store:: payment failed")
            machine.send(.paymentFailed(reason: failure))
        } else {
            journal.lines.append("Store:: payment")
            machine.send(.paymentSucceeded)
        }
    }
}

/// Registers for push notifications when the flow reaches `beforePush`.
final class Push: CheckoutModule {
    let name = "Push"
    let journal: Journal

    init(journal: Journal) {
        self.journal = journal
    }

    func machine(_ machine: Checkout, didEnter state: Checkout.State) {
        journal.lines.append("\(name):: update notified : \(state)")
        guard state == .beforePush else { return }
        journal.lines.append("Push:: register")
        machine.send(.pushRegistered)
    }
}
